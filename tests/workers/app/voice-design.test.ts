import { env } from "cloudflare:test";
import { describe, expect, it as test } from "vitest";
import { api, createKey, signUp } from "./helpers";

/** Each design synthesizes three previews: these tests take seconds, not milliseconds. */
const it = (name: string, fn: () => Promise<void>) => test(name, fn, 60_000);

const DESCRIPTION = "A deep, calm British man with a warm voice";
const ARIA = "pv01aria000000000000";

type Preview = { generated_voice_id: string; audio_base_64: string; media_type: string; duration_secs: number; language: string };
type Previews = { previews: Preview[]; text: string };

async function design(key: string, body: Record<string, unknown> = { voice_description: DESCRIPTION }, path = "/v1/text-to-voice/create-previews") {
  return api(path, { method: "POST", key, json: body });
}

async function previewsOf(key: string, body?: Record<string, unknown>): Promise<Previews> {
  const response = await design(key, body);
  expect(response.status).toBe(200);
  return response.json();
}

function save(key: string, generated_voice_id: string, voice_name = "Designed") {
  return api("/v1/text-to-voice", { method: "POST", key, json: { voice_name, voice_description: DESCRIPTION, generated_voice_id, labels: { use_case: "narration" } } });
}

describe("POST /v1/text-to-voice/create-previews and /design", () => {
  it("answer three distinct playable previews from a description, the same for the same seed", async () => {
    const key = await createKey(await signUp("designer@example.com"));
    const first = await previewsOf(key, { voice_description: DESCRIPTION, seed: 11 });
    expect(first.previews).toHaveLength(3);
    expect(first.text.length).toBeGreaterThanOrEqual(100);
    for (const preview of first.previews) {
      expect(preview).toMatchObject({ media_type: "audio/mpeg", language: "en" });
      expect(preview.generated_voice_id).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(preview.duration_secs).toBeGreaterThan(3);
      expect(atob(preview.audio_base_64).length).toBeGreaterThan(5000);
    }
    expect(new Set(first.previews.map((p) => p.audio_base_64)).size).toBe(3);

    const again = (await (await design(key, { voice_description: DESCRIPTION, seed: 11 }, "/v1/text-to-voice/design")).json()) as Previews;
    expect(again.previews.map((p) => p.audio_base_64).join() === first.previews.map((p) => p.audio_base_64).join()).toBe(true);
    expect(again.previews[0]!.generated_voice_id).not.toBe(first.previews[0]!.generated_voice_id);

    const stream = await api(`/v1/text-to-voice/${first.previews[0]!.generated_voice_id}/stream`, { key });
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toBe("audio/mpeg");
    expect((await stream.arrayBuffer()).byteLength).toBe(atob(first.previews[0]!.audio_base_64).length);
  });

  it("say the caller's text and speak the language the description names", async () => {
    const key = await createKey(await signUp("designer-text@example.com"));
    const text = "Bonjour à tous. Je suis une voix conçue à partir de quelques mots, et je lis ce texte pour que vous puissiez m'entendre.";
    const result = await previewsOf(key, { voice_description: "A lively young French woman, high and fast", text });
    expect(result.text).toBe(text);
    expect(result.previews.every((p) => p.language === "fr")).toBe(true);
  });

  test("speak every accent and variant the designer can choose (the engine knows each voice it names)", async () => {
    const key = await createKey(await signUp("designer-accents@example.com"));
    const descriptions = [
      "a latin american man, raspy and old",
      "a new yorker woman, breathy",
      "a posh english man, whispering",
      "a scottish woman, robotic and flat",
      "a caribbean man, robotic voice",
      "a british old woman, raspy",
      "a german woman, warm and bright",
      "a belgian man, breathy and warm",
      "a swiss woman, whispering softly",
      "a parisian man, bright and old",
      "a brazilian woman, old and breathy",
      "a portuguese man, deep and warm",
      "a castilian woman, raspy and high",
      "an italian man, bright and fast",
    ];
    for (const voice_description of descriptions) {
      const response = await design(key, { voice_description, text: "One two three four five six seven eight nine ten. ".repeat(3) });
      expect(response.status, voice_description).toBe(200);
    }
  }, 300_000);

  it("refuse a missing, too short or too long description and a text outside 100 to 1000 characters (422)", async () => {
    const key = await createKey(await signUp("designer-bad@example.com"));
    expect((await design(key, {})).status).toBe(422);
    expect((await design(key, { voice_description: "" })).status).toBe(422);
    const short = await design(key, { voice_description: "deep man" });
    expect(short.status).toBe(422);
    expect(JSON.stringify(await short.json())).toContain("at least 20 characters");
    expect((await design(key, { voice_description: "a deep voice ".repeat(100) })).status).toBe(422);
    expect((await design(key, { voice_description: DESCRIPTION, text: "Too short." })).status).toBe(422);
    expect((await design(key, { voice_description: DESCRIPTION, text: "word ".repeat(300) })).status).toBe(422);
    expect((await api("/v1/text-to-voice/create-previews", { method: "POST", json: { voice_description: DESCRIPTION } })).status).toBe(401);
  });
});

describe("POST /v1/text-to-voice", () => {
  it("saves a preview as a generated voice that lists and speaks, once", async () => {
    const key = await createKey(await signUp("designer-save@example.com"));
    const { previews } = await previewsOf(key);
    const response = await save(key, previews[1]!.generated_voice_id, "Edmund");
    expect(response.status).toBe(200);
    const voice = (await response.json()) as { voice_id: string; name: string; category: string; labels: Record<string, string>; description: string };
    expect(voice).toMatchObject({ name: "Edmund", category: "generated", description: DESCRIPTION });
    expect(voice.labels).toMatchObject({ gender: "male", accent: "british", use_case: "narration" });

    const listed = (await (await api("/v1/voices", { key })).json()) as { voices: { voice_id: string; category: string }[] };
    expect(listed.voices.find((v) => v.voice_id === voice.voice_id)?.category).toBe("generated");
    // The chosen preview is the voice's own private preview, served to its owner only.
    const preview = await api(`/v1/voices/${voice.voice_id}/preview`, { key });
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("audio/mpeg");
    expect(new Uint8Array(await preview.arrayBuffer())).toEqual(Uint8Array.from(atob(previews[1]!.audio_base_64), (c) => c.charCodeAt(0)));

    const speak = async (voiceId: string) => {
      const r = await api(`/v1/text-to-speech/${voiceId}?output_format=pcm_22050`, { method: "POST", key, json: { text: "Good evening, and welcome.", seed: 3 } });
      expect(r.status).toBe(200);
      return Buffer.from(await r.arrayBuffer());
    };
    const designed = await speak(voice.voice_id);
    expect(designed.byteLength).toBeGreaterThan(10000);
    expect(designed.equals(await speak(ARIA))).toBe(false);

    // The preview is used up: a second save of it finds nothing.
    expect((await save(key, previews[1]!.generated_voice_id)).status).toBe(404);
  });

  it("refuses an unknown, expired or another workspace's generated_voice_id (404)", async () => {
    const key = await createKey(await signUp("designer-ids@example.com"));
    const other = await createKey(await signUp("designer-other@example.com"));
    const { previews } = await previewsOf(key);
    const unknown = await save(key, "NoSuchGeneratedVoice");
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { detail: { status: string } }).detail.status).toBe("generated_voice_not_found");

    expect((await save(other, previews[0]!.generated_voice_id)).status).toBe(404);
    expect((await api(`/v1/text-to-voice/${previews[0]!.generated_voice_id}/stream`, { key: other })).status).toBe(404);

    await env.DB.prepare("UPDATE generated_voices SET expires_at = unixepoch() - 1 WHERE generated_voice_id = ?").bind(previews[2]!.generated_voice_id).run();
    expect((await save(key, previews[2]!.generated_voice_id)).status).toBe(404);
    expect((await api(`/v1/text-to-voice/${previews[2]!.generated_voice_id}/stream`, { key })).status).toBe(404);

    // The preview that was neither expired nor taken still saves for its own workspace.
    expect((await save(key, previews[0]!.generated_voice_id)).status).toBe(200);
  });

  it("refuses a voice over the plan's custom voice limit (free: 3)", async () => {
    const key = await createKey(await signUp("designer-limit@example.com"));
    const first = await previewsOf(key);
    const second = await previewsOf(key);
    const ids = [...first.previews, ...second.previews].map((p) => p.generated_voice_id);
    for (const id of ids.slice(0, 3)) expect((await save(key, id)).status).toBe(200);
    const over = await save(key, ids[3]!);
    expect(over.status).toBe(400);
    expect(((await over.json()) as { detail: { status: string; message: string } }).detail).toMatchObject({ status: "voice_limit_reached", message: expect.stringContaining("(3)") });
  });

  it("refuses a body without name or id (422)", async () => {
    const key = await createKey(await signUp("designer-body@example.com"));
    expect((await api("/v1/text-to-voice", { method: "POST", key, json: { voice_description: DESCRIPTION, generated_voice_id: "x" } })).status).toBe(422);
    expect((await api("/v1/text-to-voice", { method: "POST", key, json: { voice_name: "A", voice_description: DESCRIPTION } })).status).toBe(422);
  });
});

describe("POST /v1/text-to-voice/{voice_id}/remix", () => {
  it("remixes a usable voice as the description says, and refuses another workspace's or an unknown one", async () => {
    const key = await createKey(await signUp("remixer@example.com"));
    const other = await createKey(await signUp("remixer-other@example.com"));
    const remix = (voiceId: string, k = key) => api(`/v1/text-to-voice/${voiceId}/remix`, { method: "POST", key: k, json: { voice_description: "Make the voice higher and much faster", seed: 4 } });
    const response = await remix(ARIA);
    expect(response.status).toBe(200);
    const { previews } = (await response.json()) as Previews;
    expect(previews).toHaveLength(3);
    const saved = (await (await save(key, previews[0]!.generated_voice_id, "Aria remix")).json()) as { voice_id: string };

    expect((await remix(saved.voice_id, other)).status).toBe(404);
    expect((await remix("NoSuchVoice")).status).toBe(404);
    expect((await remix(saved.voice_id)).status).toBe(200);
  });
});
