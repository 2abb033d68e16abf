// Studio's rules and constants (spec request layer §3, §4, §8; accounts §9): the one source the API, the queue
// consumer and the pages read.
import { newVoiceId } from "../voices/voice-rules";
import { standardTierFor, type StandardTier, type Tier } from "../billing/plans";

/** Project and chapter state default (spec §4); 'converting' and 'in_queue' while a conversion runs. */
export const DEFAULT_STATE = "default";
export const PROJECT_STATES = ["creating", "default", "converting", "in_queue"] as const;
export const TARGET_AUDIENCES = ["children", "young adult", "adult", "all ages"] as const;
export const DEFAULT_TARGET_AUDIENCE = "all ages";
export const QUALITY_PRESETS = ["standard", "high", "ultra", "ultra_lossless"] as const;
export type QualityPreset = (typeof QUALITY_PRESETS)[number];
export const DEFAULT_QUALITY_PRESET: QualityPreset = "standard";
export const BLOCK_SUB_TYPES = ["p", "h1", "h2", "h3"] as const;
export type BlockSubType = (typeof BLOCK_SUB_TYPES)[number];

/**
 * The MP3 each quality preset converts to (the SDK documents 128 kbps for standard and 192 kbps for the others,
 * all at 44.1 kHz; ultra_lossless has no lossless codec here, so it is the best MP3: decision 0033).
 */
export const QUALITY_OUTPUT_FORMAT: Record<QualityPreset, "mp3_44100_128" | "mp3_44100_192"> = {
  standard: "mp3_44100_128",
  high: "mp3_44100_192",
  ultra: "mp3_44100_192",
  ultra_lossless: "mp3_44100_192",
};

/**
 * ACX's audio submission requirements (the common audiobook-store rules) that acx_volume_normalization applies to
 * every chapter: RMS between -23 and -18 dB (aimed at the middle), peaks at or below -3 dB (held at -4 dB, leaving
 * room for the MP3 encoder's overshoot), a noise floor at or below -60 dB, 0.5 to 1 s of room tone before and 1 to
 * 5 s after, and 192 kbps constant-bitrate MP3 at 44.1 kHz whatever the quality preset (decision 0049).
 */
export const ACX = {
  rmsDb: { min: -23, max: -18 },
  peakMaxDb: -3,
  noiseFloorMaxDb: -60,
  target: { rmsDb: -20.5, peakCeilingDb: -4, gateBelowDb: -50 },
  leadSeconds: 0.75,
  tailSeconds: 2,
  outputFormat: "mp3_44100_192",
} as const;

/** Whether a project's chapters are normalised: acx_volume_normalization, or volume_normalization, which the SDK documents as its successor. */
export function normalisesLoudness(project: { acxVolumeNormalization: boolean; volumeNormalization: boolean }): boolean {
  return project.acxVolumeNormalization || project.volumeNormalization;
}

/** A preset as the settings show it: its MP3 bitrate and sample rate, read from QUALITY_OUTPUT_FORMAT. */
export function qualityPresetLabel(preset: QualityPreset): string {
  const [, rate, kbps] = QUALITY_OUTPUT_FORMAT[preset].split("_");
  const name = preset.replace("_", " ");
  return `${name[0]!.toUpperCase()}${name.slice(1)}: MP3 ${kbps} kbps, ${Number(rate) / 1000} kHz`;
}

/** Spec §8, word for word. */
export const LIVE_MODERATION_REFUSAL = "Live moderation voices are not available in Studio";
export const PROJECTS_API_REFUSAL = "Your subscription does not allow the use of the Studio (projects) API. Upgrade to the Starter plan or above.";
export const EMPTY_CHAPTER_REFUSAL = "This chapter has no text to convert.";

/** allowed_to_use_projects_api (accounts §9 "Studio by plan"): the API from Starter up, the pages on every plan (decision 0033). */
export function allowedToUseProjectsApi(tier: Tier): boolean {
  return tier !== "free";
}

/** Projects a workspace may hold, derived from its tier (decision 0033). */
export const PROJECT_LIMIT: Record<StandardTier, number> = {
  free: 3,
  starter: 20,
  creator: 100,
  pro: 500,
  growing_business: 1000,
  scale_2024_08_10: 1000,
};

export function projectLimit(tier: Tier): number {
  return PROJECT_LIMIT[standardTierFor(tier)];
}

export function projectLimitRefusal(limit: number): string {
  return `Your plan allows ${limit} Studio projects. Delete a project or upgrade your plan to create more.`;
}

/** A node of text spoken by one voice. */
export type TtsNode = { type: "tts_node"; voice_id: string; text: string };
export type ContentBlock = { sub_type: BlockSubType; nodes: TtsNode[]; block_id?: string | null };
export type ContentChapter = { name: string; blocks: ContentBlock[] };

/** A block's characters: what converting it costs (each character once). */
export function blockCharacters(nodes: readonly TtsNode[]): number {
  return nodes.reduce((n, node) => n + [...node.text].length, 0);
}

/** The text of a block as one string (the nodes in order). */
export function blockText(nodes: readonly TtsNode[]): string {
  return nodes.map((n) => n.text).join("");
}

/**
 * What makes a block's audio: its nodes (text and voices), the model and the output. A block whose key equals the
 * key of its last conversion keeps its audio and is neither synthesised nor charged again.
 */
export function conversionKey(nodes: readonly TtsNode[], modelId: string, outputFormat: string): string {
  return JSON.stringify([modelId, outputFormat, nodes.map((n) => [n.voice_id, n.text])]);
}

/** Default voice of a block by its kind: titles take the project's title voice, paragraphs its paragraph voice. */
export function defaultVoiceFor(subType: BlockSubType, voices: { title: string; paragraph: string }): string {
  return subType === "p" ? voices.paragraph : voices.title;
}

/** Conversion progress of a chapter, 0 to 1. */
export function conversionProgress(done: number, total: number): number {
  return total === 0 ? 1 : Math.min(1, Math.round((done / total) * 1000) / 1000);
}

/**
 * What converting a chapter now would do: its paragraphs to synthesise (changed since their audio, or never
 * converted), whether its audio is re-made for the other loudness setting (no charge), and whether it has text.
 */
export type ChapterWork = { state: string; toConvert: number; remake: boolean; hasText: boolean };

export const PROJECT_CONVERT_TEXTS = {
  running: "A conversion is running: wait for it to finish.",
  empty: "No chapter has text to convert yet.",
  done: "Every paragraph is converted: edit one to convert it again.",
} as const;

/**
 * Why the editor's "Convert project" cannot start now (a chapter is converting; no chapter has text; nothing
 * changed since the last conversion), or null when it can. The button shows the reason and the page's action
 * refuses with it, so a stale page cannot queue a conversion twice.
 */
export function projectConvertRefusal(chapters: readonly ChapterWork[]): { httpStatus: 400 | 409; status: string; message: string } | null {
  if (chapters.some((c) => isConverting(c.state))) return { httpStatus: 409, status: "conversion_running", message: PROJECT_CONVERT_TEXTS.running };
  if (!chapters.some((c) => c.hasText)) return { httpStatus: 400, status: "empty_chapter", message: PROJECT_CONVERT_TEXTS.empty };
  if (!chapters.some((c) => c.hasText && (c.toConvert > 0 || c.remake))) return { httpStatus: 400, status: "nothing_to_convert", message: PROJECT_CONVERT_TEXTS.done };
  return null;
}

/** What the editor's "Convert project" button says it will do: the paragraphs to convert, and in how many chapters. */
export function projectConvertSummary(chapters: readonly ChapterWork[]): string {
  const paragraphs = chapters.reduce((n, c) => n + c.toConvert, 0);
  const chapterCount = chapters.filter((c) => c.hasText && (c.toConvert > 0 || c.remake)).length;
  const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;
  if (paragraphs === 0) return `Re-makes ${plural(chapterCount, "chapter")} for the loudness setting, without charge.`;
  return `${plural(paragraphs, "paragraph")} in ${plural(chapterCount, "chapter")}.`;
}

/** Retries of one block inside a conversion before it is reported failed (the others go on). */
export const BLOCK_ATTEMPTS = 3;

/** Whether a project or chapter state is a conversion waiting or running. */
export const isConverting = (state: string): boolean => state === "in_queue" || state === "converting";

/** Queue positions of the workspace's queued projects: oldest first, 1-based; null when not queued. */
export function queuePositions(projects: readonly { id: string; addedToQueueAtUnix: number; state: string }[]): Map<string, number> {
  const queued = projects.filter((p) => isConverting(p.state)).sort((a, b) => a.addedToQueueAtUnix - b.addedToQueueAtUnix || a.id.localeCompare(b.id));
  return new Map(queued.map((p, i) => [p.id, i + 1]));
}

/** The cover image types accepted, and their size limit. */
export const COVER_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
/** Uploaded documents' size limit. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const PROJECT_NAME_MAX = 200;
export const BLOCK_TEXT_MAX = 5000;

/** A project, chapter, block or snapshot id: 20 letters and digits, the shape of the commercial API's ids (as voices'). */
export const newStudioId = newVoiceId;

/** Character alignments of consecutive pieces of audio, each moved by the duration of those before it. */
export function shiftAlignment<A extends { character_start_times_seconds: number[]; character_end_times_seconds: number[] }>(alignment: A, offsetSeconds: number): A {
  const shift = (t: number) => Math.round((t + offsetSeconds) * 1000) / 1000;
  return { ...alignment, character_start_times_seconds: alignment.character_start_times_seconds.map(shift), character_end_times_seconds: alignment.character_end_times_seconds.map(shift) };
}

/** Where a project's audio and cover live in R2: under the workspace's history prefix, so deleting the workspace deletes them. */
export function projectMediaPrefix(workspaceId: string, projectId: string): string {
  return `history/${workspaceId}/studio/${projectId}/`;
}

/** A cover image's type read from its bytes (PNG, JPEG, WebP signatures); null when it is none of them. */
export function coverImageType(bytes: Uint8Array): (typeof COVER_TYPES)[number] | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

/** The order with `id` moved one place up (-1) or down (+1); unchanged at either end; null when `id` is not in it. */
export function moveInOrder(order: readonly string[], id: string, step: -1 | 1): string[] | null {
  const from = order.indexOf(id);
  if (from < 0) return null;
  const to = from + step;
  if (to < 0 || to >= order.length) return [...order];
  const next = [...order];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

export const CHAPTER_ORDER_TEXTS = {
  unknown: "Chapter not found",
  badPosition: (count: number) => `The new position (counted from 0) must be a whole number from 0 to ${count - 1}.`,
  changed: "The project's chapters changed while you were reordering them: the page shows them again, try once more.",
} as const;

/**
 * The order with `id` moved to `index` (0-based, counted in the new order: the drag and drop's drop); refused when
 * `id` is not one of the chapters (404) or the index is outside the order (422).
 */
export function placeInOrder(order: readonly string[], id: string, index: number): { ok: true; order: string[] } | { ok: false; httpStatus: 404 | 422; status: string; message: string } {
  if (!order.includes(id)) return { ok: false, httpStatus: 404, status: "not_found", message: CHAPTER_ORDER_TEXTS.unknown };
  if (!Number.isInteger(index) || index < 0 || index >= order.length) return { ok: false, httpStatus: 422, status: "invalid_chapter_position", message: CHAPTER_ORDER_TEXTS.badPosition(order.length) };
  const rest = order.filter((x) => x !== id);
  return { ok: true, order: [...rest.slice(0, index), id, ...rest.slice(index)] };
}

/** The editor's leave-page question while a paragraph has edits not saved yet. */
export const UNSAVED_EDITS_WARNING = "You have unsaved paragraph edits. Leave the page and lose them?";

/**
 * Whether a navigation leaves what the editor shows: another page, or another chapter of the project (the chapter
 * is in the query). A form posted to the page itself keeps both and is not held.
 */
export function leavesEditor(current: { pathname: string; search: string }, next: { pathname: string; search: string }): boolean {
  return current.pathname !== next.pathname || current.search !== next.search;
}

/**
 * The text-to-speech page suggests Studio from this many characters (the spec names the prompt,
 * prompts_shown.long_content_use_projects, not its threshold): about two minutes of speech, and at or below every
 * model's per-request limit, so the suggestion comes before the limit refuses the text (decision 0055).
 */
export const LONG_TEXT_CHARACTERS = 2000;
export const LONG_TEXT_SUGGESTION = "Long text converts better in Studio: chapters and paragraphs, a voice for each, and only edited paragraphs converted again.";

export function suggestsStudio(characters: number, closed: boolean): boolean {
  return !closed && characters >= LONG_TEXT_CHARACTERS;
}

/** A project's name from the text it starts with: the first line that has words, cut at a word to fit. */
export function projectNameFromText(text: string, fallback = "Untitled project"): string {
  const line = text.split("\n").map((l) => l.trim().replace(/\s+/g, " ")).find((l) => /\p{L}|\p{N}/u.test(l));
  if (!line) return fallback;
  const max = 60;
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > 20 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, "")}…`;
}
