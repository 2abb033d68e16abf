// Realtime speech to text (decision 0040): one WebSocket session on the embedded recogniser. Audio chunks are
// gathered into a segment; at each pause after speech the segment so far is decoded and sent as a partial
// transcript; a commit (the client's, or a long enough silence with commit_strategy=vad) decodes it once more,
// charges its length like POST /v1/speech-to-text and sends the committed transcript with word timings.
import { database } from "../../db/client";
import { releaseSlot } from "../../db/repositories/generation-slots";
import { QuotaExhausted } from "../../db/repositories/history";
import { insertSingleUseToken, recordTranscript, redeemSingleUseToken, type NewTranscriptRow } from "../../db/repositories/transcripts";
import type { EngineChoice } from "../../core/engines/registry";
import type { TranscriptionRequest, TranscriptionResult } from "../../core/engines/speech-to-text";
import { bytesFromInt16, concatSamples, resample } from "../../core/audio/pcm";
import { fromBase64 } from "../../core/base64";
import { nowSeconds } from "../../core/clock";
import { apiKeyActorByHash, randomHex, recordApiKeyUse, secondFactorRefusal, sha256Hex, type Actor } from "~/accounts/accounts.server";
import { log } from "~/common/log.server";
import { paymentRefusal, reserveMeteredCredits } from "~/speech/speech.server";
import { invoiceExtraCredits } from "~/billing/billing.server";
import { transcriptionCredits } from "./rules/transcription";
import {
  ActivityGate,
  chunkSamples,
  formatRate,
  MAX_CHUNK_BYTES,
  MAX_SEGMENT_SECONDS,
  MAX_SESSION_SECONDS,
  realtimeError,
  realtimeWords,
  SINGLE_USE_TOKEN_SECONDS,
  speechLevel,
  voicedFrames,
  type RealtimeConfig,
  type SingleUseTokenType,
} from "./rules/realtime";

type TranscriptionRpc = { transcribe(request: TranscriptionRequest, choice?: EngineChoice): Promise<TranscriptionResult> };
const engine = (env: Env) => env.SPEECH as unknown as TranscriptionRpc;

const RATE = 16000;

/** Issues a single-use token for the API key's owner (only its hash is stored, with the key's hash). */
export async function issueSingleUseToken(env: Env, keyHash: string, workspaceId: string, tokenType: SingleUseTokenType): Promise<string> {
  const token = `sut_${randomHex(24)}`;
  await insertSingleUseToken(database(env.DB), { tokenHash: await sha256Hex(token), tokenType, workspaceId, keyHash, expiresAt: nowSeconds() + SINGLE_USE_TOKEN_SECONDS });
  return token;
}

/**
 * Who a socket acts as: the key's owner, or the owner of the key that issued the (now spent) single-use token. A
 * person held back by their workspace's two-factor requirement is nobody here, as their key is on the API.
 */
export async function realtimeActor(env: Env, auth: { key: string | null; token: string | null }): Promise<Actor | null> {
  const db = database(env.DB);
  const keyHash = auth.token ? await redeemSingleUseToken(db, await sha256Hex(auth.token), "realtime_scribe", nowSeconds()) : auth.key ? await sha256Hex(auth.key) : null;
  const actor = keyHash ? await apiKeyActorByHash(db, keyHash) : null;
  return actor && !secondFactorRefusal(actor) ? actor : null;
}

/** `choice`: the engine model_id picked (decision 0057; the embedded recogniser for the scribe ids by default). */
export type RealtimeOptions = { config: RealtimeConfig; choice: EngineChoice; requestId: string; waitUntil(promise: Promise<unknown>): void };

/** Serves one realtime session for an authenticated actor. */
export function serveRealtime(env: Env, socket: WebSocket, actor: Actor, options: RealtimeOptions): void {
  new RealtimeSession(env, socket, actor, options).start();
}

type InputChunk = { message_type?: unknown; audio_base_64?: unknown; commit?: unknown; sample_rate?: unknown };

class RealtimeSession {
  private readonly sessionId = randomHex(16);
  private readonly gate: ActivityGate;
  private readonly level: number;
  private segment: Int16Array[] = [];
  private segmentSamples = 0;
  /** Where the open segment starts, in samples at 16 kHz from the session's start. */
  private segmentStart = 0;
  private received = 0;
  private commits = 0;
  private inbox: Promise<void> = Promise.resolve();
  private ended = false;
  private readonly timer: ReturnType<typeof setTimeout>;
  /** The language asked, told to the engine: the embedded recogniser hears English only (checked before the session). */
  private readonly language: string | null;

  constructor(
    private readonly env: Env,
    private readonly socket: WebSocket,
    private readonly actor: Actor,
    private readonly options: RealtimeOptions,
  ) {
    this.gate = new ActivityGate(options.config);
    this.language = options.choice.provider === "embedded" ? "en" : (options.config.language_code?.toLowerCase() ?? null);
    this.level = speechLevel(options.config.vad_threshold);
    this.timer = setTimeout(() => this.fail("session_time_limit_exceeded", `A session lasts at most ${MAX_SESSION_SECONDS / 60} minutes.`), MAX_SESSION_SECONDS * 1000);
  }

  start(): void {
    const { config } = this.options;
    this.send({
      message_type: "session_started",
      session_id: this.sessionId,
      config: {
        sample_rate: formatRate(config.audio_format),
        audio_format: config.audio_format,
        language_code: this.language ?? config.language_code ?? "en",
        commit_strategy: config.commit_strategy,
        vad_silence_threshold_secs: config.vad_silence_threshold_secs,
        vad_threshold: config.vad_threshold,
        min_speech_duration_ms: config.min_speech_duration_ms,
        min_silence_duration_ms: config.min_silence_duration_ms,
        model_id: config.model_id,
        include_timestamps: config.include_timestamps,
        include_language_detection: config.include_language_detection,
      },
    });
    this.socket.addEventListener("message", (event) => {
      // Chunks are handled in order: a commit never overtakes the audio before it.
      this.inbox = this.inbox
        .then(() => this.receive(event.data))
        .catch((error) => {
          log("error", "realtime speech to text failed", { request_id: this.options.requestId, error: String(error) });
          this.fail("transcriber_error", "The transcription failed; the uncommitted audio was not charged.");
        });
    });
    this.socket.addEventListener("close", () => this.end());
    this.socket.addEventListener("error", () => this.end());
  }

  private async receive(data: string | ArrayBuffer): Promise<void> {
    if (this.ended) return;
    let message: InputChunk;
    try {
      message = typeof data === "string" ? (JSON.parse(data) as InputChunk) : {};
    } catch {
      message = {};
    }
    if (message.message_type !== "input_audio_chunk" || typeof message.audio_base_64 !== "string") {
      return this.fail("input_error", 'Expected a JSON message {"message_type": "input_audio_chunk", "audio_base_64", "commit", "sample_rate"}.');
    }
    let bytes: Uint8Array;
    try {
      bytes = fromBase64(message.audio_base_64);
    } catch {
      return this.fail("input_error", "audio_base_64 is not base64.");
    }
    if (bytes.byteLength > MAX_CHUNK_BYTES) return this.fail("chunk_size_exceeded", `A chunk may hold at most ${MAX_CHUNK_BYTES} bytes of audio.`);
    const format = this.options.config.audio_format;
    const declared = typeof message.sample_rate === "number" && format !== "ulaw_8000" ? message.sample_rate : formatRate(format);
    if (!(declared >= 8000 && declared <= 48000)) return this.fail("input_error", "sample_rate must be from 8000 to 48000.");
    if (bytes.byteLength) {
      const samples = resample(chunkSamples(bytes, format), declared, RATE);
      this.segment.push(samples);
      this.segmentSamples += samples.length;
      this.received += samples.length;
      const event = this.gate.feed(voicedFrames(samples, this.level));
      if (message.commit !== true) {
        if (this.segmentSamples >= MAX_SEGMENT_SECONDS * RATE || (event === "silence" && this.options.config.commit_strategy === "vad")) return this.commit();
        if (event === "pause") return this.partial();
      }
    }
    if (message.commit === true) return this.commit();
  }

  /** The open segment as 16-bit PCM at 16 kHz. */
  private segmentPcm(): Uint8Array {
    const joined = concatSamples(this.segment);
    this.segment = [joined];
    return bytesFromInt16(joined);
  }

  private async partial(): Promise<void> {
    const heard = await engine(this.env).transcribe({ audio: this.segmentPcm(), contentType: "audio/L16;rate=16000", language: this.language }, this.options.choice);
    this.send({ message_type: "partial_transcript", text: heard.text });
  }

  private async commit(): Promise<void> {
    const seconds = this.segmentSamples / RATE;
    const offset = this.segmentStart / RATE;
    const hadSpeech = this.gate.segmentHasSpeech;
    const audio = this.segmentPcm();
    this.segmentStart += this.segmentSamples;
    this.segment = [];
    this.segmentSamples = 0;
    this.gate.reset();
    // Silence alone is committed as nothing and charged nothing: no speech was heard in it.
    if (!hadSpeech || seconds < 0.1) return this.sendCommitted({ text: "", words: [] }, offset);
    const unpaid = paymentRefusal(this.actor, "realtime speech to text");
    if (unpaid) return this.fail("auth_error", unpaid.refusal.message);
    const requestId = `${this.options.requestId}:${++this.commits}`;
    const reserved = await reserveMeteredCredits(this.env, this.actor, transcriptionCredits(seconds), requestId);
    if (!reserved.ok) {
      const kind = reserved.refusal.httpStatus === 429 ? "rate_limited" : "quota_exceeded";
      return this.fail(kind, reserved.refusal.message);
    }
    const { db, credits, beyondLimit } = reserved;
    const workspace = this.actor.membership.workspace;
    try {
      const heard = await engine(this.env).transcribe({ audio, contentType: "audio/L16;rate=16000", language: this.language }, this.options.choice);
      const words = realtimeWords(heard.words, offset);
      const id = Date.now().toString(36).padStart(9, "0") + randomHex(6);
      const languageCode = heard.language ?? this.language ?? "en";
      const body = { language_code: languageCode, language_probability: 1, text: heard.text, words, transcription_id: id, audio_duration_secs: Math.round(seconds * 1000) / 1000 };
      const row: NewTranscriptRow = {
        id,
        workspaceId: workspace.id,
        userId: this.actor.user.id,
        requestId,
        createdAt: nowSeconds(),
        durationSeconds: seconds,
        credits,
        modelId: `realtime:${this.options.choice.model ?? this.options.config.model_id}`,
        languageCode,
        result: JSON.stringify(body),
        // A commit is a stretch of the session, its words timed from the session's start: no recording is kept to
        // play beside it (decision 0069), and realtime does not tell speakers apart.
        fileName: null,
        speakerCount: null,
        audioKey: null,
        audioContentType: null,
        audioBytes: null,
      };
      await recordTranscript(db, row, { beyondLimit }, this.actor.apiKeyId);
      // The actor lives as long as the socket: its count is kept current for the next commit's quota check.
      workspace.characterCount += credits;
      if (workspace.characterCount > workspace.characterLimit) {
        this.options.waitUntil(invoiceExtraCredits(this.env, db, workspace.id).catch((error) => log("error", "extra credits check failed", { workspace_id: workspace.id, error: String(error) })));
      }
      this.sendCommitted(heard, offset, languageCode);
    } catch (error) {
      if (error instanceof QuotaExhausted) return this.fail("quota_exceeded", `Your quota no longer covers this segment's ${credits} credits; it was not charged.`);
      throw error;
    } finally {
      await releaseSlot(db, workspace.id, requestId);
    }
  }

  private sendCommitted(heard: Pick<TranscriptionResult, "text" | "words">, offsetSeconds: number, languageCode = this.language ?? "en"): void {
    this.send({ message_type: "committed_transcript", text: heard.text });
    if (this.options.config.include_timestamps) {
      this.send({ message_type: "committed_transcript_with_timestamps", text: heard.text, language_code: languageCode, words: realtimeWords(heard.words, offsetSeconds) });
    }
  }

  private send(message: unknown): void {
    if (this.ended) return;
    try {
      this.socket.send(JSON.stringify(message));
    } catch {
      this.end();
    }
  }

  /** An error message of the protocol, then the close (1008, as the commercial socket closes on errors). */
  private fail(kind: string, error: string): void {
    this.send(realtimeError(kind, error));
    try {
      this.socket.close(1008, kind);
    } catch {
      // already closed
    }
    this.end();
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    clearTimeout(this.timer);
    if (this.actor.apiKeyId) this.options.waitUntil(recordApiKeyUse(database(this.env.DB), this.actor.apiKeyId));
  }
}
