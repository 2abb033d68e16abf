import { env, SELF } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { fromBase64 } from "../../../core/base64";
import { api, createKey, ORIGIN, signUp } from "./helpers";

const ARIA = "pv01aria000000000000";
const GIULIA = "pv11giulia0000000000";
type Challenge = { challenge_id: string; image: string; audio_url: string; expires_at_unix: number; attempts: number };
let key: string;

async function control(voiceId: string, safetyControl: "BAN" | "CAPTCHA") {
  await env.DB.prepare("UPDATE voices SET safety_control = ? WHERE voice_id = ?").bind(safetyControl, voiceId).run();
}
async function characterCount(): Promise<number> {
  return ((await (await api("/v1/user/subscription", { key })).json()) as { character_count: number }).character_count;
}

async function newChallenge(apiKey?: string, cookie?: string): Promise<Challenge> {
  const response = await api(`/v1/voices/${GIULIA}/captcha`, { method: "POST", key: apiKey, cookie });
  expect(response.status).toBe(200);
  return (await response.json()) as Challenge;
}
function solve(apiKey: string | undefined, challengeId: string, answer: string, cookie?: string) {
  return api(`/v1/voices/${GIULIA}/captcha/${challengeId}`, { method: "POST", key: apiKey, cookie, json: { answer } });
}
/** What a person reads in the picture (the test reads it where the server keeps it). */
async function answerOf(challengeId: string): Promise<string> {
  return (await env.DB.prepare("SELECT answer FROM voice_captcha_challenges WHERE id = ?").bind(challengeId).first<string>("answer"))!;
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

  it("refuse a CAPTCHA voice on every generation path until the workspace has passed its check, charging nothing", async () => {
    await control(GIULIA, "CAPTCHA");
    const before = await characterCount();
    const speech = { text: "Checked voices wait for a person." };
    const attempts: [string, unknown][] = [
      [`/v1/text-to-speech/${GIULIA}`, speech],
      [`/v1/text-to-speech/${GIULIA}/stream`, speech],
      [`/v1/text-to-speech/${GIULIA}/with-timestamps`, speech],
      [`/v1/text-to-speech/${GIULIA}/stream/with-timestamps`, speech],
      ["/v1/text-to-dialogue", { inputs: [{ text: "Hello.", voice_id: ARIA }, { text: "Ciao.", voice_id: GIULIA }] }],
      ["/v1/text-to-dialogue/stream", { inputs: [{ text: "Ciao.", voice_id: GIULIA }] }],
      ["/v1/audio/speech", { model: "tts-1", input: "Ciao.", voice: GIULIA }],
    ];
    for (const [path, json] of attempts) {
      const response = await api(path, { method: "POST", key, json });
      expect([path, response.status]).toEqual([path, 403]);
      const body = (await response.json()) as { detail: { status: string; message: string; voice_id: string } } | { error: { code: string; message: string; param: string } };
      // The OpenAI-compatible route answers in OpenAI's shape (decision 0027).
      if ("error" in body) expect(body.error).toMatchObject({ code: "voice_captcha_required", param: "voice" });
      else expect(body.detail).toMatchObject({ status: "voice_captcha_required", voice_id: GIULIA });
      expect("error" in body ? body.error.message : body.detail.message).toContain(`/v1/voices/${GIULIA}/captcha`);
    }
    expect(await characterCount()).toBe(before);
    // Other voices are not affected.
    expect((await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: speech })).status).toBe(200);
  });

  it("let a person pass the check through the API: an image challenge (and its audio), three tries, then a pass for the workspace", async () => {
    await control(GIULIA, "CAPTCHA");
    const challenge = await newChallenge(key);
    // The characters are drawn, never written: the document holds paths, not the answer.
    const svg = new TextDecoder().decode(fromBase64(challenge.image.replace("data:image/svg+xml;base64,", "")));
    const answer = await answerOf(challenge.challenge_id);
    expect(svg).toMatch(/^<svg[^>]*>.*<path d="M/);
    expect(svg).not.toMatch(/<text|<title|<desc/);
    expect(svg).not.toContain(answer);
    expect(challenge).toMatchObject({ attempts: 3, audio_url: `${ORIGIN}/v1/voices/${GIULIA}/captcha/${challenge.challenge_id}/audio` });
    const audio = await api(new URL(challenge.audio_url).pathname, { key });
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/mpeg");
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(10_000);

    const wrong = await solve(key, challenge.challenge_id, "WRONG");
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ detail: { status: "captcha_incorrect", attempts_left: 2 } });
    // Case and spaces do not matter, as in the page.
    const right = await solve(key, challenge.challenge_id, ` ${answer.toLowerCase().split("").join(" ")} `);
    expect(right.status).toBe(200);
    const passed = (await right.json()) as { status: string; valid_until_unix: number };
    expect(passed.status).toBe("ok");
    expect(passed.valid_until_unix - Math.floor(Date.now() / 1000)).toBeGreaterThan(12 * 3600 - 60);
    // Consumed: the same challenge cannot be answered twice.
    expect((await solve(key, challenge.challenge_id, answer)).status).toBe(404);

    const spoken = await api(`/v1/text-to-speech/${GIULIA}/stream`, { method: "POST", key, json: { text: "Ora posso parlare." } });
    expect(spoken.status).toBe(200);
    await spoken.arrayBuffer();
    expect((await api("/v1/text-to-dialogue", { method: "POST", key, json: { inputs: [{ text: "Ciao.", voice_id: GIULIA }] } })).status).toBe(200);

    // The pass is this workspace's alone, and it ends.
    const strangerKey = await createKey(await signUp("captcha-stranger@example.com"));
    expect((await api(`/v1/text-to-speech/${GIULIA}`, { method: "POST", key: strangerKey, json: { text: "Not mine." } })).status).toBe(403);
    expect((await solve(strangerKey, challenge.challenge_id, answer)).status).toBe(404);
    expect((await api(new URL(challenge.audio_url).pathname, { key: strangerKey })).status).toBe(404);
    await env.DB.prepare("UPDATE voice_captcha_passes SET valid_until = 1 WHERE voice_id = ?").bind(GIULIA).run();
    expect((await api(`/v1/text-to-speech/${GIULIA}`, { method: "POST", key, json: { text: "Expired." } })).status).toBe(403);
  });

  it("use a challenge up after three wrong answers, and let the page's session take the same steps", async () => {
    await control(GIULIA, "CAPTCHA");
    const cookie = await signUp("captcha-page@example.com");
    const challenge = await newChallenge(undefined, cookie);
    const answer = await answerOf(challenge.challenge_id);
    for (const left of [2, 1, 0]) {
      const wrong = await solve(undefined, challenge.challenge_id, "nope", cookie);
      expect(await wrong.json()).toMatchObject({ detail: { status: "captcha_incorrect", attempts_left: left } });
    }
    expect((await solve(undefined, challenge.challenge_id, answer, cookie)).status).toBe(404);
    // A new challenge replaces the used one, and the session's answer gives the workspace its pass.
    const next = await newChallenge(undefined, cookie);
    expect((await solve(undefined, next.challenge_id, await answerOf(next.challenge_id), cookie)).status).toBe(200);
    const spoken = await api(`/v1/text-to-speech/${GIULIA}`, { method: "POST", cookie, json: { text: "Dalla pagina." } });
    expect(spoken.status).toBe(200);
    await spoken.arrayBuffer();
  });

  it("answer the challenge routes plainly for voices without a check, blocked and unknown ones", async () => {
    await control(GIULIA, "BAN");
    const ask = (voiceId: string) => api(`/v1/voices/${voiceId}/captcha`, { method: "POST", key });
    expect(await (await ask(ARIA)).json()).toMatchObject({ detail: { status: "voice_captcha_not_required" } });
    expect((await ask(GIULIA)).status).toBe(403);
    expect((await ask("no_such_voice")).status).toBe(404);
    expect((await solve(key, "not-a-uuid", "ABCDE")).status).toBe(422);
  });

  it("keep restricted voices out of the visitors' try-it box, and blocked voices out of the public previews", async () => {
    const tryIt = (voiceId: string) =>
      SELF.fetch(`${ORIGIN}/v1/try-it`, { method: "POST", headers: { origin: ORIGIN, "content-type": "application/json", "x-parlance-client-ip": "203.0.113.91" }, body: JSON.stringify({ text: "Hi", voice_id: voiceId }) });
    await control(GIULIA, "CAPTCHA");
    expect(await (await tryIt(GIULIA)).json()).toMatchObject({ detail: { status: "voice_captcha_required" } });
    const offered = (html: string) => [...html.matchAll(/<option value="(pv[0-9a-z]+)"/g)].map((match) => match[1]);
    expect(offered(await (await SELF.fetch(`${ORIGIN}/languages/italian`)).text())).toEqual(["pv12marco00000000000"]);
    expect(offered(await (await SELF.fetch(`${ORIGIN}/`)).text())).not.toContain(GIULIA);
    // A CAPTCHA voice's fixed preview stays public (the page asks the check before playing it).
    expect((await api("/v1/voices/previews/voice_preview_giulia.mp3")).status).toBe(200);
    await control(GIULIA, "BAN");
    expect(await (await tryIt(GIULIA)).json()).toMatchObject({ detail: { status: "voice_blocked" } });
    expect((await api("/v1/voices/previews/voice_preview_giulia.mp3")).status).toBe(403);
  });
});
