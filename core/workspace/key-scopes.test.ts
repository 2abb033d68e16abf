import { describe, expect, it } from "vitest";
import { keyCapPeriodStart, keyMayCall, requiredKeyScope } from "./key-scopes";

describe("API key scopes", () => {
  it("maps each route to the scope it needs, reads and changes apart", () => {
    expect(requiredKeyScope("POST", "/v1/text-to-speech/abc/stream")).toBe("text_to_speech");
    expect(requiredKeyScope("GET", "/v1/voices")).toBe("voices_read");
    expect(requiredKeyScope("DELETE", "/v1/voices/abc")).toBe("voices_write");
    expect(requiredKeyScope("POST", "/v1/voices/add")).toBe("create_instant_voice_clone");
    expect(requiredKeyScope("POST", "/v1/voices/add/pub/voice")).toBe("add_voice_from_voice_library");
    expect(requiredKeyScope("GET", "/v1/history")).toBe("speech_history_read");
    expect(requiredKeyScope("DELETE", "/v1/history/x")).toBe("speech_history_write");
    expect(requiredKeyScope("POST", "/v1/workspace/webhooks")).toBe("webhooks_write");
    expect(requiredKeyScope("GET", "/v1/workspace")).toBe("workspace_read");
    expect(requiredKeyScope("GET", "/v1/workspaces-other")).toBeNull();
    expect(requiredKeyScope("POST", "/create-checkout-session")).toBeNull();
  });

  it("a speech-only key may speak and nothing else; a full-access key may do all", () => {
    const speechOnly = ["text_to_speech"];
    expect(keyMayCall(speechOnly, "POST", "/v1/text-to-speech/v1")).toEqual({ ok: true });
    expect(keyMayCall(speechOnly, "POST", "/v1/voices/add")).toEqual({ ok: false, scope: "create_instant_voice_clone" });
    expect(keyMayCall(speechOnly, "POST", "/create-checkout-session")).toEqual({ ok: false, scope: null });
    expect(keyMayCall(null, "POST", "/v1/voices/add")).toEqual({ ok: true });
  });

  it("any key may disable itself, and only that", () => {
    expect(keyMayCall(["text_to_speech"], "POST", "/v1/workspaces/api-keys/disable")).toEqual({ ok: true });
    expect(keyMayCall(["text_to_speech"], "POST", "/v1/workspaces/api-keys/third-party-disabling")).toEqual({ ok: false, scope: null });
  });

  it("caps count from the first of the month, UTC", () => {
    expect(keyCapPeriodStart(Date.UTC(2026, 10, 24, 18, 0) / 1000)).toBe(Date.UTC(2026, 10, 1) / 1000);
  });
});
