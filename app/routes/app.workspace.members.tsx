import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { Field, FormError, FormNotice } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { emailField } from "~/accounts/rules/account-forms";
import { PRODUCT_NAME } from "../../core/brand";
import { isAdmin, workspaceRole } from "../../core/workspace/roles";
import { db, requireViewer } from "~/accounts/accounts.server";
import { parseForm } from "~/common/form.server";
import { cancelInvite, inviteMember, leaveWorkspace, membersAndInvites, removeMemberByEmail } from "~/workspace/workspace.server";

export const meta: MetaFunction = () => [{ title: `Members · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const { user, membership } = viewer;
  const { members, invites } = await membersAndInvites(db(context), viewer);
  return {
    me: user.id,
    ownerId: membership.workspace.ownerId,
    workspaceName: membership.workspace.name,
    admin: isAdmin(membership.role),
    maxSeats: membership.workspace.maxSeats,
    members: members.map((m) => ({ userId: m.userId, email: m.email, role: m.role })),
    invites: invites.map((i) => ({ email: i.email, role: i.role })),
  };
}

const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), email: emailField, role: workspaceRole }),
  z.object({ intent: z.literal("cancel-invite"), email: emailField }),
  z.object({ intent: z.literal("remove"), email: emailField }),
  z.object({ intent: z.literal("leave") }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const database = db(context);
  const parsed = await parseForm(request, intents);
  if (!parsed.ok) return Response.json({ error: Object.values(parsed.errors)[0] }, { status: 400 });
  const input = parsed.data;
  const result =
    input.intent === "invite"
      ? await inviteMember(database, viewer, input.email, input.role, { env: context.cloudflare.env, origin: new URL(request.url).origin })
      : input.intent === "cancel-invite"
        ? await cancelInvite(database, viewer, input.email)
        : input.intent === "remove"
          ? await removeMemberByEmail(database, viewer, input.email)
          : await leaveWorkspace(database, viewer);
  if (!result.ok) return Response.json({ error: result.message }, { status: result.httpStatus });
  return { notice: input.intent === "invite" ? `Invited ${input.email}: we e-mailed them a link to accept.` : "Done." };
}

export default function Members() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { error?: string; notice?: string } | undefined;
  const busy = useNavigation().state !== "idle";
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Members</h1>
        <p className="text-sm text-muted-foreground">
          {data.workspaceName} · {data.members.length + data.invites.length} of {data.maxSeats} seats used
        </p>
      </div>
      <FormError>{result?.error}</FormError>
      <FormNotice>{result?.notice}</FormNotice>
      {data.admin ? (
        <Form method="post" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="invite" />
          <div className="min-w-56 flex-1">
            <Field label="Invite by e-mail" name="email" type="email" required />
          </div>
          <select name="role" aria-label="Role" defaultValue="editor" className="rounded-lg border border-input px-2 py-2 text-sm dark:bg-zinc-900">
            <option value="editor">Editor</option>
            <option value="admin">Admin</option>
          </select>
          <Button type="submit" disabled={busy}>
            Send invite
          </Button>
        </Form>
      ) : null}
      <ul className="divide-y divide-zinc-200 rounded-xl border border-border dark:divide-zinc-800">
        {data.members.map((m) => (
          <li key={m.userId} data-testid="member" className="flex items-center gap-3 px-4 py-3 text-sm">
            <span className="flex-1">{m.email}</span>
            <span className="text-muted-foreground">{m.userId === data.ownerId ? "Owner" : m.role === "admin" ? "Admin" : "Editor"}</span>
            {data.admin && m.userId !== data.ownerId && m.userId !== data.me ? (
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="email" value={m.email} />
                <Button type="submit" variant="ghost">
                  Remove
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
        {data.invites.map((i) => (
          <li key={i.email} data-testid="invite" className="flex items-center gap-3 px-4 py-3 text-sm text-muted-foreground">
            <span className="flex-1">{i.email}</span>
            <span>Invited ({i.role})</span>
            {data.admin ? (
              <Form method="post">
                <input type="hidden" name="intent" value="cancel-invite" />
                <input type="hidden" name="email" value={i.email} />
                <Button type="submit" variant="ghost">
                  Cancel
                </Button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
      {data.me !== data.ownerId ? (
        <Form method="post">
          <input type="hidden" name="intent" value="leave" />
          <Button type="submit" variant="secondary">
            Leave workspace
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
