// The dubbing pipeline, run by the app worker's consumer of the dubbing-jobs queue (one message per dub). Each
// step records its progress and message on the dub; the engines are the speech worker's (RPC), the signal work
// is core/dubbing's. A step that fails is retried by the queue (DUB_DELIVERIES); after the last delivery, or at
// once for a failure no retry can mend (no speech in the media), the dub is marked failed and refunded.
import { database, type Database } from "../../db/client";
import * as repo from "../../db/repositories/dubs";
import type { DubRow } from "../../db/repositories/dubs";
import type { PcmAudio } from "../../core/engines/audio";
import type { SynthesisRequest, SynthesisResult } from "../../core/engines/speech";
import type { TranscriptionRequest, TranscriptionResult } from "../../core/engines/speech-to-text";
import type { TranslationRequest, TranslationResult } from "../../core/engines/translation";
import type { EngineCatalog } from "../../core/engines/capabilities";
import type { EngineChoice } from "../../core/engines/registry";
import type { IsolationUpload } from "../../core/engines/noise-isolation";
import type { DecodedForDubbing } from "../../core/dubbing/decoded";
import { findSpeechSegments, wordsBySegment } from "../../core/dubbing/segments";
import { fittedRate, mixLines, residual, stretchTo } from "../../core/dubbing/fit";
import { groupSpeakers, segmentFeatures, speakerEngineVoice } from "../../core/dubbing/speakers";
import { remuxContainer, remuxWithAudio } from "../../core/dubbing/remux";
import { ruleBasedCovers } from "../../core/translation/rule-based";
import { concatBytes, StreamingEncoder } from "../../core/audio/encoder";
import { bytesFromInt16, int16FromBytes, resample } from "../../core/audio/pcm";
import { wavFile } from "../../core/audio/wav";
import { nowSeconds } from "../../core/clock";
import { resolveEngineLanguage } from "../../core/voices/engine-languages";
import { log } from "~/common/log.server";
import { emitWorkspaceEvent } from "~/workspace/webhooks.server";
import type { DubbingMessage } from "./dubbing.server";
import { AUTO_SOURCE, DUB_DELIVERIES, detectedSource, dubbingLanguageName, dubMediaPrefix, stepProgress, type DubOutput, type DubSegment, type DubSpeaker, type DubStep } from "./rules/dubbing";

type PipelineRpc = {
  decodeForDubbing(upload: IsolationUpload): Promise<DecodedForDubbing>;
  isolate(request: PcmAudio): Promise<PcmAudio>;
  transcribe(request: TranscriptionRequest, choice?: EngineChoice): Promise<TranscriptionResult>;
  translate(request: TranslationRequest, choice?: EngineChoice): Promise<TranslationResult>;
  synthesize(request: SynthesisRequest): Promise<SynthesisResult>;
  catalog(): Promise<EngineCatalog>;
};
const engine = (env: Env) => env.SPEECH as unknown as PipelineRpc;

/** A failure no retry mends: the dub is failed and refunded at once. */
export class DubFailure extends Error {}

const TRANSCRIPTION_RATE = 16000;

/**
 * Gives the isolate back to the event loop between pieces of signal work, so requests that arrive while a dub
 * runs (the page polling its progress) are answered: under `wrangler dev` one that waited behind a long
 * stretch of synchronous work was never answered.
 */
const yieldToRequests = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function step(db: Database, row: DubRow, name: DubStep): Promise<void> {
  await yieldToRequests();
  const { progress, message } = stepProgress(name);
  await repo.updateDub(db, row.workspaceId, row.id, { progress, progressMessage: message, updatedAt: nowSeconds() });
}

/** The translation engine for a pair: the embedded translator when it has the pair, else the first configured one. */
export async function translationChoice(env: Env, source: string, target: string): Promise<EngineChoice> {
  const providers = (await engine(env).catalog()).capabilities.translation;
  const chosen = providers.find((p) => (p.provider === "embedded" ? ruleBasedCovers(source, target) : true));
  if (!chosen) throw new DubFailure(`No translation engine covers ${source} to ${target}.`);
  return { provider: chosen.provider };
}

export const lineKey = (row: DubRow, language: string, segmentId: string) => `${dubMediaPrefix(row.workspaceId, row.id)}${language}/lines/${segmentId}.pcm`;

/** One line spoken by its speaker's voice and fitted to its segment: rate first, then time-stretch. */
export async function dubLine(env: Env, text: string, language: string, speaker: DubSpeaker, targetSamples: number, sampleRate: number): Promise<{ samples: Int16Array; spokenSeconds: number }> {
  if (!text.trim()) return { samples: new Int16Array(targetSamples), spokenSeconds: 0 };
  const voice = `${resolveEngineLanguage(language)?.dialect.voice ?? language}+${speaker.voice.variant}`;
  const speak = (rate: number) => engine(env).synthesize({ text, engineVoice: voice, rate, pitch: speaker.voice.basePitch, range: speaker.voice.baseRange, seed: 1 });
  let spoken = await speak(speaker.voice.rate);
  const target = targetSamples / sampleRate;
  const seconds = spoken.durationMs / 1000;
  if (Math.abs(seconds - target) / target > 0.05) {
    const rate = fittedRate(speaker.voice.rate, seconds, target);
    if (rate !== speaker.voice.rate) spoken = await speak(rate);
  }
  const samples = resample(int16FromBytes(spoken.pcm), spoken.sampleRate, sampleRate);
  return { samples: stretchTo(samples, sampleRate, targetSamples), spokenSeconds: spoken.durationMs / 1000 };
}

/** The dubbed track of one language from its stored lines and background, encoded; the video too when the upload had one. */
export async function renderLanguage(env: Env, row: DubRow, language: string, segments: DubSegment[], lengthSamples: number, sampleRate: number, background: Int16Array | null, original: Uint8Array | null, container: string | null): Promise<DubOutput> {
  const prefix = dubMediaPrefix(row.workspaceId, row.id);
  const lines: { start: number; samples: Int16Array }[] = [];
  const lineDurations: DubOutput["lineDurations"] = [];
  for (const segment of segments) {
    const object = await env.MEDIA.get(lineKey(row, language, segment.id));
    if (!object) continue;
    const samples = int16FromBytes(new Uint8Array(await object.arrayBuffer()));
    lines.push({ start: Math.round(segment.start * sampleRate), samples });
    lineDurations.push({ id: segment.id, segment: segment.end - segment.start, line: samples.length / sampleRate });
  }
  const mixed = mixLines(lengthSamples, background, lines);
  await yieldToRequests();
  const encoder = await StreamingEncoder.create("mp3_44100_128");
  const audio = concatBytes([encoder.push(mixed, sampleRate), encoder.finish()]);
  const audioKey = `${prefix}${language}/audio.mp3`;
  await env.MEDIA.put(audioKey, audio, { httpMetadata: { contentType: "audio/mpeg" } });
  let videoKey: string | null = null;
  let videoBytes = 0;
  let videoContentType: string | null = null;
  const remux = container ? remuxContainer(container) : null;
  if (row.hadVideo && original && remux && row.startTime === null && row.endTime === null) {
    // MP4 carries the MP3 track; WebM takes Opus.
    let track = audio;
    if (remux === "webm") {
      const opus = await StreamingEncoder.create("opus_48000_64");
      track = concatBytes([opus.push(mixed, sampleRate), opus.finish()]);
    }
    const video = await remuxWithAudio(original, remux, track);
    videoContentType = remux === "mp4" ? "video/mp4" : "video/webm";
    videoKey = `${prefix}${language}/video.${remux}`;
    videoBytes = video.byteLength;
    await env.MEDIA.put(videoKey, video, { httpMetadata: { contentType: videoContentType } });
  }
  return { audioKey, audioBytes: audio.byteLength, contentType: "audio/mpeg", videoKey, videoBytes, videoContentType, linesKey: `${prefix}${language}/lines/`, backgroundKey: background ? `${prefix}background.pcm` : null, lineDurations };
}

/** Runs every step of one dub. */
export async function runDub(env: Env, job: DubbingMessage): Promise<void> {
  const db = database(env.DB);
  const row = await repo.findDub(db, job.workspaceId, job.dubId);
  if (!row || row.status !== "dubbing") return; // deleted, or finished by an earlier delivery
  const target = row.targetLang;
  const auto = row.sourceLang === AUTO_SOURCE;

  await step(db, row, "decode");
  const object = await env.MEDIA.get(row.sourceKey);
  if (!object) throw new DubFailure("The uploaded file is gone.");
  const original = new Uint8Array(await object.arrayBuffer());
  const decoded = await engine(env).decodeForDubbing({ audio: original, pcm16k: false });
  if (!decoded.ok) throw new DubFailure(decoded.message);
  const rate = decoded.sampleRate;
  const all = int16FromBytes(decoded.pcm);
  const from = Math.round((row.startTime ?? 0) * rate);
  const to = row.endTime === null ? all.length : Math.min(all.length, Math.round(row.endTime * rate));
  const media = all.slice(from, to);

  await step(db, row, "separate");
  const isolated = await engine(env).isolate({ pcm: bytesFromInt16(media), sampleRate: rate });
  const speech = resample(int16FromBytes(isolated.pcm), isolated.sampleRate, rate).slice(0, media.length);
  const background = row.dropBackground ? null : residual(media, speech);

  await step(db, row, "segment");
  const found = findSpeechSegments(speech, rate);
  if (found.length === 0) throw new DubFailure("No speech was found in the media: there is nothing to dub.");

  await step(db, row, "transcribe");
  // With 'auto' the engine is not told the language, so one that can detect it does (decision 0052).
  const heard = await engine(env).transcribe({ audio: wavFile(resample(speech, rate, TRANSCRIPTION_RATE), TRANSCRIPTION_RATE), contentType: "audio/wav", language: auto ? null : row.sourceLang });
  const source = auto ? detectedSource(heard.language, heard.text).language : row.sourceLang;
  if (source === target) throw new DubFailure(`The speech is in ${dubbingLanguageName(source)}, the language to dub into: pick another target.`);
  const grouped = wordsBySegment(found, heard.words);
  const kept = found.map((segment, i) => ({ segment, words: grouped[i]! })).filter((s) => s.words.length > 0);
  if (kept.length === 0) throw new DubFailure("No words were recognised in the speech: there is nothing to translate.");

  await step(db, row, "speakers");
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

  await step(db, row, "translate");
  const choice = await translationChoice(env, source, target);
  const segments: DubSegment[] = [];
  for (const [i, { segment, words }] of kept.entries()) {
    const text = words.map((w) => w.text).join(" ");
    const translated = await engine(env).translate({ text, source, target }, choice);
    segments.push({ id: `seg_${i}`, start: segment.startSeconds, end: segment.endSeconds, speakerId: speakers[speakerOf[i]!]!.id, text, translations: { [target]: translated.text }, ...(translated.unknownWords?.length ? { unknownWords: translated.unknownWords } : {}) });
  }
  await repo.updateDub(db, row.workspaceId, row.id, { segments: JSON.stringify(segments), speakers: JSON.stringify(speakers), detectedSourceLang: source });

  await step(db, row, "synthesize");
  for (const segment of segments) {
    const speaker = speakers.find((s) => s.id === segment.speakerId)!;
    const length = Math.round((segment.end - segment.start) * rate);
    const { samples } = await dubLine(env, segment.translations[target]!, target, speaker, length, rate);
    await env.MEDIA.put(lineKey(row, target, segment.id), bytesFromInt16(samples));
    await yieldToRequests();
  }

  await step(db, row, "mix");
  if (background) await env.MEDIA.put(`${dubMediaPrefix(row.workspaceId, row.id)}background.pcm`, bytesFromInt16(background));
  const output = await renderLanguage(env, row, target, segments, media.length, rate, background, original, decoded.container);
  await repo.updateDub(db, row.workspaceId, row.id, { status: "dubbed", progress: 1, progressMessage: "Dubbed", outputs: JSON.stringify({ [target]: output }), updatedAt: nowSeconds() });
  await dubbingEvent(env, row.workspaceId, row.id);
}

/** The workspace's "dubbing" webhook event (and the members' notification) for a dub that finished or failed. */
async function dubbingEvent(env: Env, workspaceId: string, id: string): Promise<void> {
  const row = await repo.findDub(database(env.DB), workspaceId, id);
  if (!row) return;
  const data = { dubbing_id: row.id, name: row.name, status: row.status, error: row.error, refunded: row.refunded, source_language: row.detectedSourceLang ?? row.sourceLang, target_languages: [row.targetLang] };
  await emitWorkspaceEvent(env, workspaceId, "dubbing", data).catch((error) => log("error", "dubbing webhook event not queued", { dub_id: id, error: String(error) }));
}

async function fail(env: Env, job: DubbingMessage, error: string): Promise<void> {
  if (await repo.failDub(database(env.DB), job.workspaceId, job.dubId, error, nowSeconds())) await dubbingEvent(env, job.workspaceId, job.dubId);
}

/** The queue consumer: one message per dub. */
export async function consumeDubbingJobs(batch: MessageBatch<DubbingMessage>, env: Env): Promise<void> {
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
