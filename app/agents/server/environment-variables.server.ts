// A workspace's environment variables (decision 0098): the only way to the `agent_environment_variables` table,
// scoped to the viewer's workspace; and the values a webhook tool call reads for its conversation's environment.
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/agent-environment-variables";
import type { AgentEnvironmentVariableRow } from "../../../db/repositories/agent-environment-variables";
import type { Actor } from "~/accounts/accounts.server";
import { newId } from "~/accounts/accounts.server";
import {
  ENV_VAR_TEXTS,
  envVarCursor,
  newEnvVar,
  referencedIds,
  updatedValues,
  valueFor,
  valuesJson,
  type EnvVarType,
  type EnvVarValues,
  type ResolvedEnvVar,
} from "~/agents/rules/environment-variables";
import { missingAuthConnections } from "~/workspace/auth-connections.server";
import type { AgentRefusal } from "./agents.server";
import { missingSecrets, secretValues } from "./secrets.server";

type EnvVarsEnv = { DB: D1Database };
type Viewer = Pick<Actor, "membership" | "user">;
export type { AgentEnvironmentVariableRow };
type Outcome = { ok: true; row: AgentEnvironmentVariableRow } | { ok: false; refusal: AgentRefusal };

const workspaceOf = (viewer: Pick<Actor, "membership">) => viewer.membership.workspace.id;
const valuesOf = (row: Pick<AgentEnvironmentVariableRow, "values">) => JSON.parse(row.values) as EnvVarValues;
const invalid = (message: string): Outcome => ({ ok: false, refusal: { httpStatus: 422, status: "invalid_environment_variable", message } });

/** The secrets and auth connections the values name must be the workspace's own (400, as agents naming a missing secret). */
async function referenceRefusal(env: EnvVarsEnv, workspaceId: string, type: EnvVarType, values: EnvVarValues): Promise<AgentRefusal | null> {
  const { secretIds, authConnectionIds } = referencedIds(type, values);
  const secrets = secretIds.length ? await missingSecrets(env, workspaceId, secretIds) : [];
  if (secrets.length) return { httpStatus: 400, status: "secret_not_found", message: ENV_VAR_TEXTS.secretsNotFound(secrets) };
  const connections = authConnectionIds.length ? await missingAuthConnections(env, workspaceId, authConnectionIds) : [];
  if (connections.length) return { httpStatus: 400, status: "auth_connection_not_found", message: ENV_VAR_TEXTS.authConnectionsNotFound(connections) };
  return null;
}

export async function createEnvironmentVariable(env: EnvVarsEnv, viewer: Viewer, input: { type: EnvVarType; label: string; values: Record<string, unknown> }): Promise<Outcome> {
  const checked = newEnvVar(input.type, input.label, input.values);
  if (!checked.ok) return invalid(checked.message);
  const workspaceId = workspaceOf(viewer);
  const refusal = await referenceRefusal(env, workspaceId, input.type, checked.values);
  if (refusal) return { ok: false, refusal };
  const now = Date.now();
  const row: AgentEnvironmentVariableRow = { id: newId("envvar"), workspaceId, label: input.label, type: input.type, values: JSON.stringify(checked.values), createdBy: viewer.user.id, createdAt: now, updatedAt: now };
  if (!(await table.insertEnvironmentVariable(database(env.DB), row))) return { ok: false, refusal: { httpStatus: 409, status: "environment_variable_label_taken", message: ENV_VAR_TEXTS.labelTaken(input.label) } };
  return { ok: true, row };
}

export async function findEnvironmentVariable(env: EnvVarsEnv, viewer: Pick<Actor, "membership">, id: string): Promise<AgentEnvironmentVariableRow | null> {
  return (await table.findEnvironmentVariable(database(env.DB), workspaceOf(viewer), id)) ?? null;
}

export async function listEnvironmentVariables(
  env: EnvVarsEnv,
  viewer: Pick<Actor, "membership">,
  query: { pageSize: number; label?: string; type?: EnvVarType; environment?: string; after?: { createdAt: number; id: string } },
): Promise<{ rows: AgentEnvironmentVariableRow[]; nextCursor: string | null }> {
  const rows = await table.listEnvironmentVariables(database(env.DB), workspaceOf(viewer), { ...query, limit: query.pageSize + 1 });
  const page = rows.slice(0, query.pageSize);
  return { rows: page, nextCursor: rows.length > query.pageSize ? envVarCursor(page.at(-1)!) : null };
}

/** Replaces the values given (null removes an environment other than production); the others stay. */
export async function updateEnvironmentVariable(env: EnvVarsEnv, viewer: Pick<Actor, "membership">, id: string, changes: Record<string, unknown>): Promise<Outcome> {
  const found = await findEnvironmentVariable(env, viewer, id);
  if (!found) return { ok: false, refusal: { httpStatus: 404, status: "not_found", message: ENV_VAR_TEXTS.notFound } };
  const type = found.type as EnvVarType;
  const next = updatedValues(type, valuesOf(found), changes);
  if (!next.ok) return invalid(next.message);
  const refusal = await referenceRefusal(env, found.workspaceId, type, next.values);
  if (refusal) return { ok: false, refusal };
  const row = { ...found, values: JSON.stringify(next.values), updatedAt: Date.now() };
  await table.updateEnvironmentVariableValues(database(env.DB), found.workspaceId, id, row.values, row.updatedAt);
  return { ok: true, row };
}

/** A variable as the API gives it (the SDK's EnvironmentVariableResponse); only the filtered environment's value when asked. */
export function environmentVariableJson(row: AgentEnvironmentVariableRow, environment?: string) {
  return {
    id: row.id,
    label: row.label,
    type: row.type,
    workspace_id: row.workspaceId,
    created_by_user_id: row.createdBy,
    created_at_unix_secs: Math.floor(row.createdAt / 1000),
    updated_at_unix_secs: Math.floor(row.updatedAt / 1000),
    values: valuesJson(row.type as EnvVarType, valuesOf(row), environment),
  };
}

/**
 * The variables a tool call names, by label, with the value for the conversation's environment (production's when
 * it has none); a secret one carries its secret's value, read now for this call only.
 */
export async function environmentValues(env: EnvVarsEnv, workspaceId: string, labels: string[], environment: string): Promise<Map<string, ResolvedEnvVar>> {
  const rows = await table.findEnvironmentVariablesByLabel(database(env.DB), workspaceId, labels);
  const picked = rows.map((row) => ({ label: row.label, type: row.type as EnvVarType, value: valueFor(valuesOf(row), environment) }));
  const secretIds = picked.flatMap((p) => (p.type === "secret" && p.value ? [p.value] : []));
  const secrets = secretIds.length ? await secretValues(env, workspaceId, secretIds) : new Map<string, string>();
  return new Map(picked.map((p) => [p.label, { type: p.type, value: p.type === "secret" ? secrets.get(p.value ?? "") : p.value }]));
}
