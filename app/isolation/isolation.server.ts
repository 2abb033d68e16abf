// The voice isolator: the only way into its history table; the engine is the speech worker's (RPC).
import { database } from "../../db/client";
import { acquireSlot, releaseSlot } from "../../db/repositories/generation-slots";
import { QuotaExhausted } from "../../db/repositories/history";
import { deleteIsolation, findIsolation, listIsolations, recordIsolation, type IsolationRow } from "../../db/repositories/isolations";
import type { PcmAudio } from "../../core/engines/audio";
import type { IsolatedUpload, IsolationUpload, UploadMeasure, UploadProblem } from "../../core/engines/noise-isolation";
import { CONCURRENCY_LIMIT, standardTierFor, type SubscriptionStatus } from "../../core/billing/plans";
import { nowSeconds } from "../../core/clock";
import { isRestricted } from "~/billing/rules/plan-actions";
import { STATUS_NOTICES } from "~/billing/rules/billing-texts";
import { invoiceExtraCredits } from "~/billing/billing.server";
import { keyCapRefusal, randomHex, type Actor } from "~/accounts/accounts.server";
import { log } from "~/common/log.server";
import { currentQuota } from "~/speech/speech.server";
import { acceptedUploadType, isolationCredits, isolationTitle, MAX_ISOLATION_UPLOAD_BYTES, maxIsolationSeconds } from "./rules/isolation";

export type { IsolationRow };

type IsolationRpc = {
  isolate(request: PcmAudio): Promise<PcmAudio>;
  measureUpload(upload: IsolationUpload): Promise<UploadMeasure>;
  isolateUpload(upload: IsolationUpload): Promise<IsolatedUpload>;
};

const engine = (env: Env) => env.SPEECH as unknown as IsolationRpc;

/**
 * The voice of 16-bit mono PCM without its background (RNNoise in the speech worker); 48 kHz out. For other
 * areas (cloning's remove_background_noise): uncharged, the caller charges for its own work.
 */
export function isolateVoice(env: Env, audio: PcmAudio): Promise<PcmAudio> {
  return engine(env).isolate(audio);
}

export type IsolationRequest = {
  audio: Uint8Array;
  /** The declared content type of the upload (the multipart part's), checked against the accepted types. */
  contentType: string | null;
  fileName: string | null;
  fileFormat: "pcm_s16le_16" | "other";
  requestId: string;
};

export type IsolationRefusal = { httpStatus: 400 | 401 | 402 | 429 | 500; status: string; message: string; detail?: Record<string, string | number>; headers?: Record<string, string> };

export type IsolationResult = { ok: true; row: IsolationRow; audio: Uint8Array; concurrency: { active: number; limit: number } } | { ok: false; refusal: IsolationRefusal };

const UPLOAD_STATUS: Record<UploadProblem["reason"], string> = {
  empty: "empty_file",
  unrecognised: "invalid_file_type",
  undecodable: "unsupported_audio_codec",
  corrupt: "invalid_audio",
  no_audio: "no_audio_track",
};

const refused = (refusal: IsolationRefusal) => ({ ok: false as const, refusal });

/**
 * Everything that can refuse is checked before any work is charged: the declared type, the size, the bytes
 * (decoded by the speech worker: empty, truncated, undecodable), the plan's length, payment status, quota and a
 * concurrency slot. Then the voice is isolated, stored in R2 and the row, usage and charge written in one batch;
 * a failure leaves nothing stored and nothing charged.
 */
export async function isolateRecording(env: Env, actor: Actor, request: IsolationRequest, waitUntil: (promise: Promise<unknown>) => void): Promise<IsolationResult> {
  const workspace = actor.membership.workspace;
  if (!acceptedUploadType(request.contentType)) {
    return refused({ httpStatus: 400, status: "invalid_file_type", message: `Files of type ${request.contentType} are not accepted: send audio (aac, aiff, flac, m4a, mp3, mp4, ogg, opus, wav, webm) or video (3gp, avi, flv, mkv, mov, mp4, mpeg, webm, wmv).` });
  }
  if (request.audio.byteLength === 0) return refused({ httpStatus: 400, status: "empty_file", message: "The file is empty." });
  if (request.audio.byteLength > MAX_ISOLATION_UPLOAD_BYTES) {
    return refused({ httpStatus: 400, status: "file_too_large", message: `The file is ${request.audio.byteLength} bytes; at most ${MAX_ISOLATION_UPLOAD_BYTES} are accepted.` });
  }
  if (isRestricted(workspace.status as SubscriptionStatus)) {
    return refused({ httpStatus: 402, status: "payment_required", message: STATUS_NOTICES[workspace.status] ?? "This workspace cannot use the voice isolator until its payment is settled." });
  }
  const upload: IsolationUpload = { audio: request.audio, pcm16k: request.fileFormat === "pcm_s16le_16" };
  const measured = await engine(env).measureUpload(upload);
  if (!measured.ok) return refused({ httpStatus: 400, status: UPLOAD_STATUS[measured.reason], message: measured.message });
  const maxSeconds = maxIsolationSeconds(workspace.tier);
  if (measured.durationSeconds > maxSeconds) {
    return refused({
      httpStatus: 400,
      status: "audio_too_long",
      message: `The audio is ${Math.round(measured.durationSeconds)} seconds long; your plan isolates at most ${maxSeconds} seconds per request.`,
      detail: { duration_seconds: Math.round(measured.durationSeconds * 10) / 10, max_duration_seconds: maxSeconds },
    });
  }
  const credits = isolationCredits(measured.durationSeconds);
  const db = database(env.DB);
  const quota = await currentQuota(db, workspace, workspace.tier);
  const quotaRefusal = (remaining: number): IsolationRefusal => ({
    httpStatus: 401,
    status: "quota_exceeded",
    message: `This request exceeds your quota of ${workspace.characterLimit}. You have ${Math.max(0, remaining)} credits remaining, while ${credits} credits are required for this request.`,
  });
  if (quota.used + credits > quota.usable) return refused(quotaRefusal(workspace.characterLimit - quota.used));
  const capped = await keyCapRefusal(db, actor, credits);
  if (capped) return refused(capped);
  const limit = CONCURRENCY_LIMIT[standardTierFor(workspace.tier)];
  const beyondLimit = Number.isFinite(quota.usable) ? quota.usable - workspace.characterLimit : null;
  const slot = await acquireSlot(db, { workspaceId: workspace.id, requestId: request.requestId, limit, characters: credits, beyondLimit, nowSeconds: nowSeconds() });
  if (!slot.acquired && slot.reason === "quota") return refused(quotaRefusal(slot.remaining));
  if (!slot.acquired) {
    const headers = { "current-concurrent-requests": String(slot.active), "maximum-concurrent-requests": String(limit) };
    return refused({ httpStatus: 429, status: "too_many_concurrent_requests", message: `Your plan allows ${limit} concurrent requests.`, headers });
  }

  // From here the slot is held: the work is registered with waitUntil so its `finally` always releases it.
  const work = (async (): Promise<IsolationResult> => {
    const id = Date.now().toString(36).padStart(9, "0") + randomHex(6);
    const audioKey = `isolation/${workspace.id}/${id}.mp3`;
    let stored = false;
    try {
      const isolated = await engine(env).isolateUpload(upload);
      if (!isolated.ok) return refused({ httpStatus: 400, status: UPLOAD_STATUS[isolated.reason], message: isolated.message });
      await env.MEDIA.put(audioKey, isolated.audio, { httpMetadata: { contentType: isolated.contentType } });
      stored = true;
      const row: IsolationRow = {
        id,
        workspaceId: workspace.id,
        userId: actor.user.id,
        requestId: request.requestId,
        title: isolationTitle(request.fileName),
        createdAt: nowSeconds(),
        durationSeconds: isolated.durationSeconds,
        credits,
        sourceHadVideo: isolated.hadVideo,
        contentType: isolated.contentType,
        audioKey,
        audioBytes: isolated.audio.byteLength,
      };
      await recordIsolation(db, row, { beyondLimit }, actor.apiKeyId);
      stored = false;
      if (workspace.characterCount + credits > workspace.characterLimit) {
        await invoiceExtraCredits(env, db, workspace.id).catch((error) => log("error", "extra credits check failed", { workspace_id: workspace.id, error: String(error) }));
      }
      return { ok: true, row, audio: isolated.audio, concurrency: { active: slot.active, limit } };
    } catch (error) {
      if (error instanceof QuotaExhausted) {
        return refused({ httpStatus: 401, status: "quota_exceeded", message: `Your quota changed while the audio was isolated and no longer covers its ${credits} credits; nothing was charged.` });
      }
      log("error", "voice isolation failed", { request_id: request.requestId, error: String(error) });
      return refused({ httpStatus: 500, status: "isolation_failed", message: "The voice isolation failed; nothing was charged." });
    } finally {
      if (stored) await env.MEDIA.delete(audioKey);
      await releaseSlot(db, workspace.id, request.requestId);
    }
  })();
  waitUntil(work);
  return work;
}

export function isolationHistory(env: Env, actor: Actor, query: { page: number; pageSize: number; search?: string }) {
  return listIsolations(database(env.DB), actor.membership.workspace.id, query);
}

export function findIsolationItem(env: Env, actor: Actor, id: string): Promise<IsolationRow | undefined> {
  return findIsolation(database(env.DB), actor.membership.workspace.id, id);
}

/** The isolated audio of one of the workspace's items, or null. */
export async function isolationAudio(env: Env, actor: Actor, id: string): Promise<{ row: IsolationRow; body: ReadableStream } | null> {
  const row = await findIsolationItem(env, actor, id);
  if (!row) return null;
  const object = await env.MEDIA.get(row.audioKey);
  return object ? { row, body: object.body } : null;
}

/** Deletes the item and its audio; false when the workspace has no such item. */
export async function deleteIsolationItem(env: Env, actor: Actor, id: string): Promise<boolean> {
  const row = await deleteIsolation(database(env.DB), actor.membership.workspace.id, id);
  if (!row) return false;
  await env.MEDIA.delete(row.audioKey);
  return true;
}
