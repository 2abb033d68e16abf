import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { FormError } from "~/common/components/form";
import { Check, LogIn, MailOpen, X } from "lucide-react";
import type { ReactNode } from "react";
import { Avatar } from "~/common/ui/avatar";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent } from "~/common/ui/card";
import { EmptyState } from "~/common/ui/feedback";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { db, requireViewer } from "~/accounts/accounts.server";
import { parseForm } from "~/common/form.server";
import { INVITE_CODE_PARAM, INVITE_TEXTS } from "~/workspace/rules/invites";
import { acceptInviteWithCode, declineInvite, inviteByCode, pendingInvites } from "~/workspace/workspace.server";
import { joinWithInviteLink, previewInviteLink } from "~/workspace/invite-links.server";
import { INVITE_LINK_TEXTS, JOIN_CODE_PARAM } from "~/workspace/rules/invite-links";

export const meta: MetaFunction = () => [{ title: `Workspace invites · ${PRODUCT_NAME}` }];

/**
 * The invites sent to the viewer's address. The invite e-mail's link lands here with the invite's own token
 * (`invite_code`); only with it, and with the address verified, can the invite be accepted. Signed out, the
 * link goes through sign-in or sign-up and comes back here with the token (the redirect keeps the query). A
 * workspace's invite link lands here too, with its code as `join_code` (decision 0061).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const database = db(context);
  const params = new URL(request.url).searchParams;
  const code = params.get(INVITE_CODE_PARAM);
  const joinCode = params.get(JOIN_CODE_PARAM);
  const [invites, linked, joining] = await Promise.all([pendingInvites(database, viewer), code ? inviteByCode(database, viewer, code) : null, joinCode ? previewInviteLink(database, viewer, joinCode) : null]);
  const linkedForViewer = linked?.found && linked.forViewer ? linked : null;
  return {
    // A workspace's invite link (decision 0061): the workspace it leads to, or why it cannot be used.
    joining: joining?.ok ? { workspaceName: joining.workspaceName, code: joinCode! } : null,
    joinProblem: joining && !joining.ok ? joining.message : null,
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
  z.object({ intent: z.literal("join"), join_code: z.string().min(1).max(128) }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = await parseForm(request, answerForm);
  if (!parsed.ok) return Response.json({ error: Object.values(parsed.errors)[0] ?? "Unknown action" }, { status: 400 });
  const input = parsed.data;
  const result =
    input.intent === "join"
      ? await joinWithInviteLink(db(context), viewer, input.join_code)
      : input.intent === "accept"
      ? await acceptInviteWithCode(db(context), viewer, input.invite_code, input.workspace_id)
      : await declineInvite(db(context), viewer, input.workspace_id);
  if (!result.ok) return Response.json({ error: result.message }, { status: result.httpStatus });
  // Accepting or joining switches the session to the new workspace: reload everything so access reflects it.
  return input.intent === "decline" ? redirect("/app/settings/workspace-invites") : redirect("/app/home");
}

function AnswerButton({ intent, workspaceId, code, disabled }: { intent: "accept" | "decline"; workspaceId: string; code?: string; disabled?: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="workspace_id" value={workspaceId} />
      {code ? <input type="hidden" name="invite_code" value={code} /> : null}
      <Button type="submit" size="sm" variant={intent === "accept" ? "primary" : "secondary"} disabled={disabled}>
        {intent === "accept" ? <Check aria-hidden="true" /> : <X aria-hidden="true" />}
        {intent === "accept" ? "Accept" : "Decline"}
      </Button>
    </Form>
  );
}

/** One invite: the workspace, the role offered, and what can be done with it here. */
function InviteCard({ testId, name, role, note, children }: { testId: string; name: string; role: string; note?: string; children: ReactNode }) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex flex-wrap items-center gap-3 pt-5">
        <Avatar seed={name} name={name} />
        <div className="min-w-0 flex-1 text-sm">
          <p>
            <strong>{name}</strong> invited you as <Badge tone="neutral">{role === "admin" ? "Admin" : "Editor"}</Badge>
          </p>
          {note ? <p className="mt-1 text-muted-foreground">{note}</p> : null}
        </div>
        <div className="flex gap-2">{children}</div>
      </CardContent>
    </Card>
  );
}

export default function WorkspaceInvites() {
  const { verified, email, linked, linkProblem, joining, joinProblem, invites } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { error?: string } | undefined;
  return (
    <Page title="Workspace invites" description="Invitations to join other workspaces, sent to your e-mail address." testId="workspace-invites-page">
      <FormError>{result?.error ?? linkProblem ?? joinProblem ?? undefined}</FormError>
      {!verified ? (
        <p role="status" data-testid="invites-need-verification" className="rounded-xl border border-border bg-muted p-4 text-sm">
          {INVITE_TEXTS.needsVerifiedEmail} ({email})
        </p>
      ) : null}
      {linked ? (
        <InviteCard testId="linked-invite" name={linked.workspaceName} role={linked.role}>
          <AnswerButton intent="accept" workspaceId={linked.workspaceId} code={linked.code} disabled={!verified} />
          {verified ? <AnswerButton intent="decline" workspaceId={linked.workspaceId} /> : null}
        </InviteCard>
      ) : null}
      {joining ? (
        <Card data-testid="invite-link-join">
          <CardContent className="flex flex-wrap items-center gap-3 pt-5">
            <Avatar seed={joining.workspaceName} name={joining.workspaceName} />
            <div className="min-w-0 flex-1 text-sm">
              <p>
                <strong>{INVITE_LINK_TEXTS.joinTitle(joining.workspaceName)}</strong> as <Badge tone="neutral">Editor</Badge>
              </p>
              <p className="mt-1 text-muted-foreground">{INVITE_LINK_TEXTS.joinBody}</p>
            </div>
            <Form method="post">
              <input type="hidden" name="intent" value="join" />
              <input type="hidden" name="join_code" value={joining.code} />
              <Button type="submit" size="sm">
                <LogIn aria-hidden="true" /> Join workspace
              </Button>
            </Form>
          </CardContent>
        </Card>
      ) : null}
      {verified && !linked && !joining && invites.length === 0 ? (
        <EmptyState icon={<MailOpen />} title="No pending invites">
          When someone invites {email} to their workspace, the invite shows here and in your inbox.
        </EmptyState>
      ) : null}
      {invites.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {invites.map((invite) => (
            <li key={invite.workspaceId}>
              <InviteCard testId="pending-invite" name={invite.workspaceName} role={invite.role} note={INVITE_TEXTS.openTheEmailLink}>
                <AnswerButton intent="decline" workspaceId={invite.workspaceId} />
              </InviteCard>
            </li>
          ))}
        </ul>
      ) : null}
    </Page>
  );
}
