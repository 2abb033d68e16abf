import { describe, expect, it } from "vitest";
import { headerRowsFromForm, headerRowsOf, headersFromRows, parseParamsSchema, toolConfigProblem, toolIdsOfPrompt, TOOL_HEADER_VALUE_MAX_CHARS, TOOL_HEADERS_MAX, TOOL_SCHEMA_MAX_CHARS, TOOLS_PAGE_TEXTS, TYPED_HEADER_SOURCE, workspaceTool, WORKSPACE_TOOL_TEXTS } from "./tools";

const weather = { type: "webhook", name: "weather", description: "Forecast", api_schema: { url: "https://api.example.com/weather", method: "GET" } };

describe("workspace tools", () => {
  it("keeps webhook, client and system tools with a proper name and a public URL", () => {
    expect(toolConfigProblem(weather, false)).toBeNull();
    expect(toolConfigProblem({ type: "client", name: "open_page", description: "" }, false)).toBeNull();
    expect(toolConfigProblem({ type: "mcp", name: "x" }, false)).toEqual({ status: "invalid_tool", message: WORKSPACE_TOOL_TEXTS.badType });
    expect(toolConfigProblem({ ...weather, name: "has space" }, false)?.status).toBe("invalid_tool");
    expect(toolConfigProblem({ ...weather, api_schema: {} }, false)?.message).toBe(WORKSPACE_TOOL_TEXTS.webhookNeedsUrl);
    expect(toolConfigProblem({ ...weather, api_schema: { url: "https://10.0.0.1/x" } }, false)?.status).toBe("invalid_tool_url");
  });

  it("reads the ids an agent references and runs a workspace tool as the inline tool it would be, with its id", () => {
    expect(toolIdsOfPrompt({ tool_ids: ["t1", "t1", "", 3, "t2"] })).toEqual(["t1", "t2"]);
    expect(workspaceTool("t1", weather)).toMatchObject({ id: "t1", kind: "webhook", name: "weather", url: "https://api.example.com/weather" });
    expect(workspaceTool("t2", { type: "system", name: "end_call" })).toBeNull();
  });
});

describe("a tool's headers on the page", () => {
  it("reads stored headers as rows and rows back as headers, skipping rows without a name", () => {
    const rows = headerRowsOf({ Accept: "application/json", "x-key": { secret_id: "secret_1" }, odd: 3 });
    expect(rows).toEqual([
      { name: "Accept", secretId: "", value: "application/json" },
      { name: "x-key", secretId: "secret_1", value: "" },
    ]);
    expect(headersFromRows([...rows, { name: " ", secretId: "", value: "" }])).toEqual({ ok: true, headers: { Accept: "application/json", "x-key": { secret_id: "secret_1" } } });
    expect(headerRowsOf(null)).toEqual([]);
    expect(headerRowsOf(["x"])).toEqual([]);
  });

  it("reads the form's numbered rows, a typed value's source being TYPED_HEADER_SOURCE", () => {
    const form = new FormData();
    form.set("header_name_0", "Accept");
    form.set("header_secret_0", TYPED_HEADER_SOURCE);
    form.set("header_value_0", "text/plain");
    form.set("header_name_1", "x-key");
    form.set("header_secret_1", "secret_9");
    expect(headerRowsFromForm(form)).toEqual([
      { name: "Accept", secretId: "", value: "text/plain" },
      { name: "x-key", secretId: "secret_9", value: "" },
    ]);
  });

  it("refuses bad names, duplicates in any case, missing or multi-line values, too many headers", () => {
    const typed = (name: string, value = "v") => ({ name, secretId: "", value });
    expect(headersFromRows([typed("x key")])).toEqual({ ok: false, message: TOOLS_PAGE_TEXTS.headerNameInvalid("x key") });
    expect(headersFromRows([typed("Accept"), typed("accept")])).toEqual({ ok: false, message: TOOLS_PAGE_TEXTS.headerDuplicate("accept") });
    expect(headersFromRows([typed("Accept", " ")])).toEqual({ ok: false, message: TOOLS_PAGE_TEXTS.headerValueMissing("Accept") });
    expect(headersFromRows([typed("Accept", "a\nb")])).toEqual({ ok: false, message: TOOLS_PAGE_TEXTS.headerValueInvalid("Accept") });
    expect(headersFromRows([typed("Accept", "v".repeat(TOOL_HEADER_VALUE_MAX_CHARS + 1))])).toEqual({ ok: false, message: TOOLS_PAGE_TEXTS.headerValueInvalid("Accept") });
    expect(headersFromRows(Array.from({ length: TOOL_HEADERS_MAX + 1 }, (_, i) => typed(`h${i}`)))).toEqual({ ok: false, message: TOOLS_PAGE_TEXTS.headersTooMany });
  });
});

describe("a tool's parameter schemas on the page", () => {
  it("takes a JSON schema object with properties, none for an empty box, and refuses anything else", () => {
    const schema = { type: "object", properties: { order: { type: "string" } }, required: ["order"] };
    expect(parseParamsSchema(JSON.stringify(schema), "body parameters")).toEqual({ ok: true, schema });
    expect(parseParamsSchema("  \n ", "body parameters")).toEqual({ ok: true, schema: null });
    expect(parseParamsSchema("{order: string}", "body parameters")).toEqual({ ok: false, message: TOOLS_PAGE_TEXTS.schemaNotJson("body parameters") });
    for (const bad of ["[]", '"text"', "{}", '{"properties": []}', '{"type": "string", "properties": {}}']) {
      expect(parseParamsSchema(bad, "query parameters")).toEqual({ ok: false, message: TOOLS_PAGE_TEXTS.schemaNotObject("query parameters") });
    }
    expect(parseParamsSchema(`{"properties": {}, "x": "${"y".repeat(TOOL_SCHEMA_MAX_CHARS)}"}`, "body parameters")).toEqual({ ok: false, message: TOOLS_PAGE_TEXTS.schemaTooLong("body parameters") });
  });
});
