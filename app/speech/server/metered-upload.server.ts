// Admission of an upload to an audio tool charged by its length (speech to text, voice isolator, voice changer):
// every refusal before any work, in one place, so the three tools refuse alike.
import { database, type Database } from "../../../db/client";
import { acquireSlot } from "../../../db/repositories/generation-slots";
import type { UploadMeasure } from "../../../core/engines/noise-isolation";
import { CONCURRENCY_LIMIT, standardTierFor, type SubscriptionStatus } from "../../../core/billing/plans";
import { nowSeconds } from "../../../core/clock";
import { isRestricted } from "~/billing/rules/plan-actions";
import { STATUS_NOTICES } from "~/billing/rules/billing-texts";
import { keyCapRefusal, type Actor } from "~/accounts/accounts.server";
import { acceptedUploadType } from "~/isolation/rules/isolation";
import { currentQuota } from "./quota.server";

/** A refusal in the API's terms: the caller answers it with apiError and its headers. */
export type UploadRefusal = { httpStatus: 400 | 401 | 402 | 429; status: string; message: string; detail?: Record<string, string | number>; headers?: Record<string, string> };

/** The API status of each reason the speech worker gives for an unreadable upload. */
export const UPLOAD_STATUS: Record<string, string> = {
  empty: "empty_file",
  unrecognised: "invalid_file_type",
  undecodable: "unsupported_audio_codec",
  corrupt: "invalid_audio",
  no_audio: "no_audio_track",
  no_speech: "no_speech",
};

/** What a tool's limits are: bytes, seconds on the workspace's plan, credits for a length, and words for its messages. */
export type MeteredPolicy = { maxBytes: number; maxSeconds: number; credits: (seconds: number) => number; verb: string; product: string };

export type MeteredUpload = { audio: Uint8Array; contentType: string | null; pcm16k: boolean; requestId: string };

/** Admitted: the length, the credits reserved with the held concurrency slot (release it when done), and what the charge needs. */
export type Admission = Reservation & { durationSeconds: number; hadVideo: boolean };

const refused = (refusal: UploadRefusal) => ({ ok: false as const, refusal });

/** The declared type, emptiness and size: what is refused before the bytes are read. */
export function checkUploadFile(audio: Uint8Array, contentType: string | null, maxBytes: number) {
  if (!acceptedUploadType(contentType)) {
    return refused({ httpStatus: 400, status: "invalid_file_type", message: `Files of type ${contentType} are not accepted: send audio (aac, aiff, flac, m4a, mp3, mp4, ogg, opus, wav, webm) or video (3gp, avi, flv, mkv, mov, mp4, mpeg, webm, wmv).` });
  }
  if (audio.byteLength === 0) return refused({ httpStatus: 400, status: "empty_file", message: "The file is empty." });
  if (audio.byteLength > maxBytes) return refused({ httpStatus: 400, status: "file_too_large", message: `The file is ${audio.byteLength} bytes; at most ${maxBytes} are accepted.` });
  return null;
}

/** The refusal of a workspace whose payment is not settled, or null. */
export function paymentRefusal(actor: Actor, product: string) {
  const { status } = actor.membership.workspace;
  if (!isRestricted(status as SubscriptionStatus)) return null;
  return refused({ httpStatus: 402, status: "payment_required", message: STATUS_NOTICES[status] ?? `This workspace cannot use ${product} until its payment is settled.` });
}

/**
 * Checks in order the declared type, the size, payment status, the bytes (measured by the speech worker: empty,
 * truncated, undecodable, no audio track), the plan's length, quota, the API key's cap and a concurrency slot
 * (which reserves the credits). Nothing is charged here; the caller records the charge with its result.
 */
export async function admitMeteredUpload(env: Env, actor: Actor, upload: MeteredUpload, policy: MeteredPolicy): Promise<Admission | { ok: false; refusal: UploadRefusal }> {
  const fileProblem = checkUploadFile(upload.audio, upload.contentType, policy.maxBytes);
  if (fileProblem) return fileProblem;
  const unpaid = paymentRefusal(actor, policy.product);
  if (unpaid) return unpaid;
  const speech = env.SPEECH as unknown as { measureUpload(upload: { audio: Uint8Array; pcm16k: boolean }): Promise<UploadMeasure> };
  const measured = await speech.measureUpload({ audio: upload.audio, pcm16k: upload.pcm16k });
  if (!measured.ok) return refused({ httpStatus: 400, status: UPLOAD_STATUS[measured.reason]!, message: measured.message });
  if (measured.durationSeconds > policy.maxSeconds) {
    return refused({
      httpStatus: 400,
      status: "audio_too_long",
      message: `The audio is ${Math.round(measured.durationSeconds)} seconds long; your plan ${policy.verb} at most ${policy.maxSeconds} seconds per request.`,
      detail: { duration_seconds: Math.round(measured.durationSeconds * 10) / 10, max_duration_seconds: policy.maxSeconds },
    });
  }
  const reserved = await reserveMeteredCredits(env, actor, policy.credits(measured.durationSeconds), upload.requestId);
  if (!reserved.ok) return reserved;
  return { ...reserved, durationSeconds: measured.durationSeconds, hadVideo: measured.hadVideo };
}

export type Reservation = { ok: true; credits: number; db: Database; beyondLimit: number | null; concurrency: { active: number; limit: number } };

/** Quota, the API key's cap and a concurrency slot for `credits` of metered work (release the slot when done). */
export async function reserveMeteredCredits(env: Env, actor: Actor, credits: number, requestId: string): Promise<Reservation | { ok: false; refusal: UploadRefusal }> {
  const workspace = actor.membership.workspace;
  const db = database(env.DB);
  const quota = await currentQuota(db, workspace, workspace.tier);
  const quotaRefusal = (remaining: number): UploadRefusal => ({
    httpStatus: 401,
    status: "quota_exceeded",
    message: `This request exceeds your quota of ${workspace.characterLimit}. You have ${Math.max(0, remaining)} credits remaining, while ${credits} credits are required for this request.`,
  });
  if (quota.used + credits > quota.usable) return refused(quotaRefusal(workspace.characterLimit - quota.used));
  const capped = await keyCapRefusal(db, actor, credits);
  if (capped) return refused(capped);
  const limit = CONCURRENCY_LIMIT[standardTierFor(workspace.tier)];
  const beyondLimit = Number.isFinite(quota.usable) ? quota.usable - workspace.characterLimit : null;
  const slot = await acquireSlot(db, { workspaceId: workspace.id, requestId, limit, characters: credits, beyondLimit, nowSeconds: nowSeconds() });
  if (!slot.acquired && slot.reason === "quota") return refused(quotaRefusal(slot.remaining));
  if (!slot.acquired) {
    const headers = { "current-concurrent-requests": String(slot.active), "maximum-concurrent-requests": String(limit) };
    return refused({ httpStatus: 429, status: "too_many_concurrent_requests", message: `Your plan allows ${limit} concurrent requests.`, headers });
  }
  return { ok: true, credits, db, beyondLimit, concurrency: { active: slot.active, limit } };
}
