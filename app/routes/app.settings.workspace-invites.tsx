import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { FormError } from "~/common/components/form";
import { Button } from "~/common/components/ui";
import { PRODUCT_NAME } from "../../core/brand";
import { db, requireViewer } from "~/accounts/accounts.server";
import { parseForm } from "~/common/form.server";
import { answerInvite, pendingInvites } from "~/workspace/workspace.server";

export const meta: MetaFunction = () => [{ title: `Workspace invites · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const invites = await pendingInvites(db(context), await requireViewer(request, context));
  return { invites: invites.map((i) => ({ workspaceId: i.invite.workspaceId, workspaceName: i.workspaceName, role: i.invite.role })) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = await parseForm(request, z.object({ intent: z.enum(["accept", "decline"]), workspace_id: z.string().min(1).max(64) }));
  if (!parsed.ok) return Response.json({ error: "Unknown action" }, { status: 400 });
  const result = await answerInvite(db(context), viewer, parsed.data.workspace_id, parsed.data.intent === "accept");
  if (!result.ok) return Response.json({ error: result.message }, { status: result.httpStatus });
  // Accepting switches the session to the new workspace: reload everything so access reflects it.
  return parsed.data.intent === "accept" ? redirect("/app/home") : null;
}

export default function WorkspaceInvites() {
  const { invites } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { error?: string } | undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold">Workspace invites</h1>
      <FormError>{result?.error}</FormError>
      {invites.length === 0 ? <p className="text-sm text-zinc-500">No pending invites.</p> : null}
      <ul className="space-y-2">
        {invites.map((invite) => (
          <li key={invite.workspaceId} data-testid="pending-invite" className="flex items-center gap-3 rounded-xl border border-zinc-200 p-4 text-sm dark:border-zinc-800">
            <span className="flex-1">
              <strong>{invite.workspaceName}</strong> invited you as {invite.role}.
            </span>
            {(["accept", "decline"] as const).map((intent) => (
              <Form method="post" key={intent}>
                <input type="hidden" name="intent" value={intent} />
                <input type="hidden" name="workspace_id" value={invite.workspaceId} />
                <Button type="submit" variant={intent === "accept" ? "primary" : "secondary"}>
                  {intent === "accept" ? "Accept" : "Decline"}
                </Button>
              </Form>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
