import { describe, expect, it } from "vitest";
import {
  ENV_VAR_TEXTS,
  environmentOf,
  fillTemplates,
  newEnvVar,
  readEnvVarCursor,
  envVarCursor,
  templateLabels,
  toolEnvLabels,
  updatedValues,
  urlForCheck,
  valueFor,
  valuesJson,
  withEnvironmentVariables,
  type ResolvedEnvVar,
} from "./environment-variables";
import { agentTools, toolsProblem, type WebhookTool } from "./llm";

const tool = (over: Partial<WebhookTool> = {}): WebhookTool => ({
  kind: "webhook",
  name: "orders",
  description: "",
  url: "https://api.example.com/orders",
  method: "GET",
  headers: {},
  authConnectionId: null,
  authConnectionEnvLabel: null,
  pathParams: [],
  queryParams: [],
  timeoutSeconds: 20,
  parameters: {},
  ...over,
});

describe("environment variables", () => {
  it("takes a label that {{system_env__<label>}} can name, production always, each value of the type", () => {
    expect(newEnvVar("string", "api_host", { production: "api", staging: "staging.api" })).toEqual({ ok: true, values: { production: "api", staging: "staging.api" } });
    expect(newEnvVar("secret", "api_key", { production: { secret_id: "secret_1" } })).toEqual({ ok: true, values: { production: "secret_1" } });
    expect(newEnvVar("auth_connection", "crm", { production: { auth_connection_id: "conn_1" } })).toEqual({ ok: true, values: { production: "conn_1" } });
    expect(newEnvVar("string", "api host", { production: "x" })).toEqual({ ok: false, message: ENV_VAR_TEXTS.labelInvalid });
    expect(newEnvVar("string", "api_host", { staging: "x" })).toEqual({ ok: false, message: ENV_VAR_TEXTS.productionMissing });
    expect(newEnvVar("string", "api_host", { production: 3 })).toEqual({ ok: false, message: ENV_VAR_TEXTS.valueInvalid("string", "production") });
    expect(newEnvVar("secret", "api_key", { production: "plain text" })).toEqual({ ok: false, message: ENV_VAR_TEXTS.valueInvalid("secret", "production") });
    expect(newEnvVar("string", "api_host", { production: "x", "stag ing": "y" })).toEqual({ ok: false, message: ENV_VAR_TEXTS.environmentInvalid("stag ing") });
  });

  it("updates the environments given, removes one set to null, never production", () => {
    const current = { production: "api", staging: "staging.api" };
    expect(updatedValues("string", current, { dev: "dev.api", staging: null })).toEqual({ ok: true, values: { production: "api", dev: "dev.api" } });
    expect(updatedValues("string", current, { production: "api2" })).toEqual({ ok: true, values: { production: "api2", staging: "staging.api" } });
    expect(updatedValues("string", current, { production: null })).toEqual({ ok: false, message: ENV_VAR_TEXTS.productionRemoved });
    expect(updatedValues("secret", { production: "s1" }, { staging: "text" })).toEqual({ ok: false, message: ENV_VAR_TEXTS.valueInvalid("secret", "staging") });
  });

  it("answers values in the SDK's shape per type, only the filtered environment when asked", () => {
    expect(valuesJson("secret", { production: "s1", staging: "s2" })).toEqual({ production: { secret_id: "s1" }, staging: { secret_id: "s2" } });
    expect(valuesJson("auth_connection", { production: "c1" })).toEqual({ production: { auth_connection_id: "c1" } });
    expect(valuesJson("string", { production: "a", staging: "b" }, "staging")).toEqual({ staging: "b" });
  });

  it("resolves an environment's own value, else production's", () => {
    expect(valueFor({ production: "a", staging: "b" }, "staging")).toBe("b");
    expect(valueFor({ production: "a" }, "dev")).toBe("a");
    expect(environmentOf(undefined)).toBe("production");
    expect(environmentOf("staging")).toBe("staging");
    expect(environmentOf("no/such")).toBeNull();
  });

  it("fills {{system_env__<label>}} references, naming the first without a value", () => {
    expect(templateLabels("https://{{system_env__host}}.example.com/{{ system_env__path }}/{{system_env__host}}")).toEqual(["host", "path"]);
    expect(fillTemplates("https://{{system_env__host}}.example.com", new Map([["host", "staging.api"]]))).toEqual({ ok: true, text: "https://staging.api.example.com" });
    expect(fillTemplates("{{system_env__a}}{{system_env__b}}", new Map([["a", "1"]]))).toEqual({ ok: false, label: "b" });
    expect(templateLabels("{{user_name}} {{system__agent_id}}")).toEqual([]);
  });

  it("checks a templated URL with stand-ins: scheme first, a host reference checked at the call", () => {
    expect(urlForCheck("https://{{system_env__host}}/v1")).toEqual({ url: "https://example.com/v1", schemeFirst: true });
    expect(urlForCheck("https://api.example.com/{{system_env__path}}")).toEqual({ url: "https://api.example.com/x", schemeFirst: true });
    expect(urlForCheck("{{system_env__base}}/v1").schemeFirst).toBe(false);
    const prompt = (url: string) => ({ tools: [{ type: "webhook", name: "t", api_schema: { url } }] });
    expect(toolsProblem(prompt("https://{{system_env__host}}.example.com/v1"), false)).toBeNull();
    expect(toolsProblem(prompt("{{system_env__base}}/v1"), false)).toBe(ENV_VAR_TEXTS.urlTemplateFirst("t"));
    expect(toolsProblem(prompt("https://localhost/{{system_env__path}}"), false)).not.toBeNull();
  });

  it("reads a tool's references: URL, header text, {env_var_label} headers and auth connection", () => {
    const [read] = agentTools({
      tools: [
        {
          type: "webhook",
          name: "orders",
          api_schema: { url: "https://{{system_env__host}}/orders", request_headers: { "x-key": { env_var_label: "api_key" }, "x-env": "env {{system_env__name}}" }, auth_connection: { env_var_label: "crm" } },
        },
      ],
    });
    expect(read).toMatchObject({ headers: { "x-key": { envVarLabel: "api_key" } }, authConnectionEnvLabel: "crm" });
    expect(toolEnvLabels(read as WebhookTool)).toEqual(["host", "api_key", "name", "crm"]);
  });

  it("puts the values into a call, and fails it on a missing, gone or ill-fitting variable", () => {
    const vars = new Map<string, ResolvedEnvVar>([
      ["host", { type: "string", value: "staging.api.example.com" }],
      ["api_key", { type: "secret", value: "sk-staging" }],
      ["crm", { type: "auth_connection", value: "conn_2" }],
      ["gone", { type: "secret", value: undefined }],
    ]);
    const base = tool({ url: "https://{{system_env__host}}/orders", headers: { authorization: "Bearer {{system_env__api_key}}", "x-key": { envVarLabel: "api_key" }, "x-secret": { secretId: "s1" } }, authConnectionEnvLabel: "crm" });
    const done = withEnvironmentVariables(base, vars);
    expect(done).toEqual({
      ok: true,
      tool: { ...base, url: "https://staging.api.example.com/orders", headers: { authorization: "Bearer sk-staging", "x-key": "sk-staging", "x-secret": { secretId: "s1" } }, authConnectionId: "conn_2", authConnectionEnvLabel: null },
    });
    expect(withEnvironmentVariables(tool({ url: "https://{{system_env__nope}}/x" }), vars)).toEqual({ ok: false, text: ENV_VAR_TEXTS.missingAtCall("orders", "nope") });
    expect(withEnvironmentVariables(tool({ headers: { a: { envVarLabel: "gone" } } }), vars)).toEqual({ ok: false, text: ENV_VAR_TEXTS.valueGone("orders", "gone") });
    expect(withEnvironmentVariables(tool({ headers: { a: "{{system_env__crm}}" } }), vars)).toEqual({ ok: false, text: ENV_VAR_TEXTS.wrongTypeAtCall("orders", "crm", "auth_connection") });
    expect(withEnvironmentVariables(tool({ authConnectionEnvLabel: "host" }), vars)).toEqual({ ok: false, text: ENV_VAR_TEXTS.wrongTypeAtCall("orders", "host", "string") });
  });

  it("pages by creation time and id", () => {
    expect(readEnvVarCursor(envVarCursor({ createdAt: 1700000000000, id: "envvar_a_b" }))).toEqual({ createdAt: 1700000000000, id: "envvar_a_b" });
    expect(readEnvVarCursor("nonsense")).toBeNull();
    expect(readEnvVarCursor(undefined)).toBeNull();
  });
});
