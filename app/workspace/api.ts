import { Hono, type Context } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { emailField } from "~/accounts/rules/account-forms";
import { isAdmin, sessionInactivityTimeout, TRAINING_OPT_OUT_UPDATED, workspaceRole } from "../../core/workspace/roles";
import {
  acceptInviteWithCode,
  cancelInvite,
  declineInvite,
  inviteMany,
  inviteMember,
  leaveWorkspace,
  transferWorkspaceOwnership,
  membersAndInvites,
  removeMemberByEmail,
  updateMember,
  setTwoFactorRequired,
  twoFactorRequirement,
  updateVoiceLibrarySettings,
  updateWorkspaceSettings,
  voiceLibrarySettings,
  type WorkspaceRefusal,
} from "~/workspace/workspace.server";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { allMembersPermissions, can, permissionsOf } from "~/accounts/accounts.server";
import { setAllMembersPermissions } from "~/workspace/groups.server";
import { groupPermissions } from "~/workspace/rules/groups";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { MAX_BULK_INVITES } from "~/workspace/rules/bulk-invites";
import { createInviteLink, inviteLinkState, joinWithInviteLink, revokeInviteLink } from "~/workspace/invite-links.server";
import { DEFAULT_INVITE_LINK_DAYS, INVITE_LINK_MAX_DAYS } from "~/workspace/rules/invite-links";
import { seatCount } from "~/workspace/rules/seats";
import type { WorkspaceRole } from "../../core/workspace/roles";
import type { LibrarySettings } from "../../core/workspace/library-settings";
import { TWO_FACTOR_POLICY_TEXTS } from "../../core/workspace/two-factor";
import { auditLogPage } from "~/workspace/audit-log.server";
import { AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX } from "~/workspace/rules/audit-log";

export const workspaceApi = new Hono<AuthedEnv>();
workspaceApi.use("*", requireCaller);
const doc = apiDocs("Workspace");

workspaceApi.get("/", doc("The current workspace", { success: { description: "JSON workspace, with all_members_permissions and your own permissions" } }), async (c) => {
  const { workspace, role } = c.get("caller").membership;
  return c.json({
    workspace_id: workspace.id,
    name: workspace.name,
    owner_id: workspace.ownerId,
    role,
    max_seats: workspace.maxSeats,
    session_inactivity_timeout: workspace.sessionInactivityTimeout,
    training_opt_out: { training_opt_out: workspace.trainingOptOut, timestamp_unix: workspace.trainingOptOutAt },
    created_at_unix: workspace.createdAt,
    all_members_permissions: allMembersPermissions(c.get("caller")),
    permissions: await permissionsOf(database(c.env.DB), c.get("caller")),
  });
});

workspaceApi.get("/is-admin", doc("Whether you administer the workspace", { success: { description: "JSON: is_admin" } }), (c) => c.json({ is_admin: isAdmin(c.get("caller").membership.role) }));

workspaceApi.get("/can-access-workspace-settings", doc("Whether you may open the workspace settings", { success: { description: "JSON: can_access_workspace_settings (admins, and members with the workspace_settings permission)" } }), async (c) =>
  c.json({ can_access_workspace_settings: await can(database(c.env.DB), c.get("caller"), "workspace_settings") }),
);

workspaceApi.get("/members", doc("Members and pending invites", { success: { description: "JSON: members, invites" } }), async (c) => {
  const { workspace } = c.get("caller").membership;
  const { members, invites } = await membersAndInvites(database(c.env.DB), c.get("caller"));
  return c.json({
    members: members.map((m) => ({ user_id: m.userId, email: m.email, first_name: m.firstName, role: m.role, is_owner: m.userId === workspace.ownerId })),
    invites: invites.map((i) => ({ email: i.email, role: i.role, created_at_unix: i.createdAt })),
  });
});

workspaceApi.post(
  "/update-workspace",
  doc("Training opt-out, session inactivity timeout and all_members_permissions (admins)", { success: { description: "JSON: status, message" }, responses: { 403: "forbidden" } }),
  valid("json", z.object({ training_opt_out: z.boolean().optional(), session_inactivity_timeout: sessionInactivityTimeout.optional(), all_members_permissions: groupPermissions.optional() }).strict()),
  async (c) => {
    const body = c.req.valid("json");
    if (body.all_members_permissions !== undefined) {
      const set = await setAllMembersPermissions(database(c.env.DB), c.get("caller"), body.all_members_permissions);
      if (!set.ok) return apiError(c, set.httpStatus, set.status, set.message);
      if (body.training_opt_out === undefined && body.session_inactivity_timeout === undefined) return c.json({ status: "ok" });
    }
    const result = await updateWorkspaceSettings(database(c.env.DB), c.get("caller"), { trainingOptOut: body.training_opt_out, sessionInactivityTimeout: body.session_inactivity_timeout });
    return result.ok ? c.json({ status: "ok", message: TRAINING_OPT_OUT_UPDATED }) : apiError(c, result.httpStatus, result.status, result.message);
  },
);

const answer = (c: Context<AuthedEnv>, result: { ok: true } | WorkspaceRefusal, okStatus: 200 | 201 = 200) =>
  result.ok ? c.json({ status: "ok" }, okStatus) : apiError(c, result.httpStatus, result.status, result.message);

// The SDK names the role a seat type; there are no lite seats here, so a lite member is an editor (decision 0054).
const SEAT_TYPE_ROLES: Record<string, WorkspaceRole> = { workspace_admin: "admin", workspace_member: "editor", workspace_lite_member: "editor" };
const seatType = z.enum(["workspace_admin", "workspace_member", "workspace_lite_member"]).optional();
const groupIds = z.array(z.string().min(1).max(64)).max(50).optional();
const inviteRole = (body: { role?: WorkspaceRole; seat_type?: string; workspace_permission?: string }): WorkspaceRole =>
  body.role ?? SEAT_TYPE_ROLES[body.seat_type ?? ""] ?? (body.workspace_permission === "admin" ? "admin" : "editor");
const inviteMail = (c: Context<AuthedEnv>) => ({ env: c.env, origin: new URL(c.req.url).origin });

workspaceApi.post(
  "/invites/add",
  doc("Invite a member (admins)", {
    description: "The address gets an e-mail whose link carries the invite's own token; inviting a pending address again sends a new link (the earlier one stops working). role (or seat_type: workspace_admin, workspace_member) and group_ids (admins only) are optional.",
    success: { status: 201, description: "JSON: status" },
    responses: { 403: "forbidden, seat_limit_reached", 404: "group_not_found", 409: "already_member" },
  }),
  valid("json", z.object({ email: emailField, role: workspaceRole.optional(), seat_type: seatType, workspace_permission: z.string().max(64).optional(), group_ids: groupIds })),
  async (c) => {
    const body = c.req.valid("json");
    return answer(c, await inviteMember(database(c.env.DB), c.get("caller"), body.email, inviteRole(body), inviteMail(c), body.group_ids ?? []), 201);
  },
);

workspaceApi.post(
  "/invites/add-bulk",
  doc("Invite several people (admins)", {
    description: `Up to ${MAX_BULK_INVITES} addresses, each invited with the rules of a single invite: the ones that pass are invited, the others are listed in failed with their reason (status "partial"). When none could be invited, the first reason is the error.`,
    success: { status: 201, description: "JSON: status (ok or partial), invited, failed [{email, message}]" },
    responses: { 403: "forbidden, seat_limit_reached", 409: "already_member" },
  }),
  valid("json", z.object({ emails: z.array(emailField).min(1).max(MAX_BULK_INVITES), role: workspaceRole.optional(), seat_type: seatType, group_ids: groupIds })),
  async (c) => {
    const body = c.req.valid("json");
    const role = inviteRole(body);
    const batch = body.emails.map((email, i) => ({ line: i + 1, email, role, groupIds: body.group_ids ?? [] }));
    const outcome = await inviteMany(database(c.env.DB), c.get("caller"), batch, inviteMail(c));
    if (!outcome.ok) return apiError(c, outcome.httpStatus, outcome.status, outcome.message);
    const failed = outcome.errors.map((e) => ({ email: e.email, message: e.message }));
    // Nobody invited: the reason of the first address answers, with the list, as the request's error.
    const first = outcome.errors[0]?.refusal;
    if (outcome.invited.length === 0 && first) return c.json({ detail: { status: first.status, message: first.message, failed } }, first.httpStatus);
    return c.json({ status: failed.length ? "partial" : "ok", invited: outcome.invited, failed }, 201);
  },
);

workspaceApi.get("/seats-status", doc("Seats in use", { success: { description: "JSON: max_seats, used_seats (members and pending invites), members, pending_invites, seats_full" } }), async (c) => {
  const { members, invites } = await membersAndInvites(database(c.env.DB), c.get("caller"));
  const seats = seatCount(members.length, invites.length, c.get("caller").membership.workspace.maxSeats);
  return c.json({ max_seats: seats.max, used_seats: seats.used, members: members.length, pending_invites: invites.length, seats_full: seats.full });
});

const securityJson = async (c: Context<AuthedEnv>) => {
  const found = await twoFactorRequirement(database(c.env.DB), c.get("caller"));
  return { two_factor_required: found.required, two_factor_required_at_unix: found.requiredAt, members_without_two_factor: found.membersWithout };
};

workspaceApi.get(
  "/security",
  doc("The workspace's two-factor requirement (admins)", { success: { description: "JSON: two_factor_required, two_factor_required_at_unix, members_without_two_factor (their e-mail addresses)" }, responses: { 403: "forbidden" } }),
  async (c) => (isAdmin(c.get("caller").membership.role) ? c.json(await securityJson(c)) : apiError(c, 403, "forbidden", TWO_FACTOR_POLICY_TEXTS.adminsOnly)),
);

workspaceApi.post(
  "/security",
  doc("Require two-factor sign-in of every member (admins)", {
    description:
      "While two_factor_required is on, a member without a second factor (authenticator app or texted codes) is sent to set one up before the pages open, and the API answers their session and their own API keys 403 two_factor_required. Service accounts are not affected. Turning it on needs a second factor on your own account.",
    success: { description: "JSON: as GET" },
    responses: { 403: "forbidden", 409: "two_factor_not_enabled (add a second factor to your own account first)" },
  }),
  valid("json", z.object({ two_factor_required: z.boolean() }).strict()),
  async (c) => {
    const result = await setTwoFactorRequired(database(c.env.DB), c.get("caller"), c.req.valid("json").two_factor_required);
    if (!result.ok) return apiError(c, result.httpStatus, result.status, result.message);
    // The caller's workspace row was read before the change: the answer takes the stored time from it.
    return c.json({ ...(await securityJson(c)), two_factor_required: result.requiredAt !== null, two_factor_required_at_unix: result.requiredAt });
  },
);

const librarySettingsJson = (settings: LibrarySettings) => ({
  members_can_add_library_voices: settings.membersAddLibraryVoices,
  members_can_publish_library_voices: settings.membersPublishLibraryVoices,
});

workspaceApi.get(
  "/voice-library-settings",
  doc("The workspace's voice-library settings", { success: { description: "JSON: members_can_add_library_voices, members_can_publish_library_voices (admins always may)" } }),
  (c) => c.json(librarySettingsJson(voiceLibrarySettings(c.get("caller")))),
);

workspaceApi.post(
  "/voice-library-settings",
  doc("Change the voice-library settings (admins, and members with workspace_settings)", {
    description: "Whether members who are not admins may add voices from the library (POST /v1/voices/add/...) and publish voices there (POST /v1/voices/{voice_id}/sharing with published). A field left out stays as it is.",
    success: { description: "JSON: the settings" },
    responses: { 403: "forbidden" },
  }),
  valid("json", z.object({ members_can_add_library_voices: z.boolean().optional(), members_can_publish_library_voices: z.boolean().optional() }).strict()),
  async (c) => {
    const body = c.req.valid("json");
    const change = { membersAddLibraryVoices: body.members_can_add_library_voices, membersPublishLibraryVoices: body.members_can_publish_library_voices };
    const result = await updateVoiceLibrarySettings(database(c.env.DB), c.get("caller"), change);
    return result.ok ? c.json(librarySettingsJson(result.settings)) : apiError(c, result.httpStatus, result.status, result.message);
  },
);

workspaceApi.post(
  "/transfer-ownership",
  doc("Hand the workspace to another admin member (the owner)", { description: "The old owner stays an admin.", success: { description: "JSON: status" }, responses: { 403: "forbidden (not the owner)", 404: "not_found", 409: "not_admin, already_owner" } }),
  valid("json", z.object({ email: emailField })),
  async (c) => answer(c, await transferWorkspaceOwnership(database(c.env.DB), c.get("caller"), c.req.valid("json").email)),
);

workspaceApi.delete("/invites", doc("Cancel an invite (admins)", { success: { description: "JSON: status" }, responses: { 403: "forbidden", 404: "not_found" } }), valid("json", z.object({ email: emailField })), async (c) =>
  answer(c, await cancelInvite(database(c.env.DB), c.get("caller"), c.req.valid("json").email)),
);

workspaceApi.get(
  "/invite-link",
  doc("The workspace's invite link (admins, and members with workspace_settings)", { success: { description: "JSON: invite_link (null, or created_at_unix, expires_at_unix, active); never the code, which is shown once" }, responses: { 403: "forbidden" } }),
  async (c) => {
    const found = await inviteLinkState(database(c.env.DB), c.get("caller"));
    if (!found.ok) return apiError(c, found.httpStatus, found.status, found.message);
    return c.json({ invite_link: found.link ? { created_at_unix: found.link.createdAt, expires_at_unix: found.link.expiresAt, active: found.link.live } : null });
  },
);

workspaceApi.post(
  "/invite-link",
  doc("Make (or rotate) the workspace's invite link", {
    description: `Anyone signed in with a verified address who opens the link joins as an editor while a seat is free, until it expires (expires_in_days, 1 to ${INVITE_LINK_MAX_DAYS}, default ${DEFAULT_INVITE_LINK_DAYS}). Making a new link stops the earlier one. The code is shown only in this answer.`,
    success: { status: 201, description: "JSON: code, url, expires_at_unix" },
    responses: { 403: "forbidden" },
  }),
  valid("json", z.object({ expires_in_days: z.number().int().min(1).max(INVITE_LINK_MAX_DAYS).default(DEFAULT_INVITE_LINK_DAYS) }).strict()),
  async (c) => {
    const made = await createInviteLink(database(c.env.DB), c.get("caller"), c.req.valid("json").expires_in_days, new URL(c.req.url).origin);
    if (!made.ok) return apiError(c, made.httpStatus, made.status, made.message);
    return c.json({ code: made.code, url: made.url, expires_at_unix: made.expiresAt }, 201);
  },
);

workspaceApi.delete("/invite-link", doc("Turn the invite link off", { success: { description: "JSON: status" }, responses: { 403: "forbidden", 404: "not_found (no link)" } }), async (c) =>
  answer(c, await revokeInviteLink(database(c.env.DB), c.get("caller"))),
);

workspaceApi.post(
  "/invite-link/join",
  doc("Join a workspace through its invite link", {
    description: "Needs a verified e-mail address and the link's code (the last part of its URL). You join as an editor and the workspace becomes your active one.",
    success: { description: "JSON: status, workspace_id" },
    responses: { 403: "email_not_verified, seat_limit_reached", 404: "not_found (unknown, expired, rotated or turned-off link)", 409: "already_member, invite_pending" },
  }),
  valid("json", z.object({ code: z.string().min(1).max(128) })),
  async (c) => {
    const joined = await joinWithInviteLink(database(c.env.DB), c.get("caller"), c.req.valid("json").code);
    if (!joined.ok) return apiError(c, joined.httpStatus, joined.status, joined.message);
    return c.json({ status: "ok", workspace_id: joined.workspaceId });
  },
);

const workspaceIdBody = z.object({ workspace_id: z.string().min(1).max(64) });
const acceptBody = z.object({ invite_code: z.string().min(1).max(128), workspace_id: z.string().min(1).max(64).optional() });
const NEEDS_VERIFIED = "email_not_verified (verify your e-mail address first)";

workspaceApi.post(
  "/invites/accept",
  doc("Accept an invite to a workspace", {
    description: "Needs a verified e-mail address, the invited one, and the invite's own token: the invite_code of the invite e-mail's link.",
    success: { description: "JSON: status" },
    responses: { 403: NEEDS_VERIFIED, 404: "not_found (unknown, replaced or cancelled invite, or one for another address)" },
  }),
  valid("json", acceptBody),
  async (c) => {
    const body = c.req.valid("json");
    return answer(c, await acceptInviteWithCode(database(c.env.DB), c.get("caller"), body.invite_code, body.workspace_id));
  },
);

workspaceApi.post("/invites/decline", doc("Decline an invite to a workspace", { description: "Needs the invited e-mail address, verified.", success: { description: "JSON: status" }, responses: { 403: NEEDS_VERIFIED, 404: "not_found" } }), valid("json", workspaceIdBody), async (c) =>
  answer(c, await declineInvite(database(c.env.DB), c.get("caller"), c.req.valid("json").workspace_id)),
);

workspaceApi.post(
  "/members",
  doc("Change a member's role (admins): workspace_role or workspace_seat_type, workspace_admin or workspace_member", {
    description: "The owner stays an admin; a lite seat is a member, as for invites (decision 0054); is_locked=true is refused with the reason (no locked members here).",
    success: { description: "JSON: status" },
    responses: { 400: "member_locking_unsupported", 403: "forbidden", 404: "not_found" },
  }),
  valid(
    "json",
    z.object({
      email: emailField,
      is_locked: z.boolean().nullish(),
      workspace_role: seatType.nullable(),
      workspace_seat_type: seatType.nullable(),
      allow_downgrade_to_basic_seat: z.boolean().nullish(),
    }),
  ),
  async (c) => {
    const body = c.req.valid("json");
    const seat = body.workspace_role ?? body.workspace_seat_type;
    return answer(c, await updateMember(database(c.env.DB), c.get("caller"), { email: body.email, role: seat ? SEAT_TYPE_ROLES[seat] : undefined, isLocked: body.is_locked ?? undefined }));
  },
);

workspaceApi.delete("/members", doc("Remove a member (admins)", { success: { description: "JSON: status" }, responses: { 403: "forbidden", 404: "not_found" } }), valid("json", z.object({ email: emailField })), async (c) =>
  answer(c, await removeMemberByEmail(database(c.env.DB), c.get("caller"), c.req.valid("json").email)),
);

workspaceApi.post("/leave", doc("Leave the workspace", { success: { description: "JSON: status" }, responses: { 403: "forbidden (the owner)" } }), async (c) => answer(c, await leaveWorkspace(database(c.env.DB), c.get("caller"))));

const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(AUDIT_PAGE_DEFAULT),
  cursor: z.string().min(1).max(200).optional(),
  time_from_unix_ms: z.coerce.number().int().min(0).optional(),
  time_to_unix_ms: z.coerce.number().int().min(0).optional(),
  actor_uid: z.string().min(1).max(64).optional(),
  class_name: z.string().min(1).max(100).optional(),
  activity_name: z.string().min(1).max(100).optional(),
});

workspaceApi.get(
  "/audit-logs",
  doc("The workspace's audit log (admins, and members with workspace_settings)", {
    description: `What admins and members changed in the workspace, newest first, as OCSF events (decision 0088): members and invites, groups and their permissions and members, API keys and service accounts, webhooks, SSO and security settings, ownership and resource sharing. Filters: time_from_unix_ms, time_to_unix_ms, actor_uid, class_name (e.g. Group Management), activity_name (e.g. Member Invited). limit 1 to ${AUDIT_PAGE_MAX} (default ${AUDIT_PAGE_DEFAULT}); pass next_cursor as cursor for the next page.`,
    success: { description: "JSON: entries, has_more, next_cursor" },
    responses: { 400: "invalid_cursor", 403: "missing_permissions" },
  }),
  valid("query", auditQuery),
  async (c) => {
    const q = c.req.valid("query");
    const page = await auditLogPage(database(c.env.DB), c.get("caller"), {
      limit: q.limit,
      cursor: q.cursor,
      fromMs: q.time_from_unix_ms,
      toMs: q.time_to_unix_ms,
      actorUserId: q.actor_uid,
      className: q.class_name,
      activityName: q.activity_name,
    });
    if (!page.ok) return apiError(c, page.httpStatus, page.status, page.message);
    return c.json({ entries: page.entries, has_more: page.hasMore, ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}) });
  },
);
