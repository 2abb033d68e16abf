import { database } from "../../db/client";
import { acquireSlot, releaseSlot } from "../../db/repositories/generation-slots";
import { QuotaExhausted, recordGeneration, type HistoryRow } from "../../db/repositories/history";
import { maxCharactersPerRequest, type Model } from "../../core/speech/models";
import { formatSpec, tierAllowsFormat, type OutputFormat, minimumTierFor } from "../../core/audio/output-formats";
import { isRestricted } from "~/billing/rules/plan-actions";
import { STATUS_NOTICES } from "~/billing/rules/billing-texts";
import { CONCURRENCY_LIMIT, isPaidTier, standardTierFor, TIER_DISPLAY_NAMES, type SubscriptionStatus } from "../../core/billing/plans";
import { alignmentFromWords, concatAlignments, engineTextFor, splitSentences, type Alignment } from "../../core/speech/speech-text";
import { engineParameters, engineVoiceFor, externalVoiceFor } from "../../core/voices/voice-rules";
import { applyOpenAiProsody } from "~/speech/rules/openai";
import { hasNeuralCloning, neuralSpeakerOf } from "~/voices/voices.server";
import type { Voice } from "../../core/voices/voices";
import { concatBytes, StreamingEncoder } from "../../core/audio/encoder";
import { int16FromBytes } from "../../core/audio/pcm";
import { invoiceExtraCredits } from "~/billing/billing.server";
import { findVoiceSettings } from "~/voices/voices.server";
import { log } from "~/common/log.server";
import { currentQuota } from "./server/quota.server";
import { speakingVoice, speechModel, type SpeechRefusal } from "./server/speaking-voice.server";
import { keyCapRefusal, permissionRefusal, randomHex, type Actor } from "~/accounts/accounts.server";
import { speechEngine } from "./server/speech-engine.server";
import { nowSeconds } from "../../core/clock";
import { DEFAULT_VOICE_SETTINGS, type VoiceSettings } from "../../core/voices/voice-settings";
import { recordGeneratedAudio } from "~/ai-classifier/ai-classifier.server";
import { applyRules, type PronunciationRule } from "../../core/pronunciation/rules";
import { WatermarkStream } from "../../core/audio/watermark";
import { rulesForLocators, type Locator } from "~/pronunciation/pronunciation.server";

// The model and voice checks live beside the engine (server/speaking-voice.server.ts); its callers here keep them.
export { speakingVoice, speechModel, type SpeechRefusal };

export type SpeechSource = "TTS" | "API" | "Dialogue" | "OpenAI";

export type SpeechRequest = {
  voiceId: string;
  text: string;
  modelId?: string | null;
  outputFormat: OutputFormat;
  voiceSettings?: { [K in keyof VoiceSettings]?: VoiceSettings[K] | null } | null;
  seed?: number | null;
  /** ISO 639-1 language the voice speaks (the multilingual model speaks all engine languages). */
  languageCode?: string | null;
  source: SpeechSource;
  requestId: string;
  /** Text that will follow this request's (the API's next_text): an unfinished last sentence then continues. */
  nextText?: string | null;
  /** Dialogue lines, when the text is a dialogue (each line has its own voice). */
  dialogue?: { text: string; voice_id: string }[];
  /** OpenAI's speed (0.25 to 4, beyond the voice settings' range) and its instructions' pitch and range shifts. */
  openAiProsody?: { speed: number; pitchShift: number; rangeShift: number } | null;
  /** Pronunciation dictionaries to apply, in order (the workspace's own; the latest version when none is named). */
  pronunciationLocators?: Locator[] | null;
};

type Segment = { text: string; voice: Voice; settings: VoiceSettings };

export type SpeechPlan = {
  actor: Actor;
  request: SpeechRequest;
  model: Model;
  segments: Segment[];
  /** The rules of the request's pronunciation dictionaries, in the order they apply. */
  pronunciationRules: PronunciationRule[];
  characters: number;
  /** The credits the workspace may use beyond its character_limit (usage-based billing); null: no limit. */
  beyondLimit: number | null;
  historyItemId: string;
  concurrency: { active: number; limit: number };
};

export type SpeechChunk = { audio: Uint8Array; alignment: Alignment | null };

/**
 * Checks everything that can refuse a generation before any audio is made: voice, model, text length,
 * output format for the plan, quota, and a concurrency slot (taken last, released by `runSpeech`).
 */
export async function planSpeech(env: Env, actor: Actor, request: SpeechRequest): Promise<{ ok: true; plan: SpeechPlan } | { ok: false; refusal: SpeechRefusal }> {
  const db = database(env.DB);
  const workspace = actor.membership.workspace;
  const tier = workspace.tier;
  const lines = request.dialogue ?? [{ text: request.text, voice_id: request.voiceId }];
  const characters = lines.reduce((n, l) => n + [...l.text].length, 0);
  // Every read below is independent of the others: they go to the database (and the catalog) at once, one round
  // trip instead of one after another (decision 0082). The refusals are still decided in the order they always were.
  const [denied, model, dictionaries, voices, quota, capped] = await Promise.all([
    permissionRefusal(db, actor, "text_to_speech"),
    speechModel(env, request.modelId),
    rulesForLocators(db, workspace.id, request.pronunciationLocators ?? []),
    Promise.all(lines.map((line) => Promise.all([speakingVoice(env, actor, line.voice_id), findVoiceSettings(db, workspace.id, line.voice_id)]))),
    currentQuota(db, workspace, tier),
    keyCapRefusal(db, actor, characters),
  ]);
  if (denied) return { ok: false, refusal: denied };
  if (!model.ok) return model;
  if (!dictionaries.ok) return dictionaries;
  const segments: Segment[] = [];
  for (const [index, [usable, saved]] of voices.entries()) {
    if (!usable.ok) return usable;
    segments.push({ text: lines[index]!.text, voice: usable.voice, settings: { ...DEFAULT_VOICE_SETTINGS, ...saved, ...stripNulls(request.voiceSettings ?? {}) } });
  }
  const max = maxCharactersPerRequest(model.model, isPaidTier(tier));
  if (characters > max) {
    return { ok: false, refusal: { httpStatus: 400, status: "max_character_limit_exceeded", message: `Text is ${characters} characters; this model accepts at most ${max} per request on your plan.` } };
  }
  if (!tierAllowsFormat(tier, request.outputFormat)) {
    return {
      ok: false,
      refusal: { httpStatus: 403, status: "output_format_not_allowed", message: `The output format ${request.outputFormat} needs the ${TIER_DISPLAY_NAMES[minimumTierFor(request.outputFormat)]} plan or above.` },
    };
  }
  if (isRestricted(workspace.status as SubscriptionStatus)) {
    return { ok: false, refusal: { httpStatus: 402, status: "payment_required", message: STATUS_NOTICES[workspace.status] ?? "This workspace cannot generate until its payment is settled." } };
  }
  if (quota.used + characters > quota.usable) {
    return { ok: false, refusal: quotaExceeded(workspace.characterLimit, workspace.characterLimit - quota.used, characters) };
  }
  if (capped) return { ok: false, refusal: capped };
  // The slot and the characters' reservation are taken in one statement that checks the quota again, counting the
  // generations in flight: concurrent requests cannot together pass it (the charge checks it once more).
  const limit = CONCURRENCY_LIMIT[standardTierFor(tier)];
  const beyondLimit = Number.isFinite(quota.usable) ? quota.usable - workspace.characterLimit : null;
  const slot = await acquireSlot(db, { workspaceId: workspace.id, requestId: request.requestId, limit, characters, beyondLimit, nowSeconds: nowSeconds() });
  const headers = { "current-concurrent-requests": String(slot.active), "maximum-concurrent-requests": String(limit) };
  if (!slot.acquired && slot.reason === "quota") return { ok: false, refusal: quotaExceeded(workspace.characterLimit, slot.remaining, characters) };
  if (!slot.acquired) {
    return { ok: false, refusal: { httpStatus: 429, status: "too_many_concurrent_requests", message: `Your plan allows ${limit} concurrent requests.`, headers } };
  }
  return { ok: true, plan: { actor, request, model: model.model, segments, pronunciationRules: dictionaries.rules, characters, beyondLimit, historyItemId: timeOrderedId(), concurrency: { active: slot.active, limit } } };
}

function quotaExceeded(characterLimit: number, remaining: number, characters: number): SpeechRefusal {
  return {
    httpStatus: 401,
    status: "quota_exceeded",
    message: `This request exceeds your quota of ${characterLimit}. You have ${Math.max(0, remaining)} credits remaining, while ${characters} credits are required for this request.`,
  };
}

/** A generation whose charge the quota no longer allowed (it changed while the audio was made): nothing was charged. */
export class QuotaExhaustedError extends Error {
  readonly refusal: SpeechRefusal;
  constructor(refusal: SpeechRefusal) {
    super(refusal.message);
    this.refusal = refusal;
  }
}

function stripNulls<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]?: Exclude<T[K], null> };
}

/**
 * What a generation lives by: the request's `waitUntil`, which keeps it running after its client has gone (the
 * runtime drops a request's pending work then, and with it the code that would release the slot), and a signal
 * that stops it (the client went away, or the stream was cancelled).
 */
export type GenerationLifetime = { waitUntil(promise: Promise<unknown>): void; signal: AbortSignal };

/**
 * Synthesizes sentence by sentence, handing each encoded chunk (with its alignment) to `onChunk` as soon as it
 * exists. When all audio is made it is stored in R2, and only then the history row and the character charge
 * are written together. Any failure or cancellation charges nothing and leaves no row, and every way out of a
 * generation (done, failed, cancelled, its client gone) releases its concurrency slot at once.
 */
export function runSpeech(env: Env, plan: SpeechPlan, onChunk: (chunk: SpeechChunk) => void | Promise<void>, lifetime: GenerationLifetime): Promise<HistoryRow> {
  const pcm: { samples: Int16Array; sampleRate: number }[] = [];
  const run = generate(env, plan, onChunk, lifetime.signal, pcm);
  // The AI speech classifier's fingerprint of the delivered audio, after the response (decision 0041).
  lifetime.waitUntil(run.then((row) => recordGeneratedAudio(env, { id: row.id, workspaceId: row.workspaceId, source: String(row.source ?? "TTS"), parts: pcm })).catch(() => undefined));
  return run;
}

async function generate(env: Env, plan: SpeechPlan, onChunk: (chunk: SpeechChunk) => void | Promise<void>, signal: AbortSignal, pcm: { samples: Int16Array; sampleRate: number }[]): Promise<HistoryRow> {
  const db = database(env.DB);
  const engine = speechEngine(env);
  const audioParts: Uint8Array[] = [];
  const alignments: Alignment[] = [];
  let offsetSeconds = 0;
  try {
    signal.throwIfAborted();
    // The encoder is made while the first sentence is synthesised, not before (decision 0082).
    const encoderReady = StreamingEncoder.create(plan.request.outputFormat);
    encoderReady.catch(() => undefined);
    const watermark = new WatermarkStream();
    const continued = Boolean(plan.request.nextText?.trim());
    // A voice cloned on the neural cloning server is spoken by it while it is configured (decision 0051).
    const cloning = plan.segments.some((segment) => segment.voice.engineParameters.neuralClone) && (await hasNeuralCloning(env));
    for (const [segmentIndex, segment] of plan.segments.entries()) {
      const clonedSpeaker = await neuralSpeakerOf(env, segment.voice, cloning);
      const speaks = clonedSpeaker ? "xtts" : plan.model.engine;
      // A voice the cloning server speaks keeps its own pace there: only the settings' speed moves it (decision 0057).
      const base = engineParameters(segment.settings, clonedSpeaker ? { ...segment.voice.engineParameters, rate: undefined } : segment.voice.engineParameters);
      const params = plan.request.openAiProsody ? applyOpenAiProsody(base, plan.request.openAiProsody) : base;
      const sentences = splitSentences(segment.text);
      const lastSegment = segmentIndex === plan.segments.length - 1;
      for (const [index, sentence] of sentences.entries()) {
        let alignment: Alignment;
        let audio: Uint8Array;
        if (sentence.trim() === "") {
          // Whitespace has no sound; it still belongs to the alignment so that it spells the text.
          alignment = alignmentFromWords(sentence, [], 0, offsetSeconds);
          audio = new Uint8Array(0);
        } else {
          const external = speaks === "embedded" || speaks === "xtts" ? undefined : externalVoiceFor(segment.voice, speaks);
          const followedByMore = index < sentences.length - 1 || (lastSegment && continued);
          const spoken = engineTextFor(sentence, followedByMore);
          const applied = applyRules(spoken, plan.pronunciationRules, speaks === "embedded");
          const language = (plan.request.languageCode ?? segment.voice.language).toLowerCase().slice(0, 2);
          const cloned = clonedSpeaker ? { clonedSpeaker, language } : {};
          const result = await engine.synthesize({ text: applied.text, phonemes: applied.phonemes, engineVoice: engineVoiceFor(segment.voice, plan.request.languageCode), engine: speaks, externalVoice: external, seed: plan.request.seed, ...cloned, ...params });
          // The engine's word positions are in the text it spoke: when a rule changed that text, the sentence's
          // characters share its duration evenly instead.
          alignment = alignmentFromWords(sentence, applied.text === spoken ? result.words : [], result.durationMs, offsetSeconds);
          const samples = watermark.mark(int16FromBytes(result.pcm), result.sampleRate);
          pcm.push({ samples, sampleRate: result.sampleRate });
          audio = (await encoderReady).push(samples, result.sampleRate);
          offsetSeconds += result.durationMs / 1000;
        }
        alignments.push(alignment);
        audioParts.push(audio);
        signal.throwIfAborted();
        await onChunk({ audio, alignment });
      }
    }
    const tail = (await encoderReady).finish();
    if (tail.byteLength) {
      audioParts.push(tail);
      signal.throwIfAborted();
      await onChunk({ audio: tail, alignment: null });
    }
    const audio = concatBytes(audioParts);
    const spec = formatSpec(plan.request.outputFormat);
    const workspaceId = plan.actor.membership.workspace.id;
    const audioKey = `history/${workspaceId}/${plan.historyItemId}.${spec.extension}`;
    await env.MEDIA.put(audioKey, audio, { httpMetadata: { contentType: spec.contentType } });
    const first = plan.segments[0]!;
    const from = plan.actor.membership.workspace.characterCount;
    const row: HistoryRow = {
      id: plan.historyItemId,
      workspaceId,
      userId: plan.actor.user.id,
      requestId: plan.request.requestId,
      voiceId: first.voice.voiceId,
      voiceName: first.voice.name,
      voiceCategory: first.voice.category,
      modelId: plan.request.modelId ?? plan.model.model_id,
      text: plan.segments.map((s) => s.text).join(plan.request.dialogue ? "\n" : ""),
      // Each line keeps the name of its voice, as the item keeps the first one's.
      dialogue: plan.request.dialogue ? JSON.stringify(plan.request.dialogue.map((line, index) => ({ ...line, voice_name: plan.segments[index]!.voice.name }))) : null,
      dateUnix: nowSeconds(),
      characterCountChangeFrom: from,
      characterCountChangeTo: from + plan.characters,
      contentType: spec.contentType,
      outputFormat: plan.request.outputFormat,
      settings: JSON.stringify({ ...first.settings, seed: plan.request.seed ?? null }),
      feedback: null,
      source: plan.request.source,
      audioKey,
      audioBytes: audio.byteLength,
      durationMs: Math.round(offsetSeconds * 1000),
      alignment: JSON.stringify(concatAlignments(alignments)),
    };
    try {
      // A client that went away while the audio was stored gets nothing, and is charged nothing.
      signal.throwIfAborted();
      await recordGeneration(db, row, { characters: plan.characters, beyondLimit: plan.beyondLimit }, plan.actor.apiKeyId);
    } catch (error) {
      await env.MEDIA.delete(audioKey);
      if (error instanceof QuotaExhausted) {
        throw new QuotaExhaustedError({
          httpStatus: 401,
          status: "quota_exceeded",
          message: `Your quota changed while this audio was made and no longer covers its ${plan.characters} credits; nothing was charged.`,
        });
      }
      throw error;
    }
    // Beyond the plan (usage-based billing allowed it): invoice any newly completed block of extra credits.
    // The generation is recorded and charged by now, so a billing problem is logged, never the request's error.
    if (from + plan.characters > plan.actor.membership.workspace.characterLimit) {
      await invoiceExtraCredits(env, db, workspaceId).catch((error) => log("error", "extra credits check failed", { workspace_id: workspaceId, error: String(error) }));
    }
    return row;
  } catch (error) {
    if (signal.aborted) log("info", "speech generation cancelled", { request_id: plan.request.requestId, reason: String(signal.reason) });
    else log("error", "speech generation failed", { request_id: plan.request.requestId, error: String(error) });
    throw error;
  } finally {
    await releaseSlot(db, plan.actor.membership.workspace.id, plan.request.requestId);
  }
}

/** Speech that nobody is charged for and that no history keeps: voice previews. */
export async function synthesizeUncharged(env: Env, voice: Voice, text: string, format: OutputFormat, language?: string): Promise<Uint8Array> {
  const engine = speechEngine(env);
  const encoder = await StreamingEncoder.create(format);
  // A voice cloned on the neural cloning server previews in its voice there (decision 0051), at its own pace.
  const clonedSpeaker = await neuralSpeakerOf(env, voice, Boolean(voice.engineParameters.neuralClone) && (await hasNeuralCloning(env)));
  const params = engineParameters(DEFAULT_VOICE_SETTINGS, clonedSpeaker ? { ...voice.engineParameters, rate: undefined } : voice.engineParameters);
  const cloned = clonedSpeaker ? { engine: "xtts" as const, clonedSpeaker, language: (language ?? voice.language).slice(0, 2) } : {};
  const watermark = new WatermarkStream();
  const parts: Uint8Array[] = [];
  for (const sentence of splitSentences(text)) {
    if (!sentence.trim()) continue;
    const result = await engine.synthesize({ text: sentence, engineVoice: engineVoiceFor(voice, language), ...params, ...cloned });
    parts.push(encoder.push(watermark.mark(int16FromBytes(result.pcm), result.sampleRate), result.sampleRate));
  }
  parts.push(encoder.finish());
  return concatBytes(parts);
}

/** Speech no one is charged for, with its length: a designed voice's preview (the voices area stores it). */
export async function synthesizePreview(env: Env, voice: Voice, text: string, format: OutputFormat, language: string, seed: number): Promise<{ audio: Uint8Array; durationSecs: number }> {
  const engine = speechEngine(env);
  const encoder = await StreamingEncoder.create(format);
  const params = engineParameters(DEFAULT_VOICE_SETTINGS, voice.engineParameters);
  const watermark = new WatermarkStream();
  const parts: Uint8Array[] = [];
  let durationMs = 0;
  for (const sentence of splitSentences(text)) {
    if (!sentence.trim()) continue;
    const result = await engine.synthesize({ text: sentence, engineVoice: engineVoiceFor(voice, language), seed, ...params });
    durationMs += result.durationMs;
    parts.push(encoder.push(watermark.mark(int16FromBytes(result.pcm), result.sampleRate), result.sampleRate));
  }
  parts.push(encoder.finish());
  return { audio: concatBytes(parts), durationSecs: Math.round(durationMs) / 1000 };
}

/** History ids sort by creation time (newest first in lists even within one second), then random. */
function timeOrderedId(): string {
  return Date.now().toString(36).padStart(9, "0") + randomHex(6);
}
