// The dubbing pipeline, the consumer of the dubbing-jobs queue (one message per dub) in a worker of its own
// (decision 0058; it ran in the app worker before, decision 0036). Each step records its progress and message on
// the dub; the engines are the speech worker's (RPC), the signal work is core/dubbing's. A step that fails is
// retried by the queue (DUB_DELIVERIES); after the last delivery, or at once for a failure no retry can mend (no
// speech in the media), the dub is marked failed and refunded. The workspace's "dubbing" event goes to the app's
// emitter over the webhook-deliveries queue.
import { database, type Database } from "../../db/client";
import * as repo from "../../db/repositories/dubs";
import type { DubRow } from "../../db/repositories/dubs";
import { findSpeechSegments, wordsBySegment } from "../../core/dubbing/segments";
import { residual } from "../../core/dubbing/fit";
import { groupSpeakers, segmentFeatures, speakerEngineVoice } from "../../core/dubbing/speakers";
import { bytesFromInt16, int16FromBytes, resample } from "../../core/audio/pcm";
import { wavFile } from "../../core/audio/wav";
import { nowSeconds } from "../../core/clock";
import { log } from "../../core/log";
import { relayWorkspaceEvent } from "../../core/webhooks/webhooks";
import { DubFailure, dubbingEngine, dubLine, lineKey, renderLanguage, translationChoice } from "../../core/dubbing/dub-audio";
import { yieldToRequests } from "../../core/yield";
import { AUTO_SOURCE, DUB_DELIVERIES, detectedSource, dubbingLanguageName, dubMediaPrefix, stepProgress, type DubbingMessage, type DubSegment, type DubSpeaker, type DubStep } from "../../core/dubbing/dub-rules";

/** The dubbing worker's bindings (queues/dubbing/wrangler.toml). */
export type DubbingEnv = { DB: D1Database; MEDIA: R2Bucket; SPEECH: Fetcher; WEBHOOK_DELIVERIES: Queue };

const TRANSCRIPTION_RATE = 16000;

/** When each step of a dub started (for the "dub timings" log line that bench/dubbing.mjs reads). */
type StepTimes = { step: DubStep; at: number }[];

async function step(db: Database, row: DubRow, name: DubStep, times: StepTimes): Promise<void> {
  times.push({ step: name, at: Date.now() });
  await yieldToRequests();
  const { progress, message } = stepProgress(name);
  await repo.updateDub(db, row.workspaceId, row.id, { progress, progressMessage: message, updatedAt: nowSeconds() });
}

/** Runs every step of one dub. */
export async function runDub(env: DubbingEnv, job: DubbingMessage): Promise<void> {
  const db = database(env.DB);
  const row = await repo.findDub(db, job.workspaceId, job.dubId);
  if (!row || row.status !== "dubbing") return; // deleted, or finished by an earlier delivery
  const target = row.targetLang;
  const auto = row.sourceLang === AUTO_SOURCE;
  const times: StepTimes = [];

  await step(db, row, "decode", times);
  const object = await env.MEDIA.get(row.sourceKey);
  if (!object) throw new DubFailure("The uploaded file is gone.");
  const original = new Uint8Array(await object.arrayBuffer());
  const decoded = await dubbingEngine(env).decodeForDubbing({ audio: original, pcm16k: false });
  if (!decoded.ok) throw new DubFailure(decoded.message);
  const rate = decoded.sampleRate;
  const all = int16FromBytes(decoded.pcm);
  const from = Math.round((row.startTime ?? 0) * rate);
  const to = row.endTime === null ? all.length : Math.min(all.length, Math.round(row.endTime * rate));
  const media = all.slice(from, to);

  await step(db, row, "separate", times);
  const isolated = await dubbingEngine(env).isolate({ pcm: bytesFromInt16(media), sampleRate: rate });
  const speech = resample(int16FromBytes(isolated.pcm), isolated.sampleRate, rate).slice(0, media.length);
  const background = row.dropBackground ? null : residual(media, speech);

  await step(db, row, "segment", times);
  const found = findSpeechSegments(speech, rate);
  if (found.length === 0) throw new DubFailure("No speech was found in the media: there is nothing to dub.");

  await step(db, row, "transcribe", times);
  // With 'auto' the engine is not told the language, so one that can detect it does (decision 0052).
  const heard = await dubbingEngine(env).transcribe({ audio: wavFile(resample(speech, rate, TRANSCRIPTION_RATE), TRANSCRIPTION_RATE), contentType: "audio/wav", language: auto ? null : row.sourceLang });
  const source = auto ? detectedSource(heard.language, heard.text).language : row.sourceLang;
  if (source === target) throw new DubFailure(`The speech is in ${dubbingLanguageName(source)}, the language to dub into: pick another target.`);
  const grouped = wordsBySegment(found, heard.words);
  const kept = found.map((segment, i) => ({ segment, words: grouped[i]! })).filter((s) => s.words.length > 0);
  if (kept.length === 0) throw new DubFailure("No words were recognised in the speech: there is nothing to translate.");

  await step(db, row, "speakers", times);
  const features: ReturnType<typeof segmentFeatures>[] = [];
  for (const { segment } of kept) {
    features.push(segmentFeatures(speech.subarray(Math.round(segment.startSeconds * rate), Math.round(segment.endSeconds * rate)), rate));
    await yieldToRequests();
  }
  const speakerOf = groupSpeakers(features, row.numSpeakers);
  const speakerCount = Math.max(0, ...speakerOf) + 1;
  const speakers: DubSpeaker[] = Array.from({ length: speakerCount }, (_, k) => {
    const own = features.filter((_, i) => speakerOf[i] === k);
    const measured = own.filter((f) => f !== null);
    return { id: `speaker_${k}`, name: `Speaker ${k + 1}`, voice: speakerEngineVoice(own), pitchHz: measured.length ? Math.round(measured.reduce((a, f) => a + f!.pitchMedianHz, 0) / measured.length) : null };
  });

  await step(db, row, "translate", times);
  const choice = await translationChoice(env, source, target);
  const segments: DubSegment[] = [];
  for (const [i, { segment, words }] of kept.entries()) {
    const text = words.map((w) => w.text).join(" ");
    const translated = await dubbingEngine(env).translate({ text, source, target }, choice);
    segments.push({ id: `seg_${i}`, start: segment.startSeconds, end: segment.endSeconds, speakerId: speakers[speakerOf[i]!]!.id, text, translations: { [target]: translated.text }, ...(translated.unknownWords?.length ? { unknownWords: translated.unknownWords } : {}) });
  }
  await repo.updateDub(db, row.workspaceId, row.id, { segments: JSON.stringify(segments), speakers: JSON.stringify(speakers), detectedSourceLang: source });

  await step(db, row, "synthesize", times);
  const fits: { id: string; speaker: string; segment: number; spoken: number; line: number }[] = [];
  for (const segment of segments) {
    const speaker = speakers.find((s) => s.id === segment.speakerId)!;
    const length = Math.round((segment.end - segment.start) * rate);
    const { samples, spokenSeconds } = await dubLine(env, segment.translations[target]!, target, speaker, length, rate);
    fits.push({ id: segment.id, speaker: speaker.id, segment: segment.end - segment.start, spoken: spokenSeconds, line: samples.length / rate });
    await env.MEDIA.put(lineKey(row, target, segment.id), bytesFromInt16(samples));
    await yieldToRequests();
  }

  await step(db, row, "mix", times);
  if (background) await env.MEDIA.put(`${dubMediaPrefix(row.workspaceId, row.id)}background.pcm`, bytesFromInt16(background));
  const output = await renderLanguage(env, row, target, segments, media.length, rate, background, original, decoded.container);
  await repo.updateDub(db, row.workspaceId, row.id, { status: "dubbed", progress: 1, progressMessage: "Dubbed", outputs: JSON.stringify({ [target]: output }), updatedAt: nowSeconds() });
  // Where the time went, step by step, and how each spoken line (rate fitted, before the time-stretch) and its
  // fitted line compare with the segment (bench/dubbing.mjs reads this line).
  const ended = Date.now();
  const steps = times.map((t, i) => [t.step, (times[i + 1]?.at ?? ended) - t.at]);
  log("info", "dub timings", { dub_id: row.id, media_seconds: media.length / rate, total_ms: ended - times[0]!.at, speakers: speakers.length, steps: JSON.stringify(steps), lines: JSON.stringify(fits) });
  await dubbingEvent(env, row.workspaceId, row.id);
}

/** The workspace's "dubbing" webhook event (and the members' notification) for a dub that finished or failed. */
async function dubbingEvent(env: DubbingEnv, workspaceId: string, id: string): Promise<void> {
  const row = await repo.findDub(database(env.DB), workspaceId, id);
  if (!row) return;
  const data = { dubbing_id: row.id, name: row.name, status: row.status, error: row.error, refunded: row.refunded, source_language: row.detectedSourceLang ?? row.sourceLang, target_languages: [row.targetLang] };
  await relayWorkspaceEvent(env.WEBHOOK_DELIVERIES, workspaceId, "dubbing", data).catch((error) => log("error", "dubbing webhook event not queued", { dub_id: id, error: String(error) }));
}

async function fail(env: DubbingEnv, job: DubbingMessage, error: string): Promise<void> {
  if (await repo.failDub(database(env.DB), job.workspaceId, job.dubId, error, nowSeconds())) await dubbingEvent(env, job.workspaceId, job.dubId);
}

/** The queue consumer: one message per dub. */
export async function consumeDubbingJobs(batch: MessageBatch<DubbingMessage>, env: DubbingEnv): Promise<void> {
  for (const message of batch.messages) {
    const job = message.body;
    if (job?.version !== 1) {
      message.ack();
      continue;
    }
    try {
      await repo.updateDub(database(env.DB), job.workspaceId, job.dubId, { attempts: message.attempts });
      await runDub(env, job);
      message.ack();
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      log("error", "dubbing step failed", { dub_id: job.dubId, attempts: message.attempts, error: text });
      if (!(error instanceof DubFailure) && message.attempts < DUB_DELIVERIES) {
        message.retry({ delaySeconds: Math.min(30, 2 ** message.attempts) });
        continue;
      }
      await fail(env, job, text).catch((e) => log("error", "dub could not be marked failed", { dub_id: job.dubId, error: String(e) }));
      message.ack();
    }
  }
}
