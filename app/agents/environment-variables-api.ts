import { Hono } from "hono";
import { z } from "zod";
import type { AuthedEnv } from "~/api/auth";
import { requireAgentsCaller } from "~/agents/api-access";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { createEnvironmentVariable, environmentVariableJson, findEnvironmentVariable, listEnvironmentVariables, updateEnvironmentVariable } from "~/agents/agents.server";
import { ENV_VAR_LIMITS, ENV_VAR_TEXTS, ENV_VAR_TYPES, ENVIRONMENT_NAME, readEnvVarCursor } from "~/agents/rules/environment-variables";
import { doc, id, refused } from "./api-schemas";

const varParam = z.object({ env_var_id: id });
const label = z.string().min(1).max(ENV_VAR_LIMITS.label);
/** Values per environment; each value's shape for its type is checked by the rule (newEnvVar, updatedValues). */
const values = z.record(z.string().max(50), z.unknown());

/**
 * /v1/convai/environment-variables: the workspace's environment variables (decision 0098), a value per environment
 * that webhook tools name as {{system_env__<label>}} in their URL and headers, or {"env_var_label"} in a header or
 * their auth connection; a conversation resolves them for its environment (production unless it names another).
 */
export const environmentVariablesApi = new Hono<AuthedEnv>();
environmentVariablesApi.use("*", requireAgentsCaller);

environmentVariablesApi.get(
  "/",
  doc("List the workspace's environment variables, newest first (label: exactly that label; type; environment: those with a value for it, showing only that value)", {
    success: { description: "JSON: environment_variables, next_cursor, has_more" },
  }),
  valid(
    "query",
    z.object({
      cursor: z.string().max(140).optional(),
      page_size: z.coerce.number().int().min(1).max(ENV_VAR_LIMITS.pageSize).default(ENV_VAR_LIMITS.pageSize),
      label: label.optional(),
      environment: z.string().regex(ENVIRONMENT_NAME).optional(),
      type: z.enum(ENV_VAR_TYPES).optional(),
    }),
  ),
  async (c) => {
    const q = c.req.valid("query");
    const after = readEnvVarCursor(q.cursor);
    if (q.cursor && !after) return apiError(c, 400, "invalid_cursor", "The cursor is not one this list gave.");
    const page = await listEnvironmentVariables(c.env, c.get("caller"), { pageSize: q.page_size, label: q.label, type: q.type, environment: q.environment, after: after ?? undefined });
    return c.json({ environment_variables: page.rows.map((row) => environmentVariableJson(row, q.environment)), next_cursor: page.nextCursor, has_more: page.nextCursor !== null });
  },
);

environmentVariablesApi.post(
  "/",
  doc("Create an environment variable: a label unique in the workspace, a type, and values per environment (production required; a secret's or auth connection's by id)", {
    success: { description: "JSON: the environment variable" },
    responses: { 400: "secret_not_found, auth_connection_not_found", 409: "environment_variable_label_taken", 422: "invalid_environment_variable" },
  }),
  valid("json", z.object({ type: z.enum(ENV_VAR_TYPES), label, values })),
  async (c) => {
    const created = await createEnvironmentVariable(c.env, c.get("caller"), c.req.valid("json"));
    return created.ok ? c.json(environmentVariableJson(created.row)) : refused(c, created.refusal);
  },
);

environmentVariablesApi.get("/:env_var_id", doc("Get an environment variable", { success: { description: "JSON: the environment variable" }, responses: { 404: "not_found" } }), valid("param", varParam), async (c) => {
  const found = await findEnvironmentVariable(c.env, c.get("caller"), c.req.valid("param").env_var_id);
  return found ? c.json(environmentVariableJson(found)) : apiError(c, 404, "not_found", ENV_VAR_TEXTS.notFound);
});

environmentVariablesApi.patch(
  "/:env_var_id",
  doc("Replace an environment variable's values for the environments given (null removes one, except production); the others stay", {
    success: { description: "JSON: the environment variable" },
    responses: { 400: "secret_not_found, auth_connection_not_found", 404: "not_found", 422: "invalid_environment_variable" },
  }),
  valid("param", varParam),
  valid("json", z.object({ values })),
  async (c) => {
    const updated = await updateEnvironmentVariable(c.env, c.get("caller"), c.req.valid("param").env_var_id, c.req.valid("json").values);
    return updated.ok ? c.json(environmentVariableJson(updated.row)) : refused(c, updated.refusal);
  },
);
