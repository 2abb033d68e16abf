import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError, validationError, type ValidationIssue } from "~/api/errors";
import { answerRefusal, fileFormatField, formText, readMultipart } from "~/api/multipart";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { storedAudioResponse } from "~/history/history.server";
import { deleteTranscriptOf, startTranscription, transcriptOf, transcriptRecording } from "~/transcription/transcription.server";
import { formBoolean, parseAdditionalFormats, parseWebhookMetadata, TIMESTAMP_GRANULARITIES, type TimestampGranularity } from "~/transcription/rules/transcription";
import { workspaceHasWebhook } from "~/workspace/webhooks.server";

const doc = apiDocs("Speech to text");
const REFUSALS = {
  400: "invalid_file_type, empty_file, file_too_large, invalid_audio (damaged or truncated), unsupported_audio_codec, no_audio_track, audio_too_long, cloud_storage_url_unreadable; nothing is charged",
  401: "quota_exceeded",
  402: "payment_required",
  422: "validation errors; unsupported_language (the embedded engine hears US English only)",
  429: "too_many_concurrent_requests",
  500: "speech_to_text_failed (nothing is charged)",
  503: "speech_to_text_unavailable",
};

/** The largest file fetched from cloud_storage_url (the upload limit). */
const MAX_FETCHED_BYTES = 100 * 1000 * 1000;

type Parsed = { error: Response } | { audio: Uint8Array; contentType: string | null; fileName: string | null; fields: FormData };

/** The audio from `file` or `cloud_storage_url` (exactly one), and the form. */
async function readAudio(c: Context<AuthedEnv>): Promise<Parsed> {
  const issue = (loc: string[], msg: string, type = "value_error") => ({ error: validationError(c, [{ loc: ["body", ...loc], msg, type } satisfies ValidationIssue]) });
  const form = await readMultipart(c, "a file or cloud_storage_url");
  if (form instanceof Response) return { error: form };
  const file = form.get("file");
  const url = form.get("cloud_storage_url") ?? form.get("source_url");
  if (file && url) return issue(["file"], "Send either file or cloud_storage_url, not both");
  if (file && typeof file !== "string") return { audio: new Uint8Array(await file.arrayBuffer()), contentType: file.type, fileName: file.name || null, fields: form };
  if (typeof url === "string" && url) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return issue(["cloud_storage_url"], "cloud_storage_url must be an http(s) URL");
    }
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return issue(["cloud_storage_url"], "cloud_storage_url must be an http(s) URL");
    const response = await fetch(parsed).catch(() => null);
    if (!response?.ok) return { error: apiError(c, 400, "cloud_storage_url_unreadable", `cloud_storage_url answered ${response ? response.status : "nothing"}; nothing was charged.`) };
    const length = Number(response.headers.get("content-length") ?? 0);
    if (length > MAX_FETCHED_BYTES) return { error: apiError(c, 400, "file_too_large", `The file at cloud_storage_url is ${length} bytes; at most ${MAX_FETCHED_BYTES} are accepted.`) };
    return { audio: new Uint8Array(await response.arrayBuffer()), contentType: response.headers.get("content-type"), fileName: urlFileName(parsed), fields: form };
  }
  return issue(["file"], "Field required: an audio or video file, or cloud_storage_url", "missing");
}

const text = formText;

/** The last segment of a cloud_storage_url's path, as the transcript's file name ("…/calls/monday.mp3" → monday.mp3). */
function urlFileName(url: URL): string | null {
  const last = url.pathname.split("/").filter(Boolean).pop();
  if (!last) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

async function convert(c: Context<AuthedEnv>) {
  const read = await readAudio(c);
  if ("error" in read) return read.error;
  const form = read.fields;
  const issue = (name: string, msg: string) => validationError(c, [{ loc: ["body", name], msg, type: "value_error" }]);
  const modelId = text(form, "model_id");
  if (!modelId?.trim()) return validationError(c, [{ loc: ["body", "model_id"], msg: "Field required", type: "missing" }]);
  const languageCode = text(form, "language_code")?.trim() || null;
  if (languageCode !== null && !/^[a-z]{2,3}$/i.test(languageCode)) return issue("language_code", "language_code must be an ISO 639-1 or 639-3 code such as en or eng");
  const diarize = formBoolean(text(form, "diarize"), false);
  if (diarize === null) return issue("diarize", "Input should be a valid boolean");
  const tagAudioEvents = formBoolean(text(form, "tag_audio_events"), true);
  if (tagAudioEvents === null) return issue("tag_audio_events", "Input should be a valid boolean");
  const webhook = formBoolean(text(form, "webhook"), false);
  if (webhook === null) return issue("webhook", "Input should be a valid boolean");
  const webhookId = text(form, "webhook_id")?.trim() || null;
  if (webhookId && !webhook) return issue("webhook_id", "webhook_id is only valid when webhook is true");
  if (webhookId && !(await workspaceHasWebhook(c.env, c.get("caller").membership.workspace.id, webhookId))) return issue("webhook_id", `No webhook with the id ${webhookId} in this workspace`);
  const metadata = parseWebhookMetadata(text(form, "webhook_metadata"));
  if (!metadata.ok) return issue("webhook_metadata", metadata.message);
  const speakers = text(form, "num_speakers");
  if (speakers !== null && !(/^\d+$/.test(speakers) && Number(speakers) >= 1 && Number(speakers) <= 32)) return issue("num_speakers", "num_speakers must be a whole number from 1 to 32");
  const granularity = text(form, "timestamps_granularity") ?? "word";
  if (!(TIMESTAMP_GRANULARITIES as readonly string[]).includes(granularity)) return issue("timestamps_granularity", `Input should be ${TIMESTAMP_GRANULARITIES.map((g) => `'${g}'`).join(", ")}`);
  const format = fileFormatField(form);
  if ("issue" in format) return validationError(c, [format.issue]);
  const formats = parseAdditionalFormats(text(form, "additional_formats"));
  if (!formats.ok) return issue("additional_formats", formats.message);

  const started = await startTranscription(
    c.env,
    c.get("caller"),
    {
      audio: read.audio,
      contentType: read.contentType,
      fileName: read.fileName,
      pcm16k: format.fileFormat === "pcm_s16le_16",
      modelId,
      languageCode,
      diarize,
      numSpeakers: speakers === null ? undefined : Number(speakers),
      tagAudioEvents,
      granularity: granularity as TimestampGranularity,
      additionalFormats: formats.formats,
      requestId: c.get("requestId"),
      notify: webhook ? { webhookId, metadata: metadata.value } : null,
    },
    (promise) => c.executionCtx.waitUntil(promise),
  );
  const answer = started.ok ? (webhook ? null : await started.work) : started;
  if (answer && !answer.ok) return answerRefusal(c, answer.refusal);
  if (!started.ok) throw new Error("unreachable");
  // Webhook mode: the answer at once; the transcript is read with GET /v1/speech-to-text/transcripts/{id} when done.
  if (!answer) return c.json({ message: "Request accepted: the transcript will be at GET /v1/speech-to-text/transcripts/{transcription_id} when done.", request_id: c.get("requestId"), transcription_id: started.id });
  c.header("character-cost", String(answer.credits));
  c.header("current-concurrent-requests", String(answer.concurrency.active));
  c.header("maximum-concurrent-requests", String(answer.concurrency.limit));
  return c.json(answer.body);
}

export const speechToTextApi = new Hono<AuthedEnv>();
speechToTextApi.use("*", requireCaller);
speechToTextApi.post(
  "/",
  doc("Transcribe a recording", {
    description:
      "Multipart: file (an accepted audio or video file) or cloud_storage_url, model_id (the scribe ids the default engine, a configured server's model id from GET /v1/engines that server; any other id 422 invalid_model_id), language_code, diarize, num_speakers, tag_audio_events, timestamps_granularity (none, word, character), additional_formats (srt, vtt, txt, segmented_json), file_format, webhook. Charged 1,000 credits per minute of audio. The embedded engine (PocketSphinx) hears US English; diarize groups the words by speaker from the speaker vectors (pitch and formants) of the stretches between pauses, num_speakers fixes how many; tag_audio_events (default true) lists (music), (applause) and (noise) found by classic signal measures where no word was heard, as words of type audio_event (no laughter or other events).",
    success: { description: "JSON: language_code, language_probability, text, words, additional_formats, transcription_id" },
    responses: REFUSALS,
  }),
  convert,
);

const idParam = z.object({ transcription_id: z.string().min(1).max(100) });

speechToTextApi.get("/transcripts/:transcription_id", doc("A transcript", { success: { description: "JSON: the transcript as POST returned it" }, responses: { 404: "not_found" } }), valid("param", idParam), async (c) => {
  const transcript = await transcriptOf(c.env, c.get("caller"), c.req.valid("param").transcription_id);
  if (!transcript) return apiError(c, 404, "not_found", "Transcript not found");
  return c.json(transcript);
});

speechToTextApi.get(
  "/transcripts/:transcription_id/audio",
  doc("A transcript's recording (this server's addition; HTTP Range supported)", {
    description: "The recording as it was uploaded (headerless PCM as WAV), kept with the transcript and deleted with it. Realtime sessions and transcripts from before recordings were kept have none: 404.",
    success: { contentTypes: ["audio/*", "video/*"], description: "The recording; 206 for a Range" },
    responses: { 404: "not_found" },
  }),
  valid("param", idParam),
  async (c) => {
    const id = c.req.valid("param").transcription_id;
    const recording = await transcriptRecording(c.env, c.get("caller"), id);
    if (!recording) return apiError(c, 404, "not_found", "No recording is kept for this transcript");
    const response = await storedAudioResponse(c.env.MEDIA, recording, c.req.header("range"), { name: recording.fileName ?? id, disposition: "inline" });
    return response ?? apiError(c, 404, "not_found", "No recording is kept for this transcript");
  },
);

speechToTextApi.delete("/transcripts/:transcription_id", doc("Delete a transcript (and its kept recording)", { success: { description: "JSON: status ok" }, responses: { 404: "not_found" } }), valid("param", idParam), async (c) => {
  if (!(await deleteTranscriptOf(c.env, c.get("caller"), c.req.valid("param").transcription_id))) return apiError(c, 404, "not_found", "Transcript not found");
  return c.json({ status: "ok" });
});
