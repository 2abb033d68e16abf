// The live conversation with an agent over the SDK's WebSocket protocol (decision 0037): the agent speaks its first
// message, hears the user (voice activity, then the registry's speech to text) or reads their text, answers through
// the registry's chat engine (the embedded retrieval responder by default) and speaks the answer sentence by sentence;
// speech from the user while the agent speaks interrupts it. When the socket closes, the transcript, the analysis
// (rules over the transcript) and the audio (R2) are saved.
import { database } from "../../db/client";
import { insertConversation, updateConversation } from "../../db/repositories/agents";
import { analyseConversation } from "../../core/agents/evaluation";
import { TurnDetector } from "../../core/agents/turns";
import type { ChatMessage, ChatPassage, ChatRequest, ChatResult } from "../../core/engines/chat";
import type { EngineChoice } from "../../core/engines/registry";
import { RETRIEVAL_RESPONDER_MODEL } from "../../core/engines/providers/retrieval-responder";
import { int16FromBytes } from "../../core/audio/pcm";
import { wavFile } from "../../core/audio/wav";
import { toBase64 } from "../../core/base64";
import { newId } from "~/accounts/accounts.server";
import { findQueuedWorkVoice } from "~/voices/voices.server";
import { synthesizeUncharged } from "~/speech/generation.server";
import { transcribe } from "~/speech/speech.server";
import { splitSentences } from "~/speech/rules/speech-text";
import { log } from "~/common/log.server";
import { passagesOf, settingsOfAgent, type AgentRow, type TranscriptEntry } from "~/agents/agents.server";
import { AGENT_TEXTS, CONVERSATION_AUDIO_FORMAT, PING_SECONDS, type AgentSettings } from "~/agents/rules/agents";
import { CLOSE_NORMAL, CLOSE_POLICY, parseClientMessage, serverMessages, type ClientMessage } from "~/agents/rules/protocol";

const SAMPLE_RATE = 16000;
/** Audio is sent in pieces of this many bytes (a quarter second of 16 kHz PCM). */
const AUDIO_PIECE_BYTES = 8000;

type ChatRpc = { chat(request: ChatRequest, choice?: EngineChoice): Promise<ChatResult> };

export type ConversationOptions = {
  agent: AgentRow;
  userId: string | null;
  requestId: string;
  waitUntil(promise: Promise<unknown>): void;
};

export function serveConversation(env: Env, socket: WebSocket, options: ConversationOptions): void {
  new ConversationSession(env, socket, options).start();
}

class ConversationSession {
  private readonly id = newId("conv");
  private readonly startedAt = Date.now();
  private settings: AgentSettings;
  private textOnly: boolean;
  private started = false;
  private ended = false;
  private inbox: Promise<void> = Promise.resolve();
  private passages: ChatPassage[] = [];
  private readonly context: ChatPassage[] = [];
  private readonly transcript: TranscriptEntry[] = [];
  private readonly history: ChatMessage[] = [];
  private readonly detector = new TurnDetector();
  /** The whole call's audio, user and agent in the order it passed (a turn-taking call, so one track). */
  private readonly recording: Int16Array[] = [];
  private heardUser = false;
  private spokeAudio = false;
  /** The last audio event's id (an interruption names it: the client drops audio up to it). */
  private eventId = 0;
  private pingId = 0;
  /** The turn the agent is speaking; a new turn or an interruption makes the older one stop. */
  private turn = 0;
  private speaking = false;
  /** When the client will have played the audio sent so far (it plays in real time): until then the agent is speaking. */
  private playingUntil = 0;
  private turns: Promise<void> = Promise.resolve();
  private timers: ReturnType<typeof setTimeout | typeof setInterval>[] = [];
  private terminationReason: string | null = null;

  constructor(
    private readonly env: Env,
    private readonly socket: WebSocket,
    private readonly options: ConversationOptions,
  ) {
    this.settings = settingsOfAgent(options.agent);
    this.textOnly = this.settings.textOnly;
  }

  start(): void {
    this.socket.addEventListener("message", (event) => {
      this.inbox = this.inbox.then(() => this.receive(event.data)).catch((error) => {
        log("error", "conversation message failed", { request_id: this.options.requestId, error: String(error) });
        this.close(CLOSE_POLICY, AGENT_TEXTS.agentFailed);
      });
    });
    this.socket.addEventListener("close", () => this.end("client_disconnected"));
    this.socket.addEventListener("error", () => this.end("client_error"));
  }

  private async receive(data: string | ArrayBuffer): Promise<void> {
    if (this.ended) return;
    const parsed = parseClientMessage(data);
    if (!parsed.ok) return this.close(CLOSE_POLICY, parsed.error);
    const message = parsed.message;
    // The first message opens the conversation (the SDKs send their initiation data first; a bare client need not).
    if (!this.started) await this.open(message.kind === "init" ? message : null);
    await this.handle(message);
  }

  private async open(init: Extract<ClientMessage, { kind: "init" }> | null): Promise<void> {
    this.started = true;
    if (init) {
      this.settings = { ...this.settings, firstMessage: init.firstMessage ?? this.settings.firstMessage, language: init.language ?? this.settings.language, prompt: init.prompt ?? this.settings.prompt };
      if (init.textOnly !== undefined) this.textOnly = init.textOnly;
    }
    const agent = this.options.agent;
    await insertConversation(database(this.env.DB), { id: this.id, workspaceId: agent.workspaceId, agentId: agent.id, agentName: agent.name, userId: this.options.userId, status: "in-progress", startedAt: this.startedAt });
    this.passages = await passagesOf(this.env, agent.workspaceId, this.settings.knowledgeBase.map((k) => k.id));
    this.send(serverMessages.metadata(this.id, CONVERSATION_AUDIO_FORMAT));
    this.timers.push(setTimeout(() => this.close(CLOSE_NORMAL, AGENT_TEXTS.maxDuration, "max_duration_exceeded"), this.settings.maxDurationSeconds * 1000));
    this.timers.push(setInterval(() => this.send(serverMessages.ping(++this.pingId, null)), PING_SECONDS * 1000));
    if (this.settings.firstMessage) this.speak(this.settings.firstMessage);
  }

  private async handle(message: ClientMessage): Promise<void> {
    switch (message.kind) {
      case "text":
        if (message.text.trim()) this.userSaid(message.text.trim(), "text");
        return;
      case "context":
        this.context.push({ id: `context-${this.context.length}`, source: "contextual update", text: message.text });
        return;
      case "audio":
        return this.hear(int16FromBytes(message.pcm));
      default:
        return;
    }
  }

  private hear(samples: Int16Array): void {
    this.heardUser = true;
    this.recording.push(samples);
    for (const event of this.detector.push(samples)) {
      if (event.type === "speech-started" && (this.speaking || Date.now() < this.playingUntil)) this.interrupt();
      if (event.type === "turn-ended") this.turns = this.turns.then(() => this.understand(event.audio));
    }
  }

  /** Barge-in: the agent stops at once; the client drops the audio it has (the interruption's event id). */
  private interrupt(): void {
    this.turn++;
    this.speaking = false;
    this.playingUntil = 0;
    const last = [...this.transcript].reverse().find((t) => t.role === "agent");
    if (last) last.interrupted = true;
    this.send(serverMessages.interruption(this.eventId));
  }

  private async understand(audio: Int16Array): Promise<void> {
    if (this.ended) return;
    const heard = await transcribe(this.env, { audio: wavFile(audio, SAMPLE_RATE), contentType: "audio/wav", language: this.settings.language }).catch((error) => {
      log("error", "conversation transcription failed", { request_id: this.options.requestId, error: String(error) });
      return null;
    });
    const text = heard?.text.trim();
    if (!text || this.ended) return;
    this.send(serverMessages.userTranscript(text));
    this.userSaid(text, "audio");
  }

  private userSaid(text: string, medium: "audio" | "text"): void {
    this.transcript.push({ role: "user", message: text, time_in_call_secs: this.elapsed(), source_medium: medium });
    this.history.push({ role: "user", content: text });
    this.turns = this.turns.then(() => this.answer());
  }

  private async answer(): Promise<void> {
    if (this.ended) return;
    const request: ChatRequest = { messages: [...(this.settings.prompt ? [{ role: "system" as const, content: this.settings.prompt }] : []), ...this.history], passages: [...this.passages, ...this.context] };
    let reply: string;
    try {
      reply = (await this.chat(request)).content.trim() || AGENT_TEXTS.agentFailed;
    } catch (error) {
      log("error", "conversation answer failed", { request_id: this.options.requestId, error: String(error) });
      reply = AGENT_TEXTS.agentFailed;
    }
    this.speak(reply);
  }

  /** The agent's model when the registry serves it, else the registry's default (the embedded responder). */
  private async chat(request: ChatRequest): Promise<ChatResult> {
    const engines = this.env.SPEECH as unknown as ChatRpc;
    if (this.settings.llm && this.settings.llm !== RETRIEVAL_RESPONDER_MODEL) {
      try {
        return await engines.chat(request, { model: this.settings.llm });
      } catch (error) {
        if (!String(error).includes("No chat engine is configured")) throw error;
      }
    }
    return engines.chat(request);
  }

  /** Says a reply: its text at once, then its audio sentence by sentence until done or interrupted. */
  private speak(text: string): void {
    const turn = ++this.turn;
    this.transcript.push({ role: "agent", message: text, time_in_call_secs: this.elapsed() });
    this.history.push({ role: "assistant", content: text });
    this.send(serverMessages.agentResponse(text));
    if (this.textOnly) return;
    this.speaking = true;
    const run = async () => {
      // The agent's voice was checked against its editor's access when the agent was saved.
      const voice = await findQueuedWorkVoice(this.env, this.options.agent.workspaceId, this.settings.voiceId);
      if (!voice) return;
      for (const sentence of splitSentences(text)) {
        if (!sentence.trim()) continue;
        if (turn !== this.turn || this.ended) return;
        const pcm = await synthesizeUncharged(this.env, voice, sentence, CONVERSATION_AUDIO_FORMAT, this.settings.language);
        if (turn !== this.turn || this.ended) return;
        this.recording.push(int16FromBytes(pcm));
        this.spokeAudio = true;
        this.playingUntil = Math.max(Date.now(), this.playingUntil) + (pcm.byteLength / 2 / SAMPLE_RATE) * 1000;
        for (let at = 0; at < pcm.byteLength; at += AUDIO_PIECE_BYTES) this.send(serverMessages.audio(toBase64(pcm.subarray(at, at + AUDIO_PIECE_BYTES)), ++this.eventId));
      }
    };
    // Speaking runs beside listening, so the user can interrupt; the next answer waits for it.
    const speaking = run()
      .catch((error) => log("error", "conversation speech failed", { request_id: this.options.requestId, error: String(error) }))
      .finally(() => {
        if (turn === this.turn) this.speaking = false;
      });
    this.turns = this.turns.then(() => speaking);
  }

  private elapsed(): number {
    return Math.round((Date.now() - this.startedAt) / 1000);
  }

  private send(message: object): void {
    if (this.ended) return;
    try {
      this.socket.send(JSON.stringify(message));
    } catch {
      this.end("client_disconnected");
    }
  }

  private close(code: number, reason: string, termination?: string): void {
    if (this.ended) return;
    this.terminationReason = termination ?? reason;
    try {
      this.socket.close(code, reason);
    } catch {
      // already closed by the client
    }
    this.end(this.terminationReason);
  }

  /** Whatever ends the conversation stops the agent and saves what was said. */
  private end(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    this.turn++;
    for (const timer of this.timers) clearTimeout(timer);
    if (!this.started) return;
    this.options.waitUntil(this.save(this.terminationReason ?? reason));
  }

  private async save(reason: string): Promise<void> {
    const agent = this.options.agent;
    const analysis = analyseConversation(
      this.transcript.map((t) => ({ role: t.role, message: t.message })),
      this.settings.criteria,
    );
    let audioKey: string | null = null;
    let audioBytes: number | null = null;
    const samples = this.recording.reduce((n, part) => n + part.length, 0);
    if (samples) {
      const all = new Int16Array(samples);
      let at = 0;
      for (const part of this.recording) {
        all.set(part, at);
        at += part.length;
      }
      const wav = wavFile(all, SAMPLE_RATE);
      audioKey = `conversations/${agent.workspaceId}/${this.id}.wav`;
      audioBytes = wav.byteLength;
      await this.env.MEDIA.put(audioKey, wav, { httpMetadata: { contentType: "audio/wav" } });
    }
    await updateConversation(database(this.env.DB), this.id, {
      status: "done",
      durationSecs: this.elapsed(),
      messageCount: this.transcript.length,
      transcript: JSON.stringify(this.transcript),
      analysis: JSON.stringify(analysis),
      terminationReason: reason,
      audioKey,
      audioBytes,
      hasUserAudio: this.heardUser,
      hasResponseAudio: this.spokeAudio,
    });
  }
}
