import { Hono, type Context } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { emailField } from "~/accounts/rules/account-forms";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { addToGroup, createGroup, editGroup, removeFromGroup, removeGroup, workspaceGroups, type Group } from "~/workspace/groups.server";
import type { WorkspaceRefusal } from "~/workspace/workspace.server";
import { groupName, groupPermissions } from "~/workspace/rules/groups";

/** /v1/workspace/groups: groups with permissions per product area, as the official SDK's workspace.groups calls them. */
export const groupsApi = new Hono<AuthedEnv>();
groupsApi.use("*", requireCaller);
const doc = apiDocs("Workspace groups");
const REFUSALS = { 403: "forbidden (admins only)", 404: "group_not_found, member_not_found" };

const groupJson = (g: Group) => ({ name: g.name, id: g.id, members: g.members.map((m) => m.email), permissions: g.permissions });
const answer = (c: Context<AuthedEnv>, result: { ok: true } | WorkspaceRefusal) => (result.ok ? c.json({ status: "ok" }) : apiError(c, result.httpStatus, result.status, result.message));
const groupParam = z.object({ group_id: z.string().min(1).max(64) });

groupsApi.get("/", doc("The workspace's groups", { success: { description: "JSON: an object of groups by id (name, id, members' e-mail addresses, permissions)" } }), async (c) => {
  const list = await workspaceGroups(database(c.env.DB), c.get("caller"));
  return c.json(Object.fromEntries(list.map((g) => [g.id, groupJson(g)])));
});

groupsApi.get("/search", doc("Groups whose name contains a text", { success: { description: "JSON: a list of name, id, members_emails" } }), valid("query", z.object({ name: z.string().trim().min(1).max(100) })), async (c) => {
  const list = await workspaceGroups(database(c.env.DB), c.get("caller"), c.req.valid("query").name);
  return c.json(list.map((g) => ({ name: g.name, id: g.id, members_emails: g.members.map((m) => m.email) })));
});

groupsApi.post(
  "/",
  doc("Create a group (admins)", { success: { status: 201, description: "JSON: group_id" }, responses: { 403: "forbidden (admins only)", 409: "group_name_taken" } }),
  valid("json", z.object({ name: groupName, permissions: groupPermissions.default([]) })),
  async (c) => {
    const body = c.req.valid("json");
    const created = await createGroup(database(c.env.DB), c.get("caller"), body.name, body.permissions);
    return created.ok ? c.json({ group_id: created.id }, 201) : apiError(c, created.httpStatus, created.status, created.message);
  },
);

groupsApi.patch(
  "/:group_id",
  doc("Rename a group or set its permissions (admins)", { success: { description: "JSON: status" }, responses: { ...REFUSALS, 409: "group_name_taken" } }),
  valid("param", groupParam),
  valid("json", z.object({ name: groupName.optional(), permissions: groupPermissions.optional() }).strict()),
  async (c) => answer(c, await editGroup(database(c.env.DB), c.get("caller"), c.req.valid("param").group_id, c.req.valid("json"))),
);

groupsApi.delete("/:group_id", doc("Delete a group (admins)", { success: { description: "JSON: status" }, responses: REFUSALS }), valid("param", groupParam), async (c) =>
  answer(c, await removeGroup(database(c.env.DB), c.get("caller"), c.req.valid("param").group_id)),
);

const emailBody = z.object({ email: emailField });

groupsApi.post("/:group_id/members", doc("Add a workspace member to a group (admins)", { success: { description: "JSON: status" }, responses: REFUSALS }), valid("param", groupParam), valid("json", emailBody), async (c) =>
  answer(c, await addToGroup(database(c.env.DB), c.get("caller"), c.req.valid("param").group_id, c.req.valid("json").email)),
);

groupsApi.post("/:group_id/members/remove", doc("Remove a member from a group (admins)", { success: { description: "JSON: status" }, responses: REFUSALS }), valid("param", groupParam), valid("json", emailBody), async (c) =>
  answer(c, await removeFromGroup(database(c.env.DB), c.get("caller"), c.req.valid("param").group_id, c.req.valid("json").email)),
);
