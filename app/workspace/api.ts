import { Hono, type Context } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { emailField } from "~/accounts/rules/account-forms";
import { canAccessWorkspaceSettings, isAdmin, sessionInactivityTimeout, TRAINING_OPT_OUT_UPDATED, workspaceRole } from "../../core/workspace/roles";
import {
  answerInvite,
  cancelInvite,
  inviteMember,
  leaveWorkspace,
  membersAndInvites,
  removeMemberByEmail,
  updateWorkspaceSettings,
  type WorkspaceRefusal,
} from "~/workspace/workspace.server";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";

export const workspaceApi = new Hono<AuthedEnv>();
workspaceApi.use("*", requireCaller);

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
  const { members, invites } = await membersAndInvites(database(c.env.DB), c.get("caller"));
  return c.json({
    members: members.map((m) => ({ user_id: m.userId, email: m.email, first_name: m.firstName, role: m.role, is_owner: m.userId === workspace.ownerId })),
    invites: invites.map((i) => ({ email: i.email, role: i.role, created_at_unix: i.createdAt })),
  });
});

workspaceApi.post(
  "/update-workspace",
  valid("json", z.object({ training_opt_out: z.boolean().optional(), session_inactivity_timeout: sessionInactivityTimeout.optional() }).strict()),
  async (c) => {
    const body = c.req.valid("json");
    const result = await updateWorkspaceSettings(database(c.env.DB), c.get("caller"), { trainingOptOut: body.training_opt_out, sessionInactivityTimeout: body.session_inactivity_timeout });
    return result.ok ? c.json({ status: "ok", message: TRAINING_OPT_OUT_UPDATED }) : apiError(c, result.httpStatus, result.status, result.message);
  },
);

const answer = (c: Context<AuthedEnv>, result: { ok: true } | WorkspaceRefusal, okStatus: 200 | 201 = 200) =>
  result.ok ? c.json({ status: "ok" }, okStatus) : apiError(c, result.httpStatus, result.status, result.message);

workspaceApi.post("/invites/add", valid("json", z.object({ email: emailField, role: workspaceRole.default("editor") })), async (c) => {
  const { email, role } = c.req.valid("json");
  return answer(c, await inviteMember(database(c.env.DB), c.get("caller"), email, role), 201);
});

workspaceApi.delete("/invites", valid("json", z.object({ email: emailField })), async (c) =>
  answer(c, await cancelInvite(database(c.env.DB), c.get("caller"), c.req.valid("json").email)),
);

const workspaceIdBody = z.object({ workspace_id: z.string().min(1).max(64) });

workspaceApi.post("/invites/accept", valid("json", workspaceIdBody), async (c) =>
  answer(c, await answerInvite(database(c.env.DB), c.get("caller"), c.req.valid("json").workspace_id, true)),
);

workspaceApi.post("/invites/decline", valid("json", workspaceIdBody), async (c) =>
  answer(c, await answerInvite(database(c.env.DB), c.get("caller"), c.req.valid("json").workspace_id, false)),
);

workspaceApi.delete("/members", valid("json", z.object({ email: emailField })), async (c) =>
  answer(c, await removeMemberByEmail(database(c.env.DB), c.get("caller"), c.req.valid("json").email)),
);

workspaceApi.post("/leave", async (c) => answer(c, await leaveWorkspace(database(c.env.DB), c.get("caller"))));
