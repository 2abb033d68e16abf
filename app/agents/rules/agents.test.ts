import { describe, expect, it } from "vitest";
import { agentSettings, AGENT_DEFAULTS, htmlText, htmlTitle, mergeJson, newConversationConfig, readableFileKind } from "./agents";

describe("agent configuration", () => {
  it("fills a new agent's defaults under what was sent, and reads them back", () => {
    const config = newConversationConfig({ agent: { first_message: "Hi there", prompt: { prompt: "Be kind." } } });
    const settings = agentSettings(config, { evaluation: { criteria: [{ id: "c1", name: "Kind", conversation_goal_prompt: "Greet the user" }] } });
    expect(settings).toMatchObject({ firstMessage: "Hi there", prompt: "Be kind.", language: "en", voiceId: AGENT_DEFAULTS.voiceId, llm: AGENT_DEFAULTS.llm, knowledgeBase: [], textOnly: false });
    expect(settings.criteria).toEqual([{ id: "c1", name: "Kind", goal: "Greet the user" }]);
  });

  it("merges a patch: objects key by key, lists replaced, null removes", () => {
    expect(mergeJson({ a: { b: 1, c: [1, 2] }, d: 1 }, { a: { c: [3] }, d: null, e: "x" })).toEqual({ a: { b: 1, c: [3] }, e: "x" });
  });

  it("caps the maximum duration", () => {
    expect(agentSettings(newConversationConfig({ conversation: { max_duration_seconds: 99999 } }), {}).maxDurationSeconds).toBe(3600);
  });
});

describe("documents", () => {
  it("reads the text and title of HTML", () => {
    const html = "<html><head><title>Shop &amp; Co</title><style>p{}</style></head><body><h1>Hours</h1><p>Open at nine.</p><script>x()</script></body></html>";
    expect(htmlText(html)).toBe("Shop & Co\n\nHours\n\nOpen at nine.");
    expect(htmlTitle(html)).toBe("Shop & Co");
  });

  it("knows which uploads it can read", () => {
    expect(readableFileKind("notes.MD")).toBe("text");
    expect(readableFileKind("page.html")).toBe("html");
    expect(readableFileKind("scan.pdf")).toBeNull();
  });
});
