// The dubbing studio (decision 0048): a finished dub's segments, speakers and languages edited after the
// pipeline. Edits mark the lines they touch stale; a re-dub speaks only the named lines again (charged once by
// their duration); a render mixes the stored lines over the background again and remuxes the video. Every
// function finds the dub in the actor's workspace only: another workspace's dub is "not found".
import { database } from "../../db/client";
import * as repo from "../../db/repositories/dubs";
import type { DubRow } from "../../db/repositories/dubs";
import { QuotaExhausted } from "../../db/repositories/history";
import { DUBBING_RATE } from "../../core/dubbing/decoded";
import { remuxContainer } from "../../core/dubbing/remux";
import { bytesFromInt16, int16FromBytes } from "../../core/audio/pcm";
import type { TranslationRequest, TranslationResult } from "../../core/engines/translation";
import type { EngineCatalog } from "../../core/engines/capabilities";
import type { EngineChoice } from "../../core/engines/registry";
import { nowSeconds } from "../../core/clock";
import { randomHex, type Actor } from "~/accounts/accounts.server";
import { currentQuota } from "~/speech/speech.server";
import { findUsableVoice } from "~/voices/voices.server";
import { dubLine, lineKey, renderLanguage, translationChoice } from "../../core/dubbing/dub-audio";
import { dubOutputs, dubSegments, dubSpeakers } from "./dubbing.server";
import { canUseDubbingStudio, dubbingLanguage, dubbingLanguageName, dubMediaPrefix, pairProblem, type DubSegment, type DubSpeaker } from "./rules/dubbing";
import {
  containerOfType,
  dubbingResource,
  editSegment,
  editTranslation,
  MAX_LINE_CHARACTERS,
  moveSegments,
  nextId,
  redubbed,
  redubCredits,
  segmentsToRedub,
  segmentTimesProblem,
  speakerVoiceChanged,
  STUDIO_TEXTS,
  studioLanguages,
  unknownSegmentIds,
  type StudioRender,
  type StudioRenderType,
} from "./rules/studio";

type StudioRpc = { translate(request: TranslationRequest, choice?: EngineChoice): Promise<TranslationResult>; catalog(): Promise<EngineCatalog> };
const engine = (env: Env) => env.SPEECH as unknown as StudioRpc;

export type StudioRefusal = { httpStatus: 400 | 401 | 403 | 404 | 409 | 422; status: string; message: string };
export type StudioResult<T = object> = ({ ok: true; version: number } & T) | { ok: false; refusal: StudioRefusal };
const refuse = (httpStatus: StudioRefusal["httpStatus"], status: string, message: string) => ({ ok: false as const, refusal: { httpStatus, status, message } });

const notFound = () => refuse(404, "dubbing_not_found", "Dubbing not found");
const conflict = () => refuse(409, "version_conflict", "The dub was changed by another edit meanwhile: load it again and retry.");

const dubRenders = (row: DubRow) => JSON.parse(row.renders) as Record<string, StudioRender>;
const sourceOf = (row: DubRow) => row.detectedSourceLang ?? (row.sourceLang === "auto" ? "en" : row.sourceLang);
const languagesOf = (row: DubRow) => studioLanguages(dubSegments(row), row.targetLang);

/** A dub of the actor's workspace the studio may edit (a finished one), or the refusal. */
async function editable(env: Env, actor: Actor, id: string): Promise<{ ok: true; row: DubRow } | { ok: false; refusal: StudioRefusal }> {
  const row = await repo.findDub(database(env.DB), actor.membership.workspace.id, id);
  if (!row) return notFound();
  if (!canUseDubbingStudio(actor.membership.workspace.tier)) return refuse(403, "can_not_use_dubbing_studio", STUDIO_TEXTS.needsStarter);
  if (row.status !== "dubbed") return refuse(409, "dubbing_not_editable", STUDIO_TEXTS.notEditable);
  return { ok: true, row };
}

/** Writes a change at the version it was read at; a concurrent edit answers 409. */
async function save(env: Env, row: DubRow, patch: Partial<DubRow>) {
  const written = await repo.updateDubAtVersion(database(env.DB), row.workspaceId, row.id, row.version, { ...patch, updatedAt: nowSeconds() });
  return written ? { ok: true as const, version: row.version + 1 } : conflict();
}

function unknownIds(segments: DubSegment[], ids: readonly string[]) {
  const unknown = unknownSegmentIds(segments, ids);
  return unknown.length ? refuse(404, "segment_not_found", `The dub has no segment ${unknown.join(", ")}.`) : null;
}

function unknownLanguages(row: DubRow, languages: readonly string[]) {
  const known = languagesOf(row);
  const unknown = languages.filter((l) => !known.includes(l));
  return unknown.length ? refuse(404, "language_not_found", `The dub has no ${unknown.join(", ")} language.`) : null;
}

/** The DubbingResource the SDK reads. */
export async function studioResource(env: Env, actor: Actor, id: string) {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const row = found.row;
  return {
    ok: true as const,
    resource: dubbingResource({ id: row.id, version: row.version, sourceLang: sourceOf(row), target: row.targetLang, contentType: row.contentType, hadVideo: row.hadVideo, durationSeconds: row.durationSeconds, segments: dubSegments(row), speakers: dubSpeakers(row), renders: dubRenders(row) }),
  };
}

/**
 * A segment's text in one language (the source's: its transcript; a target's: its translation) and its times.
 * An edited translation marks that language's line stale; moved times mark every language's.
 */
export async function updateStudioSegment(env: Env, actor: Actor, id: string, segmentId: string, language: string, patch: { text?: string; start?: number; end?: number }): Promise<StudioResult> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const row = found.row;
  const segments = dubSegments(row);
  const segment = segments.find((s) => s.id === segmentId);
  if (!segment) return refuse(404, "segment_not_found", `The dub has no segment ${segmentId}.`);
  const code = language.toLowerCase();
  const isSource = code === "source" || code === "original" || code === sourceOf(row);
  if (!isSource && !languagesOf(row).includes(code)) return refuse(404, "language_not_found", `The dub has no ${language} language.`);
  if (patch.text !== undefined && patch.text.length > MAX_LINE_CHARACTERS) return refuse(400, "text_too_long", `A line holds at most ${MAX_LINE_CHARACTERS} characters.`);
  if (patch.start !== undefined || patch.end !== undefined) {
    const problem = segmentTimesProblem(patch.start ?? segment.start, patch.end ?? segment.end, row.durationSeconds);
    if (problem) return refuse(400, "invalid_segment_times", problem);
  }
  let next = editSegment(segments, segmentId, { start: patch.start, end: patch.end, ...(isSource && patch.text !== undefined ? { text: patch.text } : {}) }, languagesOf(row));
  if (!isSource && patch.text !== undefined && patch.text !== segment.translations[code]) next = editTranslation(next, segmentId, code, patch.text);
  return save(env, row, { segments: JSON.stringify(next) });
}

/** Removes a segment and its dubbed lines; the next render leaves it out. */
export async function deleteStudioSegment(env: Env, actor: Actor, id: string, segmentId: string): Promise<StudioResult> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const row = found.row;
  const segments = dubSegments(row);
  if (!segments.some((s) => s.id === segmentId)) return refuse(404, "segment_not_found", `The dub has no segment ${segmentId}.`);
  const saved = await save(env, row, { segments: JSON.stringify(segments.filter((s) => s.id !== segmentId)) });
  if (saved.ok) await env.MEDIA.delete(languagesOf(row).map((l) => lineKey(row, l, segmentId)));
  return saved;
}

/** A new segment for a speaker, with its text and translations; its lines are stale until dubbed. */
export async function createStudioSegment(env: Env, actor: Actor, id: string, speakerId: string, input: { start: number; end: number; text: string; translations: Record<string, string> }): Promise<StudioResult<{ segmentId: string }>> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const row = found.row;
  if (!dubSpeakers(row).some((s) => s.id === speakerId)) return refuse(404, "speaker_not_found", `The dub has no speaker ${speakerId}.`);
  const problem = segmentTimesProblem(input.start, input.end, row.durationSeconds);
  if (problem) return refuse(400, "invalid_segment_times", problem);
  const languages = Object.keys(input.translations).map((l) => l.toLowerCase());
  const missing = unknownLanguages(row, languages);
  if (missing) return missing;
  const segments = dubSegments(row);
  const segmentId = nextId("seg_", segments.map((s) => s.id));
  const translations = Object.fromEntries(languagesOf(row).map((l) => [l, input.translations[l] ?? ""]));
  const segment: DubSegment = { id: segmentId, start: input.start, end: input.end, speakerId, text: input.text, translations, stale: languagesOf(row) };
  const saved = await save(env, row, { segments: JSON.stringify([...segments, segment].sort((a, b) => a.start - b.start)) });
  return saved.ok ? { ...saved, segmentId } : saved;
}

/** A workspace voice as a speaker's engine voice: the voice's variant, pitch, range and pace (the language stays the target's). */
async function voiceFor(env: Env, actor: Actor, voiceId: string): Promise<Pick<DubSpeaker, "voice" | "voiceId" | "voiceName"> | null> {
  const voice = await findUsableVoice(env, actor, voiceId);
  if (!voice) return null;
  const p = voice.engineParameters;
  return { voiceId: voice.voiceId, voiceName: voice.name, voice: { variant: p.variant ?? "m3", basePitch: p.basePitch, baseRange: p.baseRange ?? 50, rate: p.rate ?? 175 } };
}

/** A speaker's name and voice; a new voice marks the speaker's lines stale (in `languages`, or all). */
export async function updateStudioSpeaker(env: Env, actor: Actor, id: string, speakerId: string, patch: { name?: string; voiceId?: string; languages?: string[] }): Promise<StudioResult> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const row = found.row;
  const speakers = dubSpeakers(row);
  const speaker = speakers.find((s) => s.id === speakerId);
  if (!speaker) return refuse(404, "speaker_not_found", `The dub has no speaker ${speakerId}.`);
  const languages = patch.languages?.map((l) => l.toLowerCase()) ?? languagesOf(row);
  const missing = unknownLanguages(row, languages);
  if (missing) return missing;
  let changed: DubSpeaker = { ...speaker, ...(patch.name?.trim() ? { name: patch.name.trim().slice(0, 100) } : {}) };
  let segments = dubSegments(row);
  if (patch.voiceId !== undefined && patch.voiceId !== speaker.voiceId) {
    const voice = await voiceFor(env, actor, patch.voiceId);
    if (!voice) return refuse(404, "voice_not_found", `There is no voice ${patch.voiceId} in this workspace.`);
    changed = { ...changed, ...voice };
    segments = speakerVoiceChanged(segments, speakerId, languages);
  }
  return save(env, row, { speakers: JSON.stringify(speakers.map((s) => (s.id === speakerId ? changed : s))), segments: JSON.stringify(segments) });
}

/** A new speaker (with a workspace voice, or the engine's default until one is picked). */
export async function createStudioSpeaker(env: Env, actor: Actor, id: string, input: { name?: string; voiceId?: string }): Promise<StudioResult<{ speakerId: string }>> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const row = found.row;
  const speakers = dubSpeakers(row);
  const speakerId = nextId("speaker_", speakers.map((s) => s.id));
  const voice = input.voiceId ? await voiceFor(env, actor, input.voiceId) : null;
  if (input.voiceId && !voice) return refuse(404, "voice_not_found", `There is no voice ${input.voiceId} in this workspace.`);
  const speaker: DubSpeaker = { id: speakerId, name: input.name?.trim().slice(0, 100) || `Speaker ${speakers.length + 1}`, voice: { variant: "m3", basePitch: 50, baseRange: 50, rate: 175 }, pitchHz: null, ...voice };
  const saved = await save(env, row, { speakers: JSON.stringify([...speakers, speaker]) });
  return saved.ok ? { ...saved, speakerId } : saved;
}

/** Gives segments to another speaker; their lines are stale (to be spoken in that speaker's voice). */
export async function moveStudioSegments(env: Env, actor: Actor, id: string, segmentIds: string[], speakerId: string): Promise<StudioResult> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const row = found.row;
  const segments = dubSegments(row);
  const unknown = unknownIds(segments, segmentIds);
  if (unknown) return unknown;
  if (!dubSpeakers(row).some((s) => s.id === speakerId)) return refuse(404, "speaker_not_found", `The dub has no speaker ${speakerId}.`);
  return save(env, row, { segments: JSON.stringify(moveSegments(segments, segmentIds, speakerId, languagesOf(row))) });
}

/** Translates segments again from their source text (all when none are named); their lines become stale. */
export async function translateStudioSegments(env: Env, actor: Actor, id: string, segmentIds: string[], languages: string[] | null): Promise<StudioResult> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const row = found.row;
  const segments = dubSegments(row);
  const unknown = unknownIds(segments, segmentIds);
  if (unknown) return unknown;
  const targets = languages?.map((l) => l.toLowerCase()) ?? languagesOf(row);
  const missing = unknownLanguages(row, targets);
  if (missing) return missing;
  const source = sourceOf(row);
  const chosen = segmentIds.length ? segments.filter((s) => segmentIds.includes(s.id)) : segments;
  let next = segments;
  for (const target of targets) {
    const choice = await translationChoice(env, source, target);
    for (const segment of chosen) {
      const translated = await engine(env).translate({ text: segment.text, source, target }, choice);
      if (translated.text !== segment.translations[target]) next = editTranslation(next, segment.id, target, translated.text);
    }
  }
  return save(env, row, { segments: JSON.stringify(next) });
}

/** Adds a target language: every segment translated into it, its lines to be dubbed (charged then) and rendered. */
export async function addStudioLanguage(env: Env, actor: Actor, id: string, language: string): Promise<StudioResult> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const row = found.row;
  const code = dubbingLanguage(language);
  if (!code) return refuse(400, "invalid_language", `${language} is not a language code dubbing knows (ISO 639-1, e.g. fr).`);
  if (code === sourceOf(row) || languagesOf(row).includes(code)) return refuse(409, "language_exists", `The dub already has ${dubbingLanguageName(code)}.`);
  const problem = pairProblem((await engine(env).catalog()).capabilities, sourceOf(row), code);
  if (problem) return refuse(422, "unsupported_language", problem);
  const choice = await translationChoice(env, sourceOf(row), code);
  const next: DubSegment[] = [];
  for (const segment of dubSegments(row)) {
    const translated = await engine(env).translate({ text: segment.text, source: sourceOf(row), target: code }, choice);
    next.push({ ...segment, translations: { ...segment.translations, [code]: translated.text }, stale: [...new Set([...(segment.stale ?? []), code])] });
  }
  return save(env, row, { segments: JSON.stringify(next) });
}

/**
 * Speaks the named segments again (every stale one when none are named) in the given languages (all by
 * default), fitted to their segments, and charges their duration once. The lines are written only after the
 * charge is taken; past the quota nothing is written.
 */
export async function redubStudioSegments(env: Env, actor: Actor, id: string, segmentIds: string[], languages: string[] | null): Promise<StudioResult<{ segments: string[]; credits: number }>> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const row = found.row;
  const segments = dubSegments(row);
  const unknown = unknownIds(segments, segmentIds);
  if (unknown) return unknown;
  const targets = languages?.map((l) => l.toLowerCase()) ?? languagesOf(row);
  const missing = unknownLanguages(row, targets);
  if (missing) return missing;
  const chosen = segmentsToRedub(segments, segmentIds, targets);
  if (chosen.length === 0) return { ok: true, version: row.version, segments: [], credits: 0 };
  const credits = redubCredits(chosen, targets);
  const workspace = actor.membership.workspace;
  const db = database(env.DB);
  const quota = await currentQuota(db, workspace, workspace.tier);
  const quotaRefusal = () => refuse(401, "quota_exceeded", `Re-dubbing these lines needs ${credits} credits; ${Math.max(0, workspace.characterLimit - quota.used)} remain.`);
  if (quota.used + credits > quota.usable) return quotaRefusal();

  const speakers = dubSpeakers(row);
  const lines: { key: string; samples: Int16Array }[] = [];
  for (const language of targets) {
    for (const segment of chosen) {
      const speaker = speakers.find((s) => s.id === segment.speakerId) ?? speakers[0]!;
      const length = Math.round((segment.end - segment.start) * DUBBING_RATE);
      const { samples } = await dubLine(env, segment.translations[language] ?? "", language, speaker, length, DUBBING_RATE);
      lines.push({ key: lineKey(row, language, segment.id), samples });
    }
  }
  const ids = chosen.map((s) => s.id);
  const at = nowSeconds();
  try {
    await repo.chargeRedub(
      db,
      row,
      { credits, eventId: `${row.id}-redub-${randomHex(6)}`, userId: actor.user.id, beyondLimit: Number.isFinite(quota.usable) ? quota.usable - workspace.characterLimit : null, apiKeyId: actor.apiKeyId, at },
      { segments: JSON.stringify(redubbed(segments, ids, targets)), updatedAt: at },
    );
  } catch (error) {
    if (error instanceof QuotaExhausted) return quotaRefusal();
    throw error;
  }
  await Promise.all(lines.map((line) => env.MEDIA.put(line.key, bytesFromInt16(line.samples))));
  return { ok: true, version: row.version + 1, segments: ids, credits };
}

/**
 * Mixes one language's current lines over the background again and encodes it; the video too when the upload
 * was MP4 or WebM. `mp4` is refused for an audio upload. Runs in the request: mixing stored lines and encoding
 * MP3 takes about a second per minute of media (decision 0048).
 */
export async function renderStudioLanguage(env: Env, actor: Actor, id: string, language: string, type: StudioRenderType): Promise<StudioResult<{ renderId: string }>> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const row = found.row;
  const code = language.toLowerCase();
  const missing = unknownLanguages(row, [code]);
  if (missing) return missing;
  if (type === "mp4" && !row.hadVideo) return refuse(422, "render_type_unsupported", "The upload was audio: render mp3.");
  const prefix = dubMediaPrefix(row.workspaceId, row.id);
  const background = row.dropBackground ? null : await env.MEDIA.get(`${prefix}background.pcm`);
  const backgroundSamples = background ? int16FromBytes(new Uint8Array(await background.arrayBuffer())) : null;
  const lengthSamples = backgroundSamples?.length ?? Math.round(row.durationSeconds * DUBBING_RATE);
  const original = row.hadVideo ? await env.MEDIA.get(row.sourceKey) : null;
  const originalBytes = original ? new Uint8Array(await original.arrayBuffer()) : null;
  const container = originalBytes ? containerOfType(row.contentType) : null;
  if (type === "mp4" && !(container && remuxContainer(container))) return refuse(422, "render_type_unsupported", "The upload's container cannot take a new sound track: render mp3.");
  // The video is remuxed whenever the upload had one, so the dub's video and audio never disagree.
  let output: Awaited<ReturnType<typeof renderLanguage>>;
  try {
    output = await renderLanguage(env, row, code, dubSegments(row), lengthSamples, DUBBING_RATE, backgroundSamples, originalBytes, container);
  } catch (error) {
    // A video the muxer cannot copy (its type said MP4/WebM; its content disagrees): the render is refused, not a 5xx.
    return refuse(422, "render_failed", `The video could not take the new sound track: ${error instanceof Error ? error.message : String(error)}. Render mp3.`);
  }
  const renderId = `render_${randomHex(8)}`;
  const renders = { ...dubRenders(row), [code]: { id: renderId, version: row.version + 1, language: code, type, status: "complete" } satisfies StudioRender };
  const outputs = { ...dubOutputs(row), [code]: output };
  const saved = await save(env, row, { outputs: JSON.stringify(outputs), renders: JSON.stringify(renders) });
  return saved.ok ? { ...saved, renderId } : saved;
}
