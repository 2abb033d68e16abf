// The voice isolator: the only way into its history table; the engine is the speech worker's (RPC).
import { database } from "../../db/client";
import { releaseSlot } from "../../db/repositories/generation-slots";
import { QuotaExhausted } from "../../db/repositories/history";
import { deleteIsolation, findIsolation, listIsolations, recordIsolation, type IsolationRow } from "../../db/repositories/isolations";
import type { PcmAudio } from "../../core/engines/audio";
import type { IsolatedUpload, IsolationUpload, UploadMeasure } from "../../core/engines/noise-isolation";
import { nowSeconds } from "../../core/clock";
import { invoiceExtraCredits } from "~/billing/billing.server";
import { randomHex, type Actor } from "~/accounts/accounts.server";
import { log } from "~/common/log.server";
import { admitMeteredUpload, UPLOAD_STATUS, type UploadRefusal } from "~/speech/speech.server";
import { isolationCredits, isolationTitle, MAX_ISOLATION_UPLOAD_BYTES, maxIsolationSeconds } from "./rules/isolation";

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

export type IsolationRefusal = Omit<UploadRefusal, "httpStatus"> & { httpStatus: UploadRefusal["httpStatus"] | 500 };

export type IsolationResult = { ok: true; row: IsolationRow; audio: Uint8Array; concurrency: { active: number; limit: number } } | { ok: false; refusal: IsolationRefusal };

const refused = (refusal: IsolationRefusal) => ({ ok: false as const, refusal });

/**
 * Everything that can refuse is checked before any work is charged (admitMeteredUpload: type, size, payment,
 * the bytes, the plan's length, quota, a concurrency slot). Then the voice is isolated, stored in R2 and the row, usage and charge written in one batch;
 * a failure leaves nothing stored and nothing charged.
 */
export async function isolateRecording(env: Env, actor: Actor, request: IsolationRequest, waitUntil: (promise: Promise<unknown>) => void): Promise<IsolationResult> {
  const workspace = actor.membership.workspace;
  const upload: IsolationUpload = { audio: request.audio, pcm16k: request.fileFormat === "pcm_s16le_16" };
  const admitted = await admitMeteredUpload(
    env,
    actor,
    { ...upload, contentType: request.contentType, requestId: request.requestId },
    { maxBytes: MAX_ISOLATION_UPLOAD_BYTES, maxSeconds: maxIsolationSeconds(workspace.tier), credits: isolationCredits, verb: "isolates", product: "the voice isolator" },
  );
  if (!admitted.ok) return admitted;
  const { db, credits, beyondLimit } = admitted;

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
      return { ok: true, row, audio: isolated.audio, concurrency: admitted.concurrency };
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
