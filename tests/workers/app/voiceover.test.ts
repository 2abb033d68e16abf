import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import worker, { type VideoEnv } from "../../../queues/video/index";
import { VIDEO_MAX_ATTEMPTS } from "../../../core/sharing/video";
import { soundCredits } from "../../../app/sound-effects/rules/sound-effects";
import { api, createKey, fetcherPost, signUp } from "./helpers";
import { ARIA } from "./billing-helpers";
import { levelDb, readVideo, toneDb, toneVideo, withoutSound } from "./voiceover-video";

const ROGER = "pv02roger00000000000";
const TONE_HZ = 220;

type Project = { project_id: string; clips: { id: string; kind: string; start: number; text: string }[]; original_audio: string; video: { duration_seconds: number; audio_codec: string | null; audio_readable: boolean }; latest_render: Render | null };
type Render = { render_id: string; status: string; progress: number; error: string | null; credits: number; refunded: boolean; video_url: string | null };

async function workspaceOf(key: string): Promise<string> {
  return ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
}

/** A workspace on a plan with allowed_to_use_projects_api (Studio's rule), its key and cookie. */
async function starter(email: string, characterLimit = 30000): Promise<{ key: string; cookie: string; workspace: string }> {
  const cookie = await signUp(email);
  const key = await createKey(cookie);
  const workspace = await workspaceOf(key);
  await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = ? WHERE id = ?").bind(characterLimit, workspace).run();
  return { key, cookie, workspace };
}

const upload = (key: string, bytes: Uint8Array, name = "clip.mp4", type = "video/mp4") => {
  const body = new FormData();
  body.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return api("/v1/voiceover/projects", { method: "POST", key, body });
};
const patch = (key: string, id: string, json: unknown) => api(`/v1/voiceover/projects/${id}`, { method: "PATCH", key, json });
const render = (key: string, id: string) => api(`/v1/voiceover/projects/${id}/render`, { method: "POST", key });
const charged = async (workspace: string) => (await env.DB.prepare("SELECT character_count AS n FROM workspaces WHERE id = ?").bind(workspace).first<{ n: number }>())!.n;
const detail = async (response: Response) => ((await response.json()) as { detail: { status: string; message: string } }).detail;

let delivered = 0;
/** Hands the render's queue message to the video worker's consumer, as the queue would. */
async function deliver(renderId: string, attempts = 1, queue = "video-jobs") {
  const batch = createMessageBatch(queue, [{ id: `vo${++delivered}`, timestamp: new Date(), attempts, body: { version: 1, kind: "voiceover", renderId } }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env as unknown as VideoEnv);
  return getQueueResult(batch, ctx);
}

let video: Uint8Array;
beforeAll(async () => {
  video = await toneVideo(4.5, TONE_HZ);
});

describe("voiceover projects: the API and its rules", () => {
  it("creates a project from a video, reading its length and sound, and refuses what is not a video", async () => {
    const { key } = await starter("vo-create@example.com");
    const created = await upload(key, video, "launch trailer.mp4");
    expect(created.status).toBe(200);
    const project = (await created.json()) as Project & { name: string; video: { width: number; height: number; video_codec: string } };
    expect(project).toMatchObject({ name: "launch trailer", clips: [], original_audio: "duck", latest_render: null, video: { width: 320, height: 320, video_codec: "avc", audio_codec: "mp3", audio_readable: true } });
    expect(Math.abs(project.video.duration_seconds - 4.5)).toBeLessThan(0.1);
    const stored = await api(`/v1/voiceover/projects/${project.project_id}/video`, { key, headers: { range: "bytes=4-7" } });
    expect(stored.status).toBe(206);
    expect(new TextDecoder().decode(await stored.arrayBuffer())).toBe("ftyp");

    const wav = new Uint8Array(44 + 8000);
    wav.set(new TextEncoder().encode("RIFF"), 0);
    wav.set(new TextEncoder().encode("WAVEfmt "), 8);
    const refusals: [Uint8Array, string][] = [
      [new TextEncoder().encode("this is not a video at all"), "invalid_file_type"],
      [wav, "not_a_video"],
      [new Uint8Array(0), "empty_file"],
      [video.slice(0, 2000), "invalid_video"],
    ];
    for (const [bytes, status] of refusals) {
      const refused = await upload(key, bytes);
      expect(refused.status, status).toBe(400);
      expect((await detail(refused)).status).toBe(status);
    }
    const listed = (await (await api("/v1/voiceover/projects", { key })).json()) as { projects: Project[] };
    expect(listed.projects.map((p) => p.project_id)).toEqual([project.project_id]);
  });

  it("checks the timeline: clips inside the video, known voices; the original sound kept only when it can be read", async () => {
    const { key } = await starter("vo-timeline@example.com");
    const project = (await (await upload(key, video)).json()) as Project;
    const id = project.project_id;
    const saved = await patch(key, id, {
      clips: [
        { kind: "effect", start: 3, text: "A door slam", duration_seconds: 1 },
        { kind: "dialogue", start: 0.5, text: "Hello there.", voice_id: ARIA, voice_settings: { speed: 1.1, stability: 0.4 } },
      ],
      original_audio: "keep",
    });
    expect(saved.status).toBe(200);
    const body = (await saved.json()) as Project;
    expect(body.original_audio).toBe("keep");
    expect(body.clips.map((c) => [c.id, c.kind, c.start])).toEqual([
      ["clip_2", "dialogue", 0.5],
      ["clip_1", "effect", 3],
    ]);

    const refusals: [unknown, number, string][] = [
      [{ clips: [{ kind: "dialogue", start: 4.6, text: "Too late.", voice_id: ARIA }] }, 400, "clip_outside_video"],
      [{ clips: [{ kind: "effect", start: 4, text: "Rain", duration_seconds: 2 }] }, 400, "clip_outside_video"],
      [{ clips: [{ kind: "dialogue", start: 1, text: "Who?", voice_id: "no_such_voice" }] }, 400, "voice_not_found"],
    ];
    for (const [json, status, code] of refusals) {
      const refused = await patch(key, id, json);
      expect(refused.status, code).toBe(status);
      expect((await detail(refused)).status).toBe(code);
    }
    expect((await patch(key, id, { clips: [{ kind: "dialogue", start: 1, text: "", voice_id: ARIA }] })).status).toBe(422);
    // Nothing of a refused change was kept.
    expect(((await (await api(`/v1/voiceover/projects/${id}`, { key })).json()) as Project).clips).toHaveLength(2);

    // A video without sound has nothing to keep or duck.
    const silent = (await (await upload(key, await withoutSound(video))).json()) as Project;
    expect(silent).toMatchObject({ original_audio: "drop", video: { audio_codec: null, audio_readable: false } });
    const keep = await patch(key, silent.project_id, { original_audio: "duck" });
    expect(keep.status).toBe(400);
    expect(await detail(keep)).toMatchObject({ status: "original_audio_unavailable", message: "The video has no sound of its own." });
  });

  it("keeps each workspace's projects to itself, gates the API by Studio's plan rule and the project limit", async () => {
    const { key } = await starter("vo-owner@example.com");
    const id = ((await (await upload(key, video)).json()) as Project).project_id;
    const stranger = await starter("vo-stranger@example.com");
    for (const [path, method] of [
      [`/v1/voiceover/projects/${id}`, "GET"],
      [`/v1/voiceover/projects/${id}/video`, "GET"],
      [`/v1/voiceover/projects/${id}/render`, "POST"],
      [`/v1/voiceover/projects/${id}`, "DELETE"],
    ] as const) {
      expect((await api(path, { key: stranger.key, method })).status, `${method} ${path}`).toBe(404);
    }
    expect((await patch(stranger.key, id, { name: "Mine now" })).status).toBe(404);
    expect(((await (await api("/v1/voiceover/projects", { key: stranger.key })).json()) as { projects: unknown[] }).projects).toEqual([]);

    // The free plan has no projects API (allowed_to_use_projects_api), as in Studio; its pages still work.
    const cookie = await signUp("vo-free@example.com");
    const freeKey = await createKey(cookie);
    const refused = await api("/v1/voiceover/projects", { key: freeKey });
    expect(refused.status).toBe(403);
    expect((await detail(refused)).status).toBe("projects_api_not_allowed");
    expect((await api("/app/voiceover-studio", { cookie })).status).toBe(200);
    const body = new FormData();
    body.append("file", new File([video as Uint8Array<ArrayBuffer>], "a.mp4", { type: "video/mp4" }));
    for (let i = 0; i < 3; i++) expect((await api("/v1/voiceover/projects", { method: "POST", cookie, body })).status).toBe(200);
    const over = await api("/v1/voiceover/projects", { method: "POST", cookie, body });
    expect(over.status).toBe(403);
    expect(await detail(over)).toMatchObject({ status: "project_limit_reached", message: "Your plan allows 3 voiceover projects. Delete a project or upgrade your plan to create more." });
  });

  it("refuses a render with no clips, past the quota, or while another runs, charging nothing", async () => {
    const { key, workspace } = await starter("vo-render-refusals@example.com", 20);
    const id = ((await (await upload(key, video)).json()) as Project).project_id;
    const empty = await render(key, id);
    expect(empty.status).toBe(400);
    expect((await detail(empty)).status).toBe("no_clips");
    expect((await patch(key, id, { clips: [{ kind: "dialogue", start: 0, text: "This line has more than twenty characters.", voice_id: ARIA }] })).status).toBe(200);
    const poor = await render(key, id);
    expect(poor.status).toBe(401);
    expect((await detail(poor)).status).toBe("quota_exceeded");
    expect(await charged(workspace)).toBe(0);

    await env.DB.prepare("UPDATE workspaces SET character_limit = 30000 WHERE id = ?").bind(workspace).run();
    const first = await render(key, id);
    expect(first.status).toBe(200);
    const again = await render(key, id);
    expect(again.status).toBe(409);
    expect((await detail(again)).status).toBe("render_in_progress");
    expect(await charged(workspace)).toBe(42);
    // Deleting the project gives a render that has not run its credits back, and removes its media.
    expect((await api(`/v1/voiceover/projects/${id}`, { key, method: "DELETE" })).status).toBe(200);
    expect(await charged(workspace)).toBe(0);
    expect((await env.MEDIA.list({ prefix: `videos/${workspace}/voiceover/${id}/` })).objects).toEqual([]);
    expect((await api(`/v1/voiceover/projects/${id}`, { key })).status).toBe(404);
  });
});

describe("voiceover renders: the video worker", () => {
  it("renders the timeline into the video: the picture untouched, speech and the effect where the clips are, charged once", async () => {
    const { key, workspace } = await starter("vo-render@example.com");
    const created = (await (await upload(key, video)).json()) as Project;
    const id = created.project_id;
    const line = "Hello, I am home now.";
    expect(
      (
        await patch(key, id, {
          clips: [
            { kind: "dialogue", start: 0.6, text: line, voice_id: ROGER },
            { kind: "effect", start: 3.4, text: "A short beep", duration_seconds: 0.8 },
          ],
          original_audio: "drop",
        })
      ).status,
    ).toBe(200);
    const accepted = await render(key, id);
    expect(accepted.status).toBe(200);
    const queued = (await accepted.json()) as Render;
    const credits = [...line].length + soundCredits(0.8);
    expect(queued).toMatchObject({ status: "queued", credits, refunded: false, video_url: null });
    expect(await charged(workspace)).toBe(credits);

    const started = Date.now();
    const result = await deliver(queued.render_id);
    console.log(`voiceover render: 4.5 s of video, a line and an effect, in ${Date.now() - started} ms`);
    expect(result.explicitAcks).toHaveLength(1);
    const done = (await (await api(`/v1/voiceover/projects/${id}/renders/${queued.render_id}`, { key })).json()) as Render;
    expect(done).toMatchObject({ status: "done", progress: 100, error: null });
    const file = await api(`${done.video_url}?download=true`, { key });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("video/mp4");
    expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="clip\.mp4"/);
    const output = await readVideo(new Uint8Array(await file.arrayBuffer()));
    const input = await readVideo(video);

    // The picture: the same packets (bytes, times, key frames) as the upload's: copied, never re-encoded.
    expect(output.videoCodec).toBe("avc");
    expect(output.packets).toEqual(input.packets);
    expect(output.videoSeconds).toBeCloseTo(input.videoSeconds, 3);
    // The new sound lasts as long as the picture (the MP3 encoder's frames round it up a little).
    expect(Math.abs(output.audioSeconds! - input.videoSeconds)).toBeLessThan(0.1);

    // The sound: the dropped original leaves silence; the line is heard from 0.6 s, the effect from 3.4 s.
    const sound = output.sound!;
    console.log(`voiceover levels: before ${levelDb(sound, 0.05, 0.55).toFixed(1)} dB, line ${levelDb(sound, 0.7, 1.6).toFixed(1)} dB, effect ${levelDb(sound, 3.45, 4.1).toFixed(1)} dB, tone ${toneDb(sound, TONE_HZ, 0.05, 0.55).toFixed(1)} dB`);
    expect(levelDb(sound, 0.05, 0.55)).toBeLessThan(-70);
    expect(levelDb(sound, 0.7, 1.6)).toBeGreaterThan(-35);
    expect(levelDb(sound, 3.45, 4.1)).toBeGreaterThan(-45);
    expect(toneDb(sound, TONE_HZ, 0.05, 0.55)).toBeLessThan(-70);

    // Rendering again with nothing changed speaks nothing and charges nothing; an edited line alone is charged.
    const same = (await (await render(key, id)).json()) as Render;
    expect(same.credits).toBe(0);
    const again = Date.now();
    await deliver(same.render_id);
    console.log(`voiceover render again (clips read back from R2): ${Date.now() - again} ms`);
    expect(await charged(workspace)).toBe(credits);
    const edited = "Hello, I am back.";
    const clips = ((await (await api(`/v1/voiceover/projects/${id}`, { key })).json()) as Project).clips;
    expect((await patch(key, id, { clips: clips.map((c) => (c.kind === "dialogue" ? { ...c, text: edited } : c)) })).status).toBe(200);
    const third = (await (await render(key, id)).json()) as Render;
    expect(third.credits).toBe([...edited].length);
    await deliver(third.render_id);
    expect(await charged(workspace)).toBe(credits + [...edited].length);
    expect(((await (await api(`/v1/voiceover/projects/${id}`, { key })).json()) as Project).latest_render).toMatchObject({ render_id: third.render_id, status: "done" });
  });

  it("keeps the original sound and lowers it under the dialogue", async () => {
    const { key } = await starter("vo-duck@example.com");
    const id = ((await (await upload(key, video)).json()) as Project).project_id;
    const outputOf = async (mode: string) => {
      expect((await patch(key, id, { clips: [{ kind: "dialogue", start: 1, text: "Hello, I am home now, and all is well.", voice_id: ROGER }], original_audio: mode })).status).toBe(200);
      const queued = (await (await render(key, id)).json()) as Render;
      await deliver(queued.render_id);
      const done = (await (await api(`/v1/voiceover/projects/${id}/renders/${queued.render_id}`, { key })).json()) as Render;
      return (await readVideo(new Uint8Array(await (await api(done.video_url!, { key })).arrayBuffer()))).sound!;
    };
    const kept = await outputOf("keep");
    const ducked = await outputOf("duck");
    const before = [toneDb(kept, TONE_HZ, 0.2, 0.8), toneDb(ducked, TONE_HZ, 0.2, 0.8)];
    const under = [toneDb(kept, TONE_HZ, 1.3, 2.1), toneDb(ducked, TONE_HZ, 1.3, 2.1)];
    console.log(`voiceover tone before the line: keep ${before[0]!.toFixed(1)} dB, duck ${before[1]!.toFixed(1)} dB; under it: keep ${under[0]!.toFixed(1)} dB, duck ${under[1]!.toFixed(1)} dB`);
    // Away from the line both keep the tone at its level (a 6000-peak sine: about -18.7 dB RMS).
    for (const level of before) expect(Math.abs(level - -18.7)).toBeLessThan(1.5);
    // Under the line the kept tone stays; the ducked one is about 14 dB lower.
    expect(Math.abs(under[0]! - before[0]!)).toBeLessThan(3);
    expect(under[1]! - before[1]!).toBeLessThan(-9);
  });

  it("retries a failing render, then fails it for good and gives its credits back", async () => {
    const { key, workspace } = await starter("vo-fail@example.com");
    const created = (await (await upload(key, video)).json()) as Project;
    const id = created.project_id;
    expect((await patch(key, id, { clips: [{ kind: "dialogue", start: 0, text: "Lost.", voice_id: ARIA }] })).status).toBe(200);
    const queued = (await (await render(key, id)).json()) as Render;
    expect(await charged(workspace)).toBe(5);
    // The video is gone from R2: every delivery fails.
    const project = await env.DB.prepare("SELECT video_key FROM voiceover_projects WHERE id = ?").bind(id).first<{ video_key: string }>();
    await env.MEDIA.delete(project!.video_key);
    const retried = await deliver(queued.render_id);
    expect(retried.retryMessages).toHaveLength(1);
    expect(((await (await api(`/v1/voiceover/projects/${id}/renders/${queued.render_id}`, { key })).json()) as Render).status).toBe("queued");
    await env.DB.prepare("UPDATE voiceover_renders SET attempts = ? WHERE id = ?").bind(VIDEO_MAX_ATTEMPTS - 1, queued.render_id).run();
    const last = await deliver(queued.render_id, VIDEO_MAX_ATTEMPTS);
    expect(last.explicitAcks).toHaveLength(1);
    const failed = (await (await api(`/v1/voiceover/projects/${id}/renders/${queued.render_id}`, { key })).json()) as Render;
    expect(failed).toMatchObject({ status: "failed", refunded: true });
    expect(failed.error).toMatch(/The project's video is gone.*credits were given back/);
    expect(await charged(workspace)).toBe(0);
    // The dead-letter queue's copy changes nothing more.
    await deliver(queued.render_id, 1, "video-jobs-dead");
    expect(await charged(workspace)).toBe(0);
    const events = await env.DB.prepare("SELECT characters FROM usage_events WHERE workspace_id = ? ORDER BY characters").bind(workspace).all<{ characters: number }>();
    expect(events.results.map((e) => e.characters)).toEqual([-5, 5]);
  });
});

describe("/app/voiceover-studio", () => {
  it("lists the workspace's projects and saves the timeline from the editor, with the rule's reason when it refuses", async () => {
    const cookie = await signUp("vo-pages@example.com");
    const body = new FormData();
    body.append("file", new File([video as Uint8Array<ArrayBuffer>], "Page video.mp4", { type: "video/mp4" }));
    const created = (await (await api("/v1/voiceover/projects", { method: "POST", cookie, body })).json()) as Project;
    const list = await api("/app/voiceover-studio", { cookie });
    expect(await list.text()).toContain("Page video");
    const path = `/app/voiceover-studio/${created.project_id}`;
    const clips = (start: number) => JSON.stringify([{ id: "clip_1", kind: "dialogue", start, text: "From the page.", voice_id: ARIA }]);
    const late = await fetcherPost(path, { intent: "save", name: "Page video", original_audio: "duck", clips: clips(9) }, cookie);
    expect(late.status).toBe(400);
    expect(JSON.stringify(late)).toContain("starts after the video ends");
    const saved = await fetcherPost(path, { intent: "save", name: "Renamed", original_audio: "keep", clips: clips(1) }, cookie);
    expect(saved.status).toBe(200);
    const page = await (await api(path, { cookie })).text();
    expect(page).toContain("Renamed");
    expect(page).toContain("From the page.");
  });
});
