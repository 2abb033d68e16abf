// Dubbing over /v1/dubbing: a clip spoken by the platform's own voices (two speakers, a background hum) dubbed
// from English into Spanish by the queue pipeline with the embedded engines (RNNoise, PocketSphinx, the
// rule-based translator, espeak-ng); its progress, audio, subtitles and charge; every refusal with nothing
// charged or stored; a failing dub refunded; another workspace's dubs invisible.
import { createMessageBatch, env } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { wavFile } from "../../../core/audio/wav";
import { decodeMp3 } from "../../../core/audio/mp3-decoder";
import { dubbingCredits } from "../../../core/dubbing/dub-rules";
import { consumeDubbingJobs } from "../../../queues/dubbing/pipeline";
import type { DubbingMessage } from "~/dubbing/dubbing.server";
import { api, createKey, installSpeechToTextModel, signUp } from "./helpers";
import { twoSpeakerClip, upload } from "./dubbing-clip";

beforeAll(installSpeechToTextModel);

async function workspaceState(key: string) {
  const { workspace_id } = (await (await api("/v1/workspace", { key })).json()) as { workspace_id: string };
  const state = await env.DB.prepare(`SELECT character_count AS charged, (SELECT count(*) FROM dubs WHERE workspace_id = ?1) AS dubs FROM workspaces WHERE id = ?1`)
    .bind(workspace_id)
    .first<{ charged: number; dubs: number }>();
  const objects = await env.MEDIA.list({ prefix: `dubs/${workspace_id}/` });
  return {
    ...state!,
    objects: objects.objects.length,
    workspaceId: workspace_id,
  };
}

type Dub = {
  dubbing_id: string;
  status: string;
  error: string | null;
  refunded: boolean;
  progress: number;
  progress_message: string;
  target_languages: string[];
  source_language?: string;
  media_metadata: { content_type: string; duration: number };
};

async function finished(key: string, id: string): Promise<Dub> {
  const seen = new Set<string>();
  for (let i = 0; i < 600; i++) {
    const dub = (await (await api(`/v1/dubbing/${id}`, { key })).json()) as Dub;
    seen.add(dub.progress_message);
    if (dub.status !== "dubbing") {
      console.log(`progress messages seen: ${[...seen].join(" > ")}`);
      return dub;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the dub did not finish");
}

describe("/v1/dubbing", () => {
  it("dubs a two-speaker English clip into Spanish: progress, audio of the same length, subtitles, one charge; other workspaces see nothing", async () => {
    const key = await createKey(await signUp("dub-good@example.com"));
    const { wav, seconds } = await twoSpeakerClip();
    const created = await api("/v1/dubbing", {
      method: "POST",
      key,
      body: upload(wav, {
        source_lang: "auto",
        target_lang: "es",
        num_speakers: "0",
      }),
    });
    expect(created.status).toBe(200);
    const { dubbing_id: id, expected_duration_sec } = (await created.json()) as {
      dubbing_id: string;
      expected_duration_sec: number;
    };
    expect(expected_duration_sec).toBeGreaterThan(0);
    const dub = await finished(key, id);
    expect(dub).toMatchObject({
      status: "dubbed",
      error: null,
      refunded: false,
      progress: 1,
      target_languages: ["es"],
      source_language: "en",
      media_metadata: { content_type: "audio/wav" },
    });
    expect(dub.media_metadata.duration).toBeCloseTo(seconds, 1);

    const audio = await api(`/v1/dubbing/${id}/audio/es`, { key });
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/mpeg");
    const decoded = await decodeMp3(new Uint8Array(await audio.arrayBuffer()));
    expect(decoded.samples.length / decoded.sampleRate).toBeGreaterThan(seconds - 0.2);

    const source = await api(`/v1/dubbing/${id}/transcript/source?format_type=srt&as_file=true`, { key });
    expect(source.status).toBe(200);
    const sourceSrt = await source.text();
    // The SDK's wire format: the subtitles as a JSON string.
    const spanish = (await (await api(`/v1/dubbing/${id}/transcript/es?format_type=webvtt`, { key })).json()) as string;
    console.log(`source subtitles:\n${sourceSrt}\nSpanish subtitles:\n${spanish}`);
    expect(sourceSrt).toMatch(/^1\n00:00:0\d,\d{3} --> 00:00:0\d,\d{3}\n\S/);
    expect(spanish.startsWith("WEBVTT\n\n")).toBe(true);
    const json = (await (await api(`/v1/dubbing/${id}/transcripts/es/format/json`, { key })).json()) as {
      json: {
        language: string;
        utterances: { text: string; speaker_id: string }[];
      };
    };
    expect(json.json.language).toBe("es");
    expect(json.json.utterances.length).toBeGreaterThan(0);
    // The studio's view of the same dub: segments with their source and translation, and the speakers found.
    const segments = (await env.DB.prepare("SELECT segments, speakers, outputs FROM dubs WHERE id = ?").bind(id).first<{ segments: string; speakers: string; outputs: string }>())!;
    const lines = JSON.parse(segments.outputs).es.lineDurations as {
      segment: number;
      line: number;
    }[];
    for (const line of lines) expect(Math.abs(line.line - line.segment)).toBeLessThan(0.01);
    console.log(`speakers: ${segments.speakers}`);

    const state = await workspaceState(key);
    expect(state.charged).toBe(dubbingCredits(seconds));
    const listed = (await (await api("/v1/dubbing?dubbing_status=dubbed", { key })).json()) as { dubs: Dub[]; has_more: boolean };
    expect(listed.dubs.map((d) => d.dubbing_id)).toEqual([id]);

    const other = await createKey(await signUp("dub-other@example.com"));
    expect((await api(`/v1/dubbing/${id}`, { key: other })).status).toBe(404);
    expect((await api(`/v1/dubbing/${id}/audio/es`, { key: other })).status).toBe(404);
    expect((await api(`/v1/dubbing/${id}/transcript/es`, { key: other })).status).toBe(404);
    expect((await api(`/v1/dubbing/${id}`, { method: "DELETE", key: other })).status).toBe(404);
    expect(
      (
        (await (await api("/v1/dubbing", { key: other })).json()) as {
          dubs: Dub[];
        }
      ).dubs,
    ).toEqual([]);

    // The spec's dub path goes to the dub's page.
    const redirect = await api(`/v1/dubs/${id}`, { key, redirect: "manual" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe(`/app/dubbing/${id}`);

    expect((await api(`/v1/dubbing/${id}`, { method: "DELETE", key })).status).toBe(200);
    expect((await api(`/v1/dubbing/${id}`, { key })).status).toBe(404);
    expect((await workspaceState(key)).objects).toBe(0);
  }, 120_000);

  it("refuses bad input with a clear 4xx, charging and storing nothing", async () => {
    const cookie = await signUp("dub-bad@example.com");
    const key = await createKey(cookie);
    const { wav } = await twoSpeakerClip();
    const cases: [FormData, number, string][] = [
      [
        upload(new TextEncoder().encode("not audio at all, just text"), {
          target_lang: "es",
        }),
        400,
        "invalid_file_type",
      ],
      [upload(wav.slice(0, 20), { target_lang: "es" }), 400, "invalid_audio"],
      [upload(wav, { target_lang: "es" }, "text/plain", "talk.txt"), 400, "invalid_file_type"],
      [upload(wav, { source_lang: "en", target_lang: "en" }), 400, "same_language"],
      [upload(wav, { target_lang: "xx" }), 400, "invalid_language"],
      [upload(wav, { source_lang: "zz", target_lang: "es" }), 400, "invalid_language"],
      // Filipino: a dubbing language the speech engine does not speak (Japanese now is: decision 0059).
      [upload(wav, { target_lang: "fil" }), 422, "unsupported_language"],
      [upload(wav, { target_lang: "es", dubbing_studio: "true" }), 403, "can_not_use_dubbing_studio"],
      [upload(wav, { target_lang: "es", start_time: "5", end_time: "2" }), 400, "invalid_range"],
      [
        upload(wavFile(new Int16Array(16000 * 61), 16000), {
          target_lang: "es",
        }),
        400,
        "audio_too_long",
      ],
    ];
    for (const [body, status, code] of cases) {
      const response = await api("/v1/dubbing", { method: "POST", key, body });
      const detail = (
        (await response.json()) as {
          detail: { status: string; message: string };
        }
      ).detail;
      expect([response.status, detail.status], detail.message).toEqual([status, code]);
    }
    const missing = await api("/v1/dubbing", {
      method: "POST",
      key,
      body: upload(wav, {}),
    });
    expect(missing.status).toBe(422);
    const state = await workspaceState(key);
    expect(state).toMatchObject({ charged: 0, dubs: 0, objects: 0 });
  }, 60_000);

  it("marks a dub whose media has no speech failed, with its error, and refunds its charge", async () => {
    const key = await createKey(await signUp("dub-fail@example.com"));
    const silence = wavFile(new Int16Array(16000 * 3), 16000);
    const created = await api("/v1/dubbing", { method: "POST", key, body: upload(silence, { target_lang: "es" }) });
    expect(created.status).toBe(200);
    const { dubbing_id: id } = (await created.json()) as { dubbing_id: string };
    const { workspaceId, charged } = await workspaceState(key);
    expect(charged).toBe(dubbingCredits(3));
    // The consumer is run here on the queued message: in this pool a queue message sent by a later test is not
    // delivered after an earlier test's dub (the queue's own delivery, if it comes, finds the dub finished).
    const batch = createMessageBatch<DubbingMessage>("dubbing-jobs", [{ id: "m1", timestamp: new Date(), attempts: 1, body: { version: 1, workspaceId, dubId: id } }]);
    await consumeDubbingJobs(batch, env);
    const dub = (await (await api(`/v1/dubbing/${id}`, { key })).json()) as Dub;
    expect(dub).toMatchObject({ status: "failed", refunded: true });
    expect(dub.error).toMatch(/No speech was found/);
    expect((await workspaceState(key)).charged).toBe(0);
    expect((await api(`/v1/dubbing/${id}/audio/es`, { key })).status).toBe(404);
    expect((await api(`/v1/dubbing/${id}/transcript/es`, { key })).status).toBe(425);
    const usage = await env.DB.prepare("SELECT sum(characters) AS net FROM usage_events WHERE workspace_id = ?").bind(workspaceId).first<{ net: number }>();
    expect(usage!.net).toBe(0);
  }, 60_000);

  it("dubs from a source_url on a public host, with the upload's checks; refuses private hosts, other schemes and both inputs", async () => {
    const key = await createKey(await signUp("dub-url@example.com"));
    const silence = wavFile(new Int16Array(16000 * 2), 16000);
    // A stand-in for the outside web site, only inside this test: the app worker runs in the test's isolate, so
    // its outbound fetch to media.example is answered here.
    const pages: Record<string, () => Response> = {
      "https://media.example/share/quiet%20room.wav": () => new Response(null, { status: 302, headers: { location: "https://cdn.media.example/quiet%20room.wav" } }),
      "https://cdn.media.example/quiet%20room.wav": () => new Response(silence as Uint8Array<ArrayBuffer>, { headers: { "content-type": "audio/wav" } }),
      "https://media.example/page.html": () => new Response("<html>not media</html>", { headers: { "content-type": "text/html" } }),
      "https://media.example/to-metadata": () => new Response(null, { status: 301, headers: { location: "http://169.254.169.254/latest/meta-data" } }),
      "https://media.example/huge.mp4": () => new Response("x", { headers: { "content-type": "video/mp4", "content-length": String(300 * 1000 * 1000) } }),
    };
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes("media.example")) return Promise.resolve(pages[url]?.() ?? new Response("gone", { status: 404 }));
      return realFetch(input, init);
    });
    const fromUrl = (url: string, extra: Record<string, string> = {}) => {
      const body = new FormData();
      body.append("source_url", url);
      body.append("target_lang", "es");
      for (const [k, v] of Object.entries(extra)) body.append(k, v);
      return body;
    };
    const created = await api("/v1/dubbing", { method: "POST", key, body: fromUrl("https://media.example/share/quiet%20room.wav") });
    expect(created.status).toBe(200);
    const { dubbing_id: id } = (await created.json()) as { dubbing_id: string };
    const dub = (await (await api(`/v1/dubbing/${id}`, { key })).json()) as Dub & { name: string };
    expect(dub).toMatchObject({ name: "quiet room", media_metadata: { content_type: "audio/wav", duration: 2 } });
    const { charged, objects } = await workspaceState(key);
    expect([charged, objects]).toEqual([dubbingCredits(2), 1]);

    const withFile = upload(silence, { target_lang: "es", source_url: "https://media.example/share/quiet%20room.wav" });
    const cases: [FormData, string][] = [
      [fromUrl("http://localhost:8787/clip.wav"), "invalid_source_url"],
      [fromUrl("http://10.0.0.7/clip.wav"), "invalid_source_url"],
      [fromUrl("http://[::1]/clip.wav"), "invalid_source_url"],
      [fromUrl("ftp://media.example/clip.wav"), "invalid_source_url"],
      [fromUrl("https://media.example/to-metadata"), "invalid_source_url"],
      [fromUrl("https://media.example/missing.wav"), "source_url_unreachable"],
      [fromUrl("https://media.example/page.html"), "invalid_file_type"],
      [fromUrl("https://media.example/huge.mp4"), "file_too_large"],
      [withFile, "file_and_source_url"],
    ];
    for (const [body, code] of cases) {
      const response = await api("/v1/dubbing", { method: "POST", key, body });
      const detail = ((await response.json()) as { detail: { status: string; message: string } }).detail;
      expect([response.status, detail.status], detail.message).toEqual([400, code]);
    }
    // Nothing more charged or stored by the refusals.
    expect(await workspaceState(key)).toMatchObject({ charged: dubbingCredits(2), dubs: 1, objects: 1 });
    expect((await api(`/v1/dubbing/${id}`, { method: "DELETE", key })).status).toBe(200);
  }, 60_000);
});

afterEach(() => vi.restoreAllMocks());
