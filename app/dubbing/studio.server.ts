// The dubbing studio (decision 0048): a finished dub's segments, speakers and languages edited after the
// pipeline. Edits mark the lines they touch stale; a re-dub speaks only the named lines again (charged once by
// their duration); a render mixes the stored lines over the background again and remuxes the video. Every
// function finds the dub in the actor's workspace only: another workspace's dub is "not found".
import { database } from "../../db/client";
import * as repo from "../../db/repositories/dubs";
import type { DubRow } from "../../db/repositories/dubs";
import { QuotaExhausted } from "../../db/repositories/history";
import { DubChanged } from "../../db/repositories/dubs";
import { DUBBING_RATE } from "../../core/dubbing/decoded";
import { remuxContainer } from "../../core/dubbing/remux";
import { bytesFromInt16, int16FromBytes } from "../../core/audio/pcm";
import type { TranslationRequest, TranslationResult } from "../../core/engines/translation";
import type { TranscriptionRequest, TranscriptionResult } from "../../core/engines/speech-to-text";
import type { PcmAudio } from "../../core/engines/audio";
import type { IsolationUpload } from "../../core/engines/noise-isolation";
import type { DecodedForDubbing } from "../../core/dubbing/decoded";
import { segmentFeatures } from "../../core/dubbing/speakers";
import { combineFeatures, speakerVector } from "../../core/voices/speaker-analysis";
import { resample } from "../../core/audio/pcm";
import { wavFile } from "../../core/audio/wav";
import type { EngineCatalog } from "../../core/engines/capabilities";
import type { EngineChoice } from "../../core/engines/registry";
import { nowSeconds } from "../../core/clock";
import { randomHex, type Actor } from "~/accounts/accounts.server";
import { currentQuota } from "~/speech/speech.server";
import { findUsableVoice } from "~/voices/voices.server";
import { voicesNearSpeaker, type SimilarVoice } from "~/voices/professional-cloning.server";
import { SIMILAR_THRESHOLD_MAX, SIMILAR_TOP_K_DEFAULT } from "~/voices/rules/professional-cloning";
import { dubLine, lineKey, renderLanguage, translationChoice } from "../../core/dubbing/dub-audio";
import { deleteMedia, dubOutputs, dubSegments, dubSpeakers } from "./dubbing.server";
import { canUseDubbingStudio, dubbingLanguage, dubbingLanguageName, dubMediaPrefix, pairProblem, speakProblem, type DubSegment, type DubSpeaker } from "../../core/dubbing/dub-rules";
import { applySourceEdits, applyTranslationEdits, projectSegmentProblem, type SourceEdit } from "./rules/project";
import {
  containerOfType,
  dubbingResource,
  editSegment,
  editTranslation,
  MAX_LINE_CHARACTERS,
  MAX_SPEAKER_SAMPLE_SECONDS,
  missingTranslationProblem,
  saveAllEdits,
  MAX_TRANSCRIBE_SECONDS,
  moveSegments,
  SPEECH_LEAD_SECONDS,
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
  untranslatedSegments,
} from "./rules/studio";

type StudioRpc = {
  translate(request: TranslationRequest, choice?: EngineChoice): Promise<TranslationResult>;
  catalog(): Promise<EngineCatalog>;
  decodeForDubbing(upload: IsolationUpload): Promise<DecodedForDubbing>;
  isolate(request: PcmAudio): Promise<PcmAudio>;
  transcribe(request: TranscriptionRequest, choice?: EngineChoice): Promise<TranscriptionResult>;
};
const engine = (env: Env) => env.SPEECH as unknown as StudioRpc;

export type StudioRefusal = { httpStatus: 400 | 401 | 403 | 404 | 409 | 422; status: string; message: string };
export type StudioResult<T = object> = ({ ok: true; version: number } & T) | { ok: false; refusal: StudioRefusal };
const refuse = (httpStatus: StudioRefusal["httpStatus"], status: string, message: string) => ({ ok: false as const, refusal: { httpStatus, status, message } });

const notFound = () => refuse(404, "dubbing_not_found", "Dubbing not found");
const conflict = () => refuse(409, "version_conflict", "The dub was changed by another edit meanwhile: load it again and retry.");

/** The speech-to-text engine's rate, as the pipeline hands it the speech. */
const TRANSCRIPTION_RATE = 16000;

const dubRenders = (row: DubRow) => JSON.parse(row.renders) as Record<string, StudioRender>;
const sourceOf = (row: DubRow) => row.detectedSourceLang ?? (row.sourceLang === "auto" ? "en" : row.sourceLang);
const languagesOf = (row: DubRow) => studioLanguages(dubSegments(row), row.targetLang);

type Found<T> = ({ ok: true } & T) | { ok: false; refusal: StudioRefusal };
/** A dub the studio may edit, read once: its row, segments, speakers, target languages and source language. */
type Editable = { row: DubRow; segments: DubSegment[]; speakers: DubSpeaker[]; languages: string[]; source: string };

/** A dub of the actor's workspace the studio may edit (a finished one), or the refusal. */
async function editable(env: Env, actor: Actor, id: string): Promise<Found<Editable>> {
  const row = await repo.findDub(database(env.DB), actor.membership.workspace.id, id);
  if (!row) return notFound();
  if (!canUseDubbingStudio(actor.membership.workspace.tier)) return refuse(403, "can_not_use_dubbing_studio", STUDIO_TEXTS.needsStarter);
  if (row.status !== "dubbed") return refuse(409, "dubbing_not_editable", STUDIO_TEXTS.notEditable);
  return { ok: true, row, segments: dubSegments(row), speakers: dubSpeakers(row), languages: languagesOf(row), source: sourceOf(row) };
}

/** The editable dub and one of its segments (404 when it has none of that id): the preamble of every segment call. */
async function editableSegment(env: Env, actor: Actor, id: string, segmentId: string): Promise<Found<Editable & { segment: DubSegment }>> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const segment = found.segments.find((s) => s.id === segmentId);
  return segment ? { ...found, segment } : refuse(404, "segment_not_found", `The dub has no segment ${segmentId}.`);
}

/** The editable dub and the named segments (all of them when none are named); an unknown id is 404. */
async function editableSegments(env: Env, actor: Actor, id: string, segmentIds: readonly string[]): Promise<Found<Editable & { chosen: DubSegment[] }>> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const unknown = unknownSegmentIds(found.segments, segmentIds);
  if (unknown.length) return refuse(404, "segment_not_found", `The dub has no segment ${unknown.join(", ")}.`);
  return { ...found, chosen: segmentIds.length ? found.segments.filter((s) => segmentIds.includes(s.id)) : found.segments };
}

/** The editable dub and one of its speakers (404 when it has none of that id). */
async function editableSpeaker(env: Env, actor: Actor, id: string, speakerId: string): Promise<Found<Editable & { speaker: DubSpeaker }>> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const speaker = found.speakers.find((s) => s.id === speakerId);
  return speaker ? { ...found, speaker } : refuse(404, "speaker_not_found", `The dub has no speaker ${speakerId}.`);
}

/** Writes a change at the version it was read at; a concurrent edit answers 409. */
async function save(env: Env, row: DubRow, patch: Partial<DubRow>) {
  const written = await repo.updateDubAtVersion(database(env.DB), row.workspaceId, row.id, row.version, { ...patch, updatedAt: nowSeconds() });
  return written ? { ok: true as const, version: row.version + 1 } : conflict();
}

function unknownLanguages(dub: Editable, languages: readonly string[]) {
  const unknown = languages.filter((l) => !dub.languages.includes(l));
  return unknown.length ? refuse(404, "language_not_found", `The dub has no ${unknown.join(", ")} language.`) : null;
}

/** The DubbingResource the SDK reads. */
export async function studioResource(env: Env, actor: Actor, id: string) {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const row = found.row;
  return {
    ok: true as const,
    resource: dubbingResource({ id: row.id, version: row.version, sourceLang: found.source, target: row.targetLang, contentType: row.contentType, hadVideo: row.hadVideo, durationSeconds: row.durationSeconds, segments: found.segments, speakers: found.speakers, renders: dubRenders(row) }),
  };
}

/**
 * A segment's text in one language (the source's: its transcript; a target's: its translation) and its times.
 * An edited translation marks that language's line stale; moved times mark every language's.
 */
export async function updateStudioSegment(env: Env, actor: Actor, id: string, segmentId: string, language: string, patch: { text?: string; start?: number; end?: number }): Promise<StudioResult> {
  const found = await editableSegment(env, actor, id, segmentId);
  if (!found.ok) return found;
  const { row, segment, languages } = found;
  const code = language.toLowerCase();
  const isSource = code === "source" || code === "original" || code === found.source;
  if (!isSource && !languages.includes(code)) return refuse(404, "language_not_found", `The dub has no ${language} language.`);
  if (patch.text !== undefined && patch.text.length > MAX_LINE_CHARACTERS) return refuse(400, "text_too_long", `A line holds at most ${MAX_LINE_CHARACTERS} characters.`);
  if (patch.start !== undefined || patch.end !== undefined) {
    const problem = segmentTimesProblem(patch.start ?? segment.start, patch.end ?? segment.end, row.durationSeconds);
    if (problem) return refuse(400, "invalid_segment_times", problem);
  }
  let next = editSegment(found.segments, segmentId, { start: patch.start, end: patch.end, ...(isSource && patch.text !== undefined ? { text: patch.text } : {}) }, languages);
  if (!isSource && patch.text !== undefined && patch.text !== segment.translations[code]) next = editTranslation(next, segmentId, code, patch.text);
  return save(env, row, { segments: JSON.stringify(next) });
}

/** Removes a segment and its dubbed lines; the next render leaves it out. */
export async function deleteStudioSegment(env: Env, actor: Actor, id: string, segmentId: string): Promise<StudioResult> {
  const found = await editableSegment(env, actor, id, segmentId);
  if (!found.ok) return found;
  const saved = await save(env, found.row, { segments: JSON.stringify(found.segments.filter((s) => s.id !== segmentId)) });
  if (saved.ok) await env.MEDIA.delete(found.languages.map((l) => lineKey(found.row, l, segmentId)));
  return saved;
}

/**
 * A new segment for a speaker, with its text and translations; its lines are stale until dubbed. The project
 * API's transcript also bounds its length and keeps it off the speaker's other segments (`projectRules`).
 */
export async function createStudioSegment(env: Env, actor: Actor, id: string, speakerId: string, input: { start: number; end: number; text: string; translations: Record<string, string> }, projectRules = false): Promise<StudioResult<{ segment: DubSegment }>> {
  const found = await editableSpeaker(env, actor, id, speakerId);
  if (!found.ok) return found;
  const { row, segments, languages } = found;
  const problem = projectRules ? projectSegmentProblem(segments, { id: null, speakerId, start: input.start, end: input.end }, row.durationSeconds) : segmentTimesProblem(input.start, input.end, row.durationSeconds);
  if (problem) return refuse(400, "invalid_segment_times", problem);
  const missing = unknownLanguages(found, Object.keys(input.translations).map((l) => l.toLowerCase()));
  if (missing) return missing;
  const segment: DubSegment = { id: nextId("seg_", segments.map((s) => s.id)), start: input.start, end: input.end, speakerId, text: input.text, translations: Object.fromEntries(languages.map((l) => [l, input.translations[l] ?? ""])), stale: languages };
  const saved = await save(env, row, { segments: JSON.stringify([...segments, segment].sort((a, b) => a.start - b.start)) });
  return saved.ok ? { ...saved, segment } : saved;
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
  const found = await editableSpeaker(env, actor, id, speakerId);
  if (!found.ok) return found;
  const { row, speaker, speakers } = found;
  const languages = patch.languages?.map((l) => l.toLowerCase()) ?? found.languages;
  const missing = unknownLanguages(found, languages);
  if (missing) return missing;
  let changed: DubSpeaker = { ...speaker, ...(patch.name?.trim() ? { name: patch.name.trim().slice(0, 100) } : {}) };
  let segments = found.segments;
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
  const { row, speakers } = found;
  const speakerId = nextId("speaker_", speakers.map((s) => s.id));
  const voice = input.voiceId ? await voiceFor(env, actor, input.voiceId) : null;
  if (input.voiceId && !voice) return refuse(404, "voice_not_found", `There is no voice ${input.voiceId} in this workspace.`);
  const speaker: DubSpeaker = { id: speakerId, name: input.name?.trim().slice(0, 100) || `Speaker ${speakers.length + 1}`, voice: { variant: "m3", basePitch: 50, baseRange: 50, rate: 175 }, pitchHz: null, ...voice };
  const saved = await save(env, row, { speakers: JSON.stringify([...speakers, speaker]) });
  return saved.ok ? { ...saved, speakerId } : saved;
}

/** Gives segments to another speaker; their lines are stale (to be spoken in that speaker's voice). */
export async function moveStudioSegments(env: Env, actor: Actor, id: string, segmentIds: string[], speakerId: string): Promise<StudioResult> {
  const found = await editableSegments(env, actor, id, segmentIds);
  if (!found.ok) return found;
  if (!found.speakers.some((s) => s.id === speakerId)) return refuse(404, "speaker_not_found", `The dub has no speaker ${speakerId}.`);
  return save(env, found.row, { segments: JSON.stringify(moveSegments(found.segments, segmentIds, speakerId, found.languages)) });
}

/** The segments translated into `target` from their source text (those whose translation changes become stale). */
async function translated(env: Env, segments: DubSegment[], chosen: readonly DubSegment[], source: string, target: string): Promise<DubSegment[]> {
  const choice = await translationChoice(env, source, target);
  let next = segments;
  for (const segment of chosen) {
    const result = await engine(env).translate({ text: segment.text, source, target }, choice);
    if (result.text !== segment.translations[target]) next = editTranslation(next, segment.id, target, result.text);
  }
  return next;
}

/**
 * The segments with the chosen ones' missing translations filled in by the translation engine (their lines
 * stale), or why it cannot translate the pair (422 unsupported_language). Nothing is stored here.
 */
async function withTranslations(env: Env, source: string, segments: DubSegment[], chosen: readonly DubSegment[], targets: readonly string[]): Promise<Found<{ segments: DubSegment[] }>> {
  let next = segments;
  for (const target of targets) {
    const untranslated = untranslatedSegments(chosen, target);
    if (!untranslated.length) continue;
    const problem = pairProblem((await engine(env).catalog()).capabilities, source, target);
    if (problem) return refuse(422, "unsupported_language", `${problem} Give the segments' translations instead.`);
    next = await translated(env, next, untranslated, source, target);
  }
  return { ok: true, segments: next };
}

/** Translates segments again from their source text (all when none are named); their lines become stale. */
export async function translateStudioSegments(env: Env, actor: Actor, id: string, segmentIds: string[], languages: string[] | null): Promise<StudioResult> {
  const found = await editableSegments(env, actor, id, segmentIds);
  if (!found.ok) return found;
  const targets = languages?.map((l) => l.toLowerCase()) ?? found.languages;
  const missing = unknownLanguages(found, targets);
  if (missing) return missing;
  let next = found.segments;
  for (const target of targets) next = await translated(env, next, found.chosen, found.source, target);
  return save(env, found.row, { segments: JSON.stringify(next) });
}

/**
 * Hears segments again (all when none are named): their stretch of the upload is decoded, its speech isolated
 * and transcribed in the dub's source language, and the text replaces the segment's. Translations and lines stay
 * as they are (translate and dub follow when asked). Free: the dub's charge covered hearing it.
 */
export async function transcribeStudioSegments(env: Env, actor: Actor, id: string, segmentIds: string[]): Promise<StudioResult> {
  const found = await editableSegments(env, actor, id, segmentIds);
  if (!found.ok) return found;
  const seconds = found.chosen.reduce((sum, s) => sum + (s.end - s.start), 0);
  if (seconds > MAX_TRANSCRIBE_SECONDS) return refuse(400, "too_much_to_transcribe", `These segments last ${Math.round(seconds)} seconds; at most ${MAX_TRANSCRIBE_SECONDS} are heard again in one request: name fewer segments.`);
  const speech = await segmentSpeech(env, found.row, found.chosen);
  if (!speech.ok) return speech;
  let next = found.segments;
  for (const [i, segment] of found.chosen.entries()) {
    const heard = await engine(env).transcribe({ audio: wavFile(resample(speech.samples[i]!, speech.sampleRate, TRANSCRIPTION_RATE), TRANSCRIPTION_RATE), contentType: "audio/wav", language: found.source });
    next = editSegment(next, segment.id, { text: heard.text.trim() }, found.languages);
  }
  return save(env, found.row, { segments: JSON.stringify(next) });
}

/**
 * The premade and library voices nearest a speaker: the speaker vector of its segments' isolated speech (at most
 * the first MAX_SPEAKER_SAMPLE_SECONDS of it) against the voices' own, nearest first.
 */
export async function similarVoicesForSpeaker(env: Env, actor: Actor, id: string, speakerId: string): Promise<Found<{ voices: SimilarVoice[] }>> {
  const found = await editableSpeaker(env, actor, id, speakerId);
  if (!found.ok) return found;
  const own: DubSegment[] = [];
  let seconds = 0;
  for (const segment of found.segments.filter((s) => s.speakerId === speakerId)) {
    if (seconds >= MAX_SPEAKER_SAMPLE_SECONDS) break;
    own.push(segment);
    seconds += segment.end - segment.start;
  }
  const speech = own.length ? await segmentSpeech(env, found.row, own) : null;
  if (speech && !speech.ok) return speech;
  const features = (speech?.samples ?? []).map((samples) => segmentFeatures(samples, speech!.sampleRate)).filter((f) => f !== null);
  const combined = combineFeatures(features);
  if (!combined) return refuse(422, "speaker_not_measurable", `Speaker ${speakerId} has too little voiced speech in the dub to measure.`);
  return { ok: true, voices: await voicesNearSpeaker(env, actor, speakerVector(combined), SIMILAR_THRESHOLD_MAX, SIMILAR_TOP_K_DEFAULT) };
}

/**
 * Each segment's isolated speech at the dubbing rate: the upload decoded once, each segment's stretch (with a
 * little lead-in for the noise suppressor to settle) isolated as the pipeline does.
 */
async function segmentSpeech(env: Env, row: DubRow, segments: readonly DubSegment[]): Promise<Found<{ samples: Int16Array[]; sampleRate: number }>> {
  const object = await env.MEDIA.get(row.sourceKey);
  if (!object) return refuse(409, "source_missing", "The dub's upload is gone: its segments cannot be heard again.");
  const decoded = await engine(env).decodeForDubbing({ audio: new Uint8Array(await object.arrayBuffer()), pcm16k: false });
  if (!decoded.ok) return refuse(422, "source_undecodable", decoded.message);
  const rate = decoded.sampleRate;
  const all = int16FromBytes(decoded.pcm);
  const offset = Math.round((row.startTime ?? 0) * rate);
  const samples: Int16Array[] = [];
  for (const segment of segments) {
    const start = offset + Math.round(segment.start * rate);
    const from = Math.max(offset, start - Math.round(SPEECH_LEAD_SECONDS * rate));
    const to = Math.min(all.length, offset + Math.round(segment.end * rate));
    const isolated = await engine(env).isolate({ pcm: bytesFromInt16(all.slice(from, Math.max(from, to))), sampleRate: rate });
    samples.push(resample(int16FromBytes(isolated.pcm), isolated.sampleRate, rate).slice(start - from, to - from));
  }
  return { ok: true, samples, sampleRate: rate };
}

/**
 * The dub's segments with a new target language: every segment translated into it (or given its translation by
 * id, all of them), its lines stale until spoken. Nothing is saved.
 */
async function newLanguageSegments(env: Env, dub: Editable, language: string, given?: Record<string, string>): Promise<Found<{ code: string; segments: DubSegment[] }>> {
  const { source, languages } = dub;
  const code = dubbingLanguage(language);
  if (!code) return refuse(400, "invalid_language", `${language} is not a language code dubbing knows (ISO 639-1, e.g. fr).`);
  if (code === source || languages.includes(code)) return refuse(409, "language_exists", `The dub already has ${dubbingLanguageName(code)}.`);
  if (given) {
    const missing = dub.segments.filter((s) => given[s.id] === undefined).map((s) => s.id);
    const extra = Object.keys(given).filter((k) => !dub.segments.some((s) => s.id === k));
    if (missing.length || extra.length) return refuse(400, "invalid_translations", `translations must cover every segment exactly once${missing.length ? `; missing ${missing.join(", ")}` : ""}${extra.length ? `; no segment ${extra.join(", ")}` : ""}.`);
    const problem = speakProblem(code);
    if (problem) return refuse(422, "unsupported_language", problem);
  } else {
    const problem = pairProblem((await engine(env).catalog()).capabilities, source, code);
    if (problem) return refuse(422, "unsupported_language", problem);
  }
  const choice = given ? null : await translationChoice(env, source, code);
  const segments: DubSegment[] = [];
  try {
    for (const segment of dub.segments) {
      const text = given ? given[segment.id]! : (await engine(env).translate({ text: segment.text, source, target: code }, choice!)).text;
      segments.push({ ...segment, translations: { ...segment.translations, [code]: text }, stale: [...new Set([...(segment.stale ?? []), code])] });
    }
  } catch (error) {
    // A configured server that does not take the pair refuses it (the catalogue cannot know its languages): nothing is saved.
    return refuse(422, "unsupported_language", `The translation engine could not translate ${dubbingLanguageName(source)} into ${dubbingLanguageName(code)}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { ok: true, code, segments };
}

/**
 * Adds a target language (the resource API's call): every segment translated into it (or given its translation
 * by id, all of them); its lines wait to be dubbed (charged then) and rendered.
 */
export async function addStudioLanguage(env: Env, actor: Actor, id: string, language: string, given?: Record<string, string>): Promise<StudioResult<{ code: string }>> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const added = await newLanguageSegments(env, found, language, given);
  if (!added.ok) return added;
  const saved = await save(env, found.row, { segments: JSON.stringify(added.segments) });
  return saved.ok ? { ...saved, code: added.code } : saved;
}

/**
 * Adds a target language dubbed whole (the project API's call and the studio editor's, decision 0068): every
 * segment translated (or given), spoken in its speaker's voice and mixed, then charged with the language's
 * segments, output and render in one batch. Until that batch the dub reads as it was: the language appears
 * complete or not at all, and past the quota (or on any failure) its lines and track are taken away again.
 */
export async function addDubbedLanguage(env: Env, actor: Actor, id: string, language: string, given?: Record<string, string>): Promise<StudioResult<{ code: string; credits: number }>> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const added = await newLanguageSegments(env, found, language, given);
  if (!added.ok) return added;
  const { row } = found;
  const code = added.code;
  const ids = added.segments.map((s) => s.id);
  const credits = redubCredits(added.segments, [code]);
  const quota = await quotaFor(env, actor, credits);
  if (!quota.ok) return quota;
  const prefix = `${dubMediaPrefix(row.workspaceId, row.id)}${code}/`;
  try {
    const lines = await speakLines(env, row, found.speakers, added.segments, [code]);
    await Promise.all(lines.map((line) => env.MEDIA.put(line.key, bytesFromInt16(line.samples))));
    const mixed = await mixLanguage(env, row, code, added.segments);
    if (!mixed.ok) {
      await deleteMedia(env, prefix);
      return mixed;
    }
    const renders = { ...dubRenders(row), [code]: { id: `render_${randomHex(8)}`, version: row.version + 1, language: code, type: mixed.type, status: "complete" } satisfies StudioRender };
    const charged = await chargeLines(env, actor, row, credits, quota.usable, { segments: JSON.stringify(redubbed(added.segments, ids, [code])), outputs: JSON.stringify({ ...dubOutputs(row), [code]: mixed.output }), renders: JSON.stringify(renders) });
    if (!charged.ok) await deleteMedia(env, prefix);
    return charged.ok ? { ok: true, version: row.version + 1, code, credits } : charged;
  } catch (error) {
    await deleteMedia(env, prefix);
    throw error;
  }
}

/**
 * Removes a target language: its translations, lines, output and render. The dub keeps at least one (409
 * last_language); removing its first target makes the next one first.
 */
export async function removeStudioLanguage(env: Env, actor: Actor, id: string, language: string): Promise<StudioResult> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const { row, languages } = found;
  const code = language.toLowerCase();
  const missing = unknownLanguages(found, [code]);
  if (missing) return missing;
  const remaining = languages.filter((l) => l !== code);
  if (remaining.length === 0) return refuse(409, "last_language", STUDIO_TEXTS.lastLanguage);
  const segments = found.segments.map((s) => {
    const { [code]: _dropped, ...translations } = s.translations;
    const { stale: _stale, ...rest } = s;
    const stale = (s.stale ?? []).filter((l) => l !== code);
    return { ...rest, translations, ...(stale.length ? { stale } : {}) };
  });
  const { [code]: _output, ...outputs } = dubOutputs(row);
  const { [code]: _render, ...renders } = dubRenders(row);
  const saved = await save(env, row, { segments: JSON.stringify(segments), outputs: JSON.stringify(outputs), renders: JSON.stringify(renders), targetLang: row.targetLang === code ? remaining[0]! : row.targetLang });
  if (saved.ok) await deleteMedia(env, `${dubMediaPrefix(row.workspaceId, row.id)}${code}/`);
  return saved;
}

/** "Save all and re-dub" (decision 0083): one language's lines as the editor holds them, and the version it read. */
export type SavedLines = { translations: Record<string, string>; version?: number };

/**
 * Speaks the named segments again (every stale one when none are named) in the given languages (all by
 * default), fitted to their segments, and charges their duration once. The lines are written only after the
 * charge is taken; past the quota nothing is written. With `given` lines (the editor's "Save all and re-dub", one
 * language): the edited lines are saved in the same batch as the charge, and every stale segment is spoken, so
 * a refusal (a changed dub 409, nothing to do 409, a line without translation 409, quota 401) leaves nothing.
 * A line without its translation is never spoken as a blank (409 needs_translation).
 */
export async function redubStudioSegments(env: Env, actor: Actor, id: string, segmentIds: string[], languages: string[] | null, given?: SavedLines): Promise<StudioResult<{ segments: string[]; edited: string[]; credits: number; seconds: number }>> {
  const found = await editableSegments(env, actor, id, segmentIds);
  if (!found.ok) return found;
  const { row, speakers } = found;
  let segments = found.segments;
  const targets = languages?.map((l) => l.toLowerCase()) ?? found.languages;
  if (given && targets.length !== 1) return refuse(400, "invalid_languages", "Translations are saved for one language: name exactly one in languages.");
  const missing = unknownLanguages(found, targets);
  if (missing) return missing;
  let edited: string[] = [];
  if (given) {
    if (given.version !== undefined && given.version !== row.version) return refuse(409, "version_conflict", STUDIO_TEXTS.changedMeanwhile);
    const saved = saveAllEdits(segments, targets[0]!, given.translations);
    if (!saved.ok) return refuse(saved.problem.httpStatus, saved.problem.status, saved.problem.message);
    segments = saved.segments;
    edited = saved.edited;
  }
  let chosen = segmentsToRedub(segments, segmentIds, targets);
  if (chosen.length === 0) return given ? refuse(409, "nothing_to_redub", STUDIO_TEXTS.nothingChanged) : { ok: true, version: row.version, segments: [], edited, credits: 0, seconds: 0 };
  if (!given) {
    // The SDK's dub translates what has no translation yet (saved with the charge below, in one write); the
    // editor's "Save all" does not, since an empty line there is one the person left empty.
    const filled = await withTranslations(env, found.source, segments, chosen, targets);
    if (!filled.ok) return filled;
    segments = filled.segments;
    chosen = segmentsToRedub(segments, chosen.map((s) => s.id), targets);
  }
  const blanks = missingTranslationProblem(chosen, targets, dubbingLanguageName);
  if (blanks) return refuse(409, "needs_translation", blanks);
  const credits = redubCredits(chosen, targets);
  const quota = await quotaFor(env, actor, credits);
  if (!quota.ok) return quota;
  const lines = await speakLines(env, row, speakers, chosen, targets);
  const ids = chosen.map((s) => s.id);
  const charged = await chargeLines(env, actor, row, credits, quota.usable, { segments: JSON.stringify(redubbed(segments, ids, targets)) });
  if (!charged.ok) return charged;
  await Promise.all(lines.map((line) => env.MEDIA.put(line.key, bytesFromInt16(line.samples))));
  const seconds = chosen.reduce((sum, s) => sum + (s.end - s.start), 0) * targets.length;
  return { ok: true, version: row.version + 1, segments: ids, edited, credits, seconds };
}

/** Whether the workspace's quota takes `credits` more, with what it may use; the refusal when not. */
async function quotaFor(env: Env, actor: Actor, credits: number): Promise<Found<{ usable: number }>> {
  const workspace = actor.membership.workspace;
  const quota = await currentQuota(database(env.DB), workspace, workspace.tier);
  return quota.used + credits > quota.usable ? quotaRefusal(workspace, credits, quota.used) : { ok: true, usable: quota.usable };
}

const quotaRefusal = (workspace: Actor["membership"]["workspace"], credits: number, used: number) => refuse(401, "quota_exceeded", `Dubbing these lines needs ${credits} credits; ${Math.max(0, workspace.characterLimit - used)} remain.`);

/** The named segments spoken in each language by their speakers' voices, fitted to their segments (not yet stored). */
async function speakLines(env: Env, row: DubRow, speakers: DubSpeaker[], chosen: readonly DubSegment[], languages: readonly string[]): Promise<{ key: string; samples: Int16Array }[]> {
  const lines: { key: string; samples: Int16Array }[] = [];
  for (const language of languages) {
    for (const segment of chosen) {
      const speaker = speakers.find((s) => s.id === segment.speakerId) ?? speakers[0]!;
      const length = Math.round((segment.end - segment.start) * DUBBING_RATE);
      const { samples } = await dubLine(env, segment.translations[language] ?? "", language, speaker, length, DUBBING_RATE);
      lines.push({ key: lineKey(row, language, segment.id), samples });
    }
  }
  return lines;
}

/** Charges spoken lines once, in one batch with the dub's change; past the quota (a race) nothing is written. */
async function chargeLines(env: Env, actor: Actor, row: DubRow, credits: number, usable: number, patch: Partial<DubRow>): Promise<StudioResult> {
  const workspace = actor.membership.workspace;
  const at = nowSeconds();
  try {
    await repo.chargeRedub(
      database(env.DB),
      row,
      { credits, eventId: `${row.id}-redub-${randomHex(6)}`, userId: actor.user.id, beyondLimit: Number.isFinite(usable) ? usable - workspace.characterLimit : null, apiKeyId: actor.apiKeyId, at },
      { ...patch, updatedAt: at },
    );
  } catch (error) {
    if (error instanceof QuotaExhausted) return quotaRefusal(workspace, credits, (await currentQuota(database(env.DB), workspace, workspace.tier)).used);
    if (error instanceof DubChanged) return conflict();
    throw error;
  }
  return { ok: true, version: row.version + 1 };
}

/**
 * Mixes one language's current lines over the background again and encodes it; the video too when the upload
 * was MP4 or WebM. `mp4` is refused for an audio upload. Runs in the request: mixing stored lines and encoding
 * MP3 takes about a second per minute of media (decision 0048).
 */
export async function renderStudioLanguage(env: Env, actor: Actor, id: string, language: string, requested?: StudioRenderType): Promise<StudioResult<{ renderId: string }>> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const row = found.row;
  const code = language.toLowerCase();
  const missing = unknownLanguages(found, [code]);
  if (missing) return missing;
  // Decision 0083: a language with lines waiting for their translation is not rendered (it would speak blanks).
  const blanks = missingTranslationProblem(found.segments, [code], dubbingLanguageName);
  if (blanks) return refuse(409, "needs_translation", blanks);
  const mixed = await mixLanguage(env, row, code, found.segments, requested);
  if (!mixed.ok) return mixed;
  const renderId = `render_${randomHex(8)}`;
  const renders = { ...dubRenders(row), [code]: { id: renderId, version: row.version + 1, language: code, type: mixed.type, status: "complete" } satisfies StudioRender };
  const outputs = { ...dubOutputs(row), [code]: mixed.output };
  const saved = await save(env, row, { outputs: JSON.stringify(outputs), renders: JSON.stringify(renders) });
  return saved.ok ? { ...saved, renderId } : saved;
}

/** One language's stored lines mixed over the background and encoded (the video remuxed when the upload had one); written to R2, not recorded. */
async function mixLanguage(env: Env, row: DubRow, code: string, segments: DubSegment[], requested?: StudioRenderType): Promise<Found<{ output: Awaited<ReturnType<typeof renderLanguage>>; type: StudioRenderType }>> {
  // Without a type: the video's when the upload was video the muxer takes, else MP3.
  const type = requested ?? (row.hadVideo && remuxContainer(containerOfType(row.contentType) ?? "") ? "mp4" : "mp3");
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
  try {
    return { ok: true, type, output: await renderLanguage(env, row, code, segments, lengthSamples, DUBBING_RATE, backgroundSamples, originalBytes, container) };
  } catch (error) {
    // A video the muxer cannot copy (its type said MP4/WebM; its content disagrees): the render is refused, not a 5xx.
    return refuse(422, "render_failed", `The video could not take the new sound track: ${error instanceof Error ? error.message : String(error)}. Render mp3.`);
  }
}

/**
 * The project API's source-transcript edits (decision 0063), one or many together: new text discards the
 * segment's translations, new speakers or times make its lines stale. All apply or none.
 */
export async function editStudioSource(env: Env, actor: Actor, id: string, edits: Record<string, SourceEdit>): Promise<StudioResult<{ segments: DubSegment[] }>> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const tooLong = Object.values(edits).some((e) => (e.text?.length ?? 0) > MAX_LINE_CHARACTERS);
  if (tooLong) return refuse(400, "text_too_long", `A line holds at most ${MAX_LINE_CHARACTERS} characters.`);
  const applied = applySourceEdits(found.segments, found.speakers, edits, found.languages, found.row.durationSeconds);
  if (!applied.ok) return refuse(applied.problem.httpStatus, applied.problem.status, applied.problem.message);
  const saved = await save(env, found.row, { segments: JSON.stringify(applied.segments) });
  return saved.ok ? { ...saved, segments: applied.segments } : saved;
}

/** The project API's translation edits of one language (all or none); each edited line is stale. */
export async function editStudioTranslations(env: Env, actor: Actor, id: string, language: string, edits: Record<string, string | null>): Promise<StudioResult<{ segments: DubSegment[] }>> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const code = language.toLowerCase();
  const missing = unknownLanguages(found, [code]);
  if (missing) return missing;
  if (Object.values(edits).some((t) => (t?.length ?? 0) > MAX_LINE_CHARACTERS)) return refuse(400, "text_too_long", `A line holds at most ${MAX_LINE_CHARACTERS} characters.`);
  const applied = applyTranslationEdits(found.segments, edits, code);
  if (!applied.ok) return refuse(applied.problem.httpStatus, applied.problem.status, applied.problem.message);
  const saved = await save(env, found.row, { segments: JSON.stringify(applied.segments) });
  return saved.ok ? { ...saved, segments: applied.segments } : saved;
}

/**
 * Regenerates one language from its edited transcript: the stale segments whose translation was discarded are
 * translated, every stale segment is spoken again (charged as a re-dub) and the language is rendered. Nothing
 * stale: 409 nothing_to_regenerate, nothing charged.
 */
export async function regenerateStudioLanguage(env: Env, actor: Actor, id: string, language: string): Promise<StudioResult<{ segments: string[]; seconds: number; credits: number }>> {
  const found = await editable(env, actor, id);
  if (!found.ok) return found;
  const code = language.toLowerCase();
  const missing = unknownLanguages(found, [code]);
  if (missing) return missing;
  const stale = segmentsToRedub(found.segments, [], [code]);
  if (stale.length === 0) return refuse(409, "nothing_to_regenerate", `The ${dubbingLanguageName(code)} transcript has no edits to apply.`);
  // The re-dub translates the stale lines that have no translation yet (decision 0063), in the same write as its charge.
  const dubbed = await redubStudioSegments(env, actor, id, [], [code]);
  if (!dubbed.ok) return dubbed;
  const rendered = await renderStudioLanguage(env, actor, id, code);
  return rendered.ok ? { ...rendered, segments: dubbed.segments, seconds: dubbed.seconds, credits: dubbed.credits } : rendered;
}
