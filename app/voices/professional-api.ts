// Professional voice cloning (POST /v1/voices/pvc...), similar voices (POST /v1/similar-voices) and the library's
// accents (GET /v1/voices/accents), as the official SDK calls them (decision 0035).
import { Hono } from "hono";
import { z } from "zod";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { deleteSample, type CloningRefusal, type SampleUpload } from "~/voices/cloning.server";
import {
  addProfessionalSamples,
  createProfessionalVoice,
  editProfessionalVoice,
  findSimilarVoices,
  issueVerification,
  professionalSampleAudio,
  professionalSampleWaveform,
  requestManualVerification,
  separatedSpeakerAudio,
  speakerSeparation,
  startSpeakerSeparation,
  startTraining,
  updateProfessionalSample,
  verifyRecording,
} from "~/voices/professional-cloning.server";
import { libraryAccents } from "~/voices/voices.server";
import { libraryVoiceJson, similarVoicePreviewUrl } from "./library-json";
import { sampleJson } from "./voice-json";
import { MAX_VERIFICATION_FILES, MAX_VERIFICATION_TEXT, PROFESSIONAL_HONESTY, SAMPLE_PREVIEW_SECONDS, SIMILAR_THRESHOLD_MAX, SIMILAR_TOP_K_DEFAULT, SIMILAR_TOP_K_MAX, VERIFICATION_MAX_DISTANCE } from "~/voices/rules/professional-cloning";

const doc = apiDocs("Voices");
const refused = (c: Parameters<typeof apiError>[0], refusal: CloningRefusal) => apiError(c, refusal.httpStatus, refusal.status, refusal.message);
const isFile = (v: unknown): v is File => v instanceof File;
const fileList = z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.custom<File>(isFile, "Each of files must be a file upload")));
const flag = z.enum(["true", "false"]).transform((v) => v === "true");
const labels = z.record(z.string().max(100), z.string().max(200)).refine((l) => Object.keys(l).length <= 20, "At most 20 labels");

async function upload(file: File): Promise<SampleUpload> {
  return { name: file.name || "sample", type: file.type, bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** Mounted under /v1/voices before the voices' own routes (whose /{voice_id} would match "pvc" and "accents"). */
export const professionalVoicesApi = new Hono<AuthedEnv>();
professionalVoicesApi.use("/pvc/*", requireCaller);
professionalVoicesApi.use("/pvc", requireCaller);
professionalVoicesApi.use("/accents", requireCaller);

const voiceParam = z.object({ voice_id: z.string().min(1).max(100) });
const sampleParam = voiceParam.extend({ sample_id: z.string().min(1).max(100) });
const pvcFields = { description: z.string().max(1000).optional(), labels: labels.optional() };

professionalVoicesApi.post(
  "/pvc",
  doc("Create a professional voice", {
    description: `A professional voice with its name and language and no samples yet (fine_tuning state not_started). From the Creator plan; Business keeps 3 professional voices, the other plans 1. Then add samples, verify and train. ${PROFESSIONAL_HONESTY}`,
    success: { description: "JSON: voice_id" },
    responses: { 400: "unsupported_language, professional_voice_limit_reached, voice_limit_reached, voice_add_edit_limit_reached", 403: "can_not_use_professional_voice_cloning" },
  }),
  valid("json", z.object({ name: z.string().trim().min(1).max(100), language: z.string().trim().min(2).max(10), ...pvcFields })),
  async (c) => {
    const body = c.req.valid("json");
    const created = await createProfessionalVoice(c.env, c.get("caller"), { ...body, language: body.language.toLowerCase().slice(0, 2) });
    if (!created.ok) return refused(c, created.refusal);
    return c.json({ voice_id: created.value.voiceId });
  },
);

professionalVoicesApi.post(
  "/pvc/:voice_id",
  doc("Edit a professional voice", { description: "Name, language, description and labels (merged into the voice's).", success: { description: "JSON: voice_id" }, responses: { 400: "unsupported_language", 404: "voice_not_found" } }),
  valid("param", voiceParam),
  valid("json", z.object({ name: z.string().trim().min(1).max(100).optional(), language: z.string().trim().min(2).max(10).optional(), ...pvcFields })),
  async (c) => {
    const voiceId = c.req.valid("param").voice_id;
    const body = c.req.valid("json");
    const edited = await editProfessionalVoice(c.env, c.get("caller"), voiceId, { ...body, language: body.language?.toLowerCase().slice(0, 2) });
    if (!edited.ok) return refused(c, edited.refusal);
    return c.json({ voice_id: voiceId });
  },
);

professionalVoicesApi.post(
  "/pvc/:voice_id/samples",
  doc("Add samples to a professional voice", {
    description: "Each file is checked and measured as for instant cloning (MP3, WAV or mono Ogg Opus decode; 10 MB a file, 25 samples and 5 minutes in all) and kept with its measurement.",
    success: { description: "JSON: a list of samples (sample_id, file_name, duration_secs, ...)" },
    responses: { 400: "no_samples, undecodable_sample, no_speech_in_sample, too_many_samples, samples_too_long", 403: "can_not_use_professional_voice_cloning", 404: "voice_not_found", 413: "sample_too_large", 415: "unsupported_audio_type" },
  }),
  valid("param", voiceParam),
  valid("form", z.object({ files: fileList, remove_background_noise: flag.optional() })),
  async (c) => {
    const form = c.req.valid("form");
    const added = await addProfessionalSamples(c.env, c.get("caller"), c.req.valid("param").voice_id, await Promise.all(form.files.map(upload)), form.remove_background_noise ?? false);
    if (!added.ok) return refused(c, added.refusal);
    return c.json(added.value.map(sampleJson));
  },
);

professionalVoicesApi.post(
  "/pvc/:voice_id/samples/:sample_id",
  doc("Edit a professional voice's sample", {
    description: "A new file name, noise removal (RNNoise), a trim in seconds, or the speakers chosen from the sample's separation (selected_speaker_ids: only their speech is measured for training); the sample is measured again (the recording stays as uploaded).",
    success: { description: "JSON: voice_id" },
    responses: { 400: "invalid_trim, speaker_separation_not_completed, speaker_not_found, no_speech_in_sample", 404: "sample_not_found" },
  }),
  valid("param", sampleParam),
  valid(
    "json",
    z.object({
      remove_background_noise: z.boolean().optional(),
      selected_speaker_ids: z.array(z.string().max(100)).max(10).optional(),
      trim_start_time: z.number().int().min(0).nullable().optional(),
      trim_end_time: z.number().int().min(0).nullable().optional(),
      file_name: z.string().trim().min(1).max(200).optional(),
    }),
  ),
  async (c) => {
    const { voice_id: voiceId, sample_id: sampleId } = c.req.valid("param");
    const body = c.req.valid("json");
    const updated = await updateProfessionalSample(c.env, c.get("caller"), voiceId, sampleId, {
      removeBackgroundNoise: body.remove_background_noise,
      selectedSpeakerIds: body.selected_speaker_ids,
      trimStart: body.trim_start_time,
      trimEnd: body.trim_end_time,
      fileName: body.file_name,
    });
    if (!updated.ok) return refused(c, updated.refusal);
    return c.json({ voice_id: voiceId });
  },
);

professionalVoicesApi.delete(
  "/pvc/:voice_id/samples/:sample_id",
  doc("Delete a professional voice's sample", { description: "The recording leaves storage and the voice's list; train again for it to count.", success: { description: "JSON: status ok" }, responses: { 404: "sample_not_found" } }),
  valid("param", sampleParam),
  async (c) => {
    const { voice_id: voiceId, sample_id: sampleId } = c.req.valid("param");
    if (!(await deleteSample(c.env, c.get("caller"), voiceId, sampleId))) return apiError(c, 404, "sample_not_found", `A sample with the sample_id ${sampleId} was not found on this voice.`);
    return c.json({ status: "ok" });
  },
);

const background = (c: { executionCtx: { waitUntil(work: Promise<unknown>): void } }) => (work: Promise<unknown>) => {
  try {
    c.executionCtx.waitUntil(work);
  } catch {
    // No execution context (a plain fetch in a test harness): the work still runs on its own.
  }
};
const speakerParam = sampleParam.extend({ speaker_id: z.string().min(1).max(100) });

professionalVoicesApi.get(
  "/pvc/:voice_id/samples/:sample_id/audio",
  doc("Get a professional voice's sample audio", {
    description: `The sample's first ${SAMPLE_PREVIEW_SECONDS} seconds as WAV in base64, through the voice isolator (RNNoise, 48 kHz) with remove_background_noise=true.`,
    success: { description: "JSON: audio_base_64, voice_id, sample_id, media_type, duration_secs" },
    responses: { 404: "sample_not_found" },
  }),
  valid("param", sampleParam),
  valid("query", z.object({ remove_background_noise: flag.optional() })),
  async (c) => {
    const { voice_id: voiceId, sample_id: sampleId } = c.req.valid("param");
    const clip = await professionalSampleAudio(c.env, c.get("caller"), voiceId, sampleId, c.req.valid("query").remove_background_noise ?? false);
    if (!clip.ok) return refused(c, clip.refusal);
    return c.json({ audio_base_64: clip.value.audioBase64, voice_id: voiceId, sample_id: sampleId, media_type: clip.value.mediaType, duration_secs: clip.value.durationSecs });
  },
);

professionalVoicesApi.get(
  "/pvc/:voice_id/samples/:sample_id/waveform",
  doc("Get a professional voice's sample waveform", {
    description: "The recording's peak envelope: the loudest sample of each tenth of a second (10 to 1,000 points), scaled so the loudest is 1.",
    success: { description: "JSON: sample_id, visual_waveform" },
    responses: { 404: "sample_not_found" },
  }),
  valid("param", sampleParam),
  async (c) => {
    const { voice_id: voiceId, sample_id: sampleId } = c.req.valid("param");
    const waveform = await professionalSampleWaveform(c.env, c.get("caller"), voiceId, sampleId);
    if (!waveform.ok) return refused(c, waveform.refusal);
    return c.json({ sample_id: sampleId, visual_waveform: waveform.value });
  },
);

professionalVoicesApi.post(
  "/pvc/:voice_id/samples/:sample_id/separate-speakers",
  doc("Separate the speakers of a professional voice's sample", {
    description:
      "Answers at once (pending); the sample's voice activity is then cut at its pauses, each stretch measured as a speaker vector (pitch and vocal-tract scale) and the stretches clustered, as speech to text's diarization does. Two people of one gender with close pitch may be heard as one. Starting again redoes it.",
    success: { description: "JSON: status" },
    responses: { 404: "sample_not_found" },
  }),
  valid("param", sampleParam),
  async (c) => {
    const { voice_id: voiceId, sample_id: sampleId } = c.req.valid("param");
    const started = await startSpeakerSeparation(c.env, c.get("caller"), voiceId, sampleId, background(c));
    if (!started.ok) return refused(c, started.refusal);
    return c.json({ status: started.value.status });
  },
);

professionalVoicesApi.get(
  "/pvc/:voice_id/samples/:sample_id/speakers",
  doc("Get the speakers of a professional voice's sample", {
    description: "The separation's status (not_started, pending, completed or failed, then with message) and, once completed, each speaker's utterances in seconds and their total length.",
    success: { description: "JSON: voice_id, sample_id, status, speakers (by speaker_id), selected_speaker_ids" },
    responses: { 404: "sample_not_found" },
  }),
  valid("param", sampleParam),
  async (c) => {
    const { voice_id: voiceId, sample_id: sampleId } = c.req.valid("param");
    const found = await speakerSeparation(c.env, c.get("caller"), voiceId, sampleId);
    if (!found.ok) return refused(c, found.refusal);
    const separation = found.value;
    return c.json({
      voice_id: voiceId,
      sample_id: sampleId,
      status: separation.status,
      speakers: separation.status === "completed" ? Object.fromEntries(separation.speakers.map((s) => [s.speakerId, { speaker_id: s.speakerId, duration_secs: s.durationSecs, utterances: s.utterances }])) : null,
      selected_speaker_ids: separation.selectedSpeakerIds,
      ...(separation.failure ? { message: separation.failure } : {}),
    });
  },
);

professionalVoicesApi.get(
  "/pvc/:voice_id/samples/:sample_id/speakers/:speaker_id/audio",
  doc("Get one speaker's audio from a professional voice's sample", {
    description: "The speaker's utterances only, one after the other, as WAV in base64.",
    success: { description: "JSON: audio_base_64, media_type, duration_secs" },
    responses: { 400: "speaker_separation_not_completed", 404: "sample_not_found, speaker_not_found" },
  }),
  valid("param", speakerParam),
  async (c) => {
    const { voice_id: voiceId, sample_id: sampleId, speaker_id: speakerId } = c.req.valid("param");
    const clip = await separatedSpeakerAudio(c.env, c.get("caller"), voiceId, sampleId, speakerId);
    if (!clip.ok) return refused(c, clip.refusal);
    return c.json({ audio_base_64: clip.value.audioBase64, media_type: clip.value.mediaType, duration_secs: clip.value.durationSecs });
  },
);

professionalVoicesApi.post(
  "/pvc/:voice_id/verification",
  doc("Request manual verification of a professional voice", {
    description: `Documents (files: PDF, image, audio, video or text, at most ${MAX_VERIFICATION_FILES} of 10 MB) and a note (extra_text) are kept with the voice, which then reports manual_verification_requested. Support staff review it (GET /v1/support/voice-verifications): an approval verifies the voice, a rejection clears the request with a reason shown on the voice's page, after which it may be requested again. Meanwhile the voice can still be verified by reading the verification text aloud (captcha).`,
    success: { description: "JSON: status (pending)" },
    responses: { 400: "no_files, too_many_files, empty_file, voice_already_verified, manual_verification_already_requested (one is pending)", 404: "voice_not_found", 413: "file_too_large", 415: "unsupported_file_type" },
  }),
  valid("param", voiceParam),
  valid("form", z.object({ files: fileList, extra_text: z.string().max(MAX_VERIFICATION_TEXT).optional() })),
  async (c) => {
    const form = c.req.valid("form");
    const requested = await requestManualVerification(c.env, c.get("caller"), c.req.valid("param").voice_id, await Promise.all(form.files.map(upload)), form.extra_text ?? "");
    if (!requested.ok) return refused(c, requested.refusal);
    return c.json({ status: requested.value.status });
  },
);

professionalVoicesApi.get(
  "/pvc/:voice_id/captcha",
  doc("Get the text to read to verify a professional voice", {
    description: "A sentence in the voice's language to read aloud and send as a recording within 10 minutes (POST to the same path). 5 attempts in all.",
    success: { description: "JSON: text, expires_at_unix, attempts_left" },
    responses: { 400: "voice_already_verified, verification_attempts_exhausted, no_samples", 404: "voice_not_found" },
  }),
  valid("param", voiceParam),
  async (c) => {
    const issued = await issueVerification(c.env, c.get("caller"), c.req.valid("param").voice_id);
    if (!issued.ok) return refused(c, issued.refusal);
    c.header("cache-control", "no-store");
    return c.json({ text: issued.value.text, expires_at_unix: issued.value.expiresAt });
  },
);

professionalVoicesApi.post(
  "/pvc/:voice_id/captcha",
  doc("Verify a professional voice with a recording of the text", {
    description: `The recording is measured and its speaker vector compared with the samples': within ${VERIFICATION_MAX_DISTANCE} the voice is verified. This tells apart another gender or a clearly different pitch and vocal tract, not a similar-sounding person; the words are not checked (no speech recognition runs here).`,
    success: { description: "JSON: status ok" },
    responses: { 400: "voice_verification_failed (the attempt is recorded), no_speech_in_sample, verification_attempts_exhausted", 404: "voice_not_found, verification_challenge_not_found", 415: "unsupported_audio_type" },
  }),
  valid("param", voiceParam),
  valid("form", z.object({ recording: z.custom<File>(isFile, "recording must be a file upload") })),
  async (c) => {
    const verified = await verifyRecording(c.env, c.get("caller"), c.req.valid("param").voice_id, await upload(c.req.valid("form").recording));
    if (!verified.ok) return refused(c, verified.refusal);
    return c.json({ status: "ok" });
  },
);

professionalVoicesApi.post(
  "/pvc/:voice_id/train",
  doc("Train a professional voice", {
    description: `Verified voices with at least 10 seconds of voiced speech. The answer comes at once (fine_tuning state queued); the training then moves the voice to fine_tuning and fine_tuned (or failed). ${PROFESSIONAL_HONESTY}`,
    success: { description: "JSON: status ok" },
    responses: { 400: "voice_not_verified, not_enough_samples, voice_already_training, model_not_trainable", 403: "can_not_use_professional_voice_cloning", 404: "voice_not_found" },
  }),
  valid("param", voiceParam),
  valid("json", z.object({ model_id: z.string().max(100).optional() })),
  async (c) => {
    const started = await startTraining(c.env, c.get("caller"), c.req.valid("param").voice_id, c.req.valid("json").model_id, background(c));
    if (!started.ok) return refused(c, started.refusal);
    return c.json({ status: "ok" });
  },
);

professionalVoicesApi.get(
  "/accents",
  doc("The accents of the voice library", { description: "Accents the voices shared in the library are labelled with, by language.", success: { description: "JSON: accents (accent, language, code, name)" } }),
  valid("query", z.object({ language: z.string().max(10).optional(), model_id: z.string().max(100).optional() })),
  async (c) => {
    const accents = await libraryAccents(c.env, c.req.valid("query").language?.toLowerCase().slice(0, 2));
    return c.json({ accents: accents.map((a) => ({ accent: a.accent, language: a.language, code: a.code, name: a.name })) });
  },
);

/** POST /v1/similar-voices. */
export const similarVoicesApi = new Hono<AuthedEnv>();
similarVoicesApi.post(
  "/",
  requireCaller,
  doc("Find voices similar to a sample", {
    description: `The premade and library voices whose speaker vectors (pitch, pitch range and formant positions measured from speech) lie nearest the uploaded sample's, nearest first. similarity_threshold is the largest distance kept (0 to 2, smaller is more similar; any by default), top_k how many (1 to 100, ${SIMILAR_TOP_K_DEFAULT} by default). Voices with the same pitch and vocal-tract length read as near even when they sound different.`,
    success: { description: "JSON: voices (as GET /v1/shared-voices), has_more, total_count" },
    responses: { 400: "audio_file_missing, undecodable_sample, no_speech_in_sample", 413: "sample_too_large", 415: "unsupported_audio_type" },
  }),
  valid(
    "form",
    z.object({
      audio_file: z.custom<File>(isFile, "audio_file must be a file upload").optional(),
      similarity_threshold: z.coerce.number().min(0).max(SIMILAR_THRESHOLD_MAX).optional(),
      top_k: z.coerce.number().int().min(1).max(SIMILAR_TOP_K_MAX).optional(),
    }),
  ),
  async (c) => {
    const form = c.req.valid("form");
    if (!form.audio_file) return apiError(c, 400, "audio_file_missing", "Send a recording of the voice as audio_file.");
    const found = await findSimilarVoices(c.env, c.get("caller"), await upload(form.audio_file), form.similarity_threshold ?? SIMILAR_THRESHOLD_MAX, form.top_k ?? SIMILAR_TOP_K_DEFAULT);
    if (!found.ok) return refused(c, found.refusal);
    const origin = new URL(c.req.url).origin;
    const voices = found.value.map(({ voice, distance, premade }) => {
      const json = libraryVoiceJson(voice, origin);
      // A premade voice is heard at its own public preview; the distance says how near it is.
      return { ...json, ...(premade ? { preview_url: similarVoicePreviewUrl(voice, true, origin), public_owner_id: "" } : {}), similarity_distance: Math.round(distance * 1000) / 1000 };
    });
    return c.json({ voices, has_more: false, total_count: voices.length, last_sort_id: null });
  },
);
