import { describe, expect, it } from "vitest";
import { toolConfigProblem, toolIdsOfPrompt, workspaceTool, WORKSPACE_TOOL_TEXTS } from "./tools";

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
