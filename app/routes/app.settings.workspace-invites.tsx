import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { FormError } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { PRODUCT_NAME } from "../../core/brand";
import { db, requireViewer } from "~/accounts/accounts.server";
import { parseForm } from "~/common/form.server";
import { INVITE_CODE_PARAM, INVITE_TEXTS } from "~/workspace/rules/invites";
import { acceptInviteWithCode, declineInvite, inviteByCode, pendingInvites } from "~/workspace/workspace.server";

export const meta: MetaFunction = () => [{ title: `Workspace invites · ${PRODUCT_NAME}` }];

/**
 * The invites sent to the viewer's address. The invite e-mail's link lands here with the invite's own token
 * (`invite_code`); only with it, and with the address verified, can the invite be accepted. Signed out, the
 * link goes through sign-in or sign-up and comes back here with the token (the redirect keeps the query).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const database = db(context);
  const code = new URL(request.url).searchParams.get(INVITE_CODE_PARAM);
  const [invites, linked] = await Promise.all([pendingInvites(database, viewer), code ? inviteByCode(database, viewer, code) : null]);
  const linkedForViewer = linked?.found && linked.forViewer ? linked : null;
  return {
    verified: viewer.user.emailVerifiedAt !== null,
    email: viewer.user.email,
    // The invite the link names, when it is for this address: shown even before verification, with its token.
    linked: linkedForViewer ? { workspaceId: linkedForViewer.workspaceId, workspaceName: linkedForViewer.workspaceName, role: linkedForViewer.role, code: code! } : null,
    linkProblem: linked === null || linkedForViewer ? null : linked.found ? INVITE_TEXTS.otherAddress : INVITE_TEXTS.notFound,
    invites: invites
      .filter((i) => i.invite.workspaceId !== linkedForViewer?.workspaceId)
      .map((i) => ({ workspaceId: i.invite.workspaceId, workspaceName: i.workspaceName, role: i.invite.role })),
  };
}

const answerForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept"), workspace_id: z.string().min(1).max(64), invite_code: z.string().min(1).max(128) }),
  z.object({ intent: z.literal("decline"), workspace_id: z.string().min(1).max(64) }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = await parseForm(request, answerForm);
  if (!parsed.ok) return Response.json({ error: Object.values(parsed.errors)[0] ?? "Unknown action" }, { status: 400 });
  const input = parsed.data;
  const result =
    input.intent === "accept"
      ? await acceptInviteWithCode(db(context), viewer, input.invite_code, input.workspace_id)
      : await declineInvite(db(context), viewer, input.workspace_id);
  if (!result.ok) return Response.json({ error: result.message }, { status: result.httpStatus });
  // Accepting switches the session to the new workspace: reload everything so access reflects it.
  return input.intent === "accept" ? redirect("/app/home") : redirect("/app/settings/workspace-invites");
}

function AnswerButton({ intent, workspaceId, code, disabled }: { intent: "accept" | "decline"; workspaceId: string; code?: string; disabled?: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="workspace_id" value={workspaceId} />
      {code ? <input type="hidden" name="invite_code" value={code} /> : null}
      <Button type="submit" variant={intent === "accept" ? "primary" : "secondary"} disabled={disabled}>
        {intent === "accept" ? "Accept" : "Decline"}
      </Button>
    </Form>
  );
}

export default function WorkspaceInvites() {
  const { verified, email, linked, linkProblem, invites } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { error?: string } | undefined;
  const row = "flex flex-wrap items-center gap-3 rounded-xl border border-border p-4 text-sm";
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold">Workspace invites</h1>
      <FormError>{result?.error ?? linkProblem ?? undefined}</FormError>
      {!verified ? (
        <p role="status" data-testid="invites-need-verification" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-800 dark:bg-amber-950">
          {INVITE_TEXTS.needsVerifiedEmail} ({email})
        </p>
      ) : null}
      {linked ? (
        <div data-testid="linked-invite" className={row}>
          <span className="flex-1">
            <strong>{linked.workspaceName}</strong> invited you as {linked.role}.
          </span>
          <AnswerButton intent="accept" workspaceId={linked.workspaceId} code={linked.code} disabled={!verified} />
          {verified ? <AnswerButton intent="decline" workspaceId={linked.workspaceId} /> : null}
        </div>
      ) : null}
      {verified && !linked && invites.length === 0 ? <p className="text-sm text-muted-foreground">No pending invites.</p> : null}
      <ul className="space-y-2">
        {invites.map((invite) => (
          <li key={invite.workspaceId} data-testid="pending-invite" className={row}>
            <span className="flex-1">
              <strong>{invite.workspaceName}</strong> invited you as {invite.role}.
              <span className="block text-muted-foreground">{INVITE_TEXTS.openTheEmailLink}</span>
            </span>
            <AnswerButton intent="decline" workspaceId={invite.workspaceId} />
          </li>
        ))}
      </ul>
    </div>
  );
}
