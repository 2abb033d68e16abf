import { env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { api, createKey, signUp } from "./helpers";

const ARIA = "pv01aria000000000000";
let key: string;

async function control(voiceId: string, safetyControl: "BAN" | "CAPTCHA") {
  await env.DB.prepare("UPDATE voices SET safety_control = ? WHERE voice_id = ?").bind(safetyControl, voiceId).run();
}
async function characterCount(): Promise<number> {
  return ((await (await api("/v1/user/subscription", { key })).json()) as { character_count: number }).character_count;
}

beforeAll(async () => {
  key = await createKey(await signUp("safety@example.com"));
});
afterEach(async () => {
  await env.DB.prepare("UPDATE voices SET safety_control = NULL").run();
});

describe("voice safety controls", () => {
  it("are null for an unrestricted voice and shown on every voice endpoint once set", async () => {
    const before = (await (await api(`/v1/voices/${ARIA}`, { key })).json()) as { safety_control: string | null };
    expect(before.safety_control).toBeNull();
    await control(ARIA, "CAPTCHA");
    const single = (await (await api(`/v1/voices/${ARIA}`, { key })).json()) as { safety_control: string | null };
    expect(single.safety_control).toBe("CAPTCHA");
    const v1 = (await (await api("/v1/voices", { key })).json()) as { voices: { voice_id: string; safety_control: string | null }[] };
    expect(v1.voices.find((v) => v.voice_id === ARIA)!.safety_control).toBe("CAPTCHA");
    expect(v1.voices.filter((v) => v.safety_control !== null)).toHaveLength(1);
    const v2 = (await (await api("/v2/voices?page_size=100", { key })).json()) as { voices: { voice_id: string; safety_control: string | null }[] };
    expect(v2.voices.find((v) => v.voice_id === ARIA)!.safety_control).toBe("CAPTCHA");
  });

  it("refuse a blocked voice with 403 voice_blocked, charging nothing", async () => {
    await control(ARIA, "BAN");
    const before = await characterCount();
    const response = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text: "Blocked voices make no speech." } });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { detail: { status: string } }).detail.status).toBe("voice_blocked");
    expect(await characterCount()).toBe(before);
  });

  it("let a CAPTCHA voice generate (the check happens in the browser)", async () => {
    await control(ARIA, "CAPTCHA");
    const response = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text: "Checked voices still speak." } });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  });
});
