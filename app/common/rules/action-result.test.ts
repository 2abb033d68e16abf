import { describe, expect, it } from "vitest";
import { actionFailure, isActionFailure } from "./action-result";

describe("action failures", () => {
  it("answer the status and text a toast shows, with that HTTP status", async () => {
    const response = actionFailure(403, "Only workspace admins can change this setting.");
    expect(response.status).toBe(403);
    const body = await response.json();
    expect(body).toEqual({ error: { status: 403, message: "Only workspace admins can change this setting." } });
    expect(isActionFailure(body)).toBe(true);
  });
  it("are told apart from an action's other answers", () => {
    for (const data of [undefined, null, "error", { status: "ok" }, { error: "Unknown action" }, { error: { status: "403", message: "x" } }, { intent: "x", message: null }]) {
      expect(isActionFailure(data), JSON.stringify(data)).toBe(false);
    }
  });
});
