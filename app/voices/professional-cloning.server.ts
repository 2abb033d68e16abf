// Professional voice cloning and similar voices on the embedded engine (decision 0035). Like instant cloning it
// decodes uploads with the WebAssembly codecs, so only the /v1 layer imports it (eslint/boundaries.js).
// A professional voice is made empty, gets samples (each measured and kept with its measurement), is verified by
// a fresh recording of a shown text (its speaker vector near the samples'), then trained: every sample weighed,
// the outliers left out, and the engine voice derived from the rest and calibrated.
import { database } from "../../db/client";
import * as voicesTable from "../../db/repositories/voices";
import { analyseSpeaker, combineFeatures, floatSamples, speakerVector } from "../../core/voices/speaker-analysis";
import { nearestSpeakers, rejectOutliers, speakerDistance } from "../../core/voices/speaker-similarity";
import type { ManualVerificationFile, Voice, VoiceLabels, VoiceSampleFile } from "../../core/voices/voices";
import { separateSpeakers, separationKeyOf, speakerPcm, type SpeakerSeparation } from "../../core/voices/speaker-separation";
import { decodeUploadedAudio } from "../../core/audio/uploaded";
import { wavFile } from "../../core/audio/wav";
import { waveformPeaks } from "../../core/audio/waveform";
import { toBase64 } from "../../core/base64";
import type { ResourceRole } from "../../core/workspace/resource-sharing";
import { DEFAULT_VOICE_SETTINGS } from "../../core/voices/voice-settings";
import { nowSeconds } from "../../core/clock";
import { speechEngine } from "~/speech/speech.server";
import { log } from "~/common/log.server";
import { makeNeuralClone } from "~/voices/server/neural-clone.server";
import {
  backgroundRemover,
  checkLimits,
  countAddEdit,
  engineVoiceFor,
  measureSamples,
  refuse,
  speakerRecord,
  storeSamples,
  type Cloner,
  type CloningEnv,
  type Outcome,
  type SampleUpload,
} from "~/voices/cloning.server";
import { findSharedVoice, ownVoiceWithRole, voiceCreated, type LibraryVoice } from "~/voices/voices.server";
import { PUBLISHED_STATUSES } from "~/voices/rules/voice-library";
import { MAX_SAMPLES } from "~/voices/rules/voice-cloning";
import {
  canCloneProfessionally,
  DEFAULT_TRAINING_MODEL,
  MAX_VERIFICATION_FILE_BYTES,
  MAX_VERIFICATION_FILES,
  MIN_TRAINING_VOICED_SECONDS,
  OUTLIER_MAX_DISTANCE,
  PROFESSIONAL_PLAN_TEXT,
  professionalLimitMessage,
  professionalVoiceLimitFor,
  SAMPLE_PREVIEW_SECONDS,
  trainingRefusal,
  TRAINING_STATES,
  VERIFICATION_CHALLENGE_SECONDS,
  VERIFICATION_MAX_ATTEMPTS,
  VERIFICATION_MAX_DISTANCE,
  verificationFileAccepted,
  verificationTextFor,
  waveformPeakCount,
} from "~/voices/rules/professional-cloning";
import {
  ENGINE_LANGUAGES,
  engineParameters,
  engineVoiceFor as spokenEngineVoice,
  isEngineLanguage,
  LANGUAGE_ENGINE_VOICES,
  newVoiceId,
  ownPreviewKeyOf,
  PREVIEW_TEXT,
  type EngineLanguage,
} from "../../core/voices/voice-rules";
import { yieldToRequests } from "../../core/yield";

const randomId = (bytes: number) => [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
const notFound = (voiceId: string) => refuse(404, "voice_not_found", `A professional voice with the voice_id ${voiceId} was not found.`);

/**
 * One of the workspace's own professional voices the cloner may change (the editor role on it, decision 0039);
 * another workspace's, one not shared with them, unknown and other kinds alike: null.
 */
async function ownProfessionalVoice(env: CloningEnv, cloner: Cloner, voiceId: string): Promise<Voice | null> {
  const found = await ownVoiceWithRole(env, cloner, voiceId, "editor");
  return found.ok && found.voice.category === "professional" ? found.voice : null;
}

const planRefusal = (cloner: Cloner) =>
  canCloneProfessionally(cloner.membership.workspace.tier) ? null : refuse(403, "can_not_use_professional_voice_cloning", PROFESSIONAL_PLAN_TEXT);

function languageRefusal(language: string) {
  return isEngineLanguage(language) ? null : refuse(400, "unsupported_language", `The embedded engine speaks ${ENGINE_LANGUAGES.join(", ")}; ${language} is not one of them.`);
}

export type ProfessionalForm = { name?: string; language?: string; description?: string | null; labels?: VoiceLabels };

/** POST /v1/voices/pvc: a professional voice with its details and no samples yet (fine-tuning not started). */
export async function createProfessionalVoice(env: CloningEnv, cloner: Cloner, form: ProfessionalForm & { name: string; language: string }): Promise<Outcome<{ voiceId: string }>> {
  const refused = planRefusal(cloner) ?? languageRefusal(form.language);
  if (refused) return refused;
  const db = database(env.DB);
  const workspaceId = cloner.membership.workspace.id;
  const limit = professionalVoiceLimitFor(cloner.membership.workspace.tier);
  if ((await voicesTable.countProfessionalVoices(db, workspaceId)) >= limit) return refuse(400, "professional_voice_limit_reached", professionalLimitMessage(limit));
  const limited = await checkLimits(env, cloner, true);
  if (limited) return { ok: false, refusal: limited };
  const counted = await countAddEdit(env, cloner);
  if (counted) return { ok: false, refusal: counted };
  const language = form.language as EngineLanguage;
  const voiceId = newVoiceId();
  await voicesTable.insertVoice(db, {
    voiceId,
    workspaceId,
    category: "professional",
    name: form.name,
    description: form.description?.trim() || null,
    labels: { language, ...form.labels },
    language,
    engine: "embedded",
    // Until training, the language's standard voice (the voice refuses to speak before it is trained).
    engineParameters: { espeakVoice: LANGUAGE_ENGINE_VOICES[language], variant: null, basePitch: 50, externalVoices: {} },
    previewKey: ownPreviewKeyOf(workspaceId, voiceId),
    samples: [],
    highQualityBaseModelIds: [DEFAULT_TRAINING_MODEL],
    requiresVerification: true,
    fineTuningState: TRAINING_STATES.created,
    createdByUserId: cloner.user.id,
  });
  await voiceCreated(env, cloner, voiceId);
  return { ok: true, value: { voiceId } };
}

/** POST /v1/voices/pvc/{voice_id}: name, language, description, labels (merged). */
export async function editProfessionalVoice(env: CloningEnv, cloner: Cloner, voiceId: string, form: ProfessionalForm): Promise<Outcome<null>> {
  const voice = await ownProfessionalVoice(env, cloner, voiceId);
  if (!voice) return notFound(voiceId);
  const refused = form.language ? languageRefusal(form.language) : null;
  if (refused) return refused;
  const edit: voicesTable.VoiceEdit = {};
  if (form.name) edit.name = form.name;
  if (form.description !== undefined) edit.description = form.description?.trim() || null;
  if (form.labels) edit.labels = { ...voice.labels, ...form.labels };
  if (form.language && form.language !== voice.language) {
    edit.language = form.language;
    edit.labels = { ...(edit.labels ?? voice.labels), language: form.language };
    edit.engineParameters = { ...voice.engineParameters, espeakVoice: LANGUAGE_ENGINE_VOICES[form.language as EngineLanguage] };
  }
  await voicesTable.updateOwnVoice(database(env.DB), cloner.membership.workspace.id, voiceId, edit);
  return { ok: true, value: null };
}

const sampleSeconds = (voice: Voice) => (voice.samples ?? []).reduce((sum, s) => sum + (s.durationSecs ?? 0), 0);

/** POST /v1/voices/pvc/{voice_id}/samples: each file checked, measured and kept with its measurement. */
export async function addProfessionalSamples(env: CloningEnv, cloner: Cloner, voiceId: string, files: SampleUpload[], removeBackgroundNoise: boolean): Promise<Outcome<VoiceSampleFile[]>> {
  const refused = planRefusal(cloner);
  if (refused) return refused;
  const voice = await ownProfessionalVoice(env, cloner, voiceId);
  if (!voice) return notFound(voiceId);
  if (files.length === 0) return refuse(400, "no_samples", "Add at least one audio sample of the voice (files).");
  if ((voice.samples?.length ?? 0) + files.length > MAX_SAMPLES) return refuse(400, "too_many_samples", `A voice takes at most ${MAX_SAMPLES} samples.`);
  const measured = await measureSamples(files, sampleSeconds(voice), removeBackgroundNoise ? backgroundRemover(env) : undefined);
  if (!measured.ok) return measured;
  const stored = await storeSamples(env, cloner.membership.workspace.id, voiceId, measured.value);
  const added = stored.map((file, i) => ({ ...file, durationSecs: measured.value[i]!.features.durationSeconds, features: speakerRecord(measured.value[i]!.features), removeBackgroundNoise }));
  await voicesTable.updateOwnVoice(database(env.DB), cloner.membership.workspace.id, voiceId, { samples: [...(voice.samples ?? []), ...added] });
  return { ok: true, value: added };
}

export type SampleEdit = { removeBackgroundNoise?: boolean; trimStart?: number | null; trimEnd?: number | null; fileName?: string; selectedSpeakerIds?: string[] };

/**
 * POST /v1/voices/pvc/{voice_id}/samples/{sample_id}: a new file name, or noise removal and trim, or the speakers
 * chosen from its separation, after which the sample is measured again (the stored recording stays as uploaded).
 */
export async function updateProfessionalSample(env: CloningEnv, cloner: Cloner, voiceId: string, sampleId: string, edit: SampleEdit): Promise<Outcome<null>> {
  const voice = await ownProfessionalVoice(env, cloner, voiceId);
  const sample = voice?.samples?.find((s) => s.sampleId === sampleId);
  if (!voice || !sample) return refuse(404, "sample_not_found", `A sample with the sample_id ${sampleId} was not found on this voice.`);
  let updated: VoiceSampleFile = { ...sample, ...(edit.fileName ? { fileName: edit.fileName } : {}) };
  const removeBackgroundNoise = edit.removeBackgroundNoise ?? sample.removeBackgroundNoise ?? false;
  if (edit.selectedSpeakerIds?.length) {
    // Only the chosen speakers' utterances are measured for training (the recording stays whole, decision 0087).
    const separation = await completedSeparation(env, sample);
    if (!separation.ok) return separation;
    const chosen = separation.value.speakers.filter((s) => edit.selectedSpeakerIds!.includes(s.speakerId));
    const unknown = edit.selectedSpeakerIds.filter((id) => !chosen.some((s) => s.speakerId === id));
    if (unknown.length) return refuse(400, "speaker_not_found", `The sample has no speaker ${unknown.join(", ")}; its speakers are ${separation.value.speakers.map((s) => s.speakerId).join(", ")}.`);
    const decoded = await decodedSample(env, sample);
    if (!decoded.ok) return decoded;
    const utterances = chosen.flatMap((s) => s.utterances).sort((a, b) => a.start - b.start);
    const upload = { name: updated.fileName, type: "audio/wav", bytes: wavFile(speakerPcm(decoded.value.samples, decoded.value.sampleRate, utterances), decoded.value.sampleRate) };
    const measured = await measureSamples([upload], 0, removeBackgroundNoise ? backgroundRemover(env) : undefined);
    if (!measured.ok) return measured;
    updated = { ...updated, removeBackgroundNoise, durationSecs: measured.value[0]!.features.durationSeconds, features: speakerRecord(measured.value[0]!.features) };
    await writeSeparation(env, sample, { ...separation.value, selectedSpeakerIds: chosen.map((s) => s.speakerId) });
    await voicesTable.updateOwnVoice(database(env.DB), cloner.membership.workspace.id, voiceId, { samples: voice.samples!.map((s) => (s.sampleId === sampleId ? updated : s)) });
    return { ok: true, value: null };
  }
  const trimStart = edit.trimStart !== undefined ? edit.trimStart : (sample.trimStart ?? null);
  const trimEnd = edit.trimEnd !== undefined ? edit.trimEnd : (sample.trimEnd ?? null);
  if (removeBackgroundNoise !== (sample.removeBackgroundNoise ?? false) || trimStart !== (sample.trimStart ?? null) || trimEnd !== (sample.trimEnd ?? null)) {
    const object = await env.MEDIA.get(sample.key);
    if (!object) return refuse(404, "sample_not_found", `The recording of sample ${sampleId} is gone.`);
    const upload = { name: updated.fileName, type: sample.mimeType, bytes: new Uint8Array(await object.arrayBuffer()) };
    const measured = await measureSamples([upload], 0, removeBackgroundNoise ? backgroundRemover(env) : undefined, { start: trimStart, end: trimEnd });
    if (!measured.ok) return measured;
    updated = { ...updated, removeBackgroundNoise, trimStart, trimEnd, durationSecs: measured.value[0]!.features.durationSeconds, features: speakerRecord(measured.value[0]!.features) };
  }
  await voicesTable.updateOwnVoice(database(env.DB), cloner.membership.workspace.id, voiceId, { samples: voice.samples!.map((s) => (s.sampleId === sampleId ? updated : s)) });
  return { ok: true, value: null };
}

/** The speaker vector of the samples that count (those the last training did not reject). */
function samplesVector(voice: Voice): number[] | null {
  const features = (voice.samples ?? []).filter((s) => s.features && !s.rejected).map((s) => s.features!);
  const combined = combineFeatures(features);
  return combined && speakerVector(combined);
}

/** GET /v1/voices/pvc/{voice_id}/captcha: the text to read aloud, valid for 10 minutes (a new one replaces it). */
export async function issueVerification(env: CloningEnv, cloner: Cloner, voiceId: string): Promise<Outcome<{ text: string; expiresAt: number }>> {
  const voice = await ownProfessionalVoice(env, cloner, voiceId);
  if (!voice) return notFound(voiceId);
  if (voice.isVerified) return refuse(400, "voice_already_verified", "This voice is verified already.");
  if (voice.verificationAttempts >= VERIFICATION_MAX_ATTEMPTS) return refuse(400, "verification_attempts_exhausted", `The voice was not verified in ${VERIFICATION_MAX_ATTEMPTS} attempts.`);
  if (!samplesVector(voice)) return refuse(400, "no_samples", "Add samples of the voice first: the recording is compared with them.");
  const challenge = { text: verificationTextFor(isEngineLanguage(voice.language) ? voice.language : "en"), expiresAt: nowSeconds() + VERIFICATION_CHALLENGE_SECONDS };
  await voicesTable.updateOwnVoice(database(env.DB), cloner.membership.workspace.id, voiceId, { verificationChallenge: challenge });
  return { ok: true, value: challenge };
}

/**
 * POST /v1/voices/pvc/{voice_id}/captcha: the recording of the shown text, measured and compared with the samples'
 * speaker vector. Within VERIFICATION_MAX_DISTANCE the voice is verified; otherwise the attempt is recorded with
 * its reason. The words are not checked (no speech recognition runs here), only who speaks them.
 */
export async function verifyRecording(env: CloningEnv, cloner: Cloner, voiceId: string, recording: SampleUpload): Promise<Outcome<{ distance: number }>> {
  const voice = await ownProfessionalVoice(env, cloner, voiceId);
  if (!voice) return notFound(voiceId);
  if (voice.isVerified) return refuse(400, "voice_already_verified", "This voice is verified already.");
  if (!voice.verificationChallenge || voice.verificationChallenge.expiresAt < nowSeconds()) {
    return refuse(404, "verification_challenge_not_found", "Ask for a verification text first (GET /v1/voices/pvc/{voice_id}/captcha); it is valid for 10 minutes.");
  }
  if (voice.verificationAttempts >= VERIFICATION_MAX_ATTEMPTS) return refuse(400, "verification_attempts_exhausted", `The voice was not verified in ${VERIFICATION_MAX_ATTEMPTS} attempts.`);
  const measured = await measureSamples([recording]);
  if (!measured.ok) return measured;
  const reference = samplesVector(voice);
  if (!reference) return refuse(400, "no_samples", "Add samples of the voice first: the recording is compared with them.");
  const distance = speakerDistance(speakerVector(measured.value[0]!.features), reference);
  const verified = distance <= VERIFICATION_MAX_DISTANCE;
  const failure = `The recording's speaker is ${distance.toFixed(2)} from the samples' (at most ${VERIFICATION_MAX_DISTANCE} passes).`;
  await voicesTable.updateOwnVoice(database(env.DB), cloner.membership.workspace.id, voiceId, {
    verificationAttempts: voice.verificationAttempts + 1,
    ...(verified ? { isVerified: true, verificationChallenge: null } : { verificationFailures: [...voice.verificationFailures, failure] }),
  });
  if (!verified) return refuse(400, "voice_verification_failed", `${failure} Record the text again yourself, in a quiet room.`);
  return { ok: true, value: { distance } };
}

/**
 * POST /v1/voices/pvc/{voice_id}/train: accepted (queued) at once; the training itself runs after the answer
 * (`background`), moving the voice to fine_tuning and then fine_tuned, or failed when too few samples agree.
 */
export async function startTraining(env: CloningEnv, cloner: Cloner, voiceId: string, modelId: string | undefined, background: (work: Promise<unknown>) => void): Promise<Outcome<null>> {
  const refused = planRefusal(cloner);
  if (refused) return refused;
  if (modelId && modelId !== DEFAULT_TRAINING_MODEL) return refuse(400, "model_not_trainable", `Professional voices are trained for ${DEFAULT_TRAINING_MODEL}, the embedded engine's model.`);
  const voice = await ownProfessionalVoice(env, cloner, voiceId);
  if (!voice) return notFound(voiceId);
  const voiced = (voice.samples ?? []).reduce((sum, s) => sum + (s.features?.voicedSeconds ?? 0), 0);
  const refusal = trainingRefusal(voice, voiced);
  if (refusal) return refuse(400, refusal.status, refusal.message);
  const db = database(env.DB);
  const workspaceId = cloner.membership.workspace.id;
  await voicesTable.updateOwnVoice(db, workspaceId, voiceId, { fineTuningState: TRAINING_STATES.accepted });
  background(
    train(env, workspaceId, voice).catch(async () => {
      await voicesTable.updateOwnVoice(db, workspaceId, voiceId, { fineTuningState: TRAINING_STATES.failed });
    }),
  );
  return { ok: true, value: null };
}

/**
 * A trained voice on the neural cloning server, when the deployment has one (decision 0057): the kept sample with
 * the most voiced speech is its reference, as an instant clone's longest sample is. A failing server leaves the
 * voice to the embedded engine (logged), as for instant clones.
 */
async function professionalNeuralClone(env: CloningEnv, workspaceId: string, voiceId: string, kept: VoiceSampleFile[]) {
  const reference = [...kept].sort((a, b) => (b.features?.voicedSeconds ?? 0) - (a.features?.voicedSeconds ?? 0))[0];
  const object = reference ? await env.MEDIA.get(reference.key) : null;
  if (!reference || !object) return null;
  try {
    return await makeNeuralClone(env, workspaceId, voiceId, { bytes: new Uint8Array(await object.arrayBuffer()), type: reference.mimeType });
  } catch (error) {
    log("error", "neural cloning server failed; the professional voice uses the embedded engine", { voice_id: voiceId, error: String(error) });
    return null;
  }
}

/** The training: outliers left out, the rest combined, the engine voice derived and calibrated on it. */
async function train(env: CloningEnv, workspaceId: string, voice: Voice): Promise<void> {
  const db = database(env.DB);
  await voicesTable.updateOwnVoice(db, workspaceId, voice.voiceId, { fineTuningState: TRAINING_STATES.running });
  const measuredSamples = (voice.samples ?? []).filter((s) => s.features);
  const { kept, rejected } = rejectOutliers(measuredSamples.map((s) => ({ item: s, vector: s.features!.vector })), OUTLIER_MAX_DISTANCE);
  const samples = (voice.samples ?? []).map((s) => ({ ...s, rejected: rejected.includes(s) }));
  const features = combineFeatures(kept.map((s) => s.features!));
  if (!features || features.voicedSeconds < MIN_TRAINING_VOICED_SECONDS) {
    await voicesTable.updateOwnVoice(db, workspaceId, voice.voiceId, { samples, fineTuningState: TRAINING_STATES.failed });
    return;
  }
  const language: EngineLanguage = isEngineLanguage(voice.language) ? voice.language : "en";
  const engine = await engineVoiceFor(env, features, language);
  const neuralClone = await professionalNeuralClone(env, workspaceId, voice.voiceId, kept);
  await voicesTable.updateOwnVoice(db, workspaceId, voice.voiceId, {
    samples,
    engineParameters: neuralClone ? { ...engine, neuralClone } : engine,
    speakerFeatures: speakerRecord(features),
    labels: { ...voice.labels, ...(voice.labels.gender ? {} : { gender: engine.variant?.startsWith("f") ? "female" : "male" }) },
    fineTuningState: TRAINING_STATES.done,
  });
  if (voice.previewKey) await env.MEDIA.delete(voice.previewKey);
}

/**
 * A voice's speaker vector measured from its own speech (its preview text in its language): premade and designed
 * voices have no samples, so they are heard once and the measurement kept.
 */
async function measuredVector(env: CloningEnv, voice: Voice): Promise<number[] | null> {
  if (voice.speakerFeatures) return voice.speakerFeatures.vector;
  const language: EngineLanguage = isEngineLanguage(voice.language) ? voice.language : "en";
  const spoken = await speechEngine(env as Env).synthesize({
    text: PREVIEW_TEXT[language],
    engineVoice: spokenEngineVoice(voice),
    ...engineParameters(DEFAULT_VOICE_SETTINGS, voice.engineParameters),
  });
  const pcm = new Int16Array(spoken.pcm.buffer, spoken.pcm.byteOffset, Math.floor(spoken.pcm.byteLength / 2));
  const features = analyseSpeaker(floatSamples(pcm), spoken.sampleRate);
  if (!features) return null;
  const record = speakerRecord(features);
  await voicesTable.setMissingSpeakerFeatures(database(env.DB), voice.voiceId, record);
  return record.vector;
}

export type SimilarVoice = { voice: LibraryVoice; distance: number; premade: boolean };

/**
 * POST /v1/similar-voices: the premade and library voices nearest the uploaded speaker, nearest first, at most
 * `topK` and none farther than `threshold` (speaker-vector distance, 0 to 2).
 */
export async function findSimilarVoices(env: CloningEnv, viewer: Cloner, upload: SampleUpload, threshold: number, topK: number): Promise<Outcome<SimilarVoice[]>> {
  const measured = await measureSamples([upload]);
  if (!measured.ok) return measured;
  return { ok: true, value: await voicesNearSpeaker(env, viewer, speakerVector(measured.value[0]!.features), threshold, topK) };
}

/**
 * The premade and library voices nearest a speaker vector, nearest first (at most `topK`, none farther than
 * `threshold`): for an uploaded sample, and for a dub's speaker (the dubbing studio's similar voices).
 */
export async function voicesNearSpeaker(env: CloningEnv, viewer: Cloner, target: number[], threshold: number, topK: number): Promise<SimilarVoice[]> {
  const candidates: { item: Voice; vector: number[] }[] = [];
  for (const voice of await voicesTable.listSimilarityCandidates(database(env.DB), PUBLISHED_STATUSES)) {
    // The first call measures every voice not measured yet (seconds of synchronous analysis): other requests go between.
    if (!voice.speakerFeatures) await yieldToRequests();
    // A voice that cannot be heard now (its language's dictionary not installed, decision 0059) is left out, not an error.
    const vector = await measuredVector(env, voice).catch((error: unknown) => {
      log("warn", "similar voices: a voice could not be measured", { voice_id: voice.voiceId, error: String(error) });
      return null;
    });
    if (vector) candidates.push({ item: voice, vector });
  }
  const similar: SimilarVoice[] = [];
  for (const { item, distance } of nearestSpeakers(target, candidates, threshold, topK)) {
    if (item.workspaceId === null) {
      similar.push({ voice: { ...item, clonedByCount: 0, usage1y: 0, usage7d: 0, addedByViewer: true }, distance, premade: true });
      continue;
    }
    const shared = await findSharedVoice(env, viewer, item.publicOwnerId ?? "", item.voiceId);
    if (shared) similar.push({ voice: shared, distance, premade: false });
  }
  return similar;
}

const sampleNotFound = (sampleId: string) => refuse(404, "sample_not_found", `A sample with the sample_id ${sampleId} was not found on this voice.`);

/** A sample of one of the workspace's professional voices on which the cloner holds `need`; null otherwise. */
async function professionalSample(env: CloningEnv, cloner: Cloner, voiceId: string, sampleId: string, need: ResourceRole): Promise<{ voice: Voice; sample: VoiceSampleFile } | null> {
  const found = await ownVoiceWithRole(env, cloner, voiceId, need);
  const sample = found.ok && found.voice.category === "professional" ? found.voice.samples?.find((s) => s.sampleId === sampleId) : undefined;
  return found.ok && sample ? { voice: found.voice, sample } : null;
}

type Decoded = { samples: Int16Array; sampleRate: number };

/** The sample's recording decoded (as uploaded: it was checked and measured when added). */
async function decodedSample(env: CloningEnv, sample: VoiceSampleFile): Promise<Outcome<Decoded>> {
  const object = await env.MEDIA.get(sample.key);
  if (!object) return refuse(404, "sample_not_found", `The recording of sample ${sample.sampleId} is gone.`);
  try {
    const decoded = await decodeUploadedAudio(new Uint8Array(await object.arrayBuffer()));
    return { ok: true, value: { samples: decoded.samples, sampleRate: decoded.sampleRate } };
  } catch (error) {
    return refuse(400, "undecodable_sample", `The recording of sample ${sample.sampleId} could not be read: ${error instanceof Error ? error.message : "unknown format"}.`);
  }
}

export type SampleClip = { audioBase64: string; mediaType: string; durationSecs: number };
const wavClip = (pcm: Int16Array, sampleRate: number): SampleClip => ({ audioBase64: toBase64(wavFile(pcm, sampleRate)), mediaType: "audio/wav", durationSecs: Math.round((pcm.length / sampleRate) * 1000) / 1000 });

/**
 * GET /v1/voices/pvc/{voice_id}/samples/{sample_id}/audio: the sample's first SAMPLE_PREVIEW_SECONDS as WAV,
 * through the voice isolator (RNNoise) when asked.
 */
export async function professionalSampleAudio(env: CloningEnv, cloner: Cloner, voiceId: string, sampleId: string, removeBackgroundNoise: boolean): Promise<Outcome<SampleClip>> {
  const found = await professionalSample(env, cloner, voiceId, sampleId, "viewer");
  if (!found) return sampleNotFound(sampleId);
  const decoded = await decodedSample(env, found.sample);
  if (!decoded.ok) return decoded;
  let clip: Decoded = { samples: decoded.value.samples.subarray(0, SAMPLE_PREVIEW_SECONDS * decoded.value.sampleRate), sampleRate: decoded.value.sampleRate };
  if (removeBackgroundNoise) clip = await backgroundRemover(env)(clip);
  return { ok: true, value: wavClip(clip.samples, clip.sampleRate) };
}

/** GET /v1/voices/pvc/{voice_id}/samples/{sample_id}/waveform: the recording's peak envelope, 0 to 1, ten a second. */
export async function professionalSampleWaveform(env: CloningEnv, cloner: Cloner, voiceId: string, sampleId: string): Promise<Outcome<number[]>> {
  const found = await professionalSample(env, cloner, voiceId, sampleId, "viewer");
  if (!found) return sampleNotFound(sampleId);
  const decoded = await decodedSample(env, found.sample);
  if (!decoded.ok) return decoded;
  const { samples, sampleRate } = decoded.value;
  const peaks = waveformPeaks(floatSamples(samples), waveformPeakCount(samples.length / sampleRate));
  return { ok: true, value: peaks.map((p) => Math.round(p * 1000) / 1000) };
}

const NOT_STARTED: SpeakerSeparation = { status: "not_started", speakers: [], selectedSpeakerIds: [], failure: null, updatedAt: 0 };

async function readSeparation(env: CloningEnv, sample: VoiceSampleFile): Promise<SpeakerSeparation> {
  const object = await env.MEDIA.get(separationKeyOf(sample.key));
  return object ? ((await object.json()) as SpeakerSeparation) : NOT_STARTED;
}

async function writeSeparation(env: CloningEnv, sample: VoiceSampleFile, separation: Omit<SpeakerSeparation, "updatedAt">): Promise<void> {
  await env.MEDIA.put(separationKeyOf(sample.key), JSON.stringify({ ...separation, updatedAt: nowSeconds() }), { httpMetadata: { contentType: "application/json" } });
}

/**
 * POST /v1/voices/pvc/{voice_id}/samples/{sample_id}/separate-speakers: pending at once; the separation (voice
 * activity diarized by speaker vectors, core/voices/speaker-separation.ts) then runs after the answer
 * (`background`) and leaves the sample's speakers, completed, or failed with its reason. Starting again redoes it.
 */
export async function startSpeakerSeparation(env: CloningEnv, cloner: Cloner, voiceId: string, sampleId: string, background: (work: Promise<unknown>) => void): Promise<Outcome<{ status: "pending" }>> {
  const found = await professionalSample(env, cloner, voiceId, sampleId, "editor");
  if (!found) return sampleNotFound(sampleId);
  const { sample } = found;
  await writeSeparation(env, sample, { status: "pending", speakers: [], selectedSpeakerIds: [], failure: null });
  const separate = async () => {
    const decoded = await decodedSample(env, sample);
    if (!decoded.ok) return writeSeparation(env, sample, { status: "failed", speakers: [], selectedSpeakerIds: [], failure: decoded.refusal.message });
    const speakers = separateSpeakers(decoded.value.samples, decoded.value.sampleRate);
    if (speakers.length === 0) return writeSeparation(env, sample, { status: "failed", speakers, selectedSpeakerIds: [], failure: "No speech was found in the sample." });
    await writeSeparation(env, sample, { status: "completed", speakers, selectedSpeakerIds: [], failure: null });
  };
  background(
    separate().catch(async (error: unknown) => {
      log("error", "speaker separation failed", { voice_id: voiceId, sample_id: sampleId, error: String(error) });
      await writeSeparation(env, sample, { status: "failed", speakers: [], selectedSpeakerIds: [], failure: "The separation stopped with an error; start it again." });
    }),
  );
  return { ok: true, value: { status: "pending" } };
}

/** GET /v1/voices/pvc/{voice_id}/samples/{sample_id}/speakers: the separation's state and, once completed, the speakers. */
export async function speakerSeparation(env: CloningEnv, cloner: Cloner, voiceId: string, sampleId: string): Promise<Outcome<SpeakerSeparation>> {
  const found = await professionalSample(env, cloner, voiceId, sampleId, "viewer");
  if (!found) return sampleNotFound(sampleId);
  return { ok: true, value: await readSeparation(env, found.sample) };
}

/** The completed separation of a sample, or why the speakers are not known yet. */
async function completedSeparation(env: CloningEnv, sample: VoiceSampleFile): Promise<Outcome<SpeakerSeparation>> {
  const separation = await readSeparation(env, sample);
  if (separation.status === "completed") return { ok: true, value: separation };
  const why = separation.status === "failed" ? `it failed: ${separation.failure ?? "unknown reason"}` : separation.status === "pending" ? "it is still running" : "it has not been started (POST .../separate-speakers)";
  return refuse(400, "speaker_separation_not_completed", `The sample's speakers are not known yet: ${why}.`);
}

/** GET /v1/voices/pvc/{voice_id}/samples/{sample_id}/speakers/{speaker_id}/audio: that speaker's utterances only, as WAV. */
export async function separatedSpeakerAudio(env: CloningEnv, cloner: Cloner, voiceId: string, sampleId: string, speakerId: string): Promise<Outcome<SampleClip>> {
  const found = await professionalSample(env, cloner, voiceId, sampleId, "viewer");
  if (!found) return sampleNotFound(sampleId);
  const separation = await completedSeparation(env, found.sample);
  if (!separation.ok) return separation;
  const speaker = separation.value.speakers.find((s) => s.speakerId === speakerId);
  if (!speaker) return refuse(404, "speaker_not_found", `The sample has no speaker ${speakerId}; its speakers are ${separation.value.speakers.map((s) => s.speakerId).join(", ")}.`);
  const decoded = await decodedSample(env, found.sample);
  if (!decoded.ok) return decoded;
  return { ok: true, value: wavClip(speakerPcm(decoded.value.samples, decoded.value.sampleRate, speaker.utterances), decoded.value.sampleRate) };
}

export type VerificationUpload = SampleUpload;

/**
 * POST /v1/voices/pvc/{voice_id}/verification: the documents kept in R2 and the request on the voice, pending
 * until support staff approve or reject it (decision 0091). A new request clears an earlier rejection.
 */
export async function requestManualVerification(env: CloningEnv, cloner: Cloner, voiceId: string, files: VerificationUpload[], extraText: string): Promise<Outcome<{ status: "pending" }>> {
  const voice = await ownProfessionalVoice(env, cloner, voiceId);
  if (!voice) return notFound(voiceId);
  if (voice.isVerified) return refuse(400, "voice_already_verified", "This voice is verified already.");
  if (voice.manualVerification) return refuse(400, "manual_verification_already_requested", "Manual verification was requested for this voice already; it is pending.");
  if (files.length === 0) return refuse(400, "no_files", "Send at least one verification document (files).");
  if (files.length > MAX_VERIFICATION_FILES) return refuse(400, "too_many_files", `Send at most ${MAX_VERIFICATION_FILES} verification documents.`);
  for (const file of files) {
    if (!verificationFileAccepted(file.type, file.name)) return refuse(415, "unsupported_file_type", `${file.name}: send PDF, image, audio, video or plain text documents.`);
    if (file.bytes.byteLength === 0) return refuse(400, "empty_file", `${file.name} is empty.`);
    if (file.bytes.byteLength > MAX_VERIFICATION_FILE_BYTES) return refuse(413, "file_too_large", `${file.name} is larger than ${MAX_VERIFICATION_FILE_BYTES / 1024 / 1024} MB.`);
  }
  const workspaceId = cloner.membership.workspace.id;
  const now = nowSeconds();
  const stored: ManualVerificationFile[] = [];
  for (const file of files) {
    const fileId = randomId(10);
    const key = `voice-verification/${workspaceId}/${voiceId}/${fileId}`;
    await env.MEDIA.put(key, file.bytes, { httpMetadata: { contentType: file.type || "application/octet-stream" } });
    stored.push({ fileId, fileName: file.name, mimeType: file.type || "application/octet-stream", sizeBytes: file.bytes.byteLength, uploadedAt: now, key });
  }
  await voicesTable.updateOwnVoice(database(env.DB), workspaceId, voiceId, { manualVerification: { extraText: extraText.trim(), requestedAt: now, files: stored }, manualVerificationReview: null });
  return { ok: true, value: { status: "pending" } };
}

/**
 * The steps the professional voice page runs itself (decision 0087): the page build cannot bundle this module's
 * WebAssembly codecs, so the app worker hands these over in the load context (app/load-context.ts), the same
 * functions the /v1 routes call.
 */
export const professionalVoicePipeline = { requestManualVerification, startSpeakerSeparation, speakerSeparation, separatedSpeakerAudio, updateProfessionalSample };
export type ProfessionalVoicePipeline = typeof professionalVoicePipeline;
