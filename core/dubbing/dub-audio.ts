// A dub's audio work shared by the dubbing pipeline (the queue consumer, queues/dubbing) and the dubbing studio's
// re-dub and render (app/dubbing/studio.server.ts): the engines over the speech worker's binding (RPC), one line
// spoken and fitted to its segment, and a language's track mixed and remuxed (decision 0058).
import type { DubRow } from "../../db/repositories/dubs";
import type { PcmAudio } from "../engines/audio";
import type { SynthesisRequest, SynthesisResult } from "../engines/speech";
import type { TranscriptionRequest, TranscriptionResult } from "../engines/speech-to-text";
import type { TranslationRequest, TranslationResult } from "../engines/translation";
import type { EngineCatalog } from "../engines/capabilities";
import type { EngineChoice } from "../engines/registry";
import type { IsolationUpload } from "../engines/noise-isolation";
import type { DecodedForDubbing } from "./decoded";
import { fittedRate, mixLines, stretchTo } from "./fit";
import { remuxContainer, remuxWithAudio } from "./remux";
import { ruleBasedCovers } from "../translation/rule-based";
import { concatBytes, StreamingEncoder } from "../audio/encoder";
import { int16FromBytes, resample } from "../audio/pcm";
import { resolveEngineLanguage } from "../voices/engine-languages";
import { dubMediaPrefix, type DubOutput, type DubSegment, type DubSpeaker } from "./dub-rules";
import { embedWatermark } from "../audio/watermark";
import { yieldToRequests } from "../yield";

/** What a dub asks of the speech worker (its binding, SPEECH). */
export type DubbingEngineEnv = { SPEECH: Fetcher };
/** What a dub's audio work reads and writes: the engines and the media bucket. */
export type DubAudioEnv = DubbingEngineEnv & { MEDIA: R2Bucket };

export type PipelineRpc = {
  decodeForDubbing(upload: IsolationUpload): Promise<DecodedForDubbing>;
  isolate(request: PcmAudio): Promise<PcmAudio>;
  transcribe(request: TranscriptionRequest, choice?: EngineChoice): Promise<TranscriptionResult>;
  translate(request: TranslationRequest, choice?: EngineChoice): Promise<TranslationResult>;
  synthesize(request: SynthesisRequest): Promise<SynthesisResult>;
  catalog(): Promise<EngineCatalog>;
};
/** The speech worker as the pipeline calls it. */
export const dubbingEngine = (env: DubbingEngineEnv) => env.SPEECH as unknown as PipelineRpc;

/** A failure no retry mends: the dub is failed and refunded at once. */
export class DubFailure extends Error {}

/** The translation engine for a pair: the embedded translator when it has the pair, else the first configured one. */
export async function translationChoice(env: DubbingEngineEnv, source: string, target: string): Promise<EngineChoice> {
  const providers = (await dubbingEngine(env).catalog()).capabilities.translation;
  const chosen = providers.find((p) => (p.provider === "embedded" ? ruleBasedCovers(source, target) : true));
  if (!chosen) throw new DubFailure(`No translation engine covers ${source} to ${target}.`);
  return { provider: chosen.provider };
}

export const lineKey = (row: DubRow, language: string, segmentId: string) => `${dubMediaPrefix(row.workspaceId, row.id)}${language}/lines/${segmentId}.pcm`;

/** One line spoken by its speaker's voice and fitted to its segment: rate first, then time-stretch. */
export async function dubLine(env: DubbingEngineEnv, text: string, language: string, speaker: DubSpeaker, targetSamples: number, sampleRate: number): Promise<{ samples: Int16Array; spokenSeconds: number }> {
  if (!text.trim()) return { samples: new Int16Array(targetSamples), spokenSeconds: 0 };
  const voice = `${resolveEngineLanguage(language)?.dialect.voice ?? language}+${speaker.voice.variant}`;
  const speak = (rate: number) => dubbingEngine(env).synthesize({ text, engineVoice: voice, rate, pitch: speaker.voice.basePitch, range: speaker.voice.baseRange, seed: 1 });
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
export async function renderLanguage(env: DubAudioEnv, row: DubRow, language: string, segments: DubSegment[], lengthSamples: number, sampleRate: number, background: Int16Array | null, original: Uint8Array | null, container: string | null): Promise<DubOutput> {
  const prefix = dubMediaPrefix(row.workspaceId, row.id);
  const lines: { start: number; samples: Int16Array }[] = [];
  const lineDurations: DubOutput["lineDurations"] = [];
  for (const segment of segments) {
    const object = await env.MEDIA.get(lineKey(row, language, segment.id));
    if (!object) continue;
    const samples = int16FromBytes(new Uint8Array(await object.arrayBuffer()));
    // Marked where it sits in the dub (decision 0078): the lines carry one continuous carrier, the background none.
    lines.push({ start: Math.round(segment.start * sampleRate), samples: embedWatermark(samples, sampleRate, { offsetSeconds: Math.round(segment.start * sampleRate) / sampleRate }) });
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
