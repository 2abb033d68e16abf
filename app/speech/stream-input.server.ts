import { database } from "../../db/client";
import { apiKeyActor, recordApiKeyUse, secondFactorRefusal, type Actor } from "~/accounts/accounts.server";
import { streamInputMessage, type StreamInputMessage } from "~/api/schemas";
import { planSpeech, QuotaExhaustedError, runSpeech, speakingVoice, speechModel, type SpeechRequest } from "./generation.server";
import { concatAlignments, type Alignment } from "../../core/speech/speech-text";
import {
  charactersToSpeak,
  CLOSE_NORMAL,
  CLOSE_POLICY,
  DEFAULT_CHUNK_LENGTH_SCHEDULE,
  DEFAULT_CONTEXT_ID,
  MAX_CONTEXTS,
  socketAlignment,
  socketError,
  STREAM_INPUT_ERRORS,
} from "./rules/stream-input";
import type { OutputFormat } from "../../core/audio/output-formats";
import { toBase64 } from "../../core/base64";
import { log } from "~/common/log.server";

export type StreamInputOptions = {
  voiceId: string;
  /** The multi-context socket (/multi-stream-input): messages name their context, contexts close one by one. */
  multi: boolean;
  modelId: string | null;
  outputFormat: OutputFormat;
  languageCode: string | null;
  inactivitySeconds: number;
  autoMode: boolean;
  requestId: string;
  /** The key of the upgrade request (xi-api-key header or a bearer token); else the first message brings it. */
  headerKey: string | null;
  waitUntil(promise: Promise<unknown>): void;
};

type VoiceSettings = NonNullable<StreamInputMessage["voice_settings"]>;

type SpeechContext = {
  id: string;
  buffer: string;
  schedule: readonly number[];
  generations: number;
  settings: VoiceSettings | null;
  timer: ReturnType<typeof setTimeout> | null;
};

/**
 * Serves one input-streaming socket (decision 0032): text arrives in pieces, is buffered per context and spoken
 * by the same path as POST /stream (planSpeech and runSpeech: quota, concurrency slot, history item and
 * charge per generation), each sentence's audio sent as soon as it exists. Generations run one after another
 * on a socket, so a socket holds one concurrency slot at a time and its audio comes out in order.
 */
export function serveStreamInput(env: Env, socket: WebSocket, options: StreamInputOptions): void {
  const session = new StreamInputSession(env, socket, options);
  session.start();
}

class StreamInputSession {
  private actor: Actor | null = null;
  private readonly contexts = new Map<string, SpeechContext>();
  private inbox: Promise<void> = Promise.resolve();
  private speaking: Promise<void> = Promise.resolve();
  private generationCount = 0;
  private ended = false;
  private socketTimer: ReturnType<typeof setTimeout> | null = null;
  private lastMessageAt = 0;
  private readonly stop = new AbortController();

  constructor(
    private readonly env: Env,
    private readonly socket: WebSocket,
    private readonly options: StreamInputOptions,
  ) {}

  start(): void {
    this.socket.addEventListener("message", (event) => {
      // Messages are handled in order: a flush never overtakes the text before it.
      this.inbox = this.inbox.then(() => this.receive(event.data)).catch((error) => {
        log("error", "stream-input message failed", { request_id: this.options.requestId, error: String(error) });
        this.fail("internal_error", STREAM_INPUT_ERRORS.generationFailed);
      });
    });
    this.socket.addEventListener("close", () => this.end());
    this.socket.addEventListener("error", () => this.end());
    this.resetSocketTimer();
  }

  private async receive(data: string | ArrayBuffer): Promise<void> {
    if (this.ended) return;
    this.resetSocketTimer();
    let parsed: unknown;
    try {
      parsed = typeof data === "string" ? JSON.parse(data) : undefined;
    } catch {
      parsed = undefined;
    }
    const message = streamInputMessage.safeParse(parsed);
    if (!message.success) {
      const issue = parsed === undefined || typeof parsed !== "object" ? STREAM_INPUT_ERRORS.notJson : message.error.issues.map((i) => `${i.path.join(".") || "message"}: ${i.message}`).join("; ");
      return this.fail("invalid_request", issue);
    }
    const m = message.data;
    if (!this.actor && !(await this.authenticate(m))) return;
    if (this.options.multi) return this.receiveMulti(m);
    return this.receiveSingle(m);
  }

  /** The key from the upgrade's headers, else from this (first) message; checks the voice and model once. */
  private async authenticate(m: StreamInputMessage): Promise<boolean> {
    const key = this.options.headerKey ?? m.xi_api_key ?? m["xi-api-key"] ?? m.authorization?.replace(/^Bearer\s+/i, "") ?? null;
    if (!key) {
      this.fail("invalid_api_key", STREAM_INPUT_ERRORS.missingKey);
      return false;
    }
    const db = database(this.env.DB);
    const actor = await apiKeyActor(db, key);
    if (!actor) {
      this.fail("invalid_api_key", STREAM_INPUT_ERRORS.invalidKey);
      return false;
    }
    const held = secondFactorRefusal(actor);
    if (held) {
      this.fail(held.status, held.message);
      return false;
    }
    // The voice and model are refused at once, not at the first generation (which checks them again); both are
    // read together, and the key's last use written after them (decision 0082).
    const [model, voice] = await Promise.all([speechModel(this.env, this.options.modelId), speakingVoice(this.env, actor, this.options.voiceId)]);
    this.options.waitUntil(recordApiKeyUse(db, actor.apiKeyId!));
    if (!model.ok) {
      this.fail(model.refusal.status, model.refusal.message);
      return false;
    }
    if (!voice.ok) {
      this.fail(voice.refusal.status, voice.refusal.message);
      return false;
    }
    this.actor = actor;
    return true;
  }

  private receiveSingle(m: StreamInputMessage): void {
    let context = this.contexts.get(DEFAULT_CONTEXT_ID);
    if (!context) {
      context = this.open(DEFAULT_CONTEXT_ID, m);
      this.append(context, m);
      return;
    }
    // The empty text ends the stream: what is buffered is spoken, then the final message, then the close.
    if (m.text === "") {
      this.speak(context, { flush: true });
      void this.speaking.then(() => {
        this.send({ isFinal: true });
        this.close(CLOSE_NORMAL, "");
      });
      return;
    }
    this.append(context, m);
  }

  private receiveMulti(m: StreamInputMessage): void {
    if (m.close_socket) {
      // Every context's buffered text is spoken first, then each context's final message, then the close.
      for (const context of this.contexts.values()) this.speak(context, { flush: true });
      void this.speaking.then(() => {
        for (const context of [...this.contexts.values()]) this.finishContext(context);
        this.close(CLOSE_NORMAL, "");
      });
      return;
    }
    const id = m.context_id ?? m.contextId ?? DEFAULT_CONTEXT_ID;
    let context = this.contexts.get(id);
    if (m.close_context) {
      // Text not yet flushed is dropped (the context stops speaking); generations already started finish.
      if (context) {
        context.buffer = "";
        const closing = context;
        void this.speaking.then(() => this.finishContext(closing));
      }
      return;
    }
    if (!context) {
      if (this.contexts.size >= MAX_CONTEXTS) return this.fail("max_active_conversations", STREAM_INPUT_ERRORS.tooManyContexts);
      context = this.open(id, m);
    }
    this.resetContextTimer(context);
    // An empty text only keeps the context alive.
    this.append(context, m);
  }

  private open(id: string, m: StreamInputMessage): SpeechContext {
    const context: SpeechContext = {
      id,
      buffer: "",
      schedule: m.generation_config?.chunk_length_schedule ?? DEFAULT_CHUNK_LENGTH_SCHEDULE,
      generations: 0,
      settings: m.voice_settings ?? null,
      timer: null,
    };
    this.contexts.set(id, context);
    return context;
  }

  private append(context: SpeechContext, m: StreamInputMessage): void {
    // The first message's single space only opens the stream; any other text is spoken as sent.
    if (m.text && !(context.generations === 0 && context.buffer === "" && m.text.trim() === "")) context.buffer += m.text;
    this.speak(context, { flush: m.flush ?? false, tryTrigger: m.try_trigger_generation ?? false });
  }

  /** Starts a generation of the buffered text when the schedule (or a flush) says so; it runs after those queued before it. */
  private speak(context: SpeechContext, when: { flush?: boolean; tryTrigger?: boolean }): void {
    const count = charactersToSpeak({ buffer: context.buffer, schedule: context.schedule, generations: context.generations, autoMode: this.options.autoMode }, when);
    if (count === 0) {
      if (when.flush) context.buffer = "";
      return;
    }
    const text = context.buffer.slice(0, count);
    context.buffer = context.buffer.slice(count);
    context.generations++;
    this.speaking = this.speaking.then(() => this.generate(context, text));
  }

  private async generate(context: SpeechContext, text: string): Promise<void> {
    if (this.ended || !this.actor) return;
    const request: SpeechRequest = {
      voiceId: this.options.voiceId,
      text,
      modelId: this.options.modelId,
      outputFormat: this.options.outputFormat,
      voiceSettings: context.settings,
      languageCode: this.options.languageCode,
      source: "API",
      requestId: `${this.options.requestId}-${++this.generationCount}`,
    };
    const planned = await planSpeech(this.env, this.actor, request);
    if (!planned.ok) return this.fail(planned.refusal.status, planned.refusal.message);
    let pending: Alignment[] = [];
    const emit = (audio: Uint8Array) => {
      const alignment = pending.length ? socketAlignment(concatAlignments(pending)) : undefined;
      pending = [];
      const contextId = this.options.multi ? { contextId: context.id } : { isFinal: false };
      this.send({ audio: toBase64(audio), ...contextId, normalizedAlignment: alignment, alignment });
    };
    try {
      await runSpeech(this.env, planned.plan, (chunk) => {
        // Silent pieces (whitespace) and audio the encoder still holds: their characters go with the next audio.
        if (chunk.alignment) pending.push(chunk.alignment);
        if (chunk.audio.byteLength) emit(chunk.audio);
      }, { waitUntil: this.options.waitUntil, signal: this.stop.signal });
      if (pending.length) emit(new Uint8Array(0));
    } catch (error) {
      if (this.stop.signal.aborted) return;
      if (error instanceof QuotaExhaustedError) return this.fail(error.refusal.status, error.refusal.message);
      this.fail("generation_failed", STREAM_INPUT_ERRORS.generationFailed);
    }
  }

  private finishContext(context: SpeechContext): void {
    if (this.contexts.get(context.id) !== context) return;
    if (context.timer) clearTimeout(context.timer);
    this.contexts.delete(context.id);
    this.send({ is_final: true, contextId: context.id });
  }

  private resetSocketTimer(): void {
    if (this.socketTimer) clearTimeout(this.socketTimer);
    const seconds = this.options.inactivitySeconds;
    const heard = (this.lastMessageAt = Date.now());
    this.socketTimer = setTimeout(() => {
      // Text still being spoken is not inactivity; a message that came meanwhile starts the clock again.
      void this.speaking.then(() => {
        if (this.lastMessageAt === heard) this.fail("input_timeout_exceeded", STREAM_INPUT_ERRORS.inactivity(seconds));
      });
    }, seconds * 1000);
  }

  /** A multi-stream context that hears nothing for the timeout closes by itself (its final message says so). */
  private resetContextTimer(context: SpeechContext): void {
    if (context.timer) clearTimeout(context.timer);
    context.timer = setTimeout(() => {
      context.buffer = "";
      void this.speaking.then(() => this.finishContext(context));
    }, this.options.inactivitySeconds * 1000);
  }

  private send(message: object): void {
    if (this.ended) return;
    try {
      this.socket.send(JSON.stringify(message));
    } catch {
      this.end();
    }
  }

  /** The protocol's error: a message naming it, then the socket closes with the policy code. */
  private fail(error: string, message: string): void {
    if (this.ended) return;
    this.send(socketError(error, message));
    this.close(CLOSE_POLICY, error);
  }

  private close(code: number, reason: string): void {
    if (this.ended) return;
    try {
      this.socket.close(code, reason);
    } catch {
      // already closed by the client
    }
    this.end();
  }

  /** Whatever ends the socket stops the generation in flight (nothing is charged for it) and every timer. */
  private end(): void {
    if (this.ended) return;
    this.ended = true;
    if (this.socketTimer) clearTimeout(this.socketTimer);
    for (const context of this.contexts.values()) if (context.timer) clearTimeout(context.timer);
    this.stop.abort(new Error("the socket closed"));
  }
}
