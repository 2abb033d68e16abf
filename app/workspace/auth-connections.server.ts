// Workspace auth connections (decision 0066): the only way to the auth_connections table, scoped to the caller's
// workspace, and the headers a webhook tool's call gets from one. Secrets are written and, for a call, read; never
// returned.
import { database, type Database } from "../../db/client";
import * as table from "../../db/repositories/auth-connections";
import type { AuthConnectionRow } from "../../db/repositories/auth-connections";
import { isInternalHost } from "../../core/webhooks/webhooks";
import { nowSeconds } from "../../core/clock";
import { can, newId, type Actor } from "~/accounts/accounts.server";
import { recordAudit } from "~/workspace/audit-log.server";
import {
  AUTH_CONNECTION_TEXTS,
  authHeaders,
  credentialsOf,
  readTokenAnswer,
  splitFields,
  tokenRequest,
  type CreateAuthConnection,
  type UpdateAuthConnection,
} from "~/workspace/rules/auth-connections";

type Refusal = { ok: false; httpStatus: 403 | 404 | 409 | 422; status: string; message: string };
const refuse = (httpStatus: Refusal["httpStatus"], status: string, message: string): Refusal => ({ ok: false, httpStatus, status, message });
type Env = { DB: D1Database; ENVIRONMENT?: string };

/** Auth connections are workspace settings, like webhooks: admins and members granted workspace_settings. */
async function managerRefusal(db: Database, actor: Actor): Promise<Refusal | null> {
  return (await can(db, actor, "workspace_settings")) ? null : refuse(403, "forbidden", AUTH_CONNECTION_TEXTS.forbidden);
}

/** A token URL must be https on a public host (http and reserved names too in development, for the local stand-ins). */
function tokenUrlProblem(raw: string, development: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return AUTH_CONNECTION_TEXTS.tokenUrl;
  }
  if (url.protocol !== "https:" && !(development && url.protocol === "http:")) return AUTH_CONNECTION_TEXTS.tokenUrl;
  if (url.username || url.password || isInternalHost(url.hostname.toLowerCase().replace(/\.$/, ""))) return AUTH_CONNECTION_TEXTS.tokenUrl;
  return null;
}

const parse = (json: string) => JSON.parse(json) as Record<string, unknown>;

export async function listAuthConnections(env: Env, actor: Actor): Promise<{ ok: true; rows: AuthConnectionRow[] } | Refusal> {
  const db = database(env.DB);
  const denied = await managerRefusal(db, actor);
  return denied ?? { ok: true, rows: await table.listAuthConnections(db, actor.membership.workspace.id) };
}

export async function createAuthConnection(env: Env, actor: Actor, body: CreateAuthConnection): Promise<{ ok: true; row: AuthConnectionRow } | Refusal> {
  const db = database(env.DB);
  const denied = await managerRefusal(db, actor);
  if (denied) return denied;
  if (body.auth_type === "oauth2_client_credentials") {
    const problem = tokenUrlProblem(body.token_url, env.ENVIRONMENT !== "production");
    if (problem) return refuse(422, "invalid_token_url", problem);
  }
  const { settings, secrets } = splitFields(body);
  const row: AuthConnectionRow = {
    id: newId("authc"),
    workspaceId: actor.membership.workspace.id,
    authType: body.auth_type,
    name: body.name,
    provider: body.provider,
    settings: JSON.stringify(settings),
    secrets: JSON.stringify(secrets),
    status: "active",
    statusDetail: null,
    statusUpdatedAt: nowSeconds(),
    createdAt: Date.now(),
  };
  await table.insertAuthConnection(db, row);
  // Which write-only fields were given, never their values.
  await recordAudit(db, actor, "auth_connection_created", row.id, { name: body.name, provider: body.provider, auth_type: body.auth_type, write_only_fields: Object.keys(secrets) });
  return { ok: true, row };
}

/** Changes the given fields; the kind cannot change. New credentials make the connection active again. */
export async function updateAuthConnection(env: Env, actor: Actor, id: string, body: UpdateAuthConnection): Promise<{ ok: true; row: AuthConnectionRow } | Refusal> {
  const db = database(env.DB);
  const denied = await managerRefusal(db, actor);
  if (denied) return denied;
  const found = await table.findAuthConnection(db, actor.membership.workspace.id, id);
  if (!found) return refuse(404, "auth_connection_not_found", AUTH_CONNECTION_TEXTS.notFound);
  if (found.authType !== body.auth_type) return refuse(422, "auth_type_mismatch", AUTH_CONNECTION_TEXTS.typeChange(found.authType));
  const { settings, secrets } = splitFields(body);
  const next = {
    provider: body.provider ?? found.provider,
    settings: JSON.stringify({ ...parse(found.settings), ...settings }),
    secrets: JSON.stringify({ ...parse(found.secrets), ...secrets }),
    ...(Object.keys(secrets).length ? { status: "active", statusDetail: null, statusUpdatedAt: nowSeconds() } : {}),
  };
  await table.updateAuthConnection(db, found.workspaceId, id, next);
  tokens.delete(id);
  await recordAudit(db, actor, "auth_connection_changed", id, { provider: next.provider, changed_settings: Object.keys(settings), changed_write_only_fields: Object.keys(secrets) });
  return { ok: true, row: { ...found, ...next } };
}

export async function deleteAuthConnection(env: Env, actor: Actor, id: string, users: (workspaceId: string, id: string) => Promise<{ name: string }[]>): Promise<{ ok: true } | Refusal> {
  const db = database(env.DB);
  const denied = await managerRefusal(db, actor);
  if (denied) return denied;
  const found = await table.findAuthConnection(db, actor.membership.workspace.id, id);
  if (!found) return refuse(404, "auth_connection_not_found", AUTH_CONNECTION_TEXTS.notFound);
  const using = await users(found.workspaceId, id);
  if (using.length) return refuse(409, "auth_connection_in_use", AUTH_CONNECTION_TEXTS.inUse(using.map((a) => a.name)));
  await table.deleteAuthConnection(db, found.workspaceId, id);
  tokens.delete(id);
  await recordAudit(db, actor, "auth_connection_deleted", id, { name: found.name });
  return { ok: true };
}

/** Access tokens of client-credentials connections, per isolate, until a minute before they expire. */
const tokens = new Map<string, { token: string; expiresAt: number }>();

/** The ids among these that are not the workspace's auth connections (an environment variable may name only its own, decision 0098). */
export async function missingAuthConnections(env: Env, workspaceId: string, ids: string[]): Promise<string[]> {
  const db = database(env.DB);
  const found = await Promise.all(ids.map((id) => table.findAuthConnection(db, workspaceId, id)));
  return ids.filter((_, i) => !found[i]);
}

/**
 * The headers a webhook tool's request gets from the connection it names, fetching (or reusing) an access token
 * for the client-credentials kind; a failed token request marks the connection refresh_failed with the reason.
 */
export async function toolAuthHeaders(env: Env, workspaceId: string, id: string, tool: string): Promise<{ ok: true; headers: Record<string, string> } | { ok: false; text: string }> {
  const db = database(env.DB);
  const found = await table.findAuthConnection(db, workspaceId, id);
  const credentials = found && credentialsOf(found.authType, parse(found.settings), parse(found.secrets));
  if (!found || !credentials) return { ok: false, text: AUTH_CONNECTION_TEXTS.missingAtCall(tool) };
  if (credentials.authType !== "oauth2_client_credentials") return { ok: true, headers: authHeaders(credentials) };
  const cached = tokens.get(id);
  if (cached && cached.expiresAt > nowSeconds()) return { ok: true, headers: authHeaders(credentials, cached.token) };
  const fail = async (why: string) => {
    await table.updateAuthConnection(db, workspaceId, id, { status: "refresh_failed", statusDetail: why, statusUpdatedAt: nowSeconds() });
    return { ok: false as const, text: AUTH_CONNECTION_TEXTS.tokenFailed(tool, why) };
  };
  // Checked again at call time: a connection stored in development may be used by a production deployment's copy.
  if (tokenUrlProblem(credentials.tokenUrl, env.ENVIRONMENT !== "production")) return fail(AUTH_CONNECTION_TEXTS.tokenUrl);
  const { url, init } = tokenRequest(credentials);
  let answer: Response;
  try {
    answer = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    return fail(`the token server could not be reached (${String(error)})`);
  }
  const json = await answer.json().catch(() => null);
  if (!answer.ok) return fail(`the token server answered ${answer.status}${json && typeof (json as { error?: unknown }).error === "string" ? ` ${(json as { error: string }).error}` : ""}`);
  const read = readTokenAnswer(json, nowSeconds());
  if (!read.ok) return fail(read.why);
  tokens.set(id, { token: read.token, expiresAt: read.expiresAt });
  if (found.status !== "active") await table.updateAuthConnection(db, workspaceId, id, { status: "active", statusDetail: null, statusUpdatedAt: nowSeconds() });
  return { ok: true, headers: authHeaders(credentials, read.token) };
}

/** A connection as the API gives it: its kind, name and settings; never a secret. */
export function authConnectionJson(row: AuthConnectionRow, toolUsers: { id: string; name: string }[] = []) {
  return {
    auth_type: row.authType,
    id: row.id,
    name: row.name,
    provider: row.provider,
    ...parse(row.settings),
    status: row.status,
    status_detail: row.statusDetail ?? undefined,
    status_updated_at: row.statusUpdatedAt ? new Date(row.statusUpdatedAt * 1000).toISOString() : undefined,
    used_by: { tools: toolUsers.map((a) => ({ type: "available" as const, id: a.id, name: a.name, created_at_unix_secs: 0, access_level: "admin" as const })), mcp_servers: [], integration_connections: [] },
  };
}
