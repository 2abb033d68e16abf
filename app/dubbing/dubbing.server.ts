// Dubbing: the only way into the dubs table. Creating a dub checks everything that can refuse (type, size,
// languages, the engines, plan, the media's length, quota) before anything is written, then stores the upload,
// charges it with its row in one batch and queues the pipeline (the dubbing worker, queues/dubbing/pipeline.ts).
import { database } from "../../db/client";
import { QuotaExhausted } from "../../db/repositories/history";
import * as repo from "../../db/repositories/dubs";
import type { DubRow } from "../../db/repositories/dubs";
import type { IsolationUpload, UploadMeasure, UploadProblem } from "../../core/engines/noise-isolation";
import type { EngineCatalog } from "../../core/engines/capabilities";
import type { SubscriptionStatus } from "../../core/billing/plans";
import { nowSeconds } from "../../core/clock";
import { isRestricted } from "~/billing/rules/plan-actions";
import { STATUS_NOTICES } from "~/billing/rules/billing-texts";
import { permissionRefusal, randomHex, type Actor } from "~/accounts/accounts.server";
import { log } from "~/common/log.server";
import { usableVoices } from "~/voices/voices.server";
import { currentQuota } from "~/speech/speech.server";
import { acceptedUploadType } from "~/isolation/rules/isolation";
import { studioLanguages } from "./rules/studio";
import {
  AUTO_SOURCE,
  canUseDubbingStudio,
  defaultDubName,
  dubbingCredits,
  dubbingLanguage,
  dubbingLanguageName,
  dubMediaPrefix,
  DUBBING_LANGUAGES,
  expectedDurationSeconds,
  hearsOnlyEnglish,
  speakProblem,
  speakable,
  maxDubbingSeconds,
  MAX_DUBBING_UPLOAD_BYTES,
  pairProblem,
  type DubOutput,
  type DubSegment,
  type DubSpeaker,
  type DubStatus,
} from "../../core/dubbing/dub-rules";

export type { DubRow };

// The queue message is core's: the consumer (queues/dubbing) reads it (decision 0058).
import type { DubbingMessage } from "../../core/dubbing/dub-rules";
export type { DubbingMessage };

type DubbingRpc = { measureUpload(upload: IsolationUpload): Promise<UploadMeasure>; catalog(): Promise<EngineCatalog> };
const engine = (env: Env) => env.SPEECH as unknown as DubbingRpc;

export type DubRefusal = { httpStatus: 400 | 401 | 402 | 403 | 422 | 500; status: string; message: string; detail?: Record<string, string | number> };
const refused = (refusal: DubRefusal) => ({ ok: false as const, refusal });

const UPLOAD_STATUS: Record<UploadProblem["reason"], string> = {
  empty: "empty_file",
  unrecognised: "invalid_file_type",
  undecodable: "unsupported_audio_codec",
  corrupt: "invalid_audio",
  no_audio: "no_audio_track",
};

export type NewDub = {
  file: Uint8Array;
  contentType: string | null;
  fileName: string | null;
  name: string | null;
  sourceLang: string;
  targetLang: string;
  numSpeakers: number;
  startTime: number | null;
  endTime: number | null;
  dropBackgroundAudio: boolean;
  dubbingStudio: boolean;
};

/**
 * Checks everything (a member needs the Dubbing permission, decision 0034), then stores, charges and queues; nothing
 * is written or charged when it refuses.
 */
export async function createDub(env: Env, actor: Actor, request: NewDub) {
  const denied = await permissionRefusal(database(env.DB), actor, "dubbing");
  if (denied) return refused(denied);
  const workspace = actor.membership.workspace;
  if (!acceptedUploadType(request.contentType)) {
    return refused({ httpStatus: 400, status: "invalid_file_type", message: `Files of type ${request.contentType} are not accepted: send audio (aac, aiff, flac, m4a, mp3, mp4, ogg, opus, wav, webm) or video (mp4, webm).` });
  }
  if (request.file.byteLength === 0) return refused({ httpStatus: 400, status: "empty_file", message: "The file is empty." });
  if (request.file.byteLength > MAX_DUBBING_UPLOAD_BYTES) return refused({ httpStatus: 400, status: "file_too_large", message: `The file is ${request.file.byteLength} bytes; at most ${MAX_DUBBING_UPLOAD_BYTES} are accepted.` });
  const target = dubbingLanguage(request.targetLang);
  if (!target) return refused({ httpStatus: 400, status: "invalid_language", message: `target_lang ${request.targetLang} is not a language code dubbing knows (ISO 639-1, e.g. es).` });
  const explicitSource = request.sourceLang === AUTO_SOURCE ? null : dubbingLanguage(request.sourceLang);
  if (request.sourceLang !== AUTO_SOURCE && !explicitSource) return refused({ httpStatus: 400, status: "invalid_language", message: `source_lang ${request.sourceLang} is not a language code dubbing knows (or 'auto').` });
  const capabilities = (await engine(env).catalog()).capabilities;
  // Automatic detection (decision 0052): with the embedded recogniser only, the source is English (all it hears);
  // with a configured one the pipeline learns it, and checks the pair then (a refund if no engine covers it).
  const source = explicitSource ?? (hearsOnlyEnglish(capabilities) ? "en" : null);
  if (source === target) return refused({ httpStatus: 400, status: "same_language", message: `The target language is the source language (${dubbingLanguageName(target)}): pick another target.` });
  if (request.startTime !== null && request.endTime !== null && request.endTime <= request.startTime) {
    return refused({ httpStatus: 400, status: "invalid_range", message: "end_time must be after start_time." });
  }
  if (request.dubbingStudio && !canUseDubbingStudio(workspace.tier)) {
    return refused({ httpStatus: 403, status: "can_not_use_dubbing_studio", message: "The dubbing studio starts with the Starter plan: upgrade, or dub without dubbing_studio." });
  }
  if (isRestricted(workspace.status as SubscriptionStatus)) {
    return refused({ httpStatus: 402, status: "payment_required", message: STATUS_NOTICES[workspace.status] ?? "This workspace cannot dub until its payment is settled." });
  }
  const problem = source ? pairProblem(capabilities, source, target) : speakProblem(target);
  if (problem) return refused({ httpStatus: 422, status: "unsupported_language", message: problem });
  const measured = await engine(env).measureUpload({ audio: request.file, pcm16k: false });
  if (!measured.ok) return refused({ httpStatus: 400, status: UPLOAD_STATUS[measured.reason], message: measured.message });
  const start = Math.max(0, request.startTime ?? 0);
  const end = Math.min(measured.durationSeconds, request.endTime ?? measured.durationSeconds);
  if (start >= measured.durationSeconds || end - start < 0.5) {
    return refused({ httpStatus: 400, status: "invalid_range", message: `The media is ${Math.round(measured.durationSeconds * 10) / 10} seconds long: start_time and end_time must leave at least half a second of it.` });
  }
  const seconds = end - start;
  const maxSeconds = maxDubbingSeconds(workspace.tier);
  if (seconds > maxSeconds) {
    return refused({
      httpStatus: 400,
      status: "audio_too_long",
      message: `The media to dub is ${Math.round(seconds)} seconds long; your plan dubs at most ${maxSeconds} seconds at a time (use start_time and end_time, or upgrade).`,
      detail: { duration_seconds: Math.round(seconds * 10) / 10, max_duration_seconds: maxSeconds },
    });
  }
  const credits = dubbingCredits(seconds);
  const db = database(env.DB);
  const quota = await currentQuota(db, workspace, workspace.tier);
  const quotaRefusal = (remaining: number): DubRefusal => ({
    httpStatus: 401,
    status: "quota_exceeded",
    message: `This request exceeds your quota of ${workspace.characterLimit}. You have ${Math.max(0, remaining)} credits remaining, while ${credits} credits are required for this request.`,
  });
  if (quota.used + credits > quota.usable) return refused(quotaRefusal(workspace.characterLimit - quota.used));

  const id = `dub_${Date.now().toString(36)}${randomHex(6)}`;
  const sourceKey = `${dubMediaPrefix(workspace.id, id)}source`;
  const contentType = request.contentType || "application/octet-stream";
  await env.MEDIA.put(sourceKey, request.file, { httpMetadata: { contentType } });
  const now = nowSeconds();
  const row: DubRow = {
    id,
    workspaceId: workspace.id,
    userId: actor.user.id,
    name: request.name?.trim() || defaultDubName(request.fileName),
    status: "dubbing",
    error: null,
    refunded: false,
    createdAt: now,
    updatedAt: now,
    sourceLang: explicitSource ?? AUTO_SOURCE,
    detectedSourceLang: null,
    targetLang: target,
    numSpeakers: request.numSpeakers,
    startTime: request.startTime,
    endTime: request.endTime,
    dropBackground: request.dropBackgroundAudio,
    sourceKey,
    contentType,
    hadVideo: measured.hadVideo,
    durationSeconds: seconds,
    expectedDuration: expectedDurationSeconds(seconds),
    credits,
    progress: 0,
    progressMessage: "Queued",
    attempts: 0,
    segments: "[]",
    speakers: "[]",
    outputs: "{}",
    version: 0,
    renders: "{}",
  };
  try {
    await repo.insertDub(db, row, { beyondLimit: Number.isFinite(quota.usable) ? quota.usable - workspace.characterLimit : null, modelId: "dubbing" }, actor.apiKeyId);
  } catch (error) {
    await env.MEDIA.delete(sourceKey);
    if (error instanceof QuotaExhausted) return refused(quotaRefusal(0));
    throw error;
  }
  try {
    await env.DUBBING_JOBS.send({ version: 1, workspaceId: workspace.id, dubId: id } satisfies DubbingMessage);
  } catch (error) {
    log("error", "dub not queued", { dub_id: id, error: String(error) });
    await repo.failDub(db, workspace.id, id, "The dub could not be queued; nothing was charged.", nowSeconds());
    return refused({ httpStatus: 500, status: "dubbing_failed", message: "The dub could not be queued; nothing was charged." });
  }
  return { ok: true as const, row };
}

export function findDub(env: Env, actor: Actor, id: string): Promise<DubRow | undefined> {
  return repo.findDub(database(env.DB), actor.membership.workspace.id, id);
}

export async function listDubs(env: Env, actor: Actor, options: { statuses: DubStatus[] | null; cursor: string | null; pageSize: number; ascending?: boolean }) {
  const before = options.cursor ? decodeCursor(options.cursor) : null;
  const rows = await repo.listDubs(database(env.DB), actor.membership.workspace.id, { statuses: options.statuses, before, limit: options.pageSize + 1, ascending: options.ascending });
  const page = rows.slice(0, options.pageSize);
  const last = page.at(-1);
  return { dubs: page, hasMore: rows.length > options.pageSize, nextCursor: rows.length > options.pageSize && last ? `${last.createdAt}.${last.id}` : null };
}

function decodeCursor(cursor: string): { createdAt: number; id: string } | null {
  const at = cursor.indexOf(".");
  const createdAt = Number(cursor.slice(0, at));
  return at > 0 && Number.isFinite(createdAt) ? { createdAt, id: cursor.slice(at + 1) } : null;
}

/** Deletes a dub and everything of it in R2. */
export async function deleteDub(env: Env, actor: Actor, id: string): Promise<boolean> {
  const deleted = await repo.deleteDub(database(env.DB), actor.membership.workspace.id, id);
  if (!deleted) return false;
  await deleteMedia(env, dubMediaPrefix(deleted.workspaceId, deleted.id));
  return true;
}

/** Deletes every object under a prefix of the dubs' media (a whole dub, or one language of it). */
export async function deleteMedia(env: Env, prefix: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const listed = await env.MEDIA.list({ prefix, cursor });
    if (listed.objects.length) await env.MEDIA.delete(listed.objects.map((o) => o.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
}

export const dubSegments = (row: DubRow) => JSON.parse(row.segments) as DubSegment[];
export const dubSpeakers = (row: DubRow) => JSON.parse(row.speakers) as DubSpeaker[];
export const dubOutputs = (row: DubRow) => JSON.parse(row.outputs) as Record<string, DubOutput>;

/** The languages a dub has finished output in. */
export function dubbedLanguages(row: DubRow): string[] {
  return Object.keys(dubOutputs(row));
}

/** A dub as the pages list it. */
export function dubListItem(row: DubRow) {
  return {
    id: row.id,
    name: row.name,
    status: row.status as DubStatus,
    error: row.error,
    refunded: row.refunded,
    progress: row.progress,
    progressMessage: row.progressMessage,
    sourceLang: row.detectedSourceLang ?? row.sourceLang,
    autoSource: row.sourceLang === AUTO_SOURCE,
    targetLang: row.targetLang,
    createdAt: row.createdAt,
    durationSeconds: row.durationSeconds,
    hadVideo: row.hadVideo,
  };
}

type LanguageOption = { code: string; name: string };

/**
 * The targets a configured translation engine reaches from `source` and the engine speaks (`targets`), and the
 * languages the engine speaks that none reaches (`untranslatable`: named, never offered); `present` are left out.
 */
function translationTargets(capabilities: EngineCatalog["capabilities"], source: string, present: readonly string[]): { targets: LanguageOption[]; untranslatable: LanguageOption[] } {
  const candidates = DUBBING_LANGUAGES.filter((l) => l.code !== source && !present.includes(l.code));
  const targets = candidates.filter((l) => pairProblem(capabilities, source, l.code) === null);
  // Spoken by the engine but out of every configured translator's reach: the pages say so rather than offering them.
  const untranslatable = candidates.filter((l) => speakable(l.code) && !targets.includes(l));
  return { targets: [...targets], untranslatable };
}

/**
 * The languages the new-dub dialog offers: sources the deployment hears (automatic detection first), targets it
 * can translate English into and speak. A language the engines cannot reach is not offered.
 */
export async function dubbingLanguageOptions(env: Env): Promise<{ sources: LanguageOption[]; targets: LanguageOption[]; untranslatable: LanguageOption[] }> {
  const { capabilities } = await engine(env).catalog();
  const sources = DUBBING_LANGUAGES.filter((l) => !(pairProblem(capabilities, l.code, l.code === "en" ? "es" : "en") ?? "").startsWith("The embedded speech-to-text"));
  return { sources: [{ code: AUTO_SOURCE, name: "Detect automatically" }, ...sources], ...translationTargets(capabilities, "en", []) };
}

/**
 * The languages the studio editor offers to add to a finished dub (decision 0068): those a translation engine
 * reaches from the dub's source, as POST /v1/dubbing/project/{id}/language accepts them, less those it has.
 */
export async function addableDubLanguages(env: Env, row: DubRow): Promise<{ targets: LanguageOption[]; untranslatable: LanguageOption[] }> {
  const { capabilities } = await engine(env).catalog();
  const source = row.detectedSourceLang ?? (row.sourceLang === AUTO_SOURCE ? "en" : row.sourceLang);
  return translationTargets(capabilities, source, studioLanguages(dubSegments(row), row.targetLang));
}

type Dial = (request: Request) => Promise<Response>;
type Dialled<T> = ({ ok: true } & T) | { ok: false; httpStatus: number; message: string };

/**
 * One call to the project or resource API (/v1/dubbing/{project,resource}/{id}/...), dialled in-process with the person's session: the
 * speaking and the encoders live on the API side of the worker, which the pages' bundle does not carry. Returns
 * the API's refusal as it gave it (status and message), so the editor and the SDK refuse alike.
 */
async function dialDubbingApi(dial: Dial, request: Request, method: "POST" | "DELETE", path: string, body: unknown, api: "project" | "resource" = "project"): Promise<Dialled<{ body: unknown }>> {
  const url = new URL(`/v1/dubbing/${api}/${path}`, request.url);
  const headers = new Headers({ origin: url.origin, ...(body === undefined ? {} : { "content-type": "application/json" }) });
  for (const name of ["cookie", "x-parlance-client-ip"]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const response = await dial(new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  const answer = (await response.json().catch(() => null)) as { detail?: { message?: string } | { msg: string }[] } | null;
  if (response.ok) return { ok: true, body: answer };
  const detail = answer?.detail;
  const message = Array.isArray(detail) ? detail.map((d) => d.msg).join("; ") : (detail?.message ?? "The change could not be made; nothing was charged. Try again.");
  return { ok: false, httpStatus: response.status, message };
}

/**
 * Adds a target language to a dub through the API's own call (POST /v1/dubbing/project/{id}/language: translate,
 * or take the person's `translations` by segment id (decision 0072), speak, charge, render).
 */
export async function addDubLanguage(dial: Dial, request: Request, id: string, language: string, translations?: Record<string, string>): Promise<Dialled<{ code: string }>> {
  const answer = await dialDubbingApi(dial, request, "POST", `${encodeURIComponent(id)}/language`, { target_language: language, ...(translations ? { translations } : {}) });
  if (!answer.ok) return answer;
  const code = (answer.body as { target_language?: string } | null)?.target_language;
  return code ? { ok: true, code } : { ok: false, httpStatus: 500, message: "The language could not be added; nothing was charged. Try again." };
}

/**
 * "Save all and re-dub" (decision 0083) through the API's own call, the one the SDK's dubbing.resource.dub makes
 * (POST /v1/dubbing/resource/{id}/dub, every stale segment of one language), given the editor's lines to save in
 * the same write and the version the page read (a dub changed since is refused, 409). Answers how many
 * segments were spoken again.
 */
export async function saveAllAndRedub(dial: Dial, request: Request, id: string, language: string, lines: Record<string, string>, version: number): Promise<Dialled<{ redubbed: number }>> {
  const answer = await dialDubbingApi(dial, request, "POST", `${encodeURIComponent(id)}/dub`, { segments: [], languages: [language], translations: lines, version }, "resource");
  if (!answer.ok) return answer;
  return { ok: true, redubbed: ((answer.body as { segments?: string[] } | null)?.segments ?? []).length };
}

/** Removes a target language through the API's own call (DELETE /v1/dubbing/project/{id}/language/{code}); the last is refused (409). */
export function removeDubLanguage(dial: Dial, request: Request, id: string, language: string): Promise<Dialled<{ body: unknown }>> {
  return dialDubbingApi(dial, request, "DELETE", `${encodeURIComponent(id)}/language/${encodeURIComponent(language)}`, undefined);
}

/**
 * Whether the editor may ask the person to type a language's translations (decision 0072): a dubbing language the
 * speech engine speaks that the dub has neither as its source nor as a target. No translator is needed.
 */
export function typableLanguage(row: DubRow, language: string): string | null {
  const code = dubbingLanguage(language);
  const source = row.detectedSourceLang ?? (row.sourceLang === AUTO_SOURCE ? "en" : row.sourceLang);
  if (!code || code === source || !speakable(code) || studioLanguages(dubSegments(row), row.targetLang).includes(code)) return null;
  return code;
}

/**
 * What the studio editor shows besides the dub: its version (the players' cache key) and the voices a speaker
 * may take. The edits themselves go through /v1/dubbing/resource (the page calls the API: the re-dub and the
 * render need the encoders, which only the worker's API and queue bundles carry).
 */
export async function studioState(env: Env, actor: Actor, row: DubRow) {
  const voices = (await usableVoices(env, actor)).map((v) => ({ id: v.voiceId, name: v.name }));
  return { version: row.version, voices };
}
