/**
 * Stand-ins for the servers the engine adapters talk to, for tests only (never a default: docs/engines.md).
 * Each speaks its protocol and checks each request the way such a server would, answering 400/401/404 to a
 * request it would refuse, and deterministic output to one it accepts, so a test can tell that its request
 * arrived whole. They run in Node: in unit tests as the adapters' fetch, in the worker tests as the speech
 * worker's outbound service (vitest.config.ts).
 */

type Handler = (request: Request) => Promise<Response>;

const json = (body: unknown, status = 200) => Response.json(body, { status });
const refuse = (status: number, message: string) => json({ error: { message } }, status);

/** Which model each endpoint serves; an endpoint without a model answers 404, as a server without it would. */
/** Words that make the speech stand-in take its time (see openAiCompatibleStandIn). */
export const SLOW_SPEECH_MARKER = "takes a while to speak";

export type OpenAiStandInModels = { speech?: string; transcription?: string; chat?: string; embeddings?: string };

/**
 * An OpenAI-compatible server: POST /v1/audio/speech (pcm: a 220 Hz tone, 50 ms per input character; an input
 * containing SLOW_SPEECH_MARKER is answered after 250 ms, so a test can leave while the audio is being made),
 * /v1/audio/transcriptions (multipart; the text says how many bytes arrived), /v1/chat/completions (echoes
 * the last user message, calls a tool the user names, reads a tool's result back; whole or streamed) and /v1/embeddings (a small vector per input, listed in reverse order with indexes).
 */
export function openAiCompatibleStandIn(models: OpenAiStandInModels, apiKey?: string): Handler {
  return async (request) => {
    const url = new URL(request.url);
    if (request.method !== "POST") return refuse(405, "method not allowed");
    if (apiKey && request.headers.get("authorization") !== `Bearer ${apiKey}`) return refuse(401, "invalid api key");
    switch (url.pathname) {
      case "/v1/audio/speech":
        return models.speech ? speech(request, models.speech) : refuse(404, "not found");
      case "/v1/audio/transcriptions":
        return models.transcription ? transcription(request, models.transcription) : refuse(404, "not found");
      case "/v1/chat/completions":
        return models.chat ? chat(request, models.chat) : refuse(404, "not found");
      case "/v1/embeddings":
        return models.embeddings ? embeddings(request, models.embeddings) : refuse(404, "not found");
      default:
        return refuse(404, "not found");
    }
  };
}

async function speech(request: Request, model: string): Promise<Response> {
  if (!request.headers.get("content-type")?.startsWith("application/json")) return refuse(400, "expected JSON");
  const body = (await request.json()) as { model?: unknown; input?: unknown; voice?: unknown; response_format?: unknown; speed?: unknown };
  if (body.model !== model || typeof body.input !== "string" || !body.input || typeof body.voice !== "string" || body.response_format !== "pcm") return refuse(400, "bad request");
  if (body.speed !== undefined && (typeof body.speed !== "number" || body.speed < 0.25 || body.speed > 4)) return refuse(400, "speed out of range");
  if (body.input.includes(SLOW_SPEECH_MARKER)) await new Promise((resolve) => setTimeout(resolve, 250));
  const samples = Math.round(24000 * 0.05 * body.input.length);
  const pcm = new Int16Array(samples).map((_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / 24000)));
  return new Response(pcm.buffer, { headers: { "content-type": "audio/pcm", "x-voice": body.voice } });
}

async function transcription(request: Request, model: string): Promise<Response> {
  if (!request.headers.get("content-type")?.startsWith("multipart/form-data")) return refuse(400, "expected multipart/form-data");
  const form = await request.formData();
  const file = form.get("file");
  if (!(file instanceof Blob) || file.size === 0 || !("name" in file) || !/\.\w+$/.test(String(file.name))) return refuse(400, "file is required");
  if (form.get("model") !== model) return refuse(400, `model ${String(form.get("model"))} is not loaded`);
  const format = form.get("response_format") ?? "json";
  const text = ` Heard ${file.size} bytes of ${file.type || "audio"}.`;
  if (format === "json") return json({ text });
  if (format !== "verbose_json") return refuse(400, "unsupported response_format");
  const wantsWords = form.getAll("timestamp_granularities[]").includes("word");
  const words = text.trim().split(" ").map((word, i) => ({ word: ` ${word}`, start: i * 0.5, end: i * 0.5 + 0.4 }));
  const language = typeof form.get("language") === "string" ? form.get("language") : "en";
  return json({ task: "transcribe", language, duration: words.length * 0.5, text, segments: [], ...(wantsWords ? { words } : {}) });
}

type WireMessage = { role?: unknown; content?: unknown; tool_call_id?: unknown; tool_calls?: { id?: unknown; function?: { name?: unknown; arguments?: unknown } }[] };
type WireTool = { type?: unknown; function?: { name?: unknown; parameters?: { properties?: Record<string, unknown> } } };

function wellFormed(m: WireMessage): boolean {
  if (m.role === "tool") return typeof m.content === "string" && typeof m.tool_call_id === "string";
  if (m.role === "assistant" && Array.isArray(m.tool_calls)) return m.content === null || typeof m.content === "string";
  return ["system", "user", "assistant"].includes(m.role as string) && typeof m.content === "string";
}

/**
 * What the stand-in model answers: after a tool's result, "The <tool> tool answered: <result>"; when the last user
 * message names an offered tool, a call of it whose arguments are the message's `key=value` pairs that the tool's
 * parameters name; otherwise the last user message echoed.
 */
function chatAnswer(messages: WireMessage[], tools: WireTool[]): { content: string | null; toolCall?: { id: string; name: string; arguments: string } } {
  const last = messages.at(-1)!;
  if (last.role === "tool") {
    const call = messages.flatMap((m) => m.tool_calls ?? []).find((c) => c.id === last.tool_call_id);
    return { content: `The ${String(call?.function?.name ?? "unknown")} tool answered: ${String(last.content)}` };
  }
  const said = String([...messages].reverse().find((m) => m.role === "user")?.content ?? "");
  const tool = last.role === "user" ? tools.find((t) => typeof t.function?.name === "string" && said.split(/\W+/).includes(t.function.name)) : undefined;
  if (tool) {
    const names = Object.keys(tool.function?.parameters?.properties ?? {});
    const args = Object.fromEntries([...said.matchAll(/(\w+)=(\w+)/g)].filter(([, k]) => names.includes(k!)).map(([, k, v]) => [k, v]));
    const name = String(tool.function!.name);
    return { content: null, toolCall: { id: `call_${name}_${messages.length}`, name, arguments: JSON.stringify(args) } };
  }
  return { content: `You said: ${said}` };
}

/** Milliseconds between the streamed events (a word a piece). */
const STREAM_PACE_MS = 40;

/** The answer as server-sent events: the text a word at a time, a tool call in two pieces, usage when asked, [DONE]. */
function streamed(model: string, answer: ReturnType<typeof chatAnswer>, finish: string, usage: Record<string, number> | null): Response {
  const chunk = (choice: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ id: "chatcmpl-stand-in", object: "chat.completion.chunk", model, choices: [{ index: 0, ...choice }], ...extra });
  const events: unknown[] = [chunk({ delta: { role: "assistant", content: "" } })];
  for (const piece of answer.content?.match(/\S+\s*/g) ?? []) events.push(chunk({ delta: { content: piece } }));
  if (answer.toolCall) {
    const { id, name, arguments: args } = answer.toolCall;
    const half = Math.ceil(args.length / 2);
    events.push(chunk({ delta: { tool_calls: [{ index: 0, id, type: "function", function: { name, arguments: args.slice(0, half) } }] } }));
    events.push(chunk({ delta: { tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] } }));
  }
  events.push(chunk({ delta: {}, finish_reason: finish }));
  if (usage) events.push({ id: "chatcmpl-stand-in", object: "chat.completion.chunk", model, choices: [], usage });
  const lines = [...events.map((e) => `data: ${JSON.stringify(e)}\n\n`), "data: [DONE]\n\n"];
  // Paced as a model generates, so a test can tell that the first sentence was used before the last arrived.
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const line = lines.shift();
      if (line === undefined) return controller.close();
      await new Promise((resolve) => setTimeout(resolve, STREAM_PACE_MS));
      controller.enqueue(encoder.encode(line));
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

async function chat(request: Request, model: string): Promise<Response> {
  const body = (await request.json()) as { model?: unknown; messages?: WireMessage[]; stream?: unknown; stream_options?: { include_usage?: unknown }; max_tokens?: unknown; tools?: unknown };
  if (body.model !== model) return refuse(404, `model ${String(body.model)} not found`);
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0 || !messages.every(wellFormed)) {
    return refuse(400, "messages must be a non-empty list of {role, content} (tool results with tool_call_id)");
  }
  const tools = (body.tools ?? []) as WireTool[];
  if (!Array.isArray(tools) || !tools.every((t) => t.type === "function" && typeof t.function?.name === "string")) return refuse(400, "tools must be functions with names");
  const truncated = typeof body.max_tokens === "number" && body.max_tokens < 3;
  const answer = truncated ? { content: "You" } : chatAnswer(messages, tools);
  const finish = truncated ? "length" : answer.toolCall ? "tool_calls" : "stop";
  const usage = { prompt_tokens: messages.length * 10, completion_tokens: 3, total_tokens: messages.length * 10 + 3 };
  if (body.stream === true) return streamed(model, answer, finish, body.stream_options?.include_usage === true ? usage : null);
  const toolCalls = answer.toolCall ? [{ id: answer.toolCall.id, type: "function", function: { name: answer.toolCall.name, arguments: answer.toolCall.arguments } }] : undefined;
  return json({
    id: "chatcmpl-stand-in",
    object: "chat.completion",
    model,
    choices: [{ index: 0, message: { role: "assistant", content: answer.content, ...(toolCalls ? { tool_calls: toolCalls } : {}) }, finish_reason: finish }],
    usage,
  });
}

async function embeddings(request: Request, model: string): Promise<Response> {
  const body = (await request.json()) as { model?: unknown; input?: unknown; encoding_format?: unknown };
  if (body.model !== model) return refuse(404, `model ${String(body.model)} not found`);
  const input = typeof body.input === "string" ? [body.input] : body.input;
  if (!Array.isArray(input) || !input.every((t) => typeof t === "string")) return refuse(400, "input must be a string or a list of strings");
  if (body.encoding_format !== undefined && body.encoding_format !== "float") return refuse(400, "only float vectors");
  const data = input.map((text: string, index) => ({ object: "embedding", index, embedding: [text.length, (text.match(/[aeiou]/g) ?? []).length, index] }));
  return json({ object: "list", model, data: data.reverse(), usage: { prompt_tokens: input.length, total_tokens: input.length } });
}

/**
 * A LibreTranslate server: POST /translate with JSON {q, source, target, format, api_key}; the translation
 * is the text tagged with its target language, and source "auto" is detected as English.
 */
export function libreTranslateStandIn(apiKey?: string): Handler {
  const languages = new Set(["en", "de", "fr", "es", "it", "pt"]);
  return async (request) => {
    if (new URL(request.url).pathname !== "/translate" || request.method !== "POST") return json({ error: "Not Found" }, 404);
    const body = (await request.json()) as { q?: unknown; source?: unknown; target?: unknown; format?: unknown; api_key?: unknown };
    if (apiKey && body.api_key !== apiKey) return json({ error: "Invalid API key" }, 403);
    if (typeof body.q !== "string") return json({ error: "Invalid request: missing q parameter" }, 400);
    if (typeof body.source !== "string" || (body.source !== "auto" && !languages.has(body.source))) return json({ error: `${String(body.source)} is not supported` }, 400);
    if (typeof body.target !== "string" || !languages.has(body.target)) return json({ error: `${String(body.target)} is not supported` }, 400);
    if (body.format !== undefined && body.format !== "text" && body.format !== "html") return json({ error: "Invalid format" }, 400);
    const translatedText = `[${body.target}] ${body.q}`;
    return json(body.source === "auto" ? { detectedLanguage: { confidence: 90, language: "en" }, translatedText } : { translatedText });
  };
}

const XTTS_LANGUAGES = new Set(["en", "de", "fr", "es", "it", "pl", "pt", "tr", "ru", "nl", "cs", "ar", "zh-cn", "ja", "hu", "ko"]);
const numbers = (value: unknown): value is number[] => Array.isArray(value) && value.length > 0 && value.every((x) => typeof x === "number");

/** The tone the XTTS stand-in speaks for a learnt speaker: 100-299 Hz, from the reference's size (its speaker_embedding[0]). */
export const xttsStandInPitch = (referenceBytes: number) => 100 + (referenceBytes % 200);

/**
 * Coqui's XTTS streaming server: POST /clone_speaker (multipart wav_file) answers a small conditioning whose
 * speaker_embedding[0] is the reference's size in bytes; POST /tts_stream (JSON text, language of its list,
 * speaker_embedding, gpt_cond_latent, add_wav_header) answers 24 kHz 16-bit mono speech: a tone at
 * xttsStandInPitch of that size, 40 ms per character, after a WAV header unless add_wav_header is false. FastAPI
 * answers 422 to a body it cannot validate.
 */
export function xttsStandIn(): Handler {
  return async (request) => {
    const path = new URL(request.url).pathname;
    if (request.method !== "POST") return json({ detail: "Method Not Allowed" }, 405);
    if (path === "/clone_speaker") {
      if (!request.headers.get("content-type")?.startsWith("multipart/form-data")) return json({ detail: [{ loc: ["body", "wav_file"], msg: "field required" }] }, 422);
      const file = (await request.formData()).get("wav_file");
      if (!(file instanceof Blob) || file.size === 0) return json({ detail: [{ loc: ["body", "wav_file"], msg: "field required" }] }, 422);
      const level = (file.size % 997) / 997;
      return json({ gpt_cond_latent: Array.from({ length: 4 }, () => Array.from({ length: 8 }, () => level)), speaker_embedding: [file.size, ...Array.from({ length: 15 }, () => level)] });
    }
    if (path === "/tts_stream") {
      const body = (await request.json().catch(() => null)) as { text?: unknown; language?: unknown; speaker_embedding?: unknown; gpt_cond_latent?: unknown; add_wav_header?: unknown } | null;
      const latent = body?.gpt_cond_latent;
      if (
        !body ||
        typeof body.text !== "string" ||
        !body.text ||
        typeof body.language !== "string" ||
        !XTTS_LANGUAGES.has(body.language) ||
        !numbers(body.speaker_embedding) ||
        !Array.isArray(latent) ||
        !latent.every(numbers) ||
        (body.add_wav_header !== undefined && typeof body.add_wav_header !== "boolean")
      ) {
        return json({ detail: [{ loc: ["body"], msg: "invalid request" }] }, 422);
      }
      const hz = xttsStandInPitch(body.speaker_embedding[0]!);
      const pcm = new Int16Array(Math.round(24000 * 0.04 * body.text.length)).map((_, i) => Math.round(8000 * Math.sin((2 * Math.PI * hz * i) / 24000)));
      const header = body.add_wav_header === false ? new Uint8Array(0) : new Uint8Array(44);
      const audio = new Uint8Array(header.byteLength + pcm.byteLength);
      audio.set(header);
      audio.set(new Uint8Array(pcm.buffer), header.byteLength);
      return new Response(audio, { headers: { "content-type": "audio/wav", "x-language": body.language } });
    }
    return json({ detail: "Not Found" }, 404);
  };
}

/** Several stand-ins, each answering for its host name (a request to another host answers 404). */
export function byHost(servers: Record<string, Handler>): Handler {
  return async (request) => (servers[new URL(request.url).host] ?? (async () => json({ error: "no such host" }, 404)))(request);
}

/** The adapters' fetch, answered by a stand-in (unit tests). */
export function fetchFrom(handler: Handler): (url: string, init: RequestInit) => Promise<Response> {
  return (url, init) => handler(new Request(url, init));
}
