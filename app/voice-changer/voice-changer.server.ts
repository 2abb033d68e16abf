// The voice changer (speech to speech) and forced alignment: the engines are the speech worker's (RPC); converted
// speech becomes a history item (source "STS") charged by duration, written only after its audio is stored.
import { releaseSlot } from "../../db/repositories/generation-slots";
import { QuotaExhausted, recordGeneration, type HistoryRow } from "../../db/repositories/history";
import type { PcmAudio } from "../../core/engines/audio";
import type { UploadMeasure } from "../../core/engines/noise-isolation";
import type { ConversionTarget, ConversionUpload, ConvertedUpload } from "../../core/engines/voice-conversion";
import type { AlignedUpload, AlignmentUpload } from "../../core/alignment/align";
import type { SynthesisRequest, SynthesisResult } from "../../core/engines/speech";
import { formatSpec, minimumTierFor, tierAllowsFormat, type OutputFormat } from "../../core/audio/output-formats";
import { TIER_DISPLAY_NAMES } from "../../core/billing/plans";
import { nowSeconds } from "../../core/clock";
import { concatSamples, int16FromBytes, bytesFromInt16 } from "../../core/audio/pcm";
import { DEFAULT_VOICE_SETTINGS, type VoiceSettings } from "../../core/voices/voice-settings";
import { VOICE_BLOCKED_API_MESSAGE, voiceUsable } from "../../core/voices/voice-safety";
import type { Voice } from "../../core/voices/voices";
import { invoiceExtraCredits } from "~/billing/billing.server";
import { randomHex, type Actor } from "~/accounts/accounts.server";
import { log } from "~/common/log.server";
import { admitMeteredUpload, checkUploadFile, UPLOAD_STATUS, type UploadRefusal } from "~/speech/speech.server";
import { alignmentFromWords, concatAlignments, engineTextFor, splitSentences } from "../../core/speech/speech-text";
import { engineParameters, engineVoiceFor } from "../../core/voices/voice-rules";
import { findUsableVoice, findVoiceSettings, voiceCaptchaPassed, voiceCaptchaRequired } from "~/voices/voices.server";
import {
  DEFAULT_VOICE_CHANGER_MODEL_ID,
  ALIGNMENT_VOICE,
  MAX_ALIGNMENT_SECONDS,
  MAX_ALIGNMENT_TEXT_CHARACTERS,
  MAX_ALIGNMENT_UPLOAD_BYTES,
  MAX_VOICE_CHANGER_UPLOAD_BYTES,
  maxVoiceChangerSeconds,
  VOICE_CHANGER_MODEL_IDS,
  voiceChangerCredits,
  VOICE_CHANGER_SOURCE,
  voiceChangerText,
} from "./rules/voice-changer";

type VoiceChangerRpc = {
  measureUpload(upload: { audio: Uint8Array; pcm16k: boolean }): Promise<UploadMeasure>;
  convertUpload(upload: ConversionUpload): Promise<ConvertedUpload>;
  alignUpload(upload: AlignmentUpload): Promise<AlignedUpload>;
  synthesize(request: SynthesisRequest): Promise<SynthesisResult>;
};

const engine = (env: Env) => env.SPEECH as unknown as VoiceChangerRpc;

export type Refusal = Omit<UploadRefusal, "httpStatus"> & { httpStatus: UploadRefusal["httpStatus"] | 403 | 404 | 500 };
const refused = (refusal: Refusal) => ({ ok: false as const, refusal });

export type ConversionRequest = {
  voiceId: string;
  audio: Uint8Array;
  contentType: string | null;
  fileName: string | null;
  fileFormat: "pcm_s16le_16" | "other";
  modelId: string | null;
  outputFormat: OutputFormat;
  voiceSettings: { [K in keyof VoiceSettings]?: VoiceSettings[K] | null } | null;
  seed: number | null;
  removeBackgroundNoise: boolean;
  requestId: string;
};

export type ConversionResult = { ok: true; row: HistoryRow; audio: Uint8Array; concurrency: { active: number; limit: number } } | { ok: false; refusal: Refusal };

/** What the voice is moved toward: a cloned voice's measured speaker, or the voice as the embedded engine speaks it. */
function targetOf(voice: Voice, settings: VoiceSettings): ConversionTarget {
  const measured = voice.speakerFeatures;
  if (measured) return { features: { pitchMedianHz: measured.pitchMedianHz, pitchRangeSemitones: measured.pitchRangeSemitones, formantScale: measured.formantScale } };
  return { reference: { text: "", engineVoice: engineVoiceFor(voice), engine: "embedded", ...engineParameters(settings, voice.engineParameters) } };
}

/**
 * Everything that can refuse is checked before any work is charged: model, voice (this workspace's or premade),
 * the file's type, size and bytes (empty, truncated, undecodable), the plan's length and output format, payment,
 * quota and a concurrency slot. Then the voice is converted, stored in R2 and the history row, usage and charge
 * written in one batch; a failure leaves nothing stored and nothing charged.
 */
export async function convertRecording(env: Env, actor: Actor, request: ConversionRequest, waitUntil: (promise: Promise<unknown>) => void): Promise<ConversionResult> {
  const workspace = actor.membership.workspace;
  const modelId = request.modelId ?? DEFAULT_VOICE_CHANGER_MODEL_ID;
  if (!VOICE_CHANGER_MODEL_IDS.includes(modelId)) return refused({ httpStatus: 400, status: "model_not_found", message: `A model with id ${modelId} was not found; the voice changer takes ${VOICE_CHANGER_MODEL_IDS.join(", ")}.` });
  const voice = await findUsableVoice(env, actor, request.voiceId);
  if (!voice) return refused({ httpStatus: 404, status: "voice_not_found", message: `A voice with the voice_id ${request.voiceId} was not found.` });
  if (!voiceUsable(voice.safetyControl)) return refused({ httpStatus: 403, status: "voice_blocked", message: VOICE_BLOCKED_API_MESSAGE });
  if (!(await voiceCaptchaPassed(env, actor, voice))) return refused({ ...voiceCaptchaRequired(voice), detail: { voice_id: voice.voiceId } });
  if (!tierAllowsFormat(workspace.tier, request.outputFormat)) {
    return refused({ httpStatus: 403, status: "output_format_not_allowed", message: `The output format ${request.outputFormat} needs the ${TIER_DISPLAY_NAMES[minimumTierFor(request.outputFormat)]} plan or above.` });
  }
  const pcm16k = request.fileFormat === "pcm_s16le_16";
  const admitted = await admitMeteredUpload(
    env,
    actor,
    { audio: request.audio, contentType: request.contentType, pcm16k, requestId: request.requestId },
    { maxBytes: MAX_VOICE_CHANGER_UPLOAD_BYTES, maxSeconds: maxVoiceChangerSeconds(workspace.tier), credits: voiceChangerCredits, verb: "converts", product: "the voice changer" },
  );
  if (!admitted.ok) return admitted;
  const { db, credits, beyondLimit } = admitted;
  const saved = await findVoiceSettings(db, workspace.id, voice.voiceId);
  const settings: VoiceSettings = { ...DEFAULT_VOICE_SETTINGS, ...saved, ...stripNulls(request.voiceSettings ?? {}) };

  // From here the slot is held: the work is registered with waitUntil so its `finally` always releases it.
  const work = (async (): Promise<ConversionResult> => {
    const id = Date.now().toString(36).padStart(9, "0") + randomHex(6);
    const spec = formatSpec(request.outputFormat);
    const audioKey = `history/${workspace.id}/${id}.${spec.extension}`;
    let stored = false;
    try {
      const converted = await engine(env).convertUpload({ audio: request.audio, pcm16k, target: targetOf(voice, settings), removeBackgroundNoise: request.removeBackgroundNoise, outputFormat: request.outputFormat });
      if (!converted.ok) return refused({ httpStatus: 400, status: UPLOAD_STATUS[converted.reason]!, message: converted.message });
      await env.MEDIA.put(audioKey, converted.audio, { httpMetadata: { contentType: converted.contentType } });
      stored = true;
      const from = workspace.characterCount;
      const row: HistoryRow = {
        id,
        workspaceId: workspace.id,
        userId: actor.user.id,
        requestId: request.requestId,
        voiceId: voice.voiceId,
        voiceName: voice.name,
        voiceCategory: voice.category,
        modelId,
        text: voiceChangerText(request.fileName),
        dialogue: null,
        dateUnix: nowSeconds(),
        characterCountChangeFrom: from,
        characterCountChangeTo: from + credits,
        contentType: converted.contentType,
        outputFormat: request.outputFormat,
        settings: JSON.stringify({ ...settings, seed: request.seed, remove_background_noise: request.removeBackgroundNoise }),
        feedback: null,
        // The product, as the commercial API's history says it, whether the page or a program asked.
        source: VOICE_CHANGER_SOURCE,
        audioKey,
        audioBytes: converted.audio.byteLength,
        durationMs: Math.round(converted.durationSeconds * 1000),
        alignment: null,
      };
      await recordGeneration(db, row, { characters: credits, beyondLimit }, actor.apiKeyId);
      stored = false;
      if (from + credits > workspace.characterLimit) {
        await invoiceExtraCredits(env, db, workspace.id).catch((error) => log("error", "extra credits check failed", { workspace_id: workspace.id, error: String(error) }));
      }
      return { ok: true, row, audio: converted.audio, concurrency: admitted.concurrency };
    } catch (error) {
      if (error instanceof QuotaExhausted) {
        return refused({ httpStatus: 401, status: "quota_exceeded", message: `Your quota changed while the voice was converted and no longer covers its ${credits} credits; nothing was charged.` });
      }
      log("error", "voice conversion failed", { request_id: request.requestId, error: String(error) });
      return refused({ httpStatus: 500, status: "conversion_failed", message: "The voice conversion failed; nothing was charged." });
    } finally {
      if (stored) await env.MEDIA.delete(audioKey);
      await releaseSlot(db, workspace.id, request.requestId);
    }
  })();
  waitUntil(work);
  return work;
}

function stripNulls<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]?: Exclude<T[K], null> };
}

export type AlignmentRequest = { audio: Uint8Array; contentType: string | null; text: string };
export type AlignmentResult = { ok: true; alignment: Extract<AlignedUpload, { ok: true }> } | { ok: false; refusal: Refusal };

/**
 * Forced alignment: the text is spoken by the embedded engine sentence by sentence (its word events give each
 * character's time), then the speech worker warps that rendering onto the recording (core/alignment). Uncharged
 * (decision 0031); the text and the recording's length are limited so the warp fits one request.
 */
export async function alignRecording(env: Env, request: AlignmentRequest): Promise<AlignmentResult> {
  const characters = [...request.text].length;
  if (request.text.trim() === "") return refused({ httpStatus: 400, status: "empty_text", message: "The text to align is empty." });
  if (characters > MAX_ALIGNMENT_TEXT_CHARACTERS) {
    return refused({ httpStatus: 400, status: "text_too_long", message: `The text is ${characters} characters; at most ${MAX_ALIGNMENT_TEXT_CHARACTERS} can be aligned per request.`, detail: { max_characters: MAX_ALIGNMENT_TEXT_CHARACTERS } });
  }
  const fileProblem = checkUploadFile(request.audio, request.contentType, MAX_ALIGNMENT_UPLOAD_BYTES);
  if (fileProblem) return fileProblem;
  const speech = engine(env);
  const measured = await speech.measureUpload({ audio: request.audio, pcm16k: false });
  if (!measured.ok) return refused({ httpStatus: 400, status: UPLOAD_STATUS[measured.reason]!, message: measured.message });
  if (measured.durationSeconds > MAX_ALIGNMENT_SECONDS) {
    return refused({
      httpStatus: 400,
      status: "audio_too_long",
      message: `The audio is ${Math.round(measured.durationSeconds)} seconds long; at most ${MAX_ALIGNMENT_SECONDS} seconds can be aligned per request.`,
      detail: { duration_seconds: Math.round(measured.durationSeconds * 10) / 10, max_duration_seconds: MAX_ALIGNMENT_SECONDS },
    });
  }
  const parts: Int16Array[] = [];
  const alignments = [];
  let offsetSeconds = 0;
  let sampleRate = 0;
  const sentences = splitSentences(request.text);
  for (const [index, sentence] of sentences.entries()) {
    if (sentence.trim() === "") {
      alignments.push(alignmentFromWords(sentence, [], 0, offsetSeconds));
      continue;
    }
    const spoken = await speech.synthesize({ text: engineTextFor(sentence, index < sentences.length - 1), ...ALIGNMENT_VOICE });
    sampleRate = spoken.sampleRate;
    parts.push(int16FromBytes(spoken.pcm));
    alignments.push(alignmentFromWords(sentence, spoken.words, spoken.durationMs, offsetSeconds));
    offsetSeconds += spoken.durationMs / 1000;
  }
  const alignment = concatAlignments(alignments);
  const synthetic: PcmAudio = { pcm: bytesFromInt16(concatSamples(parts)), sampleRate };
  const times = { characters: alignment.characters, starts: alignment.character_start_times_seconds, ends: alignment.character_end_times_seconds };
  const aligned = await speech.alignUpload({ audio: request.audio, synthetic, times });
  if (!aligned.ok) return refused({ httpStatus: 400, status: UPLOAD_STATUS[aligned.reason]!, message: aligned.message });
  return { ok: true, alignment: aligned };
}
