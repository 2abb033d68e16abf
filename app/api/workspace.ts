import { Hono } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { findUserByEmail } from "../../db/repositories/users";
import {
  acceptInvite,
  deleteInvite,
  insertInvite,
  listInvites,
  listMembers,
  removeMember,
  seatUsage,
  updateWorkspace,
} from "../../db/repositories/workspaces";
import { emailField } from "~/domain/account-forms";
import {
  canAccessWorkspaceSettings,
  hasFreeSeat,
  isAdmin,
  ONLY_ADMINS_CHANGE_TRAINING_OPT_OUT,
  sessionInactivityTimeout,
  TRAINING_OPT_OUT_UPDATED,
  workspaceRole,
} from "~/domain/workspace";
import { newId } from "~/lib/tokens.server";
import { requireCaller, type AuthedEnv } from "./auth";
import { apiError } from "./errors";
import { valid } from "./validation";

export const workspaceApi = new Hono<AuthedEnv>();
workspaceApi.use("*", requireCaller);

const nowSeconds = () => Math.floor(Date.now() / 1000);

workspaceApi.get("/", (c) => {
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
  });
});

workspaceApi.get("/is-admin", (c) => c.json({ is_admin: isAdmin(c.get("caller").membership.role) }));

workspaceApi.get("/can-access-workspace-settings", (c) =>
  c.json({ can_access_workspace_settings: canAccessWorkspaceSettings(c.get("caller").membership.role) }),
);

workspaceApi.get("/members", async (c) => {
  const { workspace } = c.get("caller").membership;
  const db = database(c.env.DB);
  const [members, invites] = await Promise.all([listMembers(db, workspace.id), listInvites(db, workspace.id)]);
  return c.json({
    members: members.map((m) => ({ user_id: m.userId, email: m.email, first_name: m.firstName, role: m.role, is_owner: m.userId === workspace.ownerId })),
    invites: invites.map((i) => ({ email: i.email, role: i.role, created_at_unix: i.createdAt })),
  });
});

workspaceApi.post(
  "/update-workspace",
  valid("json", z.object({ training_opt_out: z.boolean().optional(), session_inactivity_timeout: sessionInactivityTimeout.optional() }).strict()),
  async (c) => {
    const { membership } = c.get("caller");
    if (!isAdmin(membership.role)) return apiError(c, 403, "forbidden", ONLY_ADMINS_CHANGE_TRAINING_OPT_OUT);
    const body = c.req.valid("json");
    await updateWorkspace(database(c.env.DB), membership.workspace.id, {
      ...(body.training_opt_out === undefined ? {} : { trainingOptOut: body.training_opt_out, trainingOptOutAt: nowSeconds() }),
      ...(body.session_inactivity_timeout === undefined ? {} : { sessionInactivityTimeout: body.session_inactivity_timeout }),
    });
    return c.json({ status: "ok", message: TRAINING_OPT_OUT_UPDATED });
  },
);

workspaceApi.post("/invites/add", valid("json", z.object({ email: emailField, role: workspaceRole.default("editor") })), async (c) => {
  const { membership, user } = c.get("caller");
  if (!isAdmin(membership.role)) return apiError(c, 403, "forbidden", "Only workspace admins can invite members.");
  const db = database(c.env.DB);
  const { email, role } = c.req.valid("json");
  const members = await listMembers(db, membership.workspace.id);
  if (members.some((m) => m.email === email)) return apiError(c, 409, "already_member", "This person is already a member.");
  const usage = await seatUsage(db, membership.workspace.id);
  if (!hasFreeSeat(usage.members, usage.invites, membership.workspace.maxSeats)) {
    return apiError(c, 403, "seat_limit_reached", `Your plan allows ${membership.workspace.maxSeats} seat(s); all are taken.`);
  }
  await insertInvite(db, { id: newId("inv"), workspaceId: membership.workspace.id, email, role, invitedBy: user.id });
  return c.json({ status: "ok" }, 201);
});

workspaceApi.delete("/invites", valid("json", z.object({ email: emailField })), async (c) => {
  const { membership } = c.get("caller");
  if (!isAdmin(membership.role)) return apiError(c, 403, "forbidden", "Only workspace admins can cancel invites.");
  const ok = await deleteInvite(database(c.env.DB), membership.workspace.id, c.req.valid("json").email);
  return ok ? c.json({ status: "ok" }) : apiError(c, 404, "not_found", "Invite not found");
});

const workspaceIdBody = z.object({ workspace_id: z.string().min(1).max(64) });

workspaceApi.post("/invites/accept", valid("json", workspaceIdBody), async (c) => {
  const { user } = c.get("caller");
  const ok = await acceptInvite(database(c.env.DB), c.req.valid("json").workspace_id, user.id, user.email);
  return ok ? c.json({ status: "ok" }) : apiError(c, 404, "not_found", "Invite not found");
});

workspaceApi.post("/invites/decline", valid("json", workspaceIdBody), async (c) => {
  const { user } = c.get("caller");
  const ok = await deleteInvite(database(c.env.DB), c.req.valid("json").workspace_id, user.email);
  return ok ? c.json({ status: "ok" }) : apiError(c, 404, "not_found", "Invite not found");
});

workspaceApi.delete("/members", valid("json", z.object({ email: emailField })), async (c) => {
  const { membership } = c.get("caller");
  if (!isAdmin(membership.role)) return apiError(c, 403, "forbidden", "Only workspace admins can remove members.");
  const db = database(c.env.DB);
  const target = await findUserByEmail(db, c.req.valid("json").email);
  if (target?.id === membership.workspace.ownerId) return apiError(c, 403, "forbidden", "The workspace owner cannot be removed.");
  const ok = target ? await removeMember(db, membership.workspace.id, target.id) : false;
  return ok ? c.json({ status: "ok" }) : apiError(c, 404, "not_found", "Member not found");
});

workspaceApi.post("/leave", async (c) => {
  const { membership, user } = c.get("caller");
  if (user.id === membership.workspace.ownerId) return apiError(c, 403, "forbidden", "The owner cannot leave their own workspace.");
  await removeMember(database(c.env.DB), membership.workspace.id, user.id);
  return c.json({ status: "ok" });
});
