import { Hono, type Context } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { emailField } from "~/accounts/rules/account-forms";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { defaultSharingOf, resourceSharing, roleToGroupIds, setDefaultSharing, shareResource, unshareResource, type ShareTarget, type SharingRefusal } from "~/workspace/resources.server";
import { defaultSharingPreferences, resourceRole, resourceType } from "../../core/workspace/resource-sharing";

/** /v1/workspace/resources: share and unshare one resource, and who has access to it (the SDK's workspace.resources). */
export const resourcesApi = new Hono<AuthedEnv>();
resourcesApi.use("*", requireCaller);
const doc = apiDocs("Workspace resources");
const REFUSALS = { 400: "invalid_target, creator_role_fixed", 403: "missing_permissions (the admin role on the resource is needed)", 404: "resource_not_found, member_not_found, group_not_found, api_key_not_found" };

const refusal = (c: Context<AuthedEnv>, r: SharingRefusal) => apiError(c, r.httpStatus, r.status, r.message);
const idParam = z.object({ resource_id: z.string().min(1).max(100) });
const target = {
  resource_type: resourceType,
  user_email: emailField.optional(),
  group_id: z.string().min(1).max(64).optional(),
  workspace_api_key_id: z.string().min(1).max(64).optional(),
};
const targetOf = (body: { user_email?: string; group_id?: string; workspace_api_key_id?: string }): ShareTarget => ({
  userEmail: body.user_email,
  groupId: body.group_id,
  workspaceApiKeyId: body.workspace_api_key_id,
});

resourcesApi.get(
  "/:resource_id",
  doc("Who has access to a resource (anyone who may see it)", {
    success: { description: "JSON: resource_id, resource_name, resource_type, creator_user_id, role_to_group_ids (users by id, every member as \"default\"), share_options" },
    responses: { 404: "resource_not_found (unknown, not shared with you, or another workspace's)" },
  }),
  valid("param", idParam),
  valid("query", z.object({ resource_type: resourceType })),
  async (c) => {
    const found = await resourceSharing(database(c.env.DB), c.get("caller"), c.req.valid("query").resource_type, c.req.valid("param").resource_id);
    if (!found.ok) return refusal(c, found);
    const { resource, access, shareOptions } = found.sharing;
    return c.json({
      resource_id: resource.id,
      resource_name: resource.name,
      resource_type: resource.type,
      creator_user_id: resource.creatorUserId,
      anonymous_access_level_override: null,
      role_to_group_ids: roleToGroupIds(access),
      share_options: shareOptions.map((o) => ({ name: o.name, id: o.id, type: o.type })),
    });
  },
);

resourcesApi.post(
  "/:resource_id/share",
  doc("Grant a role on a resource to a member, a group (\"default\": every member) or a service account's key", { success: { description: "JSON: status" }, responses: REFUSALS }),
  valid("param", idParam),
  valid("json", z.object({ role: resourceRole, ...target })),
  async (c) => {
    const body = c.req.valid("json");
    const shared = await shareResource(database(c.env.DB), c.get("caller"), body.resource_type, c.req.valid("param").resource_id, targetOf(body), body.role);
    return shared.ok ? c.json({ status: "ok" }) : refusal(c, shared);
  },
);

resourcesApi.post(
  "/:resource_id/unshare",
  doc("Remove a member's, group's or service account's role on a resource (never its creator's)", { success: { description: "JSON: status" }, responses: REFUSALS }),
  valid("param", idParam),
  valid("json", z.object(target)),
  async (c) => {
    const body = c.req.valid("json");
    const unshared = await unshareResource(database(c.env.DB), c.get("caller"), body.resource_type, c.req.valid("param").resource_id, targetOf(body));
    return unshared.ok ? c.json({ status: "ok" }) : refusal(c, unshared);
  },
);

/** /v1/workspace/default-sharing-preferences: whom the resources you create are shared with at once (ours; the SDK has none). */
export const defaultSharingApi = new Hono<AuthedEnv>();
defaultSharingApi.use("*", requireCaller);

defaultSharingApi.get("/", doc("Your default sharing preferences", { success: { description: "JSON: preferences (group_id, \"default\" for every member, and role)" } }), async (c) =>
  c.json({ preferences: await defaultSharingOf(database(c.env.DB), c.get("caller")) }),
);

defaultSharingApi.post(
  "/",
  doc("Set your default sharing preferences", { success: { description: "JSON: status" }, responses: { 404: "group_not_found" } }),
  valid("json", z.object({ preferences: defaultSharingPreferences })),
  async (c) => {
    const set = await setDefaultSharing(database(c.env.DB), c.get("caller"), c.req.valid("json").preferences);
    return set.ok ? c.json({ status: "ok" }) : refusal(c, set);
  },
);
