/**
 * Orders of the SDK's productions.orders API over the marketplace (decision 0064): the item kinds and the task kind
 * each becomes, the quote of an item from its media's measured duration (decision 0047's rule), the order's state
 * as the SDK names it, and the brief a producer reads.
 */
import { DUBBING_LANGUAGES, dubbingLanguage, dubbingLanguageName } from "../../../core/dubbing/dub-rules";
import { MAX_DELIVERABLE_BYTES, MAX_TITLE_CHARS, quoteFor, type ProductionKind, type Quote } from "./productions";

export const ORDER_ITEM_KINDS = ["dub", "subtitles", "transcription"] as const;
export type OrderItemKind = (typeof ORDER_ITEM_KINDS)[number];

/** The marketplace task an item becomes: subtitles and transcriptions are transcript work (timed text checked by a person). */
export const TASK_KIND_OF: Record<OrderItemKind, ProductionKind> = { dub: "dub", subtitles: "transcript", transcription: "transcript" };

export const ORDER_ITEM_LABELS: Record<OrderItemKind, string> = { dub: "Dub", subtitles: "Subtitles", transcription: "Transcription" };

/** The states an order takes here, a subset of the SDK's OrderState: open, submitted (tasks in the marketplace), done. */
export const ORDER_STATES = ["open", "submitted", "done"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const ORDER_NAME_MAX = MAX_TITLE_CHARS;
export const DEFAULT_ORDER_NAME = "Untitled order";
export const MAX_ORDER_ITEMS = 20;
export const MAX_ORDER_MEDIA = 50;
export const MAX_ORDER_MEDIA_BYTES = MAX_DELIVERABLE_BYTES;
export const MAX_ITEM_LANGUAGES = 20;
/** Below the request's own limit, leaving room for the brief's generated lines. */
export const MAX_ITEM_INSTRUCTIONS = 3000;
/** How long a signed download URL (media, deliverables) stays valid. */
export const DOWNLOAD_URL_SECONDS = 3600;

export type DubItem = {
  kind: "dub";
  media_id: string;
  source_language: string;
  destination_languages: string[];
  include_captions: boolean;
  include_source_captions: boolean;
  instructions?: string | null;
  captions_sdh?: boolean | null;
};
export type CueOptions = Partial<Record<"min_duration_ms" | "max_duration_ms" | "max_lines_per_cue" | "max_chars_per_line" | "max_chars_per_s" | "min_gap_between_cues_frames", number>>;
export type SubtitlesItem = {
  kind: "subtitles";
  media_ids: string[];
  source_language: string;
  destination_languages: string[];
  cue_options?: CueOptions | null;
  sdh?: boolean | null;
  instructions?: string | null;
};
export type TranscriptionItem = { kind: "transcription"; media_ids: string[]; source_language: string; verbatim?: boolean | null; instructions?: string | null };
export type OrderItem = DubItem | SubtitlesItem | TranscriptionItem;

/** The language codes orders accept: the platform's language catalogue (dubbing's), by base code. */
export const ORDER_LANGUAGES = DUBBING_LANGUAGES;

/** A language as a client sends it ("fr-FR", "FR") as the catalogue's code, or null when unknown. */
export const orderLanguage = dubbingLanguage;

export function itemMediaIds(item: OrderItem): string[] {
  return item.kind === "dub" ? [item.media_id] : [...new Set(item.media_ids)];
}

/** The languages an item delivers in: each is a pass of a person's work (at least one). */
export function deliveredLanguages(item: OrderItem): number {
  return item.kind === "transcription" ? 1 : Math.max(1, new Set(item.destination_languages).size);
}

/**
 * The quote of an item (decision 0064): decision 0047's rule for its task kind, over the billable minutes, which are
 * the whole minutes of its media (rounded up over their summed durations) times the languages it delivers in.
 */
export function itemQuote(item: OrderItem, mediaSeconds: number[]): Quote & { mediaMinutes: number } {
  const mediaMinutes = Math.max(1, Math.ceil(mediaSeconds.reduce((sum, s) => sum + s, 0) / 60));
  return { ...quoteFor(TASK_KIND_OF[item.kind], mediaMinutes * deliveredLanguages(item)), mediaMinutes };
}

/** Cents as the SDK's amount_usd (dollars). */
export const usd = (cents: number) => Math.round(cents) / 100;

/** The SDK's state of an order: a submitted order whose tasks are all accepted is done. */
export function orderState(stored: string, taskStates: readonly string[]): OrderState {
  if (stored === "open") return "open";
  return taskStates.length > 0 && taskStates.every((s) => s === "accepted") ? "done" : "submitted";
}

/** Seconds since the epoch as the ISO time the SDK parses. */
export const isoTime = (seconds: number) => new Date(seconds * 1000).toISOString();

const languageLabel = (code: string) => `${dubbingLanguageName(orderLanguage(code) ?? code)} (${code})`;
const languageList = (codes: readonly string[]) => codes.map(languageLabel).join(", ");

/** What a producer reads as the request's brief: the item's work in words, then the customer's own instructions. */
export function itemBrief(item: OrderItem, media: { name: string; durationSeconds: number }[]): string {
  const lines: string[] = [];
  const source = languageLabel(item.source_language);
  if (item.kind === "dub") {
    lines.push(`Dub from ${source} into ${languageList(item.destination_languages)}.`);
    if (item.include_captions) lines.push(`Include captions in each dubbed language${item.captions_sdh ? " (SDH: with sound descriptions)" : ""}.`);
    if (item.include_source_captions) lines.push("Include captions in the source language.");
  } else if (item.kind === "subtitles") {
    lines.push(item.destination_languages.length ? `Subtitles of ${source} speech in ${languageList(item.destination_languages)}.` : `Subtitles in ${source}.`);
    if (item.sdh) lines.push("SDH: include sound descriptions and speaker identification.");
    const cues = Object.entries(item.cue_options ?? {}).filter(([, v]) => v !== undefined && v !== null);
    if (cues.length) lines.push(`Cue limits: ${cues.map(([k, v]) => `${k.replaceAll("_", " ")} ${v}`).join(", ")}.`);
  } else {
    lines.push(`${item.verbatim ? "Verbatim transcript" : "Clean transcript"} of ${source} speech.`);
  }
  lines.push(`Media: ${media.map((m) => `${m.name} (${Math.round(m.durationSeconds)} s)`).join(", ")}.`);
  if (item.instructions?.trim()) lines.push("", item.instructions.trim());
  return lines.join("\n");
}

/** The language a request is filed under: the source language of the item. */
export const itemLanguage = (item: OrderItem) => item.source_language;
