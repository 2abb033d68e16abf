// The live conversation with an agent over the SDK's WebSocket protocol (decision 0037): the agent speaks its first
// message, hears the user (voice activity, then the registry's speech to text) or reads their text, answers through
// the registry's chat engine (the embedded retrieval responder by default) and speaks the answer sentence by sentence;
// speech from the user while the agent speaks interrupts it. When the socket closes, the transcript, the analysis
// (rules over the transcript) and the audio (R2) are saved.
import { database } from "../../db/client";
import { finishConversation, insertConversation } from "../../db/repositories/agents";
import { analyseConversation } from "../../core/agents/evaluation";
import { TurnDetector } from "../../core/agents/turns";
import { readChatDeltas, type ChatMessage, type ChatPassage, type ChatRequest, type ChatResult, type ChatToolCall } from "../../core/engines/chat";
import { int16FromBytes } from "../../core/audio/pcm";
import { wavFile } from "../../core/audio/wav";
import { toBase64 } from "../../core/base64";
import { newId } from "~/accounts/accounts.server";
import { findQueuedWorkVoice } from "~/voices/voices.server";
import { synthesizeUncharged } from "~/speech/generation.server";
import { transcribe } from "~/speech/speech.server";
import { splitSentences } from "../../core/speech/speech-text";
import { log } from "~/common/log.server";
import { holdAudioPcm } from "~/agents/media.server";
import { callWebhookTool, chatEngine, newConversationFilePassages, conversationProcedures, emitPostCall, passagesOf, recordToolCall, routeConversation, settingsOfAgent, withAgentModel, workspaceToolsById, type AgentRow, type TranscriptEntry } from "~/agents/agents.server";
import { AGENT_TEXTS, CONVERSATION_AUDIO_FORMAT, PING_SECONDS, type AgentSettings } from "~/agents/rules/agents";
import { CLOSE_NORMAL, CLOSE_POLICY, parseClientMessage, serverMessages, type ClientMessage } from "~/agents/rules/protocol";
import { conversationCredits, CONVERSATION_SOURCE, CONVERSATION_USAGE_LABEL, readySentences, TOOL_LIMITS, TOOL_TEXTS, toolArguments, toolResultText, turnRequest, type AgentTool, type ClientTool, type McpTool } from "~/agents/rules/llm";
import { MCP_TEXTS, MCP_TIMEOUTS } from "~/agents/rules/mcp";
import { PROCEDURE_TOOLS, procedureToolCall, promptWithProcedures, runnableProcedures, type WorkingProcedure } from "~/agents/rules/procedures";
import { callMcpTool, closeConversationMcp, openConversationMcp, type ConversationMcp } from "~/agents/server/mcp-servers.server";
import { mcpServersAllowed } from "~/agents/server/settings.server";
import type { McpToolCallEvent } from "~/agents/rules/protocol";

const SAMPLE_RATE = 16000;
/** Audio is sent in pieces of this many bytes (a quarter second of 16 kHz PCM). */
const AUDIO_PIECE_BYTES = 8000;

/** Audio the hold loop keeps sent ahead of the client's playback: the answer follows the tool's result this soon. */
const HOLD_LEAD_MS = 500;

/** Says sentences in order, each synthesised when the one before is sent, while its turn lasts; idle() is when all are sent. */
type Voice = { say(sentence: string): void; done(): Promise<void>; idle(): Promise<void> };

export type ConversationOptions = {
  agent: AgentRow;
  userId: string | null;
  requestId: string;
  waitUntil(promise: Promise<unknown>): void;
  /** The conversation's id when it was chosen before the conversation began (a phone call's). */
  conversationId?: string;
  /** A phone call's details, kept with the conversation (JSON). */
  phoneCall?: string;
  /** The branch or version the conversation chose (a signed URL's or the socket's branch_id, version_id), used instead of the split. */
  branch?: Awaited<ReturnType<typeof routeConversation>>;
  /** The environment its tools' environment variables resolve for (decision 0098): production when not named. */
  environment?: string;
};

/**
 * What a conversation talks over: the SDK's WebSocket itself, or a bridge that speaks its messages for another
 * transport (a Twilio media stream, phone-bridge.server.ts). Messages are the SDK protocol's JSON text.
 */
export type ConversationChannel = {
  send(text: string): void;
  close(code: number, reason: string): void;
  onMessage(listener: (data: string | ArrayBuffer) => void): void;
  /** The other side went away (with the termination reason to record). */
  onEnd(listener: (reason: string) => void): void;
};

export function socketChannel(socket: WebSocket): ConversationChannel {
  return {
    send: (text) => socket.send(text),
    close: (code, reason) => socket.close(code, reason),
    onMessage: (listener) => socket.addEventListener("message", (event) => listener(event.data)),
    onEnd: (listener) => {
      socket.addEventListener("close", () => listener("client_disconnected"));
      socket.addEventListener("error", () => listener("client_error"));
    },
  };
}

export function serveConversation(env: Env, socket: WebSocket | ConversationChannel, options: ConversationOptions): void {
  new ConversationSession(env, "onMessage" in socket ? socket : socketChannel(socket), options).start();
}

class ConversationSession {
  private readonly id: string;
  private readonly startedAt = Date.now();
  private settings: AgentSettings;
  private textOnly: boolean;
  private started = false;
  private ended = false;
  private inbox: Promise<void> = Promise.resolve();
  private passages: ChatPassage[] = [];
  /** The procedures of the version talked with (decision 0090), and those start_procedure has started. */
  private procedures: WorkingProcedure[] = [];
  private readonly activeProcedures = new Set<string>();
  private readonly context: ChatPassage[] = [];
  /** Files attached to the conversation (decision 0096): their passages, and the ids of those read. */
  private readonly files: ChatPassage[] = [];
  private readonly filesRead = new Set<string>();
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
  /** Client tool calls waiting for the client's client_tool_result, by tool call id. */
  private readonly clientCalls = new Map<string, (result: { text: string; isError: boolean }) => void>();
  /** MCP tool calls waiting for the user's approval (mcp_tool_approval_result), by tool call id. */
  private readonly approvals = new Map<string, (approved: boolean) => void>();
  /** The agent's MCP servers, opened while the first message is spoken; answers wait for them. */
  private mcp: Promise<ConversationMcp | null> = Promise.resolve(null);
  /** The agent's hold audio (16 kHz PCM, decision 0096), read when the conversation opens; null when it has none. */
  private holdAudio: Promise<Uint8Array | null> = Promise.resolve(null);

  constructor(
    private readonly env: Env,
    private readonly socket: ConversationChannel,
    private readonly options: ConversationOptions,
  ) {
    this.id = options.conversationId ?? newId("conv");
    this.settings = settingsOfAgent(options.agent);
    this.textOnly = this.settings.textOnly;
  }

  start(): void {
    this.socket.onMessage((data) => {
      this.inbox = this.inbox.then(() => this.receive(data)).catch((error) => {
        log("error", "conversation message failed", { request_id: this.options.requestId, error: String(error) });
        this.close(CLOSE_POLICY, AGENT_TEXTS.agentFailed);
      });
    });
    this.socket.onEnd((reason) => this.end(reason));
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
    // The chosen version or branch, else the live split by this conversation's id (decisions 0081, 0085); it talks
    // with that version, or its branch's tip (main's tip is the agents row the settings came from).
    const routed = this.options.branch ?? (await routeConversation(this.env, this.options.agent, this.id));
    if (routed.agent !== this.options.agent) {
      this.settings = settingsOfAgent(routed.agent);
      this.textOnly = this.settings.textOnly;
    }
    if (init) {
      this.settings = { ...this.settings, firstMessage: init.firstMessage ?? this.settings.firstMessage, language: init.language ?? this.settings.language, prompt: init.prompt ?? this.settings.prompt };
      if (init.textOnly !== undefined) this.textOnly = init.textOnly;
    }
    const agent = this.options.agent;
    await insertConversation(database(this.env.DB), {
      id: this.id,
      workspaceId: agent.workspaceId,
      agentId: agent.id,
      agentName: routed.agent.name,
      userId: this.options.userId,
      status: "in-progress",
      startedAt: this.startedAt,
      phoneCall: this.options.phoneCall ?? null,
      branchId: routed.branchId,
      versionId: routed.versionId,
      environment: this.options.environment ?? null,
    });
    // The version's procedures (decision 0090): listed in the instructions, loaded by start_procedure when they apply.
    this.procedures = runnableProcedures(await conversationProcedures(this.env, agent, routed.versionId));
    if (this.procedures.length) {
      const tools = [PROCEDURE_TOOLS.start, PROCEDURE_TOOLS.end].map((t) => ({ kind: "system" as const, name: t.name, description: t.description, parameters: t.parameters }));
      this.settings = { ...this.settings, prompt: promptWithProcedures(this.settings.prompt, this.procedures), tools: [...this.settings.tools.filter((t) => !tools.some((p) => p.name === t.name)), ...tools] };
    }
    this.passages = await passagesOf(this.env, agent.workspaceId, this.settings.knowledgeBase.map((k) => k.id));
    if (this.settings.toolIds.length) this.settings = { ...this.settings, tools: [...this.settings.tools, ...(await workspaceToolsById(this.env, agent.workspaceId, this.settings.toolIds))] };
    if (this.settings.mcpServerIds.length) this.mcp = this.openMcp();
    if (!this.textOnly) this.holdAudio = holdAudioPcm(this.env, agent).catch(() => null);
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
      case "tool-result":
        this.clientCalls.get(message.toolCallId)?.({ text: message.result, isError: message.isError });
        this.clientCalls.delete(message.toolCallId);
        return;
      case "mcp-approval":
        this.approvals.get(message.toolCallId)?.(message.approved);
        this.approvals.delete(message.toolCallId);
        return;
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
    const turn = ++this.turn;
    const voice = this.voice(turn);
    const current = () => turn === this.turn && !this.ended;
    try {
      await this.mcp;
      // Files attached since the last answer are read now, and answered from with the knowledge base.
      const files = await newConversationFilePassages(this.env, this.options.agent.workspaceId, this.id, this.filesRead).catch((error) => {
        log("error", "conversation files not read", { request_id: this.options.requestId, error: String(error) });
        return [];
      });
      this.files.push(...files);
      for (let round = 0; current(); round++) {
        if (round === TOOL_LIMITS.maxRounds) {
          this.reply(TOOL_TEXTS.tooManyRounds, voice);
          break;
        }
        const result = await this.streamAnswer(voice, current);
        if (!result?.toolCalls?.length || !current()) break;
        for (const call of result.toolCalls) {
          const content = await this.runTool(call, voice, turn);
          this.history.push({ role: "tool", content, toolCallId: call.id });
        }
      }
    } catch (error) {
      log("error", "conversation answer failed", { request_id: this.options.requestId, error: String(error) });
      if (current()) this.reply(AGENT_TEXTS.agentFailed, voice);
    }
    // Speaking runs beside listening, so the user can interrupt; the next answer waits for it.
    this.turns = this.turns.then(() => voice.done());
  }

  /**
   * One model call, streamed: each sentence is spoken as soon as it is complete; the whole text is the agent's
   * response (transcript and agent_response) when the model is done. Returns the model's result (its tool calls).
   */
  private async streamAnswer(voice: Voice, current: () => boolean): Promise<ChatResult | null> {
    const request = turnRequest(this.settings.prompt, this.history, [...this.passages, ...this.files, ...this.context], this.settings.tools);
    let buffer = "";
    let text = "";
    let entry: TranscriptEntry | null = null;
    let result: ChatResult | null = null;
    const spoken = (sentences: string[]) => {
      for (const sentence of sentences) if (sentence.trim()) voice.say(sentence);
    };
    for await (const delta of readChatDeltas(await this.chatStream(request))) {
      if (!current()) return null;
      if ("done" in delta) {
        result = delta.done;
        break;
      }
      buffer += delta.content;
      text += delta.content;
      // The transcript names what was said so far (an interruption marks it).
      entry ??= this.transcript[this.transcript.push({ role: "agent", message: "", time_in_call_secs: this.elapsed() }) - 1]!;
      entry.message = text.trim();
      const ready = readySentences(buffer);
      buffer = ready.rest;
      spoken(ready.sentences);
    }
    if (!current()) return null;
    spoken([buffer]);
    text = text.trim();
    const toolCalls = result?.toolCalls ?? [];
    if (!text && !toolCalls.length) {
      this.reply(AGENT_TEXTS.agentFailed, voice);
      return null;
    }
    this.history.push({ role: "assistant", content: text, ...(toolCalls.length ? { toolCalls } : {}) });
    if (text) this.send(serverMessages.agentResponse(text));
    return result;
  }

  /** Runs a tool the model called; what it answered (or why it did not) goes back to the model, which says it. */
  private async runTool(call: ChatToolCall, voice: Voice, turn: number): Promise<string> {
    const tool = this.settings.tools.find((t) => t.name === call.name);
    const args = toolArguments(call.arguments);
    if (!tool) return TOOL_TEXTS.unknownTool(call.name);
    if (!args) return TOOL_TEXTS.badArguments(call.name);
    if (tool.kind === "system") {
      // A procedure's whole body goes to the model, not cut to a tool answer's length.
      const { ok, result } = procedureToolCall(tool.name, args, this.procedures, this.activeProcedures);
      const text = JSON.stringify(result);
      this.noteToolCall(tool, call, { ok, text });
      return text;
    }
    const started = Date.now();
    // A webhook or client tool keeps the caller waiting: the hold audio plays until it answers (decision 0096).
    const stopHold = tool.kind === "mcp" ? () => {} : this.hold(voice, turn);
    const outcome = await (tool.kind === "webhook" ? callWebhookTool(this.env, this.options.agent.workspaceId, tool, args, this.options.environment) : tool.kind === "mcp" ? this.callMcp(tool, call, args) : this.callClient(tool, call, args)).finally(stopHold);
    // A workspace tool's calls are recorded (GET /v1/convai/tools/{tool_id}/executions, decision 0065).
    if (tool.id) {
      const agent = this.options.agent;
      const record = { workspaceId: agent.workspaceId, toolId: tool.id, requestId: call.id, conversationId: this.id, agentId: agent.id, calledAt: started, latencyMs: Date.now() - started, isError: !outcome.ok, requestPayload: call.arguments, responsePayload: toolResultText(outcome.text) };
      this.options.waitUntil(recordToolCall(this.env, record).catch((error) => log("error", "tool call not recorded", { request_id: this.options.requestId, error: String(error) })));
    }
    this.noteToolCall(tool, call, outcome);
    // The failure goes back to the model, whose answer says it: said once, as in simulations (decision 0086).
    if (!outcome.ok) log("warn", "conversation tool failed", { request_id: this.options.requestId, tool: tool.name, error: outcome.text });
    return toolResultText(outcome.text);
  }

  /**
   * The call and its result on the agent's turn in the transcript (the API's tool_calls and tool_results): on the
   * entry of what the agent said this turn, or on an entry of its own when the model only called the tool.
   */
  private noteToolCall(tool: AgentTool, call: ChatToolCall, outcome: { ok: boolean; text: string }): void {
    const last = this.transcript.at(-1);
    // The user's words are always last before this turn's answer, so an agent entry last is this turn's.
    const entry = last?.role === "agent" ? last : this.transcript[this.transcript.push({ role: "agent", message: "", time_in_call_secs: this.elapsed() }) - 1]!;
    const details =
      tool.kind === "mcp"
        ? { type: "mcp", mcp_server_id: tool.serverId, mcp_server_name: tool.serverName, integration_type: "mcp_server", approval_policy: tool.approvalPolicy, requires_approval: tool.approval === "ask", mcp_tool_name: tool.toolName, mcp_tool_description: tool.description }
        : undefined;
    (entry.tool_calls ??= []).push({ type: tool.kind, request_id: call.id, tool_name: call.name, params_as_json: call.arguments, tool_has_been_called: true, ...(details ? { tool_details: details } : {}) });
    (entry.tool_results ??= []).push({ type: tool.kind, request_id: call.id, tool_name: call.name, result_value: toolResultText(outcome.text), is_error: !outcome.ok, tool_has_been_called: true });
  }

  /** Asks the client to run the tool (client_tool_call) and, when the tool expects a response, waits for its result. */
  private async callClient(tool: ClientTool, call: ChatToolCall, args: Record<string, unknown>): Promise<{ ok: boolean; text: string }> {
    this.send(serverMessages.clientToolCall(tool.name, call.id, args));
    if (!tool.expectsResponse) return { ok: true, text: TOOL_TEXTS.noResponseExpected };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const result = await new Promise<{ text: string; isError: boolean } | null>((resolve) => {
      this.clientCalls.set(call.id, resolve);
      timer = setTimeout(() => resolve(null), tool.timeoutSeconds * 1000);
    });
    clearTimeout(timer);
    this.clientCalls.delete(call.id);
    if (!result) return { ok: false, text: TOOL_TEXTS.timedOut(tool.name, tool.timeoutSeconds) };
    return result.isError ? { ok: false, text: TOOL_TEXTS.failed(tool.name, result.text) } : { ok: true, text: result.text || TOOL_TEXTS.noResponseExpected };
  }

  /**
   * Opens the agent's MCP servers and adds their tools. On a phone call nobody can press approve, so tools that
   * ask first are not offered there. The client hears which servers were reached.
   */
  private async openMcp(): Promise<ConversationMcp | null> {
    try {
      if (!(await mcpServersAllowed(this.env, this.options.agent.workspaceId))) return null;
      const opened = await openConversationMcp(this.env, this.options.agent.workspaceId, this.settings.mcpServerIds, this.settings.tools.map((t) => t.name));
      const offered = opened.tools.filter((t) => t.approval === "call" || !this.options.phoneCall);
      if (this.ended) {
        await closeConversationMcp(opened);
        return null;
      }
      this.settings = { ...this.settings, tools: [...this.settings.tools, ...offered] };
      for (const server of opened.servers.filter((s) => !s.connected)) log("warn", "MCP server not reached", { request_id: this.options.requestId, server: server.id, error: server.error });
      this.send(serverMessages.mcpConnectionStatus(opened.servers.map((s) => ({ ...s, toolCount: offered.filter((t) => t.serverId === s.id).length }))));
      return opened;
    } catch (error) {
      log("error", "MCP servers not opened", { request_id: this.options.requestId, error: String(error) });
      return null;
    }
  }

  /**
   * Calls an MCP tool over its server's session, after asking the user when its approval says so: the client is
   * told each step (mcp_tool_call) and answers an approval request with mcp_tool_approval_result. A refusal or
   * no answer in time is told to the model, which says so.
   */
  private async callMcp(tool: McpTool, call: ChatToolCall, args: Record<string, unknown>): Promise<{ ok: boolean; text: string }> {
    const event = (state: McpToolCallEvent["state"], extra: Partial<McpToolCallEvent> = {}) =>
      this.send(serverMessages.mcpToolCall({ service_id: tool.serverId, tool_call_id: call.id, tool_name: tool.toolName, tool_description: tool.description, parameters: args, timestamp: new Date().toISOString(), state, ...extra }));
    if (tool.approval === "ask") {
      event("awaiting_approval", { approval_timeout_secs: MCP_TIMEOUTS.approvalSeconds });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const approved = await new Promise<boolean | null>((resolve) => {
        this.approvals.set(call.id, resolve);
        timer = setTimeout(() => resolve(null), MCP_TIMEOUTS.approvalSeconds * 1000);
      });
      clearTimeout(timer);
      this.approvals.delete(call.id);
      if (approved !== true) {
        const text = approved === false ? MCP_TEXTS.declined(tool.toolName) : MCP_TEXTS.approvalTimedOut(tool.toolName, MCP_TIMEOUTS.approvalSeconds);
        event("failure", { error_message: text });
        return { ok: true, text };
      }
    }
    event("loading");
    const outcome = await callMcpTool((await this.mcp)?.sessions, tool, args);
    event(outcome.ok ? "success" : "failure", outcome.ok ? { result: [{ type: "text", text: outcome.text }] } : { error_message: outcome.error });
    return outcome;
  }

  /** The agent's model when the registry serves it, else the registry's default (the embedded responder), streamed. */
  private chatStream(request: ChatRequest): Promise<ReadableStream<Uint8Array>> {
    return withAgentModel(this.settings.llm, (choice) => chatEngine(this.env).chatStream(request, choice));
  }

  /** A fixed reply within a turn (a failure, a limit): text, transcript and its sentences spoken. */
  private reply(text: string, voice: Voice, remember = true): void {
    this.transcript.push({ role: "agent", message: text, time_in_call_secs: this.elapsed() });
    if (remember) this.history.push({ role: "assistant", content: text });
    this.send(serverMessages.agentResponse(text));
    for (const sentence of splitSentences(text)) if (sentence.trim()) voice.say(sentence);
  }

  /** The agent's voice for one turn: sentences synthesised in order; a newer turn (or an interruption) silences it. */
  private voice(turn: number): Voice {
    let queue: Promise<void> = Promise.resolve();
    let voiceRow: ReturnType<typeof findQueuedWorkVoice> | null = null;
    if (!this.textOnly) this.speaking = true;
    const current = () => turn === this.turn && !this.ended;
    return {
      say: (sentence) => {
        if (this.textOnly) return;
        queue = queue.then(async () => {
          if (!current()) return;
          // The agent's voice was checked against its editor's access when the agent was saved.
          const voice = await (voiceRow ??= findQueuedWorkVoice(this.env, this.options.agent.workspaceId, this.settings.voiceId));
          if (!voice || !current()) return;
          const pcm = await synthesizeUncharged(this.env, voice, sentence, CONVERSATION_AUDIO_FORMAT, this.settings.language);
          if (!current()) return;
          this.recording.push(int16FromBytes(pcm));
          this.spokeAudio = true;
          this.playingUntil = Math.max(Date.now(), this.playingUntil) + (pcm.byteLength / 2 / SAMPLE_RATE) * 1000;
          for (let at = 0; at < pcm.byteLength; at += AUDIO_PIECE_BYTES) this.send(serverMessages.audio(toBase64(pcm.subarray(at, at + AUDIO_PIECE_BYTES)), ++this.eventId));
        }).catch((error) => log("error", "conversation speech failed", { request_id: this.options.requestId, error: String(error) }));
      },
      done: () =>
        queue.finally(() => {
          if (current()) this.speaking = false;
        }),
      idle: () => queue,
    };
  }

  /**
   * The hold audio while a tool runs (decision 0096): once what the agent said before the call is sent, the clip is
   * sent as the agent's audio, looped and paced to real time (at most HOLD_LEAD_MS ahead), until the returned stop is
   * called or the turn ends. It is not part of the recording: nobody said it.
   */
  private hold(voice: Voice, turn: number): () => void {
    let holding = true;
    const current = () => holding && turn === this.turn && !this.ended;
    void (async () => {
      const clip = await this.holdAudio;
      if (!clip?.byteLength) return;
      await voice.idle();
      const start = Date.now();
      let sentMs = 0;
      for (let at = 0; current(); at = at + AUDIO_PIECE_BYTES >= clip.byteLength ? 0 : at + AUDIO_PIECE_BYTES) {
        const piece = clip.subarray(at, at + AUDIO_PIECE_BYTES);
        this.send(serverMessages.audio(toBase64(piece), ++this.eventId));
        sentMs += (piece.byteLength / 2 / SAMPLE_RATE) * 1000;
        const ahead = sentMs - (Date.now() - start) - HOLD_LEAD_MS;
        if (ahead > 0) await new Promise((resolve) => setTimeout(resolve, ahead));
      }
    })().catch((error) => log("error", "hold audio failed", { request_id: this.options.requestId, error: String(error) }));
    return () => {
      holding = false;
    };
  }

  /** Says a message of the agent's own (the first message): its text at once, then its audio sentence by sentence. */
  private speak(text: string): void {
    const voice = this.voice(++this.turn);
    this.reply(text, voice);
    this.turns = this.turns.then(() => voice.done());
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
    for (const resolve of this.approvals.values()) resolve(false);
    this.options.waitUntil(this.mcp.then(closeConversationMcp));
    if (!this.started) return;
    this.options.waitUntil(this.save(this.terminationReason ?? reason));
  }

  private async save(reason: string): Promise<void> {
    const agent = this.options.agent;
    const analysis = analyseConversation(
      // What was said: an entry that only holds a tool call has no words.
      this.transcript.filter((t) => t.message).map((t) => ({ role: t.role, message: t.message })),
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
    const durationMs = Date.now() - this.startedAt;
    await finishConversation(
      database(this.env.DB),
      this.id,
      {
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
      },
      // Charged once, when it ends, per minute by the started second (decision 0050); a public (widget) conversation to the agent's creator.
      { workspaceId: agent.workspaceId, userId: this.options.userId ?? agent.createdBy, credits: conversationCredits(durationMs), occurredAt: Math.floor(Date.now() / 1000), modelId: this.settings.llm, source: CONVERSATION_SOURCE, label: CONVERSATION_USAGE_LABEL },
    );
    // The workspace's webhooks hear that it ended (decision 0065).
    await emitPostCall(this.env, agent.workspaceId, this.id);
  }
}
