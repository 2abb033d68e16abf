import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { SecretShownOnce } from "~/common/components/secret-once";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Check, KeyRound, Pencil, Power, Trash2, X } from "lucide-react";
import { useState } from "react";
import { z } from "zod";
import { Field, FormError } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Dialog } from "~/common/ui/dialog";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { IconButton } from "~/common/ui/icon-button";
import { Input } from "~/common/ui/input";
import { Page, Section } from "~/common/ui/page";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { API_KEY_TEXTS, apiKeyName } from "~/accounts/rules/api-keys";
import { PRODUCT_NAME } from "../../core/brand";
import { apiKeysOf, createApiKey, db, deleteApiKey, hasSecondFactor, renameApiKey, requireViewer, SENSITIVE_ACTION_FAILED, setOwnApiKeyEnabled, textedCodesTo } from "~/accounts/accounts.server";
import { TextMeACode } from "~/accounts/components/text-me-a-code";
import { parseForm, type FieldErrors } from "~/common/form.server";
import { missingPermissionMessage } from "../../core/workspace/permissions";

export const meta: MetaFunction = () => [{ title: `API keys · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const keys = await apiKeysOf(db(context), viewer);
  return { twoFactor: hasSecondFactor(viewer.user), sms: textedCodesTo(context.cloudflare.env, viewer.user), keys: keys.map((k) => ({ id: k.id, name: k.name, preview: k.preview, createdAt: k.createdAt, lastUsedAt: k.lastUsedAt, disabled: k.isDisabled })) };
}

const apiKeyIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name: apiKeyName, code: z.string().max(20).optional() }),
  z.object({ intent: z.literal("rename"), id: z.string().min(1).max(64), name: apiKeyName }),
  z.object({ intent: z.literal("delete"), id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("enable"), id: z.string().min(1).max(64) }),
]);

/** Errors are keyed by field (shown under it) or `form`; `intent` and `id` say which form they belong to. */
type ActionData = { intent?: string; id?: string; created?: { name: string; key: string }; errors?: FieldErrors };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const database = db(context);
  const parsed = await parseForm(request, apiKeyIntent);
  if (!parsed.ok) {
    const { intent: badIntent, ...errors } = parsed.errors;
    const intent = String(parsed.form.get("intent") ?? "");
    const id = String(parsed.form.get("id") ?? "");
    return Response.json({ intent, id, errors: badIntent ? { form: badIntent } : errors } satisfies ActionData, { status: 400 });
  }
  const input = parsed.data;
  if (input.intent === "create") {
    // Creating a key is a sensitive action: with two-factor on, it needs a current code.
    const created = await createApiKey(database, viewer, input.name, { code: input.code });
    if (!created.ok) {
      if (created.reason === "missing_permissions") return Response.json({ intent: input.intent, errors: { form: missingPermissionMessage("create_user_api_key") } } satisfies ActionData, { status: 403 });
      const field = hasSecondFactor(viewer.user) ? "code" : "form";
      return Response.json({ intent: input.intent, errors: { [field]: SENSITIVE_ACTION_FAILED } } satisfies ActionData, { status: 403 });
    }
    return { intent: input.intent, created: { name: created.name, key: created.key } } satisfies ActionData;
  }
  const ok =
    input.intent === "rename"
      ? await renameApiKey(database, viewer, input.id, input.name)
      : input.intent === "enable"
        ? await setOwnApiKeyEnabled(database, viewer, input.id, true)
        : await deleteApiKey(database, viewer, input.id);
  if (!ok) return Response.json({ intent: input.intent, id: input.id, errors: { form: API_KEY_TEXTS.notFound } } satisfies ActionData, { status: 404 });
  return { intent: input.intent } satisfies ActionData;
}

const formatDate = (unix: number) => new Date(unix * 1000).toLocaleDateString("en", { year: "numeric", month: "short", day: "numeric" });

export default function ApiKeysPage() {
  const { keys, twoFactor, sms } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  const createErrors = result?.intent === "create" ? (result.errors ?? {}) : {};
  const renameErrors = result?.intent === "rename" ? (result.errors ?? {}) : {};
  // A rename the server refused stays open with its message.
  const editingId = editing ?? (renameErrors.name ? (result?.id ?? null) : null);
  const created = result?.created;
  return (
    <Page title="API keys" description={API_KEY_TEXTS.intro} testId="api-keys-page">
      {result?.intent !== "create" ? <FormError>{result?.errors?.form}</FormError> : null}
      {created ? <SecretShownOnce message={API_KEY_TEXTS.created(created.name)} secret={created.key} copied={API_KEY_TEXTS.copied} testId="new-api-key" /> : null}
      <Card>
        <CardHeader title="Create a key" description="Name it after where it will be used, so you know which one to delete later." />
        <CardContent>
          {/* noValidate: the server's message appears under the field instead of the browser's bubble. */}
          <Form method="post" noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start" data-testid="create-api-key-form">
            <input type="hidden" name="intent" value="create" />
            <div className="flex-1">
              <Field label="New key name" name="name" placeholder="e.g. Production server" aria-required="true" maxLength={100} error={createErrors.name} />
            </div>
            {twoFactor ? (
              <div className="sm:w-48">
                <Field label="Authentication code" name="code" inputMode="numeric" autoComplete="one-time-code" error={createErrors.code} />
              </div>
            ) : null}
            <Button type="submit" disabled={busy} className="sm:mt-6">
              <KeyRound aria-hidden="true" /> Create API key
            </Button>
          </Form>
          {sms ? <TextMeACode to={sms} /> : null}
          {createErrors.form ? (
            <Hint tone="error" className="mt-2">
              {createErrors.form}
            </Hint>
          ) : null}
        </CardContent>
      </Card>
      <Section title="Your keys">
        {keys.length === 0 ? (
          <EmptyState icon={<KeyRound />} title={API_KEY_TEXTS.empty}>
            {API_KEY_TEXTS.emptyHint}
          </EmptyState>
        ) : (
          <Table>
            <TableHead>
              <tr>
                <TableHeaderCell>Name</TableHeaderCell>
                <TableHeaderCell className="hidden sm:table-cell">Key</TableHeaderCell>
                <TableHeaderCell className="hidden md:table-cell">Created</TableHeaderCell>
                <TableHeaderCell className="hidden md:table-cell">Last used</TableHeaderCell>
                <TableHeaderCell className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHeaderCell>
              </tr>
            </TableHead>
            <tbody>
              {keys.map((key) => (
                <TableRow key={key.id} data-testid="api-key-row">
                  {editingId === key.id ? (
                    <TableCell colSpan={5}>
                      <Form method="post" noValidate className="flex flex-wrap items-start gap-2" onSubmit={() => setEditing(null)}>
                        <input type="hidden" name="intent" value="rename" />
                        <input type="hidden" name="id" value={key.id} />
                        <div className="min-w-40 flex-1">
                          <Input
                            name="name"
                            defaultValue={key.name}
                            aria-label="Key name"
                            maxLength={100}
                            autoFocus
                            aria-invalid={renameErrors.name ? true : undefined}
                            aria-describedby={renameErrors.name ? `rename-${key.id}-error` : undefined}
                          />
                          {renameErrors.name ? (
                            <Hint id={`rename-${key.id}-error`} tone="error" className="mt-1">
                              {renameErrors.name}
                            </Hint>
                          ) : null}
                        </div>
                        <IconButton type="submit" label="Save name" icon={<Check />} variant="secondary" />
                        <IconButton label="Cancel" icon={<X />} onClick={() => setEditing("")} />
                      </Form>
                    </TableCell>
                  ) : (
                    <>
                      <TableCell className="max-w-48 break-words font-medium">
                        {key.name}{" "}
                        {key.disabled ? (
                          <Badge tone="warning" title={API_KEY_TEXTS.disabledHint}>
                            {API_KEY_TEXTS.disabled}
                          </Badge>
                        ) : null}
                        <span className="block font-mono text-xs font-normal text-muted-foreground sm:hidden">{key.preview}</span>
                      </TableCell>
                      <TableCell className="hidden font-mono text-muted-foreground sm:table-cell">{key.preview}</TableCell>
                      <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">{formatDate(key.createdAt)}</TableCell>
                      <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">{key.lastUsedAt ? formatDate(key.lastUsedAt) : API_KEY_TEXTS.neverUsed}</TableCell>
                      <TableCell className="py-2">
                        <div className="flex justify-end gap-1">
                          {key.disabled ? (
                            <Form method="post">
                              <input type="hidden" name="intent" value="enable" />
                              <input type="hidden" name="id" value={key.id} />
                              <IconButton type="submit" label="Enable" icon={<Power />} small disabled={busy} />
                            </Form>
                          ) : null}
                          <IconButton label="Rename" icon={<Pencil />} small onClick={() => setEditing(key.id)} />
                          {/* Without JavaScript the button deletes at once; with it, a dialog asks first. */}
                          <Form method="post" id={`delete-key-${key.id}`}>
                            <input type="hidden" name="intent" value="delete" />
                            <input type="hidden" name="id" value={key.id} />
                            <IconButton
                              type="submit"
                              label="Delete"
                              icon={<Trash2 />}
                              small
                              onClick={(event) => {
                                event.preventDefault();
                                setDeleting({ id: key.id, name: key.name });
                              }}
                            />
                          </Form>
                        </div>
                      </TableCell>
                    </>
                  )}
                </TableRow>
              ))}
            </tbody>
          </Table>
        )}
      </Section>
      {deleting ? (
        <Dialog title={API_KEY_TEXTS.deleteTitle} description={API_KEY_TEXTS.deleteText(deleting.name)} onClose={() => setDeleting(null)} testId="delete-api-key-dialog">
          <div className="mt-2 flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              Keep key
            </Button>
            <Button type="submit" variant="destructive" form={`delete-key-${deleting.id}`} onClick={() => setTimeout(() => setDeleting(null), 0)}>
              Delete key
            </Button>
          </div>
        </Dialog>
      ) : null}
    </Page>
  );
}
