// Instant voice cloning, the voices area's second public server module: like the speech generation pipeline it
// loads the WebAssembly codecs (to decode the samples), so only the /v1 layer imports it (eslint/boundaries.js).
// A sample is decoded, measured (core/voices/speaker-analysis.ts), and the embedded engine's voice is derived
// from the measurements, spoken once on a calibration text, measured again and corrected.
import { database } from "../../db/client";
import * as voicesTable from "../../db/repositories/voices";
import { decodeUploadedAudio } from "../../core/audio/uploaded";
import { analyseSpeaker, combineFeatures, floatSamples, speakerVector, type SpeakerFeatures } from "../../core/voices/speaker-analysis";
import { cloneEngineVoice, refineCloneVoice, type CloneEngineVoice } from "../../core/voices/clone-parameters";
import type { Voice, VoiceEngineParameters, VoiceLabels, VoiceSampleFile, VoiceSpeakerFeatures } from "../../core/voices/voices";
import { speechEngine } from "~/speech/speech.server";
import { isolateVoice } from "~/isolation/isolation.server";
import {
  CALIBRATION_TEXT,
  canCloneInstantly,
  MAX_SAMPLE_BYTES,
  MAX_SAMPLES,
  MAX_TOTAL_SAMPLE_SECONDS,
  MIN_SPEECH_SECONDS,
  sampleTypeAccepted,
  voiceAddEditLimitFor,
  voiceAddEditPeriod,
  voiceLimitFor,
  voiceLimitMessage,
} from "~/voices/rules/voice-cloning";
import { isEngineLanguage, LANGUAGE_ENGINE_VOICES, newVoiceId, ownPreviewKeyOf, PREVIEW_TEXT, type EngineLanguage } from "../../core/voices/voice-rules";
import { synthesizeUncharged } from "~/speech/generation.server";
import { permissionRefusal, type Actor } from "~/accounts/accounts.server";
import { makeNeuralClone, ownVoiceWithRole, voiceCreated, type NeuralClone } from "~/voices/voices.server";
import { log } from "~/common/log.server";
import type { ResourceRole } from "../../core/workspace/resource-sharing";
import { separationKeyOf } from "../../core/voices/speaker-separation";

export type CloningEnv = { DB: D1Database; MEDIA: R2Bucket; SPEECH: Env["SPEECH"] };
export type Cloner = Actor;

export type CloningRefusal = { httpStatus: 400 | 403 | 404 | 413 | 415 | 422; status: string; message: string };
export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: CloningRefusal };
export const refuse = (httpStatus: CloningRefusal["httpStatus"], status: string, message: string): { ok: false; refusal: CloningRefusal } => ({
  ok: false,
  refusal: { httpStatus, status, message },
});

export type SampleUpload = { name: string; type: string; bytes: Uint8Array };
export type VoiceForm = { name: string; description?: string | null; labels?: VoiceLabels; files: SampleUpload[]; removeBackgroundNoise?: boolean };

const periodOf = (cloner: Cloner) => voiceAddEditPeriod(cloner.membership.workspace.characterCountResetAt);

const randomId = (bytes: number) => [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export type MeasuredSample = { upload: SampleUpload; features: SpeakerFeatures };

type Decoded = { samples: Int16Array; sampleRate: number };

/** remove_background_noise: the sample through the voice isolator (RNNoise) before it is measured; 48 kHz out. */
export function backgroundRemover(env: CloningEnv) {
  return async (decoded: Decoded): Promise<Decoded> => {
    const pcm = new Uint8Array(decoded.samples.buffer, decoded.samples.byteOffset, decoded.samples.byteLength);
    const isolated = await isolateVoice(env as Env, { pcm, sampleRate: decoded.sampleRate });
    const bytes = isolated.pcm.slice();
    return { samples: new Int16Array(bytes.buffer, 0, bytes.byteLength >> 1), sampleRate: isolated.sampleRate };
  };
}

/** Checks, decodes and measures the uploaded samples (none is stored yet), cleaned first when asked. */
export async function measureSamples(
  files: SampleUpload[],
  existingSeconds = 0,
  clean?: (decoded: Decoded) => Promise<Decoded>,
  trim?: { start?: number | null; end?: number | null },
): Promise<Outcome<MeasuredSample[]>> {
  if (files.length > MAX_SAMPLES) return refuse(400, "too_many_samples", `A voice takes at most ${MAX_SAMPLES} samples; ${files.length} were sent.`);
  const measured: MeasuredSample[] = [];
  let seconds = existingSeconds;
  for (const upload of files) {
    if (!sampleTypeAccepted(upload.type, upload.name)) {
      return refuse(415, "unsupported_audio_type", `${upload.name}: ${upload.type || "this file type"} is not an accepted audio type (aac, aiff, flac, m4a, mp3, mp4, ogg, opus, wav, webm).`);
    }
    if (upload.bytes.byteLength === 0) return refuse(400, "empty_sample", `${upload.name} is empty.`);
    if (upload.bytes.byteLength > MAX_SAMPLE_BYTES) return refuse(413, "sample_too_large", `${upload.name} is larger than ${MAX_SAMPLE_BYTES / 1024 / 1024} MB.`);
    let decoded: { samples: Int16Array; sampleRate: number };
    try {
      decoded = await decodeUploadedAudio(upload.bytes);
    } catch (error) {
      return refuse(400, "undecodable_sample", `${upload.name} could not be read: ${error instanceof Error ? error.message : "unknown format"}. This deployment decodes MP3, WAV and mono Ogg Opus.`);
    }
    if (trim && (trim.start || trim.end)) {
      // A professional sample's trim (seconds from the start): only that stretch is measured.
      const from = Math.max(0, Math.round((trim.start ?? 0) * decoded.sampleRate));
      const to = trim.end ? Math.min(decoded.samples.length, Math.round(trim.end * decoded.sampleRate)) : decoded.samples.length;
      if (to <= from) return refuse(400, "invalid_trim", "trim_end_time must come after trim_start_time, inside the recording.");
      decoded = { samples: decoded.samples.subarray(from, to), sampleRate: decoded.sampleRate };
    }
    seconds += decoded.samples.length / decoded.sampleRate;
    if (seconds > MAX_TOTAL_SAMPLE_SECONDS) return refuse(400, "samples_too_long", `The samples are longer than ${MAX_TOTAL_SAMPLE_SECONDS / 60} minutes in all.`);
    if (clean) decoded = await clean(decoded);
    const features = analyseSpeaker(floatSamples(decoded.samples), decoded.sampleRate);
    if (!features || features.voicedSeconds < MIN_SPEECH_SECONDS) {
      return refuse(400, "no_speech_in_sample", `${upload.name} has less than ${MIN_SPEECH_SECONDS} second of voiced speech to measure.`);
    }
    measured.push({ upload, features });
  }
  return { ok: true, value: measured };
}

/**
 * The embedded engine's voice for the speaker: the tables' estimate, spoken once on the calibration text in the
 * voice's language and corrected by what the engine actually did.
 */
export async function engineVoiceFor(env: CloningEnv, features: SpeakerFeatures, language: EngineLanguage): Promise<VoiceEngineParameters> {
  const espeakVoice = LANGUAGE_ENGINE_VOICES[language];
  let voice: CloneEngineVoice = cloneEngineVoice(features);
  const spoken = await speechEngine(env as Env).synthesize({
    text: CALIBRATION_TEXT[language],
    engineVoice: `${espeakVoice}+${voice.variant}`,
    rate: voice.rate,
    pitch: voice.basePitch,
    range: voice.baseRange,
  });
  const pcm = new Int16Array(spoken.pcm.buffer, spoken.pcm.byteOffset, Math.floor(spoken.pcm.byteLength / 2));
  const heard = analyseSpeaker(floatSamples(pcm), spoken.sampleRate);
  if (heard) voice = refineCloneVoice(voice, features, heard);
  return { espeakVoice, variant: voice.variant, basePitch: voice.basePitch, baseRange: voice.baseRange, rate: voice.rate, externalVoices: {} };
}

export function speakerRecord(features: SpeakerFeatures): VoiceSpeakerFeatures {
  return { ...features, vector: speakerVector(features) };
}

/** The voice's language: its `language` label when the engine speaks it, else English. */
export function languageOf(labels: VoiceLabels): EngineLanguage {
  const code = labels.language?.toLowerCase().slice(0, 2) ?? "en";
  return isEngineLanguage(code) ? code : "en";
}

/** Labels the speaker's measurements can honestly suggest when the person gave none: the gender of the variant chosen. */
function labelsFor(given: VoiceLabels, parameters: VoiceEngineParameters, language: EngineLanguage): VoiceLabels {
  return { ...(parameters.variant?.startsWith("f") ? { gender: "female" } : { gender: "male" }), language, ...given };
}

export async function storeSamples(env: CloningEnv, workspaceId: string, voiceId: string, samples: MeasuredSample[]): Promise<VoiceSampleFile[]> {
  const stored: VoiceSampleFile[] = [];
  for (const { upload } of samples) {
    const sampleId = randomId(10);
    const key = `voice-samples/${workspaceId}/${voiceId}/${sampleId}`;
    await env.MEDIA.put(key, upload.bytes, { httpMetadata: { contentType: upload.type || "application/octet-stream" } });
    stored.push({ sampleId, fileName: upload.name, mimeType: upload.type || "application/octet-stream", sizeBytes: upload.bytes.byteLength, hash: await sha256Hex(upload.bytes), key });
  }
  return stored;
}

/** Whether the workspace may clone at all, and has room for one more voice and one more addition or edit. */
export async function checkLimits(env: CloningEnv, cloner: Cloner, adding: boolean): Promise<CloningRefusal | null> {
  // Adding and editing voices is the voices area's permission (groups, decision 0034).
  const denied = await permissionRefusal(database(env.DB), cloner, "voice_lab");
  if (denied) return denied;
  const tier = cloner.membership.workspace.tier;
  if (!canCloneInstantly(tier)) return { httpStatus: 403, status: "can_not_use_instant_voice_cloning", message: "Instant voice cloning starts with the Starter plan: upgrade to add your own voices." };
  if (adding) {
    const limit = voiceLimitFor(tier);
    if ((await voicesTable.countOwnVoices(database(env.DB), cloner.membership.workspace.id)) >= limit) {
      return { httpStatus: 400, status: "voice_limit_reached", message: voiceLimitMessage(limit) };
    }
  }
  return null;
}

export async function countAddEdit(env: CloningEnv, cloner: Cloner): Promise<CloningRefusal | null> {
  const limit = voiceAddEditLimitFor(cloner.membership.workspace.tier);
  if (await voicesTable.countAddEdit(database(env.DB), cloner.membership.workspace.id, periodOf(cloner), limit)) return null;
  return { httpStatus: 400, status: "voice_add_edit_limit_reached", message: `Your plan allows ${limit} voice additions and edits per billing period; this period's are used up.` };
}

/**
 * The voice learnt by the neural cloning server from the longest sample, when the deployment has one (decision
 * 0051). A failing server leaves the voice to the embedded engine (logged), rather than refusing the person's voice.
 */
async function neuralCloneFrom(env: CloningEnv, workspaceId: string, voiceId: string, samples: MeasuredSample[]): Promise<NeuralClone | null> {
  const reference = [...samples].sort((a, b) => b.features.durationSeconds - a.features.durationSeconds)[0];
  if (!reference) return null;
  try {
    return await makeNeuralClone(env, workspaceId, voiceId, { bytes: reference.upload.bytes, type: reference.upload.type });
  } catch (error) {
    log("error", "neural cloning server failed; the voice uses the embedded engine", { voice_id: voiceId, error: String(error) });
    return null;
  }
}

/** POST /v1/voices/add: a new cloned voice from the samples; its id. */
export async function addClonedVoice(env: CloningEnv, cloner: Cloner, form: VoiceForm): Promise<Outcome<{ voiceId: string; requiresVerification: boolean }>> {
  const limited = await checkLimits(env, cloner, true);
  if (limited) return { ok: false, refusal: limited };
  if (form.files.length === 0) return refuse(400, "no_samples", "Add at least one audio sample of the voice (files).");
  const measured = await measureSamples(form.files, 0, form.removeBackgroundNoise ? backgroundRemover(env) : undefined);
  if (!measured.ok) return measured;
  const features = combineFeatures(measured.value.map((m) => m.features))!;
  const labels = form.labels ?? {};
  const language = languageOf(labels);
  const engineParameters = await engineVoiceFor(env, features, language);
  const counted = await countAddEdit(env, cloner);
  if (counted) return { ok: false, refusal: counted };
  const workspaceId = cloner.membership.workspace.id;
  const voiceId = newVoiceId();
  const samples = await storeSamples(env, workspaceId, voiceId, measured.value);
  const neuralClone = await neuralCloneFrom(env, workspaceId, voiceId, measured.value);
  if (neuralClone) engineParameters.neuralClone = neuralClone;
  await voicesTable.insertVoice(database(env.DB), {
    voiceId,
    workspaceId,
    category: "cloned",
    name: form.name,
    description: form.description?.trim() || null,
    labels: labelsFor(labels, engineParameters, language),
    language,
    engine: "embedded",
    engineParameters,
    samples,
    previewKey: ownPreviewKeyOf(workspaceId, voiceId),
    highQualityBaseModelIds: [],
    speakerFeatures: speakerRecord(features),
    createdByUserId: cloner.user.id,
  });
  await voiceCreated(env, cloner, voiceId);
  return { ok: true, value: { voiceId, requiresVerification: false } };
}

/** POST /v1/voices/{id}/edit: name, description, labels, and more samples (the voice is measured again). */
export async function editOwnVoice(env: CloningEnv, cloner: Cloner, voiceId: string, form: VoiceForm): Promise<Outcome<null>> {
  const db = database(env.DB);
  const workspaceId = cloner.membership.workspace.id;
  const found = await ownVoiceWithRole(env, cloner, voiceId, "editor");
  if (!found.ok) return { ok: false, refusal: found };
  const voice = found.voice;
  const limited = await checkLimits(env, cloner, false);
  if (limited) return { ok: false, refusal: limited };
  const edit: voicesTable.VoiceEdit = { name: form.name };
  if (form.description !== undefined) edit.description = form.description?.trim() || null;
  if (form.labels) edit.labels = { ...voice.labels, ...form.labels };
  let added: MeasuredSample[] = [];
  if (form.files.length) {
    if ((voice.samples?.length ?? 0) + form.files.length > MAX_SAMPLES) return refuse(400, "too_many_samples", `A voice takes at most ${MAX_SAMPLES} samples.`);
    const measured = await measureSamples(form.files, voice.speakerFeatures?.durationSeconds ?? 0, form.removeBackgroundNoise ? backgroundRemover(env) : undefined);
    if (!measured.ok) return measured;
    added = measured.value;
    const previous = voice.speakerFeatures ? [voice.speakerFeatures] : [];
    const features = combineFeatures([...previous, ...added.map((m) => m.features)])!;
    edit.engineParameters = await engineVoiceFor(env, features, languageOf(edit.labels ?? voice.labels));
    edit.speakerFeatures = speakerRecord(features);
    // The cloning server keeps the voice it learnt from the first reference; a voice without one gets one now.
    const neuralClone = voice.engineParameters.neuralClone ?? (await neuralCloneFrom(env, workspaceId, voiceId, added));
    if (neuralClone) edit.engineParameters.neuralClone = neuralClone;
  }
  const counted = await countAddEdit(env, cloner);
  if (counted) return { ok: false, refusal: counted };
  if (added.length) edit.samples = [...(voice.samples ?? []), ...(await storeSamples(env, workspaceId, voiceId, added))];
  await voicesTable.updateOwnVoice(db, workspaceId, voiceId, edit);
  // The voice sounds different now: its preview is made again on the next request.
  if (edit.engineParameters && voice.previewKey) await env.MEDIA.delete(voice.previewKey);
  return { ok: true, value: null };
}


/** A sample of one of the workspace's own voices on which the cloner holds `need` (reading it, or changing the voice). */
async function ownSample(env: CloningEnv, cloner: Cloner, voiceId: string, sampleId: string, need: ResourceRole): Promise<{ voice: Voice; sample: VoiceSampleFile } | null> {
  const found = await ownVoiceWithRole(env, cloner, voiceId, need);
  const sample = found.ok ? found.voice.samples?.find((s) => s.sampleId === sampleId) : undefined;
  return found.ok && sample ? { voice: found.voice, sample } : null;
}

/** GET /v1/voices/{id}/samples/{sample_id}/audio: the stored recording, as uploaded. */
export async function sampleAudio(env: CloningEnv, cloner: Cloner, voiceId: string, sampleId: string): Promise<{ body: ReadableStream; contentType: string } | null> {
  const found = await ownSample(env, cloner, voiceId, sampleId, "viewer");
  if (!found) return null;
  const object = await env.MEDIA.get(found.sample.key);
  return object ? { body: object.body, contentType: found.sample.mimeType } : null;
}

/**
 * DELETE /v1/voices/{id}/samples/{sample_id}: the recording goes from R2 and the voice's list. The voice keeps
 * the engine parameters it was made with (its measurements stay what they were).
 */
export async function deleteSample(env: CloningEnv, cloner: Cloner, voiceId: string, sampleId: string): Promise<boolean> {
  const found = await ownSample(env, cloner, voiceId, sampleId, "editor");
  if (!found) return false;
  await voicesTable.updateOwnVoice(database(env.DB), cloner.membership.workspace.id, voiceId, { samples: found.voice.samples!.filter((s) => s.sampleId !== sampleId) });
  await env.MEDIA.delete([found.sample.key, separationKeyOf(found.sample.key)]);
  return true;
}

/** GET /v1/voices/{id}/preview: an own voice's preview (the preview text in its language), made once and kept. */
export async function ownVoicePreview(env: Env, cloner: Cloner, voiceId: string): Promise<ReadableStream | null> {
  const found = await ownVoiceWithRole(env, cloner, voiceId, "viewer");
  const voice = found.ok ? found.voice : null;
  if (!voice?.previewKey) return null;
  let object = await env.MEDIA.get(voice.previewKey);
  if (!object) {
    const text = PREVIEW_TEXT[isEngineLanguage(voice.language) ? voice.language : "en"];
    await env.MEDIA.put(voice.previewKey, await synthesizeUncharged(env, voice, text, "mp3_44100_128"), { httpMetadata: { contentType: "audio/mpeg" } });
    object = await env.MEDIA.get(voice.previewKey);
  }
  return object?.body ?? null;
}
