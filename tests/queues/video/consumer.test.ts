import { Mp3Encoder } from "@breezystack/lamejs";
import { createMessageBatch, createExecutionContext, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import worker, { type VideoEnv } from "../../../queues/video/index";
import { VIDEO_MAX_ATTEMPTS, videoKey } from "../../../core/sharing/video";
import { TWO_SECONDS_OPUS_BASE64 } from "./two-seconds-opus";

const testEnv = env as unknown as VideoEnv;
const WORKSPACE = "ws_video_test";

/** A second of a 300 Hz tone, a second of silence, a second of a quieter tone, as stored MP3. */
function storedMp3(): Uint8Array {
  const rate = 44100;
  const pcm = Int16Array.from({ length: rate * 3 }, (_, i) => {
    const amplitude = [9000, 0, 3000][Math.floor(i / rate)]!;
    return Math.round(amplitude * Math.sin((2 * Math.PI * 300 * i) / rate));
  });
  const encoder = new Mp3Encoder(1, rate, 128);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < pcm.length; i += 1152) parts.push(encoder.encodeBuffer(pcm.subarray(i, i + 1152)));
  parts.push(encoder.flush());
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

let counter = 0;
async function seedItem(options: { withAudio?: boolean; format?: string; audio?: Uint8Array } = {}) {
  const id = `item_${++counter}`;
  await testEnv.DB.prepare("INSERT OR IGNORE INTO workspaces (id, name, owner_id) VALUES (?, 'Video test', 'user_1')").bind(WORKSPACE).run();
  const audioKey = `audio/${WORKSPACE}/${id}.mp3`;
  const audio = options.audio ?? storedMp3();
  if (options.withAudio !== false) await testEnv.MEDIA.put(audioKey, audio);
  await testEnv.DB.prepare(
    `INSERT INTO history_items (id, workspace_id, user_id, request_id, voice_id, voice_name, voice_category, model_id, text, date_unix, character_count_change_from, character_count_change_to, content_type, output_format, settings, source, audio_key, audio_bytes, duration_ms)
     VALUES (?, ?, 'user_1', 'req', 'pv01aria000000000000', 'Aria', 'premade', 'parlance_multilingual_v1', 'A share video of this text.', 0, 0, 27, 'audio/mpeg', ?, '{}', 'TTS', ?, ?, 3000)`,
  )
    .bind(id, WORKSPACE, options.format ?? "mp3_44100_128", audioKey, audio.byteLength)
    .run();
  const jobId = `vid_${id}`;
  await testEnv.DB.prepare("INSERT INTO video_jobs (id, history_item_id, workspace_id, theme) VALUES (?, ?, ?, 'colour')").bind(jobId, id, WORKSPACE).run();
  return { id, jobId };
}

async function deliver(body: unknown, queue = "video-jobs", attempts = 1) {
  const batch = createMessageBatch(queue, [{ id: `m${++counter}`, timestamp: new Date(), attempts, body }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, testEnv);
  return getQueueResult(batch, ctx);
}

async function job(jobId: string) {
  return testEnv.DB.prepare("SELECT status, progress, attempts, error, video_key, video_bytes FROM video_jobs WHERE id = ?").bind(jobId).first<{ status: string; progress: number; attempts: number; error: string | null; video_key: string | null; video_bytes: number | null }>();
}

/** Box types at the top level and the duration of each track (mdhd), from the MP4's bytes. */
function inspectMp4(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const type = (at: number) => String.fromCharCode(...bytes.subarray(at + 4, at + 8));
  const top: string[] = [];
  for (let at = 0; at < bytes.length; at += view.getUint32(at)) top.push(type(at));
  const text = new TextDecoder("latin1").decode(bytes);
  const durations: number[] = [];
  for (let at = text.indexOf("mdhd"); at >= 0; at = text.indexOf("mdhd", at + 4)) {
    const box = at - 4;
    const version = bytes[box + 8];
    const timescale = version === 1 ? view.getUint32(box + 28) : view.getUint32(box + 20);
    const duration = version === 1 ? Number(view.getBigUint64(box + 32)) : view.getUint32(box + 24);
    durations.push(duration / timescale);
  }
  return { top, durations, codecs: ["avc1", "mp4a", ".mp3"].filter((c) => text.includes(c)) };
}

describe("video queue consumer", () => {
  it("renders a job into an MP4 in R2 whose tracks last as long as the audio, then marks it done", async () => {
    const { id, jobId } = await seedItem();
    const result = await deliver({ version: 1, jobId });
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toHaveLength(0);
    const row = await job(jobId);
    expect(row).toMatchObject({ status: "done", progress: 100, attempts: 1, error: null, video_key: videoKey(WORKSPACE, id, "colour") });
    const stored = await testEnv.MEDIA.get(row!.video_key!);
    const bytes = new Uint8Array(await stored!.arrayBuffer());
    expect(bytes.byteLength).toBe(row!.video_bytes);
    const mp4 = inspectMp4(bytes);
    // The index (moov) comes before the media (mdat) so players can start at once.
    expect(mp4.top.slice(0, 3)).toEqual(["ftyp", "moov", "mdat"]);
    expect(mp4.codecs).toContain("avc1");
    expect(mp4.durations).toHaveLength(2);
    for (const duration of mp4.durations) expect(Math.abs(duration - 3)).toBeLessThan(0.15);
  });

  it("renders PCM items too (encoding their audio to MP3)", async () => {
    const pcm = Int16Array.from({ length: 16000 * 2 }, (_, i) => Math.round(5000 * Math.sin((2 * Math.PI * 200 * i) / 16000)));
    const { jobId } = await seedItem({ format: "pcm_16000", audio: new Uint8Array(pcm.buffer) });
    await deliver({ version: 1, jobId });
    const row = await job(jobId);
    expect(row!.status).toBe("done");
    const mp4 = inspectMp4(new Uint8Array(await (await testEnv.MEDIA.get(row!.video_key!))!.arrayBuffer()));
    for (const duration of mp4.durations) expect(Math.abs(duration - 2)).toBeLessThan(0.15);
  });

  it("renders Opus items too (decoding them with libopus, then encoding MP3)", async () => {
    const opus = Uint8Array.from(atob(TWO_SECONDS_OPUS_BASE64), (c) => c.charCodeAt(0));
    const { jobId } = await seedItem({ format: "opus_48000_32", audio: opus });
    await deliver({ version: 1, jobId });
    const row = await job(jobId);
    expect(row!.status).toBe("done");
    const mp4 = inspectMp4(new Uint8Array(await (await testEnv.MEDIA.get(row!.video_key!))!.arrayBuffer()));
    for (const duration of mp4.durations) expect(Math.abs(duration - 2)).toBeLessThan(0.15);
  });

  it("retries a failing render with backoff, then marks the job failed after the last attempt", async () => {
    const { jobId } = await seedItem({ withAudio: false });
    for (let attempt = 1; attempt < VIDEO_MAX_ATTEMPTS; attempt++) {
      // A hand-made message, since the pool's batch does not record the retry delay.
      const message = { id: `m${attempt}`, timestamp: new Date(), attempts: attempt, body: { version: 1, jobId }, ack: vi.fn(), retry: vi.fn() };
      await worker.queue({ queue: "video-jobs", messages: [message], ackAll: vi.fn(), retryAll: vi.fn() } as unknown as MessageBatch<unknown>, testEnv);
      expect(message.retry).toHaveBeenCalledWith({ delaySeconds: 10 * 2 ** (attempt - 1) });
      expect(message.ack).not.toHaveBeenCalled();
      expect(await job(jobId)).toMatchObject({ status: "queued", attempts: attempt, error: "The item's audio is missing" });
    }
    const last = await deliver({ version: 1, jobId }, "video-jobs", VIDEO_MAX_ATTEMPTS);
    expect(last.retryMessages).toHaveLength(0);
    expect(last.explicitAcks).toHaveLength(1);
    expect(await job(jobId)).toMatchObject({ status: "failed", attempts: VIDEO_MAX_ATTEMPTS, error: "The item's audio is missing" });
  });

  it("marks a job failed when its message reaches the dead-letter queue", async () => {
    const { jobId } = await seedItem();
    await testEnv.DB.prepare("UPDATE video_jobs SET status = 'rendering' WHERE id = ?").bind(jobId).run();
    const result = await deliver({ version: 1, jobId }, "video-jobs-dead");
    expect(result.explicitAcks).toHaveLength(1);
    expect((await job(jobId))!.status).toBe("failed");
  });

  it("acks malformed messages, unknown jobs and finished jobs without rendering", async () => {
    for (const body of [{ jobId: 42 }, "hello", { version: 2, jobId: "x" }, { version: 1, jobId: "vid_missing" }]) {
      const result = await deliver(body);
      expect(result.explicitAcks).toHaveLength(1);
      expect(result.retryMessages).toHaveLength(0);
    }
    const { jobId } = await seedItem();
    await testEnv.DB.prepare("UPDATE video_jobs SET status = 'done', attempts = 1, video_key = 'kept', video_bytes = 1 WHERE id = ?").bind(jobId).run();
    await deliver({ version: 1, jobId });
    expect(await job(jobId)).toMatchObject({ status: "done", attempts: 1, video_key: "kept" });
  });
});
