/** File-name rules (spec request-layer §5). */
export const MAX_DOWNLOAD_FILE_NAME = 255;
export const MAX_SHORT_AUDIO_NAME = 20;
/** Longest tail (dot included) still treated as an extension worth keeping when a name is cut. */
export const MAX_KEPT_EXTENSION = 10;

// Characters Windows, macOS or Linux refuse in file names, plus C0/C1 control characters.
// eslint-disable-next-line no-control-regex
const INVALID_FILE_NAME_CHARACTERS = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f]/g;

/** Cuts to `max` UTF-16 units without leaving half of a surrogate pair behind. */
function cut(value: string, max: number): string {
  if (value.length <= max) return value;
  const head = value.slice(0, Math.max(0, max));
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}

/** Invalid characters removed, spaces to underscores, at most 255 characters (keeping the extension). */
export function downloadFileName(name: string): string {
  const cleaned = name.replace(INVALID_FILE_NAME_CHARACTERS, "").replace(/ /g, "_");
  if (cleaned.length <= MAX_DOWNLOAD_FILE_NAME) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  // A dot at the start (".bashrc") or far from the end is part of the name, not an extension.
  const extension = dot > 0 && cleaned.length - dot <= MAX_KEPT_EXTENSION ? cleaned.slice(dot) : "";
  return cut(cleaned.slice(0, cleaned.length - extension.length), MAX_DOWNLOAD_FILE_NAME - extension.length) + extension;
}

/** Characters /\:*?"<>| removed, trimmed, runs of whitespace to one underscore, cut to 20. */
export function shortAudioName(name: string): string {
  return cut(
    name
      .replace(/[/\\:*?"<>|]/g, "")
      .trim()
      .replace(/\s+/g, "_"),
    MAX_SHORT_AUDIO_NAME,
  );
}

export type VoiceSettingsForName = {
  speed?: number;
  stability?: number;
  similarity_boost?: number;
  style?: number;
  quality?: number;
  use_speaker_boost?: boolean;
};

export type AudioFileNameParts = {
  name?: string;
  date: Date;
  category?: string;
  model?: string;
  settings?: VoiceSettingsForName;
  outputFormat?: string;
  isbnNumber?: string;
};

/**
 * Voice-setting abbreviations in a file name, in this order. Each number is written as a whole percentage
 * (0.5 → 50, speed 1.1 → 110); speaker boost is a bare `b` when on and absent otherwise.
 */
export const VOICE_SETTING_ABBREVIATIONS = {
  speed: "sp",
  stability: "s",
  similarity_boost: "sb",
  style: "se",
  quality: "q",
  use_speaker_boost: "b",
} as const;

/** `2026-01-02T03:04:05.678Z` → `2026-01-02T03-04-05`: UTC, so server and browser name a file the same. */
export function fileNameDate(date: Date): string {
  return Number.isNaN(date.getTime()) ? "" : date.toISOString().slice(0, 19).replace(/:/g, "-");
}

/** `sp100_s50_sb75_se0_b` for the settings that are present; empty when none are. */
export function voiceSettingsTag(settings: VoiceSettingsForName | undefined): string {
  if (!settings) return "";
  const tags: string[] = [];
  for (const key of ["speed", "stability", "similarity_boost", "style", "quality"] as const) {
    const value = settings[key];
    if (typeof value === "number" && Number.isFinite(value)) tags.push(`${VOICE_SETTING_ABBREVIATIONS[key]}${Math.round(value * 100)}`);
  }
  if (settings.use_speaker_boost === true) tags.push(VOICE_SETTING_ABBREVIATIONS.use_speaker_boost);
  return tags.join("_");
}

/**
 * A download name from the spec's 'Audio file name parts', in order: name, date (YYYY-MM-DDTHH-MM-SS, UTC),
 * category, model, voice settings (see VOICE_SETTING_ABBREVIATIONS), output format and ISBN. Missing parts are
 * skipped; the rest are joined with underscores, the extension added, and the whole made a safe file name.
 * E.g. `Aria_2026-01-02T03-04-05_premade_m1_sp100_s50_sb75_se0_b_mp3_44100_128.mp3`.
 */
export function audioFileName(parts: AudioFileNameParts, extension: string): string {
  const stem = [parts.name?.trim(), fileNameDate(parts.date), parts.category, parts.model, voiceSettingsTag(parts.settings), parts.outputFormat, parts.isbnNumber]
    .filter((part): part is string => typeof part === "string" && part.length > 0)
    .join("_");
  const ext = extension.replace(/^\.+/, "");
  return downloadFileName(ext ? `${stem}.${ext}` : stem);
}
