// Speech to text: the only way into the transcripts table; the engines are the speech worker's (RPC).
import { database } from "../../db/client";
import { releaseSlot } from "../../db/repositories/generation-slots";
import { QuotaExhausted } from "../../db/repositories/history";
import { countTranscriptRevisions, deleteTranscript, findTranscript, latestTranscriptRevision, listTranscripts, recordTranscript, renameTranscript, replaceTranscriptResult, restoreTranscriptRevision, type NewTranscriptRow, type TranscriptRow, type TranscriptSummary } from "../../db/repositories/transcripts";
import { wavFile } from "../../core/audio/wav";
import type { EngineCatalog, ProviderId } from "../../core/engines/capabilities";
import type { EngineChoice } from "../../core/engines/registry";
import type { TranscriptionRequest, TranscriptionResult } from "../../core/engines/speech-to-text";
import type { AudioEventRequest, AudioEventResult, SpeakerRequest, SpeakerResult } from "../../core/transcription/speakers";
import { textWithoutWords, wordsOutsideEvents, type AudioEvent } from "../../core/transcription/audio-events";
import { nowSeconds } from "../../core/clock";
import { invoiceExtraCredits } from "~/billing/billing.server";
import { randomHex, type Actor } from "~/accounts/accounts.server";
import { log } from "~/common/log.server";
import { admitMeteredUpload, type UploadRefusal } from "~/speech/speech.server";
import { emitWorkspaceEvent } from "~/workspace/webhooks.server";
import { languageName } from "~/speech/rules/languages";
import {
  additionalFormat,
  embeddedHears,
  maxTranscriptionSeconds,
  MAX_TRANSCRIPTION_UPLOAD_BYTES,
  responseWords,
  SCRIBE_MODEL_IDS,
  speakerCount,
  exportBaseName,
  transcriptTitle,
  type OpenedTranscript,
  type TranscriptListItem,
  TRANSCRIPT_LIST_PAGE_SIZE,
  TRANSCRIPT_PREVIEW_CHARS,
  transcriptionCredits,
  type AdditionalFormat,
  type TimestampGranularity,
} from "./rules/transcription";
import { correctWord, parseTranscriptName, retypePassage, TRANSCRIPT_EDIT_TEXTS, TRANSCRIPT_UNDO_DEPTH, type StoredTranscript } from "./rules/transcript-edits";

export type { TranscriptRow, TranscriptSummary };

type TranscriptionRpc = {
  transcribe(request: TranscriptionRequest, choice?: EngineChoice): Promise<TranscriptionResult>;
  catalog(): Promise<EngineCatalog>;
  speakers(request: SpeakerRequest): Promise<SpeakerResult>;
  audioEvents(request: AudioEventRequest): Promise<AudioEventResult>;
};

const engine = (env: Env) => env.SPEECH as unknown as TranscriptionRpc;

export type TranscriptionOptions = {
  audio: Uint8Array;
  contentType: string | null;
  /** The upload's file name (the list's title); null when none came with it. */
  fileName: string | null;
  pcm16k: boolean;
  modelId: string;
  languageCode: string | null;
  diarize: boolean;
  /** With diarize: how many speakers to find; absent, the clustering decides (decision 0051). */
  numSpeakers?: number;
  /** tag_audio_events: music, applause and noise by classic DSP, the words heard inside them dropped (decision 0057). */
  tagAudioEvents: boolean;
  granularity: TimestampGranularity;
  additionalFormats: AdditionalFormat[];
  requestId: string;
  /** Webhook mode: the finished transcript goes to the workspace's speech-to-text webhooks (or the one named). */
  notify?: { webhookId: string | null; metadata: unknown } | null;
};

export type TranscriptionRefusal = Omit<UploadRefusal, "httpStatus"> & { httpStatus: UploadRefusal["httpStatus"] | 422 | 500 | 503 };

const refused = (refusal: TranscriptionRefusal) => ({ ok: false as const, refusal });

/**
 * Which provider serves speech to text for a model id: the catalog's own ids pick theirs; the commercial scribe
 * ids the default; null when no engine is configured, "unknown" for an id nothing here serves (the upload and
 * the realtime socket both refuse it, naming the ids they take).
 */
export async function transcriptionChoice(env: Env, modelId: string): Promise<{ provider: ProviderId; model?: string } | null | "unknown"> {
  const providers = (await engine(env).catalog()).capabilities["speech-to-text"];
  const named = providers.find((p) => p.models.some((m) => m.id === modelId));
  if (named) return { provider: named.provider, model: modelId };
  if (!(SCRIBE_MODEL_IDS as readonly string[]).includes(modelId)) return "unknown";
  return providers[0] ? { provider: providers[0].provider } : null;
}

/** The model ids a speech-to-text request may name on this deployment (for the refusal's text). */
export async function transcriptionModelIds(env: Env): Promise<string[]> {
  const providers = (await engine(env).catalog()).capabilities["speech-to-text"];
  return [...SCRIBE_MODEL_IDS, ...providers.flatMap((p) => p.models.map((m) => m.id))];
}

/**
 * Checks everything that can refuse before any work (the provider and the language it hears, then the upload's
 * admission: type, size, payment, the bytes, the plan's length, quota, a concurrency slot), then transcribes and
 * records the transcript with its charge in one batch. `run` lets the caller answer before the work ends
 * (webhook mode): it gets the transcription id at once.
 */
export async function startTranscription(env: Env, actor: Actor, request: TranscriptionOptions, waitUntil: (promise: Promise<unknown>) => void) {
  const workspace = actor.membership.workspace;
  const choice = await transcriptionChoice(env, request.modelId);
  if (choice === "unknown") {
    const ids = await transcriptionModelIds(env);
    return refused({ httpStatus: 422, status: "invalid_model_id", message: `model_id ${request.modelId} is not a speech-to-text model of this server; use one of ${ids.join(", ")}.` });
  }
  if (!choice) return refused({ httpStatus: 503, status: "speech_to_text_unavailable", message: "No speech-to-text engine is configured on this deployment." });
  if (choice.provider === "embedded" && !embeddedHears(request.languageCode)) {
    return refused({
      httpStatus: 422,
      status: "unsupported_language",
      message: `The embedded speech-to-text engine (PocketSphinx) hears US English only; language_code ${request.languageCode} needs a neural provider (an OpenAI-compatible server or Workers AI, docs/engines.md).`,
    });
  }
  const admitted = await admitMeteredUpload(
    env,
    actor,
    { audio: request.audio, contentType: request.contentType, pcm16k: request.pcm16k, requestId: request.requestId },
    { maxBytes: MAX_TRANSCRIPTION_UPLOAD_BYTES, maxSeconds: maxTranscriptionSeconds(workspace.tier), credits: transcriptionCredits, verb: "transcribes", product: "speech to text" },
  );
  if (!admitted.ok) return admitted;
  const { db, credits, beyondLimit, durationSeconds } = admitted;

  const id = Date.now().toString(36).padStart(9, "0") + randomHex(6);
  // The recording is kept beside the transcript so a reopened transcript plays and seeks (decision 0069).
  const audioKey = `transcripts/${workspace.id}/${id}`;
  let stored = false;
  // From here the slot is held: the work is registered with waitUntil so its `finally` always releases it.
  const work = (async () => {
    try {
      const contentType = request.pcm16k ? "audio/L16;rate=16000" : (request.contentType ?? "application/octet-stream");
      const recognised = await engine(env).transcribe({ audio: request.audio, contentType, language: request.languageCode }, choice);
      // Audio events first: words the recogniser "heard" inside music or noise are dropped (decision 0057).
      const events = request.tagAudioEvents ? await audioEventsOf(env, request) : [];
      const kept = wordsOutsideEvents(recognised.words, events);
      const heard = kept.every(Boolean) ? recognised : { ...recognised, text: textWithoutWords(recognised.text, recognised.words, kept), words: recognised.words.filter((_, i) => kept[i]) };
      const languageCode = heard.language ?? request.languageCode ?? "en";
      const speakers = request.diarize ? await speakersOf(env, request, heard) : null;
      const body = {
        language_code: languageCode,
        // The embedded engine hears one language and is told nothing else: the language is given, not detected.
        language_probability: 1,
        text: heard.text,
        words: responseWords(heard.words, { granularity: request.granularity, speakers, events }),
        ...(request.additionalFormats.length
          ? { additional_formats: request.additionalFormats.map((f) => additionalFormat(f, heard.text, heard.words, heard.durationMs ?? durationSeconds * 1000)) }
          : {}),
        transcription_id: id,
        audio_duration_secs: Math.round(durationSeconds * 1000) / 1000,
      };
      const recording = keptRecording(request);
      await env.MEDIA.put(audioKey, recording.bytes, { httpMetadata: { contentType: recording.contentType } });
      stored = true;
      const row: NewTranscriptRow = {
        id,
        workspaceId: workspace.id,
        userId: actor.user.id,
        requestId: request.requestId,
        createdAt: nowSeconds(),
        durationSeconds: durationSeconds,
        credits,
        modelId: choice.model ?? `${choice.provider}:${request.modelId}`,
        languageCode,
        result: JSON.stringify(body),
        fileName: request.fileName?.trim().slice(0, 200) || null,
        speakerCount: speakerCount(speakers),
        audioKey,
        audioContentType: recording.contentType,
        audioBytes: recording.bytes.byteLength,
      };
      await recordTranscript(db, row, { beyondLimit }, actor.apiKeyId);
      stored = false;
      if (request.notify) {
        const data = { request_id: request.requestId, transcription: body, ...(request.notify.metadata === undefined ? {} : { webhook_metadata: request.notify.metadata }) };
        // The transcript is kept and charged either way; a failed hand-off to the queue is logged, not undone.
        await emitWorkspaceEvent(env, workspace.id, "speech_to_text", data, request.notify.webhookId).catch((error) =>
          log("error", "speech-to-text webhook event not queued", { request_id: request.requestId, error: String(error) }),
        );
      }
      if (workspace.characterCount + credits > workspace.characterLimit) {
        await invoiceExtraCredits(env, db, workspace.id).catch((error) => log("error", "extra credits check failed", { workspace_id: workspace.id, error: String(error) }));
      }
      return { ok: true as const, id, body, heard, credits, concurrency: admitted.concurrency };
    } catch (error) {
      if (error instanceof QuotaExhausted) {
        return refused({ httpStatus: 401, status: "quota_exceeded", message: `Your quota changed while the audio was transcribed and no longer covers its ${credits} credits; nothing was charged.` });
      }
      log("error", "speech to text failed", { request_id: request.requestId, error: String(error) });
      if (String(error).includes("not installed")) return refused({ httpStatus: 503, status: "speech_to_text_unavailable", message: String((error as Error).message ?? error) });
      return refused({ httpStatus: 500, status: "speech_to_text_failed", message: "The transcription failed; nothing was charged." });
    } finally {
      // A recording put before a refused or failed write is removed: nothing is kept for what was not charged.
      if (stored) await env.MEDIA.delete(audioKey);
      await releaseSlot(db, workspace.id, request.requestId);
    }
  })();
  waitUntil(work);
  return { ok: true as const, id, work };
}

/** The upload as kept for playing: as sent, but headerless 16 kHz PCM wrapped as WAV (a browser plays no raw PCM). */
function keptRecording(request: TranscriptionOptions): { bytes: Uint8Array; contentType: string } {
  if (request.pcm16k) {
    const audio = request.audio;
    return { bytes: wavFile(new Int16Array(audio.buffer.slice(audio.byteOffset, audio.byteOffset + audio.byteLength - (audio.byteLength % 2))), 16000), contentType: "audio/wav" };
  }
  const declared = (request.contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return { bytes: request.audio, contentType: declared && declared !== "application/octet-stream" ? declared : "application/octet-stream" };
}

/** Each word's speaker number, from the speaker vectors of the recording's stretches of speech (the speech worker). */
async function speakersOf(env: Env, request: TranscriptionOptions, heard: TranscriptionResult): Promise<number[]> {
  if (heard.words.length === 0) return [];
  const found = await engine(env).speakers({ audio: request.audio, pcm16k: request.pcm16k, words: heard.words.map((w) => ({ startMs: w.startMs, endMs: w.endMs })), numSpeakers: request.numSpeakers });
  // The upload was decoded once already for the transcription: a refusal here is a fault, not bad input.
  if (!found.ok) throw new Error(`diarization could not read the audio: ${found.message}`);
  return found.speakers;
}

/** The upload's audio events (the speech worker). */
async function audioEventsOf(env: Env, request: TranscriptionOptions): Promise<AudioEvent[]> {
  const found = await engine(env).audioEvents({ audio: request.audio, pcm16k: request.pcm16k });
  if (!found.ok) throw new Error(`audio events could not read the audio: ${found.message}`);
  return found.events;
}

/** A transcript of the workspace as the API returns it, or null. */
export async function transcriptOf(env: Env, actor: Actor, id: string): Promise<Record<string, unknown> | null> {
  const row = await findTranscript(database(env.DB), actor.membership.workspace.id, id);
  return row ? (JSON.parse(row.result) as Record<string, unknown>) : null;
}

/** One of the workspace's transcripts with the details the page shows beside it, or null. */
export async function openTranscript(env: Env, actor: Actor, id: string): Promise<{ row: TranscriptRow; transcript: Record<string, unknown> } | null> {
  const row = await findTranscript(database(env.DB), actor.membership.workspace.id, id);
  return row ? { row, transcript: JSON.parse(row.result) as Record<string, unknown> } : null;
}

/** A page of the workspace's transcripts, newest first (page counts from 1), those matching `search` when given. */
export function transcriptList(env: Env, actor: Actor, page: number, search = "") {
  return listTranscripts(database(env.DB), actor.membership.workspace.id, { page, pageSize: TRANSCRIPT_LIST_PAGE_SIZE, previewChars: TRANSCRIPT_PREVIEW_CHARS, search });
}

type EditRefusal = { httpStatus: 404 | 409 | 422; message: string };
type EditOutcome = { ok: true } | { ok: false; refusal: EditRefusal };
const notFound: EditOutcome = { ok: false, refusal: { httpStatus: 404, message: "Transcript not found" } };

/** Renames one of the workspace's transcripts (decision 0074). */
export async function renameTranscriptOf(env: Env, actor: Actor, id: string, rawName: unknown): Promise<EditOutcome> {
  const name = parseTranscriptName(rawName);
  if (!name.ok) return { ok: false, refusal: { httpStatus: 422, message: name.message } };
  return (await renameTranscript(database(env.DB), actor.membership.workspace.id, id, name.value)) ? { ok: true } : notFound;
}

/** Corrects one word of a kept transcript (decision 0074). */
export const correctTranscriptWord = (env: Env, actor: Actor, id: string, index: number, text: string) => editTranscript(env, actor, id, (stored) => correctWord(stored, index, text));

/** Retypes a passage (a speaker's turn) of a kept transcript, from word `first` to word `last`. */
export const retypeTranscriptPassage = (env: Env, actor: Actor, id: string, first: number, last: number, text: string) => editTranscript(env, actor, id, (stored) => retypePassage(stored, first, last, text));

/**
 * One edit of a kept transcript's words: the stored answer is replaced only if nobody changed it meanwhile, so two
 * edits at once never lose one another's change (the later one is told to repeat, 409).
 */
async function editTranscript(env: Env, actor: Actor, id: string, edit: (stored: StoredTranscript) => { ok: true; value: StoredTranscript } | { ok: false; message: string }): Promise<EditOutcome> {
  const db = database(env.DB);
  const row = await findTranscript(db, actor.membership.workspace.id, id);
  if (!row) return notFound;
  const edited = edit(JSON.parse(row.result) as StoredTranscript);
  if (!edited.ok) return { ok: false, refusal: { httpStatus: 422, message: edited.message } };
  const replaced = await replaceTranscriptResult(db, row, JSON.stringify(edited.value), TRANSCRIPT_UNDO_DEPTH, Date.now());
  return replaced ? { ok: true } : changedMeanwhile;
}

const changedMeanwhile: EditOutcome = { ok: false, refusal: { httpStatus: 409, message: TRANSCRIPT_EDIT_TEXTS.changedMeanwhile } };

/**
 * Undoes the newest kept edit of a transcript's words (a correction or a retype). An undo is not kept itself (no
 * redo): undoing twice goes two edits back. 409 with nothing to undo or when it changed meanwhile.
 */
export async function undoTranscriptEdit(env: Env, actor: Actor, id: string): Promise<EditOutcome> {
  const db = database(env.DB);
  const row = await findTranscript(db, actor.membership.workspace.id, id);
  if (!row) return notFound;
  const earlier = await latestTranscriptRevision(db, row);
  if (!earlier) return { ok: false, refusal: { httpStatus: 409, message: TRANSCRIPT_EDIT_TEXTS.nothingToUndo } };
  return (await restoreTranscriptRevision(db, row, earlier)) ? { ok: true } : changedMeanwhile;
}

/** The kept recording of one of the workspace's transcripts: its key, size and type; null when none is kept. */
export async function transcriptRecording(env: Env, actor: Actor, id: string): Promise<{ key: string; bytes: number; contentType: string; fileName: string | null } | null> {
  const row = await findTranscript(database(env.DB), actor.membership.workspace.id, id);
  if (!row?.audioKey || row.audioBytes === null) return null;
  return { key: row.audioKey, bytes: row.audioBytes, contentType: row.audioContentType ?? "application/octet-stream", fileName: row.fileName };
}

/** Deletes the transcript and its kept recording; false when the workspace has no such transcript. */
export async function deleteTranscriptOf(env: Env, actor: Actor, id: string): Promise<boolean> {
  const row = await deleteTranscript(database(env.DB), actor.membership.workspace.id, id);
  if (!row) return false;
  if (row.audioKey) await env.MEDIA.delete(row.audioKey);
  return true;
}

const listItem = (row: Omit<TranscriptSummary, "preview">, preview: string): TranscriptListItem => ({
  id: row.id,
  title: transcriptTitle(row.fileName, row.modelId),
  createdAt: row.createdAt,
  durationSeconds: row.durationSeconds,
  language: languageName(row.languageCode),
  speakerCount: row.speakerCount,
  preview,
});

/**
 * /app/speech-to-text's data: a page of the workspace's transcripts and, when one is asked for, that transcript;
 * null when it is not one of the workspace's (the page answers 404, as GET /v1/speech-to-text/transcripts/{id} does).
 */
export async function speechToTextPage(env: Env, actor: Actor, query: { page: number; search: string; transcriptId: string | null }) {
  const list = await transcriptList(env, actor, query.page, query.search);
  let opened: OpenedTranscript | null = null;
  if (query.transcriptId) {
    const found = await openTranscript(env, actor, query.transcriptId);
    if (!found) return null;
    const stored = found.transcript as { text?: string; words?: OpenedTranscript["words"] };
    const text = stored.text ?? "";
    const item = listItem(found.row, text.slice(0, TRANSCRIPT_PREVIEW_CHARS));
    opened = {
      ...item,
      baseName: exportBaseName(item.title),
      text,
      words: (stored.words ?? []).map((w) => ({ text: w.text, start: w.start, end: w.end, type: w.type, ...(w.speaker_id ? { speaker_id: w.speaker_id } : {}) })),
      audioUrl: found.row.audioKey ? `/v1/speech-to-text/transcripts/${found.row.id}/audio` : null,
      undoable: await countTranscriptRevisions(database(env.DB), found.row),
    };
  }
  return { transcripts: list.items.map((row) => listItem(row, row.preview)), hasMore: list.hasMore, opened };
}
