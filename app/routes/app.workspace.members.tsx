import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation, useSearchParams } from "@remix-run/react";
import { Crown, FileUp, Link2, Link2Off, LogOut, Mail, Send, UserMinus, UserPlus, X } from "lucide-react";
import type { ReactNode } from "react";
import { z } from "zod";
import { Field, FormError, FormNotice } from "~/common/components/form";
import { Avatar } from "~/common/ui/avatar";
import { Badge } from "~/common/ui/badge";
import { Button, LinkButton } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Hint, Meter } from "~/common/ui/feedback";
import { IconButton } from "~/common/ui/icon-button";
import { Dialog } from "~/common/ui/dialog";
import { Input, Label, Textarea } from "~/common/ui/input";
import { Page, Section } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { emailField } from "~/accounts/rules/account-forms";
import { PRODUCT_NAME } from "../../core/brand";
import { isAdmin, workspaceRole } from "../../core/workspace/roles";
import { can, db, requireViewer } from "~/accounts/accounts.server";
import { parseForm, type FieldErrors } from "~/common/form.server";
import { SEAT_TEXTS, seatCount, UPGRADE_PATH } from "~/workspace/rules/seats";
import { BULK_INVITE_TEXTS, MAX_BULK_CSV_BYTES, type BulkInviteError } from "~/workspace/rules/bulk-invites";
import { OWNERSHIP_TEXTS } from "~/workspace/rules/ownership";
import { SecretShownOnce } from "~/common/components/secret-once";
import { createInviteLink, inviteLinkState, revokeInviteLink, type InviteLinkState } from "~/workspace/invite-links.server";
import { DEFAULT_INVITE_LINK_DAYS, INVITE_LINK_DAYS, INVITE_LINK_TEXTS } from "~/workspace/rules/invite-links";
import { cancelInvite, inviteFromCsv, inviteMember, leaveWorkspace, membersAndInvites, removeMemberByEmail, transferWorkspaceOwnership } from "~/workspace/workspace.server";

export const meta: MetaFunction = () => [{ title: `Members · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const { user, membership } = viewer;
  const { members, invites } = await membersAndInvites(db(context), viewer);
  const link = await inviteLinkState(db(context), viewer);
  return {
    // The invite link, for those who manage it (never its code: shown once, when it is made).
    inviteLink: link.ok ? link.link : null,
    me: user.id,
    ownerId: membership.workspace.ownerId,
    workspaceName: membership.workspace.name,
    admin: isAdmin(membership.role),
    // Admins, and members whose group grants workspace settings (they invite and remove editors only).
    manage: await can(db(context), viewer, "workspace_settings"),
    // The same count the server checks an invite against (workspace rules).
    seats: seatCount(members.length, invites.length, membership.workspace.maxSeats),
    members: members.map((m) => ({ userId: m.userId, email: m.email, role: m.role })),
    invites: invites.map((i) => ({ email: i.email, role: i.role })),
  };
}

const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), email: emailField, role: workspaceRole }),
  z.object({ intent: z.literal("cancel-invite"), email: emailField }),
  z.object({ intent: z.literal("remove"), email: emailField }),
  z.object({ intent: z.literal("leave") }),
  z.object({ intent: z.literal("bulk-invite"), csv: z.string().max(MAX_BULK_CSV_BYTES, BULK_INVITE_TEXTS.tooLarge).optional() }),
  z.object({ intent: z.literal("transfer-ownership"), email: emailField }),
  z.object({ intent: z.literal("create-link"), days: z.coerce.number().pipe(z.union(INVITE_LINK_DAYS.map((d) => z.literal(d)))) }),
  z.object({ intent: z.literal("revoke-link") }),
]);

type ActionData = { intent?: string; errors?: FieldErrors; notice?: string; bulk?: { invited: string[]; errors: BulkInviteError[] }; linkUrl?: string };

/** The CSV of a bulk invite: the chosen file, else the pasted text. */
async function bulkCsvText(form: FormData, pasted: string | undefined): Promise<string | { error: string }> {
  const file = form.get("csv_file");
  if (file instanceof File && file.size > 0) return file.size > MAX_BULK_CSV_BYTES ? { error: BULK_INVITE_TEXTS.tooLarge } : file.text();
  return pasted ?? "";
}

const ROLE_OPTIONS = [
  { value: "editor", label: "Editor" },
  { value: "admin", label: "Admin" },
] as const;

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const database = db(context);
  const parsed = await parseForm(request, intents);
  if (!parsed.ok) {
    const intent = String(parsed.form.get("intent") ?? "");
    // The invite form shows its errors under its fields; the row actions' hidden fields have no field to show them.
    const errors = intent === "invite" && !parsed.errors.intent ? parsed.errors : { form: Object.values(parsed.errors)[0]! };
    return Response.json({ intent, errors } satisfies ActionData, { status: 400 });
  }
  const input = parsed.data;
  const mail = { env: context.cloudflare.env, origin: new URL(request.url).origin };
  if (input.intent === "create-link") {
    const made = await createInviteLink(database, viewer, input.days, mail.origin);
    if (!made.ok) return Response.json({ intent: input.intent, errors: { form: made.message } } satisfies ActionData, { status: made.httpStatus });
    return { intent: input.intent, linkUrl: made.url } satisfies ActionData;
  }
  if (input.intent === "revoke-link") {
    const revoked = await revokeInviteLink(database, viewer);
    if (!revoked.ok) return Response.json({ intent: input.intent, errors: { form: revoked.message } } satisfies ActionData, { status: revoked.httpStatus });
    return { intent: input.intent, notice: INVITE_LINK_TEXTS.revoked } satisfies ActionData;
  }
  if (input.intent === "bulk-invite") {
    const text = await bulkCsvText(parsed.form, input.csv);
    const outcome = typeof text === "string" ? await inviteFromCsv(database, viewer, text, mail) : ({ ok: false, httpStatus: 400, message: text.error } as const);
    if (!outcome.ok) return Response.json({ intent: input.intent, errors: { form: outcome.message } } satisfies ActionData, { status: outcome.httpStatus });
    const errors = outcome.errors.map(({ line, email, message }) => ({ line, email, message }));
    return { intent: input.intent, notice: BULK_INVITE_TEXTS.summary(outcome.invited.length, errors.length), bulk: { invited: outcome.invited, errors } } satisfies ActionData;
  }
  const result =
    input.intent === "transfer-ownership"
      ? await transferWorkspaceOwnership(database, viewer, input.email)
      :
    input.intent === "invite"
      ? await inviteMember(database, viewer, input.email, input.role, mail)
      : input.intent === "cancel-invite"
        ? await cancelInvite(database, viewer, input.email)
        : input.intent === "remove"
          ? await removeMemberByEmail(database, viewer, input.email)
          : await leaveWorkspace(database, viewer);
  if (!result.ok) {
    const field = input.intent === "invite" && result.status === "already_member" ? "email" : "form";
    return Response.json({ intent: input.intent, errors: { [field]: result.message } } satisfies ActionData, { status: result.httpStatus });
  }
  const notice = input.intent === "invite" ? `Invited ${input.email}: we e-mailed them a link to accept.` : input.intent === "transfer-ownership" ? OWNERSHIP_TEXTS.done(input.email) : "Done.";
  return { intent: input.intent, notice } satisfies ActionData;
}

function RowAction({ intent, email, label, icon }: { intent: "remove" | "cancel-invite" | "invite"; email: string; label: string; icon: ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="email" value={email} />
      <IconButton type="submit" label={label} icon={icon} small />
    </Form>
  );
}

const roleLabel = (role: string) => (role === "admin" ? "Admin" : "Editor");

/** Invites from a CSV file or pasted lines; the lines not invited are listed with their reasons. */
function BulkInvite({ disabled, result }: { disabled: boolean; result: ActionData | undefined }) {
  const mine = result?.intent === "bulk-invite" ? result : undefined;
  return (
    <Card>
      <CardHeader title={BULK_INVITE_TEXTS.title} description={BULK_INVITE_TEXTS.description} />
      <CardContent className="flex flex-col gap-3">
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3" data-testid="bulk-invite-form">
          <input type="hidden" name="intent" value="bulk-invite" />
          <fieldset disabled={disabled} className="contents">
            <div className="flex flex-col gap-1">
              <Label htmlFor="bulk-csv-file">CSV file</Label>
              <Input id="bulk-csv-file" name="csv_file" type="file" accept=".csv,text/csv,text/plain" />
            </div>
            <div className="flex flex-col gap-1">
              <Label htmlFor="bulk-csv">Or paste the lines</Label>
              <Textarea id="bulk-csv" name="csv" rows={4} placeholder={BULK_INVITE_TEXTS.example} className="font-mono text-sm" />
            </div>
            <div>
              <Button type="submit" variant="secondary">
                <FileUp aria-hidden="true" /> Invite from CSV
              </Button>
            </div>
          </fieldset>
        </Form>
        {mine?.errors?.form ? <Hint tone="error">{mine.errors.form}</Hint> : null}
        {mine?.bulk && mine.bulk.errors.length > 0 ? (
          <div className="overflow-x-auto" data-testid="bulk-invite-errors">
            <Table>
              <TableHead>
                <TableRow>
                  <TableHeaderCell>Line</TableHeaderCell>
                  <TableHeaderCell>E-mail</TableHeaderCell>
                  <TableHeaderCell>Not invited because</TableHeaderCell>
                </TableRow>
              </TableHead>
              <tbody>
                {mine.bulk.errors.map((e) => (
                  <TableRow key={`${e.line}-${e.email}`} data-testid="bulk-invite-error">
                    <TableCell>{e.line}</TableCell>
                    <TableCell className="break-all">{e.email || "—"}</TableCell>
                    <TableCell>{e.message}</TableCell>
                  </TableRow>
                ))}
              </tbody>
            </Table>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

const DAY_OPTIONS = INVITE_LINK_DAYS.map((d) => ({ value: String(d), label: d === 1 ? "1 day" : `${d} days` }));
const day = (unix: number) => new Date(unix * 1000).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" });

/** The workspace's invite link: its state, a new one shown once, rotating and turning it off. */
function InviteLink({ link, made, disabled, busy }: { link: InviteLinkState; made: string | undefined; disabled: boolean; busy: boolean }) {
  return (
    <Card>
      <CardHeader title={INVITE_LINK_TEXTS.title} description={INVITE_LINK_TEXTS.description} actions={link ? <Badge tone={link.live ? "success" : "outline"}>{link.live ? "Active" : "Expired"}</Badge> : null} />
      <CardContent className="flex flex-col gap-3">
        {made ? <SecretShownOnce message={INVITE_LINK_TEXTS.created} secret={made} copied="Invite link copied to clipboard" testId="new-invite-link" /> : null}
        <p className="text-sm text-muted-foreground" data-testid="invite-link-state">
          {link ? (link.live ? INVITE_LINK_TEXTS.active(day(link.expiresAt)) : INVITE_LINK_TEXTS.expired(day(link.expiresAt))) : INVITE_LINK_TEXTS.none}
        </p>
        <div className="flex flex-wrap items-end gap-2">
          <Form method="post" className="flex flex-wrap items-end gap-2" data-testid="invite-link-form">
            <input type="hidden" name="intent" value="create-link" />
            <div className="flex flex-col gap-1">
              <Label htmlFor="invite-link-days">Lasts</Label>
              <Select id="invite-link-days" label="Lasts" name="days" defaultValue={String(DEFAULT_INVITE_LINK_DAYS)} options={DAY_OPTIONS} className="h-[38px] w-32" />
            </div>
            <Button type="submit" variant="secondary" disabled={busy || disabled}>
              <Link2 aria-hidden="true" /> {link ? "Make a new link" : "Make a link"}
            </Button>
          </Form>
          {link ? (
            <Form method="post">
              <input type="hidden" name="intent" value="revoke-link" />
              <Button type="submit" variant="ghost" disabled={busy}>
                <Link2Off aria-hidden="true" /> Turn off
              </Button>
            </Form>
          ) : null}
        </div>
        {disabled ? <Hint>{SEAT_TEXTS.howToAdd}</Hint> : null}
      </CardContent>
    </Card>
  );
}

/** The owner's confirmation before handing the workspace over (opened by the ?transfer= link, with or without scripts). */
function TransferDialog({ email, workspaceName, busy }: { email: string; workspaceName: string; busy: boolean }) {
  const navigate = useNavigate();
  const close = () => navigate(".", { replace: true, preventScrollReset: true });
  return (
    <Dialog title={OWNERSHIP_TEXTS.dialogTitle} description={OWNERSHIP_TEXTS.dialogBody(email, workspaceName)} onClose={close} testId="transfer-dialog">
      <Form method="post" action="." className="flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value="transfer-ownership" />
        <input type="hidden" name="email" value={email} />
        <LinkButton to="." replace preventScrollReset variant="secondary">
          {OWNERSHIP_TEXTS.cancel}
        </LinkButton>
        <Button type="submit" disabled={busy}>
          <Crown aria-hidden="true" /> {OWNERSHIP_TEXTS.confirm}
        </Button>
      </Form>
    </Dialog>
  );
}

export default function Members() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const inviteErrors = result?.intent === "invite" ? (result.errors ?? {}) : {};
  const { seats } = data;
  const [search] = useSearchParams();
  const transferTo = data.me === data.ownerId ? data.members.find((m) => m.email === search.get("transfer") && m.role === "admin" && m.userId !== data.me) : undefined;
  return (
    <Page title="Members" description={data.workspaceName} testId="members-page">
      <FormError>{result?.intent !== "invite" ? result?.errors?.form : undefined}</FormError>
      <FormNotice>{result?.notice}</FormNotice>
      <Card>
        <CardHeader
          title="Seats"
          description={<span data-testid="seat-count">{SEAT_TEXTS.used(seats)}</span>}
          actions={
            seats.full ? (
              <LinkButton to={UPGRADE_PATH} variant="secondary" size="sm">
                {SEAT_TEXTS.upgrade}
              </LinkButton>
            ) : null
          }
        />
        <CardContent>
          <Meter label="Seats used" value={seats.used} max={seats.max} valueText={SEAT_TEXTS.used(seats)} />
        </CardContent>
      </Card>
      {data.manage ? (
        <Card>
          <CardHeader title="Invite a member" description="They get an e-mail with a link to join this workspace." />
          <CardContent className="flex flex-col gap-3">
            {seats.full ? (
              <p id="seats-full" role="status" data-testid="seats-full" className="rounded-lg border border-border bg-muted px-3 py-2 text-sm">
                <strong>{SEAT_TEXTS.allInUse(seats.max)}</strong> {SEAT_TEXTS.howToAdd}{" "}
                <Link to={UPGRADE_PATH} className="font-medium underline underline-offset-2">
                  {SEAT_TEXTS.upgrade}
                </Link>
              </p>
            ) : null}
            {/* noValidate: errors show under the fields, from the server, with or without JavaScript. */}
            <Form method="post" noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start" data-testid="invite-form">
              <input type="hidden" name="intent" value="invite" />
              <fieldset disabled={seats.full} className="contents">
                <div className="min-w-0 flex-1">
                  <Field label="Invite by e-mail" name="email" type="email" autoComplete="off" aria-required="true" error={inviteErrors.email} />
                </div>
                <div className="flex flex-col gap-1">
                  <Label htmlFor="invite-role">Role</Label>
                  <Select id="invite-role" label="Role" name="role" defaultValue="editor" options={data.admin ? ROLE_OPTIONS : ROLE_OPTIONS.filter((o) => o.value === "editor")} className="h-[38px] sm:w-32" disabled={seats.full} />
                </div>
                <Button type="submit" disabled={busy || seats.full} className="sm:mt-6" aria-describedby={seats.full ? "seats-full" : undefined}>
                  <Send aria-hidden="true" /> Send invite
                </Button>
              </fieldset>
            </Form>
            {inviteErrors.form || inviteErrors.role ? <Hint tone="error">{inviteErrors.form ?? inviteErrors.role}</Hint> : null}
          </CardContent>
        </Card>
      ) : null}
      {data.manage ? <BulkInvite disabled={seats.full} result={result} /> : null}
      {data.manage ? <InviteLink link={data.inviteLink} made={result?.intent === "create-link" ? result.linkUrl : undefined} disabled={seats.full} busy={busy} /> : null}
      {transferTo ? <TransferDialog email={transferTo.email} workspaceName={data.workspaceName} busy={busy} /> : null}
      <Section title="People">
        <Table>
          <tbody>
            {data.members.map((m) => (
              <TableRow key={m.userId} data-testid="member">
                <TableCell className="w-full">
                  <div className="flex min-w-0 items-center gap-3">
                    <Avatar seed={m.userId} name={m.email} size="sm" />
                    <span className="min-w-0 break-all">
                      {m.email}
                      {m.userId === data.me ? <span className="text-muted-foreground"> (you)</span> : null}
                    </span>
                  </div>
                </TableCell>
                <TableCell>
                  <Badge tone={m.userId === data.ownerId ? "accent" : "neutral"}>{m.userId === data.ownerId ? "Owner" : roleLabel(m.role)}</Badge>
                </TableCell>
                <TableCell className="py-2">
                  <div className="flex justify-end gap-1">
                    {data.me === data.ownerId && m.role === "admin" && m.userId !== data.me ? (
                      <LinkButton to={`?transfer=${encodeURIComponent(m.email)}`} preventScrollReset variant="ghost" size="sm" data-testid="make-owner">
                        <Crown aria-hidden="true" /> {OWNERSHIP_TEXTS.action}
                      </LinkButton>
                    ) : null}
                    {data.manage && (data.admin || m.role !== "admin") && m.userId !== data.ownerId && m.userId !== data.me ? <RowAction intent="remove" email={m.email} label="Remove from workspace" icon={<UserMinus />} /> : null}
                  </div>
                </TableCell>
              </TableRow>
            ))}
            {data.invites.map((i) => (
              <TableRow key={i.email} data-testid="invite">
                <TableCell className="w-full">
                  <div className="flex min-w-0 items-center gap-3">
                    <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full border border-dashed border-border text-muted-foreground">
                      <Mail className="size-4" aria-hidden="true" />
                    </span>
                    <span className="min-w-0 break-all text-muted-foreground">{i.email}</span>
                  </div>
                </TableCell>
                <TableCell>
                  <Badge tone="outline">Invited · {roleLabel(i.role)}</Badge>
                </TableCell>
                <TableCell className="py-2">
                  {data.manage && (data.admin || i.role !== "admin") ? (
                    <div className="flex justify-end gap-1">
                      {/* A pending invite holds its seat: sending it again works even when all seats are in use. */}
                      <Form method="post">
                        <input type="hidden" name="intent" value="invite" />
                        <input type="hidden" name="email" value={i.email} />
                        <input type="hidden" name="role" value={i.role} />
                        <IconButton type="submit" label="Send the invite again" icon={<UserPlus />} small />
                      </Form>
                      <RowAction intent="cancel-invite" email={i.email} label="Cancel invite" icon={<X />} />
                    </div>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </tbody>
        </Table>
      </Section>
      {data.me !== data.ownerId ? (
        <Section title="Leave workspace" description="You lose access to this workspace's history and voices until someone invites you again.">
          <Form method="post">
            <input type="hidden" name="intent" value="leave" />
            <Button type="submit" variant="secondary">
              <LogOut aria-hidden="true" /> Leave workspace
            </Button>
          </Form>
        </Section>
      ) : null}
    </Page>
  );
}
