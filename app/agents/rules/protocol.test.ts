import { describe, expect, it } from "vitest";
import { closeReason, parseClientMessage } from "./protocol";

describe("parseClientMessage", () => {
  it("reads the initiation overrides, text, context and audio", () => {
    expect(parseClientMessage(JSON.stringify({ type: "conversation_initiation_client_data", conversation_config_override: { agent: { first_message: "Hi", language: "de" }, conversation: { text_only: true } } }))).toEqual({
      ok: true,
      message: { kind: "init", firstMessage: "Hi", language: "de", prompt: undefined, textOnly: true },
    });
    expect(parseClientMessage(JSON.stringify({ type: "user_message", text: "hello" }))).toEqual({ ok: true, message: { kind: "text", text: "hello" } });
    expect(parseClientMessage(JSON.stringify({ user_audio_chunk: btoa("\x01\x00\x02\x00") }))).toEqual({ ok: true, message: { kind: "audio", pcm: new Uint8Array([1, 0, 2, 0]) } });
    expect(parseClientMessage(JSON.stringify({ type: "user_activity" }))).toEqual({ ok: true, message: { kind: "ignored" } });
  });

  it("refuses what is malformed, with a reason", () => {
    expect(parseClientMessage("not json")).toEqual({ ok: false, error: "Messages must be JSON objects." });
    expect(parseClientMessage(JSON.stringify({ user_audio_chunk: "!!" }))).toMatchObject({ ok: false });
    expect(parseClientMessage(JSON.stringify({ user_audio_chunk: btoa("\x01") }))).toMatchObject({ ok: false });
    expect(parseClientMessage(JSON.stringify({ type: "dance" }))).toEqual({ ok: false, error: "Unknown message type: dance." });
  });
});

describe("closeReason", () => {
  it("keeps a short reason and cuts a long one to the 123 bytes a close frame holds, never inside a character", () => {
    expect(closeReason("Agent not found.")).toBe("Agent not found.");
    const long = closeReason("é".repeat(100));
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(123);
    expect(long).toMatch(/^é+…$/);
  });
});
