// Dubbing's constants and pure rules (decision 0036): languages, plan limits, the charge, the API's JSON.
import { standardTierFor, type StandardTier, type Tier } from "../billing/plans";
import { engineLanguage, ENGINE_LANGUAGE_CATALOGUE } from "../voices/engine-languages";
import type { EngineCatalog } from "../engines/capabilities";
import { ruleBasedCovers } from "../translation/rule-based";
import { detectLanguage } from "../transcription/detect-language";

/**
 * The languages dubbing knows by code (spec §9: the 29 core languages plus Hungarian, Norwegian, Vietnamese, then
 * every other language the embedded speech engine speaks, decision 0059). A code outside this list is refused as
 * unknown; a known one the engines cannot hear, translate or speak is refused as unsupported, with the reason.
 */
const CORE_DUBBING_LANGUAGES: readonly { code: string; name: string }[] = [
  { code: "en", name: "English" }, { code: "hi", name: "Hindi" }, { code: "pt", name: "Portuguese" }, { code: "zh", name: "Chinese" },
  { code: "es", name: "Spanish" }, { code: "fr", name: "French" }, { code: "de", name: "German" }, { code: "ja", name: "Japanese" },
  { code: "ar", name: "Arabic" }, { code: "ru", name: "Russian" }, { code: "ko", name: "Korean" }, { code: "id", name: "Indonesian" },
  { code: "it", name: "Italian" }, { code: "nl", name: "Dutch" }, { code: "tr", name: "Turkish" }, { code: "pl", name: "Polish" },
  { code: "sv", name: "Swedish" }, { code: "fil", name: "Filipino" }, { code: "ms", name: "Malay" }, { code: "ro", name: "Romanian" },
  { code: "uk", name: "Ukrainian" }, { code: "el", name: "Greek" }, { code: "cs", name: "Czech" }, { code: "da", name: "Danish" },
  { code: "fi", name: "Finnish" }, { code: "bg", name: "Bulgarian" }, { code: "hr", name: "Croatian" }, { code: "sk", name: "Slovak" },
  { code: "ta", name: "Tamil" }, { code: "hu", name: "Hungarian" }, { code: "no", name: "Norwegian" }, { code: "vi", name: "Vietnamese" },
];
export const DUBBING_LANGUAGES: readonly { code: string; name: string }[] = [
  ...CORE_DUBBING_LANGUAGES,
  ...ENGINE_LANGUAGE_CATALOGUE.filter((l) => !CORE_DUBBING_LANGUAGES.some((c) => c.code === l.code)).map((l) => ({ code: l.code, name: l.name })),
];

/** "auto": the source language is detected (decision 0052: the recogniser's own answer, else the transcript's words). */
export const AUTO_SOURCE = "auto";

/** What the pages say about automatic detection. */
export const AUTO_SOURCE_NOTICE =
  "Automatic detection takes the language the speech-to-text engine reports (a Whisper-compatible engine says which it heard); when the engine does not say, the transcript is matched against each language's writing system, most frequent words and letters. The embedded recogniser (PocketSphinx) hears English only, so with it the source is English.";

/** How a dub's source language reads on its pages: a detected one says so; one not yet detected says that. */
export function sourceLanguageLabel(sourceLang: string, autoSource: boolean): string {
  if (sourceLang === AUTO_SOURCE) return "Language to be detected";
  return autoSource ? `${dubbingLanguageName(sourceLang)} (detected)` : dubbingLanguageName(sourceLang);
}

/**
 * The source language of a dub with source_lang 'auto': the engine's report (a code, or Whisper's English name
 * such as "spanish") when it names a language dubbing knows, else the detector over the transcript, else English
 * (the embedded recogniser's language). `by` says which answered (shown on the dub).
 */
export function detectedSource(reported: string | null, transcript: string): { language: string; by: "engine" | "transcript" | "default" } {
  const named = reported ? (dubbingLanguage(reported) ?? DUBBING_LANGUAGES.find((l) => l.name.toLowerCase() === reported.trim().toLowerCase())?.code ?? null) : null;
  if (named) return { language: named, by: "engine" };
  const detected = detectLanguage(transcript, DUBBING_LANGUAGES.map((l) => l.code));
  if (detected) return { language: detected.language, by: "transcript" };
  return { language: "en", by: "default" };
}

/** A language code as a client sends it ("es", "es-ES", "ES") reduced to the catalogue's code, or null when unknown. */
export function dubbingLanguage(code: string): string | null {
  const base = code.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return DUBBING_LANGUAGES.some((l) => l.code === base) ? base : null;
}

export function dubbingLanguageName(code: string): string {
  return DUBBING_LANGUAGES.find((l) => l.code === code)?.name ?? code;
}

/** Languages the embedded speech engine speaks (each one's dictionary read on first use, decision 0059), so a dub can be voiced in them. */
export function speakable(code: string): boolean {
  return engineLanguage(code) !== undefined;
}

/** Credits per minute of dubbed media, per target language (the commercial API's rate without a watermark). */
export const DUBBING_CREDITS_PER_MINUTE = 3000;

/** By the second, rounded up, at least one. */
export function dubbingCredits(seconds: number): number {
  return Math.max(1, Math.ceil((seconds * DUBBING_CREDITS_PER_MINUTE) / 60));
}

/**
 * The longest media (after start_time/end_time) one dub may take, by plan. The pipeline runs in one queue
 * delivery: the embedded recogniser takes about a fifth of real time, so these stay well inside its limits.
 */
export const MAX_DUBBING_SECONDS: Record<StandardTier, number> = {
  free: 60,
  starter: 300,
  creator: 600,
  pro: 900,
  growing_business: 1200,
  scale_2024_08_10: 1200,
};

export function maxDubbingSeconds(tier: Tier): number {
  return MAX_DUBBING_SECONDS[standardTierFor(tier)];
}

/** The dubbing studio (editable dubs: segments, translations, re-dub one segment) starts with Starter (spec billing). */
export function canUseDubbingStudio(tier: Tier): boolean {
  return standardTierFor(tier) !== "free";
}

export const MAX_DUBBING_UPLOAD_BYTES = 200 * 1000 * 1000;
export const MAX_SPEAKERS = 9;

/** Deliveries of one dub's job before it is marked failed and refunded (wrangler.toml max_retries + 1). */
export const DUB_DELIVERIES = 3;

/** The dubbing-jobs queue's message: one dub to run, consumed by queues/dubbing. */
export type DubbingMessage = { version: 1; workspaceId: string; dubId: string };

export type DubStatus = "dubbing" | "dubbed" | "failed";
export const DUB_STATUSES: readonly DubStatus[] = ["dubbing", "dubbed", "failed"];

/** The pipeline's steps in order, each with the share of the progress bar it ends at and what the page says. */
export const DUB_STEPS = [
  { step: "decode", until: 0.08, message: "Reading the upload" },
  { step: "separate", until: 0.2, message: "Separating speech from background" },
  { step: "segment", until: 0.25, message: "Finding speech segments" },
  { step: "transcribe", until: 0.45, message: "Transcribing" },
  { step: "speakers", until: 0.5, message: "Grouping speakers" },
  { step: "translate", until: 0.55, message: "Translating" },
  { step: "synthesize", until: 0.85, message: "Speaking the translation" },
  { step: "mix", until: 1, message: "Mixing and encoding" },
] as const;
export type DubStep = (typeof DUB_STEPS)[number]["step"];

export function stepProgress(step: DubStep): { progress: number; message: string } {
  const index = DUB_STEPS.findIndex((s) => s.step === step);
  return { progress: index === 0 ? 0 : DUB_STEPS[index - 1]!.until, message: DUB_STEPS[index]!.message };
}

/** One line of a dub as stored: its time, speaker, source text and per target language its translation. */
/** `stale`: the target languages whose dubbed line no longer matches the segment (edited since it was spoken). */
export type DubSegment = { id: string; start: number; end: number; speakerId: string; text: string; translations: Record<string, string>; unknownWords?: string[]; stale?: string[] };
/** `voiceId`: a workspace voice the person picked in the studio in place of the matched one (decision 0048). */
export type DubSpeaker = { id: string; name: string; voice: { variant: string; basePitch: number; baseRange: number; rate: number }; pitchHz: number | null; voiceId?: string; voiceName?: string };
/** Per target language, what the pipeline wrote to R2. */
export type DubOutput = { audioKey: string; audioBytes: number; contentType: string; videoKey: string | null; videoBytes: number; videoContentType: string | null; linesKey: string; backgroundKey: string | null; lineDurations: { id: string; segment: number; line: number }[] };

/** The subtitle formats of GET /v1/dubbing/{id}/transcript/{language_code}. */
export const TRANSCRIPT_FORMATS = ["srt", "webvtt"] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

/** A dub's R2 prefix: everything of one dub under it, removed together. */
export function dubMediaPrefix(workspaceId: string, dubId: string): string {
  return `dubs/${workspaceId}/${dubId}/`;
}

/** The name a dub gets when none is given: the file's name without its extension. */
export function defaultDubName(fileName: string | null): string {
  const base = (fileName ?? "").replace(/\.[^.]+$/, "").trim();
  return base || "Untitled dub";
}

/** The file name in a URL's path (a dub from source_url is named after it), or null. */
export function urlFileName(url: string): string | null {
  try {
    const last = new URL(url).pathname.split("/").filter(Boolean).at(-1);
    return last ? decodeURIComponent(last) : null;
  } catch {
    return null;
  }
}

/** The expected run time the API returns at creation: about half the media's length for the embedded engines. */
export function expectedDurationSeconds(mediaSeconds: number): number {
  return Math.round(Math.max(5, mediaSeconds * 0.5) * 10) / 10;
}

/** The subtitle lines of a dub in one language: the source text ("source" or the source's code) or a translation. */
export function subtitleLines(segments: DubSegment[], language: string, sourceLang: string): { startSeconds: number; endSeconds: number; text: string; speakerId: string }[] | null {
  const isSource = language === "source" || language === sourceLang;
  if (!isSource && !segments.some((s) => s.translations[language] !== undefined)) return null;
  return segments.map((s) => ({ startSeconds: s.start, endSeconds: s.end, speakerId: s.speakerId, text: isSource ? s.text : (s.translations[language] ?? "") }));
}

/** Whether only the embedded recogniser (PocketSphinx, English) is configured. */
export function hearsOnlyEnglish(capabilities: EngineCatalog["capabilities"]): boolean {
  return !capabilities["speech-to-text"].some((p) => p.provider !== "embedded");
}

/** Why the target cannot be spoken, or null. */
export function speakProblem(target: string): string | null {
  return speakable(target) ? null : `The embedded speech engine does not speak ${dubbingLanguageName(target)}.`;
}

/** Whether the deployment's engines can hear the source, translate the pair and speak the target; the reason when not. */
export function pairProblem(capabilities: EngineCatalog["capabilities"], source: string, target: string): string | null {
  const hearsSource = source === "en" || !hearsOnlyEnglish(capabilities);
  if (!hearsSource) return `The embedded speech-to-text engine (PocketSphinx) hears English only; dubbing from ${dubbingLanguageName(source)} needs a neural provider (docs/engines.md).`;
  const translates = capabilities.translation.some((p) => (p.provider === "embedded" ? ruleBasedCovers(source, target) : true));
  if (!translates) return `No translation engine on this deployment covers ${dubbingLanguageName(source)} to ${dubbingLanguageName(target)}: the embedded translator has English to Spanish; configure LibreTranslate or Workers AI for more (docs/engines.md).`;
  return speakProblem(target);
}

/** What the public /dubbing page says the built-in engines are (honestly: what runs when nothing else is configured). */
export const DUBBING_ENGINE_NOTICE =
  "With the built-in engines, speech is separated from the background by RNNoise, heard by PocketSphinx (English), translated by a rule-based English to Spanish translator and spoken by the formant synthesiser (which speaks about a hundred languages), so a dub sounds robotic and goes into Spanish only; a deployment that configures a translation engine (LibreTranslate or Workers AI) dubs into every language the synthesiser speaks, and a neural speech-to-text, translation or cloning provider is used instead of the built-in one.";

/** What the new-dub dialog says of the target languages it cannot offer on this deployment. */
export function untranslatableTargetsNotice(count: number): string {
  return `${count} more languages the speech engine speaks need a translation engine this deployment has not configured: the built-in translator does English to Spanish only; LibreTranslate or Workers AI (docs/engines.md) adds them.`;
}

/** The public page's short account of what a dub does, in the pipeline's order. */
export const DUBBING_HOW_IT_WORKS: readonly { title: string; text: string }[] = [
  { title: "Upload or link", text: "A video (MP4, WebM) or a recording (MP3, WAV, FLAC, Ogg, M4A and more), uploaded or fetched from a public URL." },
  { title: "Separate and transcribe", text: "The voices are taken apart from the background sound, cut into lines and transcribed; each line keeps its start and end." },
  { title: "Speakers", text: "Lines are grouped by speaker from their voice, and each speaker gets a voice like their own (or one you pick)." },
  { title: "Translate and speak", text: "Each line is translated and spoken in the target language, fitted to its original duration by rate, then time-stretching." },
  { title: "Mix and remux", text: "The new voices go over the kept background; a video gets its new sound track with the picture untouched (no re-encoding)." },
];

/** Names as a short list: all of up to four, else the first three and how many more. */
function shortList(names: readonly string[]): string {
  if (names.length <= 4) return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
  return `${names.slice(0, 3).join(", ")} and ${names.length - 3} more`;
}

/**
 * The dubbing page's banner of what a dub is for (the spec's prompts_shown.dubbing_use_cases_banner; decision 0067):
 * shown until the user closes it, and saying only what this platform does, with the languages this deployment's
 * engines hear and reach and the editor's plan rule for the viewer's workspace.
 */
export function dubbingUseCases(languages: { sources: readonly string[]; targets: readonly string[] }, studio: boolean): { title: string; uses: readonly string[]; languages: string } {
  return {
    title: "What you can dub here",
    uses: [
      "Interviews, lessons, talks and product videos in another language: each speaker in a voice like their own, the background sound kept, every line timed to the original.",
      "Subtitles of the original and the translation, as SRT or WebVTT.",
      studio ? "A line that needs fixing: edit its translation in the dub's editor and re-dub that line alone." : "A line that needs fixing: from the Starter plan, edit its translation in the dub's editor and re-dub that line alone.",
      "Dubs from your own code: POST /v1/dubbing, as the official SDK calls it.",
    ],
    languages: languages.targets.length ? `On this site: from ${shortList(languages.sources)} into ${shortList(languages.targets)}.` : "This site has no language to dub into yet: its operator adds one with a translation engine.",
  };
}
