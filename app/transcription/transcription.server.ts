// Speech to text: the only way into the transcripts table; the engines are the speech worker's (RPC).
import { database } from "../../db/client";
import { acquireSlot, releaseSlot } from "../../db/repositories/generation-slots";
import { QuotaExhausted } from "../../db/repositories/history";
import { deleteTranscript, findTranscript, recordTranscript, type TranscriptRow } from "../../db/repositories/transcripts";
import type { IsolationUpload, UploadMeasure, UploadProblem } from "../../core/engines/noise-isolation";
import type { EngineCatalog, ProviderId } from "../../core/engines/capabilities";
import type { EngineChoice } from "../../core/engines/registry";
import type { TranscriptionRequest, TranscriptionResult } from "../../core/engines/speech-to-text";
import { CONCURRENCY_LIMIT, standardTierFor, type SubscriptionStatus } from "../../core/billing/plans";
import { nowSeconds } from "../../core/clock";
import { isRestricted } from "~/billing/rules/plan-actions";
import { STATUS_NOTICES } from "~/billing/rules/billing-texts";
import { invoiceExtraCredits } from "~/billing/billing.server";
import { randomHex, type Actor } from "~/accounts/accounts.server";
import { log } from "~/common/log.server";
import { currentQuota } from "~/speech/speech.server";
import { emitWorkspaceEvent } from "~/workspace/webhooks.server";
import { acceptedUploadType } from "~/isolation/rules/isolation";
import {
  additionalFormat,
  embeddedHears,
  maxTranscriptionSeconds,
  MAX_TRANSCRIPTION_UPLOAD_BYTES,
  responseWords,
  transcriptionCredits,
  type AdditionalFormat,
  type TimestampGranularity,
} from "./rules/transcription";

export type { TranscriptRow };

type TranscriptionRpc = {
  measureUpload(upload: IsolationUpload): Promise<UploadMeasure>;
  transcribe(request: TranscriptionRequest, choice?: EngineChoice): Promise<TranscriptionResult>;
  catalog(): Promise<EngineCatalog>;
};

const engine = (env: Env) => env.SPEECH as unknown as TranscriptionRpc;

export type TranscriptionOptions = {
  audio: Uint8Array;
  contentType: string | null;
  pcm16k: boolean;
  modelId: string;
  languageCode: string | null;
  diarize: boolean;
  granularity: TimestampGranularity;
  additionalFormats: AdditionalFormat[];
  requestId: string;
  /** Webhook mode: the finished transcript goes to the workspace's speech-to-text webhooks (or the one named). */
  notify?: { webhookId: string | null; metadata: unknown } | null;
};

export type TranscriptionRefusal = { httpStatus: 400 | 401 | 402 | 422 | 429 | 500 | 503; status: string; message: string; detail?: Record<string, string | number>; headers?: Record<string, string> };

const UPLOAD_STATUS: Record<UploadProblem["reason"], string> = {
  empty: "empty_file",
  unrecognised: "invalid_file_type",
  undecodable: "unsupported_audio_codec",
  corrupt: "invalid_audio",
  no_audio: "no_audio_track",
};

const refused = (refusal: TranscriptionRefusal) => ({ ok: false as const, refusal });

/** Which provider serves speech to text for a model id: the platform's own ids pick theirs, any other (scribe_v1, ...) the default. */
async function chooseProvider(env: Env, modelId: string): Promise<{ provider: ProviderId; model?: string } | null> {
  const providers = (await engine(env).catalog()).capabilities["speech-to-text"];
  const named = providers.find((p) => p.models.some((m) => m.id === modelId));
  if (named) return { provider: named.provider, model: modelId };
  return providers[0] ? { provider: providers[0].provider } : null;
}

/**
 * Checks everything that can refuse before any work (type, size, the bytes decoded by the speech worker, the
 * plan's length, the language the engine hears, payment, quota, a concurrency slot), then transcribes and
 * records the transcript with its charge in one batch. `run` lets the caller answer before the work ends
 * (webhook mode): it gets the transcription id at once.
 */
export async function startTranscription(env: Env, actor: Actor, request: TranscriptionOptions, waitUntil: (promise: Promise<unknown>) => void) {
  const workspace = actor.membership.workspace;
  if (!acceptedUploadType(request.contentType)) {
    return refused({ httpStatus: 400, status: "invalid_file_type", message: `Files of type ${request.contentType} are not accepted: send audio (aac, aiff, flac, m4a, mp3, mp4, ogg, opus, wav, webm) or video.` });
  }
  if (request.audio.byteLength === 0) return refused({ httpStatus: 400, status: "empty_file", message: "The file is empty." });
  if (request.audio.byteLength > MAX_TRANSCRIPTION_UPLOAD_BYTES) {
    return refused({ httpStatus: 400, status: "file_too_large", message: `The file is ${request.audio.byteLength} bytes; at most ${MAX_TRANSCRIPTION_UPLOAD_BYTES} are accepted.` });
  }
  const choice = await chooseProvider(env, request.modelId);
  if (!choice) return refused({ httpStatus: 503, status: "speech_to_text_unavailable", message: "No speech-to-text engine is configured on this deployment." });
  if (choice.provider === "embedded" && !embeddedHears(request.languageCode)) {
    return refused({
      httpStatus: 422,
      status: "unsupported_language",
      message: `The embedded speech-to-text engine (PocketSphinx) hears US English only; language_code ${request.languageCode} needs a neural provider (an OpenAI-compatible server or Workers AI, docs/engines.md).`,
    });
  }
  if (isRestricted(workspace.status as SubscriptionStatus)) {
    return refused({ httpStatus: 402, status: "payment_required", message: STATUS_NOTICES[workspace.status] ?? "This workspace cannot use speech to text until its payment is settled." });
  }
  const upload: IsolationUpload = { audio: request.audio, pcm16k: request.pcm16k };
  const measured = await engine(env).measureUpload(upload);
  if (!measured.ok) return refused({ httpStatus: 400, status: UPLOAD_STATUS[measured.reason], message: measured.message });
  const maxSeconds = maxTranscriptionSeconds(workspace.tier);
  if (measured.durationSeconds > maxSeconds) {
    return refused({
      httpStatus: 400,
      status: "audio_too_long",
      message: `The audio is ${Math.round(measured.durationSeconds)} seconds long; your plan transcribes at most ${maxSeconds} seconds per request.`,
      detail: { duration_seconds: Math.round(measured.durationSeconds * 10) / 10, max_duration_seconds: maxSeconds },
    });
  }
  const credits = transcriptionCredits(measured.durationSeconds);
  const db = database(env.DB);
  const quota = await currentQuota(db, workspace, workspace.tier);
  const quotaRefusal = (remaining: number): TranscriptionRefusal => ({
    httpStatus: 401,
    status: "quota_exceeded",
    message: `This request exceeds your quota of ${workspace.characterLimit}. You have ${Math.max(0, remaining)} credits remaining, while ${credits} credits are required for this request.`,
  });
  if (quota.used + credits > quota.usable) return refused(quotaRefusal(workspace.characterLimit - quota.used));
  const limit = CONCURRENCY_LIMIT[standardTierFor(workspace.tier)];
  const beyondLimit = Number.isFinite(quota.usable) ? quota.usable - workspace.characterLimit : null;
  const slot = await acquireSlot(db, { workspaceId: workspace.id, requestId: request.requestId, limit, characters: credits, beyondLimit, nowSeconds: nowSeconds() });
  if (!slot.acquired && slot.reason === "quota") return refused(quotaRefusal(slot.remaining));
  if (!slot.acquired) {
    const headers = { "current-concurrent-requests": String(slot.active), "maximum-concurrent-requests": String(limit) };
    return refused({ httpStatus: 429, status: "too_many_concurrent_requests", message: `Your plan allows ${limit} concurrent requests.`, headers });
  }

  const id = Date.now().toString(36).padStart(9, "0") + randomHex(6);
  // From here the slot is held: the work is registered with waitUntil so its `finally` always releases it.
  const work = (async () => {
    try {
      const contentType = request.pcm16k ? "audio/L16;rate=16000" : (request.contentType ?? "application/octet-stream");
      const heard = await engine(env).transcribe({ audio: request.audio, contentType, language: request.languageCode }, choice);
      const languageCode = heard.language ?? request.languageCode ?? "en";
      const body = {
        language_code: languageCode,
        // The embedded engine hears one language and is told nothing else: the language is given, not detected.
        language_probability: 1,
        text: heard.text,
        words: responseWords(heard.words, { granularity: request.granularity, diarize: request.diarize }),
        ...(request.additionalFormats.length
          ? { additional_formats: request.additionalFormats.map((f) => additionalFormat(f, heard.text, heard.words, heard.durationMs ?? measured.durationSeconds * 1000)) }
          : {}),
        transcription_id: id,
        audio_duration_secs: Math.round(measured.durationSeconds * 1000) / 1000,
      };
      const row: TranscriptRow = {
        id,
        workspaceId: workspace.id,
        userId: actor.user.id,
        requestId: request.requestId,
        createdAt: nowSeconds(),
        durationSeconds: measured.durationSeconds,
        credits,
        modelId: choice.model ?? `${choice.provider}:${request.modelId}`,
        languageCode,
        result: JSON.stringify(body),
      };
      await recordTranscript(db, row, { beyondLimit }, actor.apiKeyId);
      if (request.notify) {
        const data = { request_id: request.requestId, transcription: body, ...(request.notify.metadata === undefined ? {} : { webhook_metadata: request.notify.metadata }) };
        // The transcript is kept and charged either way; a failed hand-off to the queue is logged, not undone.
        await emitWorkspaceEvent(env, workspace.id, "speech_to_text", data, request.notify.webhookId).catch((error) =>
          log("error", "speech-to-text webhook event not queued", { request_id: request.requestId, error: String(error) }),
        );
      }
      if (workspace.characterCount + credits > workspace.characterLimit) {
        await invoiceExtraCredits(env, db, workspace.id).catch((error) => log("error", "extra credits check failed", { workspace_id: workspace.id, error: String(error) }));
      }
      return { ok: true as const, id, body, heard, credits, concurrency: { active: slot.active, limit } };
    } catch (error) {
      if (error instanceof QuotaExhausted) {
        return refused({ httpStatus: 401, status: "quota_exceeded", message: `Your quota changed while the audio was transcribed and no longer covers its ${credits} credits; nothing was charged.` });
      }
      log("error", "speech to text failed", { request_id: request.requestId, error: String(error) });
      if (String(error).includes("not installed")) return refused({ httpStatus: 503, status: "speech_to_text_unavailable", message: String((error as Error).message ?? error) });
      return refused({ httpStatus: 500, status: "speech_to_text_failed", message: "The transcription failed; nothing was charged." });
    } finally {
      await releaseSlot(db, workspace.id, request.requestId);
    }
  })();
  waitUntil(work);
  return { ok: true as const, id, work };
}

/** A transcript of the workspace as the API returns it, or null. */
export async function transcriptOf(env: Env, actor: Actor, id: string): Promise<Record<string, unknown> | null> {
  const row = await findTranscript(database(env.DB), actor.membership.workspace.id, id);
  return row ? (JSON.parse(row.result) as Record<string, unknown>) : null;
}

export function deleteTranscriptOf(env: Env, actor: Actor, id: string): Promise<boolean> {
  return deleteTranscript(database(env.DB), actor.membership.workspace.id, id);
}
