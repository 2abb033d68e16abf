import { describe, expect, it } from "vitest";
import { coverage, judgeResponse, judgeToolCalls, parameterMatches, scriptedUserLines, valueAt } from "./agent-tests";

describe("judging a response", () => {
  it("passes a response that says what a success example says, and not one closer to a failure example", () => {
    const test = { successExamples: ["Delivery takes three working days."], failureExamples: ["I don't know. Nothing I have been given answers that."] };
    expect(judgeResponse("Delivery takes three working days.", test).result).toBe("success");
    expect(judgeResponse("I don't know. Nothing I have been given answers that.", test).result).toBe("failure");
    expect(judgeResponse("", test)).toMatchObject({ result: "failure", rationale: { summary: "No response to judge." } });
  });

  it("judges a success condition by its key words, leaving out words about the agent", () => {
    expect(coverage("The shop opens at nine.", "The agent says the shop opens at nine", new Set(["agent", "say"]))).toBe(1);
    expect(judgeResponse("The shop opens at nine in the morning.", { successCondition: "The agent says when the shop opens", successExamples: [], failureExamples: [] }).result).toBe("success");
    expect(judgeResponse("Delivery is free.", { successCondition: "The agent says when the shop opens", successExamples: [], failureExamples: [] }).result).toBe("failure");
  });
});

describe("judging tool calls", () => {
  const call = { name: "order_status", arguments: { order: { id: "A-123" }, notify: true } };

  it("reads nested parameters and checks them exactly or by pattern", () => {
    expect(valueAt({ items: [{ sku: "x" }] }, "items[0].sku")).toBe("x");
    expect(parameterMatches(call.arguments, { path: "order.id", eval: { type: "exact", expected_value: "A-123" } }).ok).toBe(true);
    expect(parameterMatches(call.arguments, { path: "order.id", eval: { type: "regex", pattern: "^B" } }).ok).toBe(false);
    expect(parameterMatches(call.arguments, { path: "missing", eval: { type: "anything" } })).toEqual({ ok: false, message: "missing was not sent." });
  });

  it("passes the expected call, fails a missing or extra one, and verifies absence", () => {
    const expected = { toolName: "order_status", verifyAbsence: false, parameters: [{ path: "order.id", eval: { type: "exact" as const, expected_value: "A-123" } }], anyMatch: false };
    expect(judgeToolCalls([call], expected).result).toBe("success");
    expect(judgeToolCalls([], expected).rationale.summary).toBe("order_status was not called.");
    expect(judgeToolCalls([call, { name: "other", arguments: {} }], expected).result).toBe("failure");
    expect(judgeToolCalls([call, { name: "other", arguments: {} }], { ...expected, anyMatch: true }).result).toBe("success");
    expect(judgeToolCalls([], { ...expected, verifyAbsence: true }).result).toBe("success");
  });
});

describe("the scripted simulated user", () => {
  it("says its first message, then the sentences of its instructions", () => {
    expect(scriptedUserLines("Hi.", "How long does delivery take? Is it free above fifty euros?")).toEqual(["Hi.", "How long does delivery take?", "Is it free above fifty euros?"]);
    expect(scriptedUserLines(null, "")).toEqual([]);
  });
});
