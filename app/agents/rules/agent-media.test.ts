import { describe, expect, it } from "vitest";
import { AGENT_MEDIA_NAME, agentMediaPath, avatarName, avatarType, avatarUrlOf, holdAudioOf, holdAudioPcmKey, mediaInUse, withoutReadOnlySettings } from "./agent-media";

const bytes = (...values: (number | string)[]) => new Uint8Array(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));

describe("an agent's media", () => {
  it("knows an avatar's type by its bytes, never by its name or declared type", () => {
    expect(avatarType(bytes(0x89, "PNG\r\n"))).toBe("image/png");
    expect(avatarType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(avatarType(bytes("GIF89a"))).toBe("image/gif");
    expect(avatarType(bytes("RIFF", 0, 0, 0, 0, "WEBP"))).toBe("image/webp");
    expect(avatarType(bytes("RIFF", 0, 0, 0, 0, "WAVE"))).toBeNull();
    expect(avatarType(bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(avatarType(new Uint8Array())).toBeNull();
  });

  it("names files so that the public route takes only them, and serves only what the settings name", () => {
    const name = avatarName("abc123", "image/webp");
    expect(name).toBe("avatar-abc123.webp");
    expect(AGENT_MEDIA_NAME.test(name)).toBe(true);
    expect(AGENT_MEDIA_NAME.test("hold-abc.pcm")).toBe(false);
    expect(AGENT_MEDIA_NAME.test("../secret.png")).toBe(false);
    const platform = {
      widget: { avatar: { type: "image", url: `https://p.example${agentMediaPath("agent_1", name)}` } },
      queueing_config: { hold_audio: { audio_path: "agent-media/agent_1/hold-x.mp3", audio_url: "https://p.example/convai/agent-media/agent_1/hold-x.mp3", original_filename: "x.mp3", duration_secs: 3, size_bytes: 9 } },
    };
    expect(avatarUrlOf(platform)).toBe(platform.widget.avatar.url);
    expect(holdAudioOf(platform)?.original_filename).toBe("x.mp3");
    expect(holdAudioPcmKey("agent-media/agent_1/hold-x.mp3")).toBe("agent-media/agent_1/hold-x.pcm");
    expect(mediaInUse(platform, name)).toBe(true);
    expect(mediaInUse(platform, "hold-x.mp3")).toBe(true);
    expect(mediaInUse(platform, "avatar-old.png")).toBe(false);
    expect(avatarUrlOf({ widget: { avatar: { type: "orb" } } })).toBeNull();
  });

  it("takes the read-only hold audio out of what a create or update sends, keeping the rest", () => {
    expect(withoutReadOnlySettings({ queueing_config: { enabled: true, hold_audio: { audio_url: "x" } }, widget: {} })).toEqual({ queueing_config: { enabled: true }, widget: {} });
    const untouched = { widget: { variant: "compact" } };
    expect(withoutReadOnlySettings(untouched)).toBe(untouched);
    expect(withoutReadOnlySettings(undefined)).toBeUndefined();
  });
});
