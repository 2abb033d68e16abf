// Support staff review requests for manual verification of professional voices (decision 0091): they list every
// workspace's waiting requests, open the documents, and approve (the voice is verified, as by the spoken check of
// decision 0035) or reject with a reason the owner reads. Only support staff get anything here: anyone else is
// refused before a voice is read, so nothing about another workspace leaks.
import { database } from "../../../db/client";
import * as voicesTable from "../../../db/repositories/voices";
import type { ManualVerificationReview } from "../../../core/voices/voices";
import { nowSeconds } from "../../../core/clock";
import { isSupportStaff, type Actor } from "~/accounts/accounts.server";
import { SUPPORT_TEXTS } from "~/accounts/rules/support";
import { log } from "~/common/log.server";
import { recordAudit } from "~/workspace/audit-log.server";
import { documentDisposition, rejectionReasonRefusal } from "~/voices/rules/verification-review";

type ReviewEnv = Pick<Env, "DB" | "MEDIA" | "STAFF_EMAIL_DOMAIN">;
export type ReviewRefusal = { ok: false; httpStatus: 400 | 403 | 404; status: string; message: string };
type Result<T> = ({ ok: true } & T) | ReviewRefusal;

const refuse = (httpStatus: ReviewRefusal["httpStatus"], status: string, message: string): ReviewRefusal => ({ ok: false, httpStatus, status, message });
const notStaff = () => refuse(403, "forbidden", SUPPORT_TEXTS.notStaff);
const notWaiting = (voiceId: string) => refuse(404, "verification_request_not_found", `No manual verification request waits for the voice ${voiceId}.`);
const staff = (env: ReviewEnv, actor: Actor) => isSupportStaff(env as Env, actor);

/** A waiting request as the staff console shows it (document keys stay on the server). */
export type VerificationRequestView = {
  voice_id: string;
  name: string;
  language: string;
  workspace_id: string;
  workspace_name: string;
  requested_at_unix: number;
  extra_text: string;
  files: { file_id: string; file_name: string; mime_type: string; size_bytes: number }[];
};

function requestView({ voice, workspace }: voicesTable.VoiceAwaitingReview): VerificationRequestView {
  const request = voice.manualVerification!;
  return {
    voice_id: voice.voiceId,
    name: voice.name,
    language: voice.language,
    workspace_id: workspace.id,
    workspace_name: workspace.name,
    requested_at_unix: request.requestedAt,
    extra_text: request.extraText,
    files: request.files.map((f) => ({ file_id: f.fileId, file_name: f.fileName, mime_type: f.mimeType, size_bytes: f.sizeBytes })),
  };
}

/** Every workspace's waiting requests, oldest request first. */
export async function voiceVerificationRequests(env: ReviewEnv, actor: Actor): Promise<Result<{ requests: VerificationRequestView[] }>> {
  if (!staff(env, actor)) return notStaff();
  const waiting = await voicesTable.listVoicesAwaitingReview(database(env.DB));
  return { ok: true, requests: waiting.map(requestView).sort((a, b) => a.requested_at_unix - b.requested_at_unix || a.voice_id.localeCompare(b.voice_id)) };
}

/** One document of a waiting request, to open or download; each read is logged with who read whose document. */
export async function voiceVerificationDocument(
  env: ReviewEnv,
  actor: Actor,
  voiceId: string,
  fileId: string,
): Promise<Result<{ body: ReadableStream; contentType: string; disposition: string; size: number }>> {
  if (!staff(env, actor)) return notStaff();
  const found = await voicesTable.findVoiceAwaitingReview(database(env.DB), voiceId);
  if (!found) return notWaiting(voiceId);
  const file = found.voice.manualVerification!.files.find((f) => f.fileId === fileId);
  const object = file && (await env.MEDIA.get(file.key));
  if (!file || !object) return refuse(404, "file_not_found", `The request for the voice ${voiceId} has no document ${fileId}.`);
  log("info", "verification document read", { staff_user_id: actor.user.id, workspace_id: found.workspace.id, voice_id: voiceId, file_id: fileId });
  return { ok: true, body: object.body, size: object.size, ...documentDisposition(file.mimeType, file.fileName) };
}

/**
 * The review in the audit log of the voice owner's workspace (decision 0088): the staff member is the actor, though
 * not a member there, so the workspace sees who decided on its voice, and the reason it was told.
 */
const auditReview = (env: ReviewEnv, actor: Actor, workspaceId: string, voiceId: string, review: ManualVerificationReview) =>
  recordAudit(database(env.DB), { user: actor.user, membership: { workspace: { id: workspaceId } }, via: actor.via }, review.decision === "approved" ? "voice_verification_approved" : "voice_verification_rejected", voiceId, review.reason === null ? {} : { reason: review.reason });

/** Approves a waiting request: the voice is verified, with who and when kept beside the request. */
export async function approveVoiceVerification(env: ReviewEnv, actor: Actor, voiceId: string): Promise<Result<{ review: ManualVerificationReview }>> {
  if (!staff(env, actor)) return notStaff();
  const db = database(env.DB);
  const found = await voicesTable.findVoiceAwaitingReview(db, voiceId);
  if (!found) return notWaiting(voiceId);
  const review: ManualVerificationReview = { decision: "approved", reason: null, reviewedAt: nowSeconds(), reviewedByUserId: actor.user.id };
  if (!(await voicesTable.reviewManualVerification(db, voiceId, review))) return notWaiting(voiceId);
  await auditReview(env, actor, found.workspace.id, voiceId, review);
  log("info", "voice verification approved", { staff_user_id: actor.user.id, voice_id: voiceId });
  return { ok: true, review };
}

/**
 * Rejects a waiting request with the reason the owner reads on the voice's page: the request and its documents go
 * (identity papers are not kept for nothing), so the owner can ask again.
 */
export async function rejectVoiceVerification(env: ReviewEnv, actor: Actor, voiceId: string, reason: string): Promise<Result<{ review: ManualVerificationReview }>> {
  if (!staff(env, actor)) return notStaff();
  const invalid = rejectionReasonRefusal(reason);
  if (invalid) return refuse(400, "reason_required", invalid);
  const db = database(env.DB);
  const found = await voicesTable.findVoiceAwaitingReview(db, voiceId);
  if (!found) return notWaiting(voiceId);
  const review: ManualVerificationReview = { decision: "rejected", reason: reason.trim(), reviewedAt: nowSeconds(), reviewedByUserId: actor.user.id };
  if (!(await voicesTable.reviewManualVerification(db, voiceId, review))) return notWaiting(voiceId);
  const keys = found.voice.manualVerification!.files.map((f) => f.key);
  if (keys.length) await env.MEDIA.delete(keys);
  await auditReview(env, actor, found.workspace.id, voiceId, review);
  log("info", "voice verification rejected", { staff_user_id: actor.user.id, voice_id: voiceId });
  return { ok: true, review };
}
