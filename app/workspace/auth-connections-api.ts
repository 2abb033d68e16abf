import { Hono, type Context, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { authConnectionUsers } from "~/agents/agents.server";
import { authConnectionJson, createAuthConnection, deleteAuthConnection, listAuthConnections, updateAuthConnection } from "~/workspace/auth-connections.server";
import { AUTH_CONNECTION_TEXTS, createAuthConnection as createBody, UNSUPPORTED_AUTH_TYPES, updateAuthConnection as updateBody } from "~/workspace/rules/auth-connections";

/** /v1/workspace/auth-connections: credentials agents' webhook tools authenticate with, as the SDK's workspace.authConnections calls them. */
export const authConnectionsApi = new Hono<AuthedEnv>();
authConnectionsApi.use("*", requireCaller);
const doc = apiDocs("Workspace");
const REFUSALS = { 403: "forbidden (admins, or the workspace_settings permission)", 404: "auth_connection_not_found" };
const idParam = z.object({ auth_connection_id: z.string().min(1).max(64) });
type Refusal = { httpStatus: 403 | 404 | 409 | 422; status: string; message: string };
const refusal = (c: Context<AuthedEnv>, r: Refusal) => apiError(c, r.httpStatus, r.status, r.message);

/** Kinds the SDK knows but this server cannot authenticate with get a reason, not a bare validation error. */
const refuseUnsupported: MiddlewareHandler<AuthedEnv> = async (c, next) => {
  const body = (await c.req.json().catch(() => null)) as { auth_type?: unknown } | null;
  const type = body && typeof body === "object" ? body.auth_type : undefined;
  if (typeof type === "string" && (UNSUPPORTED_AUTH_TYPES as readonly string[]).includes(type)) return apiError(c, 422, "unsupported_auth_type", AUTH_CONNECTION_TEXTS.unsupported(type));
  await next();
};

const usersOf = (c: Context<AuthedEnv>) => async (workspaceId: string, id: string) => ((await authConnectionUsers(c.env, workspaceId, [id])).get(id) ?? []).map((a) => ({ id: a.id, name: a.name }));

authConnectionsApi.get("/", doc("The workspace's auth connections (never their secrets)", { success: { description: "JSON: auth_connections" }, responses: REFUSALS }), async (c) => {
  const listed = await listAuthConnections(c.env, c.get("caller"));
  if (!listed.ok) return refusal(c, listed);
  const users = await authConnectionUsers(c.env, c.get("caller").membership.workspace.id, listed.rows.map((row) => row.id));
  return c.json({ auth_connections: listed.rows.map((row) => authConnectionJson(row, (users.get(row.id) ?? []).map((a) => ({ id: a.id, name: a.name })))) });
});

authConnectionsApi.post(
  "/",
  doc("Create an auth connection: OAuth2 client credentials, bearer, basic or a custom header", {
    success: { description: "JSON: the connection (id, auth_type, name, provider, its settings, status)" },
    responses: { ...REFUSALS, 422: "validation, unsupported_auth_type (oauth2_jwt, private_key_jwt, mtls), invalid_token_url" },
  }),
  refuseUnsupported,
  valid("json", createBody),
  async (c) => {
    const created = await createAuthConnection(c.env, c.get("caller"), c.req.valid("json"));
    return created.ok ? c.json(authConnectionJson(created.row)) : refusal(c, created);
  },
);

authConnectionsApi.patch(
  "/:auth_connection_id",
  doc("Change an auth connection's credentials or settings (its auth_type stays)", { success: { description: "JSON: the connection" }, responses: { ...REFUSALS, 422: "validation, auth_type_mismatch, unsupported_auth_type" } }),
  valid("param", idParam),
  refuseUnsupported,
  valid("json", updateBody),
  async (c) => {
    const id = c.req.valid("param").auth_connection_id;
    const updated = await updateAuthConnection(c.env, c.get("caller"), id, c.req.valid("json"));
    return updated.ok ? c.json(authConnectionJson(updated.row, await usersOf(c)(updated.row.workspaceId, id))) : refusal(c, updated);
  },
);

authConnectionsApi.delete(
  "/:auth_connection_id",
  doc("Delete an auth connection no agent's tool uses", { success: { description: "JSON: {}" }, responses: { ...REFUSALS, 409: "auth_connection_in_use (names the agents)" } }),
  valid("param", idParam),
  async (c) => {
    const deleted = await deleteAuthConnection(c.env, c.get("caller"), c.req.valid("param").auth_connection_id, usersOf(c));
    return deleted.ok ? c.json({}) : refusal(c, deleted);
  },
);
