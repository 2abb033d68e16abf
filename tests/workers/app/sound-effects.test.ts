import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { decodeMp3 } from "../../../core/audio/mp3-decoder";
import { api, createKey, signUp } from "./helpers";

async function workspaceId(key: string): Promise<string> {
  return ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
}

async function counts(workspace: string): Promise<{ charged: number; items: number; usage: number }> {
  const row = await env.DB.prepare(
    `SELECT (SELECT character_count FROM workspaces WHERE id = ?1) AS charged,
            (SELECT count(*) FROM sound_generations WHERE workspace_id = ?1) AS items,
            (SELECT count(*) FROM usage_events WHERE workspace_id = ?1) AS usage`,
  )
    .bind(workspace)
    .first<{ charged: number; items: number; usage: number }>();
  return row!;
}

const generate = (key: string, json: unknown, query = "") => api(`/v1/sound-generation${query}`, { method: "POST", key, json });

describe("POST /v1/sound-generation", () => {
  it("makes an MP3 of the asked duration, keeps it in history and charges 20 credits a second", async () => {
    const key = await createKey(await signUp("sfx-good@example.com"));
    const workspace = await workspaceId(key);
    const response = await generate(key, { text: "Heavy rain on a tin roof", duration_seconds: 2.5, prompt_influence: 0.6 });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    expect(response.headers.get("x-sound-recipes")).toBe("rain");
    const id = response.headers.get("sound-generation-history-item-id")!;
    const { samples, sampleRate } = await decodeMp3(new Uint8Array(await response.arrayBuffer()));
    expect(samples.length / sampleRate).toBeGreaterThan(2.4);
    expect(samples.length / sampleRate).toBeLessThan(2.7);
    expect(await counts(workspace)).toEqual({ charged: 50, items: 1, usage: 1 });
    const usage = await env.DB.prepare("SELECT source, voice_name, characters FROM usage_events WHERE id = ?").bind(id).first();
    expect(usage).toEqual({ source: "SFX", voice_name: "Sound effects", characters: 50 });

    const history = (await (await api("/v1/sound-generation/history", { key })).json()) as { history: { sound_generation_history_item_id: string; text: string; duration_seconds: number; credits: number; loop: boolean }[] };
    expect(history.history).toHaveLength(1);
    expect(history.history[0]).toMatchObject({ sound_generation_history_item_id: id, text: "Heavy rain on a tin roof", duration_seconds: 2.5, credits: 50, loop: false });
    const audio = await api(`/v1/sound-generation/history/${id}/audio`, { key });
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/mpeg");
  });

  it("chooses the duration when none is given, loops, answers the format asked for, and repeats a seed exactly", async () => {
    const key = await createKey(await signUp("sfx-auto@example.com"));
    const click = await generate(key, { text: "a mouse click" }, "?output_format=pcm_16000");
    expect(click.status).toBe(200);
    expect((await click.arrayBuffer()).byteLength).toBe(16000 * 0.5 * 2);
    const a = await generate(key, { text: "wind", duration_seconds: 1, loop: true, seed: 42, model_id: "eleven_text_to_sound_v2" }, "?output_format=pcm_22050");
    const b = await generate(key, { text: "wind", duration_seconds: 1, loop: true, seed: 42 }, "?output_format=pcm_22050");
    expect(new Uint8Array(await a.arrayBuffer())).toEqual(new Uint8Array(await b.arrayBuffer()));
  });

  it.each([
    ["empty text", { text: "  " }, ""],
    ["too long text", { text: "rain ".repeat(100) }, ""],
    ["duration too short", { text: "rain", duration_seconds: 0.2 }, ""],
    ["duration too long", { text: "rain", duration_seconds: 23 }, ""],
    ["prompt influence out of range", { text: "rain", prompt_influence: 1.5 }, ""],
    ["unknown output format", { text: "rain" }, "?output_format=wav_9"],
    ["text missing", { duration_seconds: 2 }, ""],
  ])("refuses %s with 422, charging and keeping nothing", async (_, body, query) => {
    const key = await createKey(await signUp(`sfx-bad-${Math.random().toString(36).slice(2)}@example.com`));
    const workspace = await workspaceId(key);
    const response = await generate(key, body, query);
    expect(response.status).toBe(422);
    const detail = ((await response.json()) as { detail: { loc: string[]; msg: string }[] }).detail;
    expect(detail[0]!.msg).toBeTruthy();
    expect(await counts(workspace)).toEqual({ charged: 0, items: 0, usage: 0 });
  });

  it("refuses an unknown model, a format above the plan and an exhausted quota, charging nothing", async () => {
    const key = await createKey(await signUp("sfx-refused@example.com"));
    const workspace = await workspaceId(key);
    expect((await generate(key, { text: "rain", model_id: "no_such_model" })).status).toBe(400);
    const format = await generate(key, { text: "rain" }, "?output_format=pcm_44100");
    expect(format.status).toBe(403);
    expect(((await format.json()) as { detail: { status: string } }).detail.status).toBe("output_format_not_allowed");
    await env.DB.prepare("UPDATE workspaces SET character_count = character_limit - 10 WHERE id = ?").bind(workspace).run();
    const quota = await generate(key, { text: "rain", duration_seconds: 1 });
    expect(quota.status).toBe(401);
    expect(((await quota.json()) as { detail: { status: string } }).detail.status).toBe("quota_exceeded");
    const after = await counts(workspace);
    expect([after.items, after.usage]).toEqual([0, 0]);
  });

  it("needs credentials and never shows another workspace's items", async () => {
    expect((await api("/v1/sound-generation", { method: "POST", json: { text: "rain" } })).status).toBe(401);
    const owner = await createKey(await signUp("sfx-owner@example.com"));
    const id = (await generate(owner, { text: "a short beep" })).headers.get("sound-generation-history-item-id")!;
    const other = await createKey(await signUp("sfx-other@example.com"));
    expect(((await (await api("/v1/sound-generation/history", { key: other })).json()) as { history: unknown[] }).history).toEqual([]);
    expect((await api(`/v1/sound-generation/history/${id}/audio`, { key: other })).status).toBe(404);
  });
});
