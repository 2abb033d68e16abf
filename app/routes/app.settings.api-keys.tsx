import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { Field, FormError } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { apiKeyName } from "~/accounts/rules/api-keys";
import { PRODUCT_NAME } from "../../core/brand";
import { apiKeysOf, createApiKey, db, deleteApiKey, renameApiKey, requireViewer, SENSITIVE_ACTION_FAILED } from "~/accounts/accounts.server";
import { parseForm } from "~/common/form.server";

export const meta: MetaFunction = () => [{ title: `API keys · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const keys = await apiKeysOf(db(context), viewer);
  return { twoFactor: viewer.user.totpEnabledAt !== null, keys: keys.map((k) => ({ id: k.id, name: k.name, preview: k.preview, createdAt: k.createdAt, lastUsedAt: k.lastUsedAt })) };
}

const apiKeyIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name: apiKeyName, code: z.string().max(20).optional() }),
  z.object({ intent: z.literal("rename"), id: z.string().min(1).max(64), name: apiKeyName }),
  z.object({ intent: z.literal("delete"), id: z.string().min(1).max(64) }),
]);

type ActionData = { created?: { name: string; key: string }; error?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const database = db(context);
  const parsed = await parseForm(request, apiKeyIntent);
  if (!parsed.ok) return Response.json({ error: Object.values(parsed.errors)[0] } satisfies ActionData, { status: 400 });
  const input = parsed.data;
  if (input.intent === "create") {
    // Creating a key is a sensitive action: with two-factor on, it needs a current code.
    const created = await createApiKey(database, viewer, input.name, { code: input.code });
    if (!created.ok) return Response.json({ error: SENSITIVE_ACTION_FAILED } satisfies ActionData, { status: 403 });
    return { created: { name: created.name, key: created.key } } satisfies ActionData;
  }
  const ok =
    input.intent === "rename"
      ? await renameApiKey(database, viewer, input.id, input.name)
      : await deleteApiKey(database, viewer, input.id);
  if (!ok) return Response.json({ error: "API key not found." } satisfies ActionData, { status: 404 });
  return {} satisfies ActionData;
}

export default function ApiKeysPage() {
  const { keys, twoFactor } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">API keys</h1>
        <p className="text-sm text-muted-foreground">
          Send a key in the <code>xi-api-key</code> header to use the API. A key is shown once, when it is created.
        </p>
      </div>
      <FormError>{result?.error}</FormError>
      {result?.created ? (
        <div role="status" data-testid="new-api-key" className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-800 dark:bg-amber-950">
          <p className="font-medium">Copy your new key “{result.created.name}” now. It will not be shown again.</p>
          <code className="block break-all rounded bg-card p-2 font-mono" data-testid="new-api-key-value">
            {result.created.key}
          </code>
          <Button variant="secondary" onClick={() => navigator.clipboard?.writeText(result.created!.key)}>
            Copy
          </Button>
        </div>
      ) : null}
      <Form method="post" className="flex items-end gap-3">
        <input type="hidden" name="intent" value="create" />
        <div className="flex-1">
          <Field label="New key name" name="name" placeholder="e.g. Production server" required />
        </div>
        {twoFactor ? <Field label="Authentication code" name="code" inputMode="numeric" autoComplete="one-time-code" /> : null}
        <Button type="submit" disabled={busy}>
          Create API key
        </Button>
      </Form>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-border text-xs uppercase text-muted-foreground">
          <tr>
            <th className="py-2">Name</th>
            <th className="py-2">Key</th>
            <th className="py-2">Created</th>
            <th className="py-2 text-right">Actions</th>
          </tr>
        </thead>
        <tbody>
          {keys.length === 0 ? (
            <tr>
              <td colSpan={4} className="py-4 text-muted-foreground">
                No API keys yet.
              </td>
            </tr>
          ) : null}
          {keys.map((key) => (
            <tr key={key.id} data-testid="api-key-row" className="border-b border-border">
              <td className="py-2">
                {editing === key.id ? (
                  <Form method="post" className="flex gap-2" onSubmit={() => setEditing(null)}>
                    <input type="hidden" name="intent" value="rename" />
                    <input type="hidden" name="id" value={key.id} />
                    <input name="name" defaultValue={key.name} aria-label="Key name" className="rounded border border-input px-2 py-1 dark:bg-zinc-900" />
                    <Button type="submit" variant="secondary">
                      Save
                    </Button>
                  </Form>
                ) : (
                  key.name
                )}
              </td>
              <td className="py-2 font-mono">{key.preview}</td>
              <td className="py-2">{new Date(key.createdAt * 1000).toLocaleDateString("en")}</td>
              <td className="py-2 text-right">
                <div className="flex justify-end gap-2">
                  <Button variant="ghost" onClick={() => setEditing(key.id)}>
                    Edit
                  </Button>
                  <Form method="post">
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={key.id} />
                    <Button type="submit" variant="ghost">
                      Delete
                    </Button>
                  </Form>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
