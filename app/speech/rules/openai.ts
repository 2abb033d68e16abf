/**
 * The OpenAI-compatible surface (/v1/audio/*, decision 0027): how OpenAI's model and voice names, response
 * formats, speed and instructions reach our engine, and how our refusals read in OpenAI's error shape. Pure;
 * the routes are app/speech/openai-api.ts.
 */
import type { OutputFormat } from "../../../core/audio/output-formats";

/** OpenAI's speech models. All are served by the deployment's default model: none is pretended to be better. */
export const OPENAI_SPEECH_MODELS = ["tts-1", "tts-1-hd", "gpt-4o-mini-tts"] as const;

/** Whether a model name is one of OpenAI's (dated snapshots such as gpt-4o-mini-tts-2025-12-15 included). */
export function isOpenAiSpeechModel(model: string): boolean {
  return OPENAI_SPEECH_MODELS.some((m) => model === m || model.startsWith(`${m}-20`));
}

/** Only gpt-4o-mini-tts takes `instructions` at OpenAI; tts-1 and tts-1-hd ignore them, and so do we. */
export function takesInstructions(model: string): boolean {
  return model.startsWith("gpt-4o-mini-tts");
}

/**
 * OpenAI's standard voices and the premade voice each speaks as by default, chosen by gender and character
 * from OpenAI's descriptions. Only English premade voices are used: OpenAI clients send text without a
 * language, and a German or French voice would read English with its own language's rules. A workspace can
 * point any name at another voice (PUT /v1/openai/voices/{name}).
 */
export const OPENAI_VOICES = {
  alloy: { voiceId: "pv01aria000000000000", character: "neutral and balanced", gender: "female" },
  ash: { voiceId: "pv02roger00000000000", character: "warm and clear", gender: "male" },
  ballad: { voiceId: "pv04george0000000000", character: "soft and expressive, British", gender: "male" },
  coral: { voiceId: "pv01aria000000000000", character: "warm and friendly", gender: "female" },
  echo: { voiceId: "pv02roger00000000000", character: "even and calm", gender: "male" },
  fable: { voiceId: "pv04george0000000000", character: "a British storyteller", gender: "male" },
  nova: { voiceId: "pv01aria000000000000", character: "bright and young", gender: "female" },
  onyx: { voiceId: "pv04george0000000000", character: "deep and low", gender: "male" },
  sage: { voiceId: "pv03alice00000000000", character: "calm and measured", gender: "female" },
  shimmer: { voiceId: "pv03alice00000000000", character: "clear and confident", gender: "female" },
  verse: { voiceId: "pv02roger00000000000", character: "versatile, conversational", gender: "male" },
  marin: { voiceId: "pv03alice00000000000", character: "natural and composed", gender: "female" },
  cedar: { voiceId: "pv02roger00000000000", character: "natural and grounded", gender: "male" },
} as const satisfies Record<string, { voiceId: string; character: string; gender: "female" | "male" }>;
export type OpenAiVoiceName = keyof typeof OPENAI_VOICES;
export const OPENAI_VOICE_NAMES = Object.keys(OPENAI_VOICES) as OpenAiVoiceName[];

export function isOpenAiVoiceName(name: string): name is OpenAiVoiceName {
  return Object.hasOwn(OPENAI_VOICES, name);
}

/**
 * The voice id a request's `voice` means: a standard name through the workspace's mapping (its own choice, else
 * the default table), anything else as one of the platform's voice ids.
 */
export function voiceIdFor(voice: string, overrides: Partial<Record<OpenAiVoiceName, string>>): string {
  const name = voice.toLowerCase();
  if (!isOpenAiVoiceName(name)) return voice;
  return overrides[name] ?? OPENAI_VOICES[name].voiceId;
}

/**
 * OpenAI's response formats. Each is made from one of our output formats: mp3, opus and pcm directly; wav and
 * flac wrap the 24 kHz PCM (flac by core/audio/flac.ts). AAC has no encoder here (no AAC encoder runs in a
 * worker, and the codec's patents make us not write one): it is refused with a clear 400.
 */
export const OPENAI_RESPONSE_FORMATS = ["mp3", "opus", "aac", "flac", "wav", "pcm"] as const;
export type OpenAiResponseFormat = (typeof OPENAI_RESPONSE_FORMATS)[number];
export type OpenAiFormatSpec = { source: OutputFormat; container: "raw" | "wav" | "flac"; contentType: string };
export const OPENAI_FORMAT_SPECS: Record<Exclude<OpenAiResponseFormat, "aac">, OpenAiFormatSpec> = {
  mp3: { source: "mp3_44100_128", container: "raw", contentType: "audio/mpeg" },
  // Ogg Opus (RFC 7845), as OpenAI's opus is.
  opus: { source: "opus_48000_64", container: "raw", contentType: "audio/ogg" },
  flac: { source: "pcm_24000", container: "flac", contentType: "audio/flac" },
  wav: { source: "pcm_24000", container: "wav", contentType: "audio/wav" },
  // 24 kHz, 16-bit signed little-endian mono, as OpenAI's pcm is.
  pcm: { source: "pcm_24000", container: "raw", contentType: "audio/pcm" },
};
export const AAC_REFUSAL =
  "response_format 'aac' is not supported by this server: no AAC encoder runs inside it. Use mp3, opus, flac, wav or pcm.";

/** OpenAI's speed range, and espeak-ng's speaking rate: 175 words a minute at speed 1, from 80 to 450 (its limits). */
export const OPENAI_SPEED_RANGE = { min: 0.25, max: 4, default: 1 } as const;
export const ENGINE_RATE = { normal: 175, min: 80, max: 450 } as const;

/** The engine rate a speed asks for, clamped to what espeak-ng can do, and the speed that rate really is. */
export function rateForSpeed(speed: number): { rate: number; effectiveSpeed: number } {
  const rate = Math.round(Math.min(ENGINE_RATE.max, Math.max(ENGINE_RATE.min, ENGINE_RATE.normal * speed)));
  return { rate, effectiveSpeed: Math.round((rate / ENGINE_RATE.normal) * 100) / 100 };
}

/**
 * What gpt-4o-mini-tts's free-text `instructions` can change in a formant synthesizer: pace, pitch and pitch
 * range (expressiveness). Each cue is a keyword; emotions, accents, whispering or a persona have no counterpart
 * and change nothing. The applied cues are reported in the response's `x-instructions-applied` header.
 */
const CUES: { cue: string; words: RegExp; pace?: number; pitch?: number; range?: number }[] = [
  { cue: "pace:slower", words: /\b(slow(ly|er)?|unhurried|leisurely|measured|deliberate(ly)?)\b/i, pace: 0.85 },
  { cue: "pace:faster", words: /\b(fast(er)?|quick(ly|er)?|rapid(ly)?|hurried(ly)?|brisk(ly)?|urgent(ly)?)\b/i, pace: 1.15 },
  { cue: "pitch:higher", words: /\b(high(er)?([- ]pitched)?|squeaky|childlike)\b/i, pitch: 12 },
  { cue: "pitch:lower", words: /\b(low(er)?([- ]pitched)?|deep(er)?|gravelly|bass)\b/i, pitch: -12 },
  { cue: "range:wider", words: /\b(expressive(ly)?|lively|animated|enthusiastic(ally)?|excited(ly)?|cheerful(ly)?|dramatic(ally)?|energetic(ally)?|emotional(ly)?)\b/i, range: 25 },
  { cue: "range:narrower", words: /\b(monotone|flat(ly)?|robotic|calm(ly)?|neutral(ly)?|soothing(ly)?|serious(ly)?|deadpan)\b/i, range: -25 },
];

export type Prosody = { pace: number; pitchShift: number; rangeShift: number; applied: string[] };

export function prosodyFromInstructions(instructions: string | undefined): Prosody {
  const prosody: Prosody = { pace: 1, pitchShift: 0, rangeShift: 0, applied: [] };
  if (!instructions) return prosody;
  for (const c of CUES) {
    if (!c.words.test(instructions)) continue;
    prosody.pace *= c.pace ?? 1;
    prosody.pitchShift += c.pitch ?? 0;
    prosody.rangeShift += c.range ?? 0;
    prosody.applied.push(c.cue);
  }
  return prosody;
}

/** The engine parameters after an OpenAI request's speed and instructions: rate from the speed, pitch and range shifted. */
export function applyOpenAiProsody(
  params: { rate: number; pitch: number; range: number },
  request: { speed: number; pitchShift: number; rangeShift: number },
): { rate: number; pitch: number; range: number } {
  const clamp = (v: number) => Math.round(Math.min(100, Math.max(0, v)));
  return { rate: rateForSpeed(request.speed).rate, pitch: clamp(params.pitch + request.pitchShift), range: clamp(params.range + request.rangeShift) };
}

/** OpenAI's error body. */
export type OpenAiError = { error: { message: string; type: string; code: string | null; param: string | null } };

/**
 * Our refusals in OpenAI's shape and statuses, so OpenAI's SDK raises the typed error it would raise at OpenAI
 * (BadRequestError for 400, NotFoundError for 404, RateLimitError for 429...). Statuses that differ from the
 * ElevenLabs-shaped routes: a validation failure is 400 (not 422), an unknown model is 404 (not 400), and an
 * exhausted quota is 429 insufficient_quota (not 401).
 */
const REMAPPED: Record<string, { status: number; type: string; param?: string }> = {
  model_not_found: { status: 404, type: "invalid_request_error", param: "model" },
  voice_not_found: { status: 404, type: "invalid_request_error", param: "voice" },
  voice_blocked: { status: 403, type: "permission_error", param: "voice" },
  // The message names the voice's check (/v1/voices/{voice_id}/captcha).
  voice_captcha_required: { status: 403, type: "permission_error", param: "voice" },
  max_character_limit_exceeded: { status: 400, type: "invalid_request_error", param: "input" },
  quota_exceeded: { status: 429, type: "insufficient_quota" },
  payment_required: { status: 402, type: "insufficient_quota" },
  too_many_concurrent_requests: { status: 429, type: "rate_limit_exceeded" },
  invalid_api_key: { status: 401, type: "invalid_request_error" },
};

function typeForStatus(status: number): string {
  if (status >= 500) return "server_error";
  if (status === 403) return "permission_error";
  if (status === 429) return "rate_limit_exceeded";
  return "invalid_request_error";
}

/** A platform refusal ({detail:{status,message}}) as OpenAI's error. */
export function openAiRefusal(httpStatus: number, code: string, message: string): { status: number; body: OpenAiError } {
  const mapped = REMAPPED[code];
  return {
    status: mapped?.status ?? httpStatus,
    body: { error: { message, type: mapped?.type ?? typeForStatus(httpStatus), code, param: mapped?.param ?? null } },
  };
}

/** A validation failure (FastAPI-style issues) as OpenAI's 400, naming the first bad parameter. */
export function openAiValidation(issues: { loc: (string | number)[]; msg: string; type: string }[]): { status: 400; body: OpenAiError } {
  const first = issues[0];
  const param = first ? first.loc.slice(1).join(".") || null : null;
  const message = issues.map((i) => `${i.loc.slice(1).join(".") || i.loc[0]}: ${i.msg}`).join("; ") || "Invalid request.";
  return { status: 400, body: { error: { message, type: "invalid_request_error", code: "invalid_value", param } } };
}

/** Transcription needs a speech-to-text engine; this deployment has none configured. */
export const NO_SPEECH_TO_TEXT = {
  status: 501,
  code: "speech_to_text_unavailable",
  message:
    "No speech-to-text engine is configured on this server, so it cannot transcribe or translate audio. The embedded engine only synthesizes speech.",
} as const;

/** Speech translation (to English) is not wired to any engine yet, whatever the deployment configures. */
/** OpenAI's transcription response formats, and the largest file it takes (25 MB). */
export const TRANSCRIPTION_FORMATS = ["json", "text", "srt", "verbose_json", "vtt"] as const;
export type TranscriptionFormat = (typeof TRANSCRIPTION_FORMATS)[number];
export const TRANSCRIPTION_MAX_BYTES = 25 * 1024 * 1024;

export type TranscriptWord = { text: string; startMs: number; endMs: number };
export type TranscriptSegment = { id: number; start: number; end: number; text: string };

/**
 * Segments from the engine's word timings: a segment ends after a sentence's last word, before a pause of a
 * second or more, or at 12 words. Without timings the whole text is one segment over the whole duration.
 */
export function transcriptSegments(text: string, words: readonly TranscriptWord[], durationMs: number | null): TranscriptSegment[] {
  if (!words.length) return text ? [{ id: 0, start: 0, end: (durationMs ?? 0) / 1000, text }] : [];
  const segments: TranscriptSegment[] = [];
  let current: TranscriptWord[] = [];
  const close = () => {
    if (!current.length) return;
    segments.push({ id: segments.length, start: current[0]!.startMs / 1000, end: current.at(-1)!.endMs / 1000, text: current.map((w) => w.text.trim()).join(" ") });
    current = [];
  };
  words.forEach((word, i) => {
    current.push(word);
    const next = words[i + 1];
    if (/[.!?]["')\]]?$/.test(word.text.trim()) || current.length >= 12 || (next && next.startMs - word.endMs >= 1000)) close();
  });
  close();
  return segments;
}

function timestamp(seconds: number, separator: "," | "."): string {
  const ms = Math.round(seconds * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}${separator}${pad(ms % 1000, 3)}`;
}

/** SubRip subtitles of the segments. */
export function srtOf(segments: readonly TranscriptSegment[]): string {
  return segments.map((s, i) => `${i + 1}\n${timestamp(s.start, ",")} --> ${timestamp(s.end, ",")}\n${s.text}\n`).join("\n");
}

/** WebVTT subtitles of the segments. */
export function vttOf(segments: readonly TranscriptSegment[]): string {
  return `WEBVTT\n\n${segments.map((s) => `${timestamp(s.start, ".")} --> ${timestamp(s.end, ".")}\n${s.text}\n`).join("\n")}`;
}
