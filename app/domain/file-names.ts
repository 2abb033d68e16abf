/** File-name rules (spec request-layer §5). */
export const MAX_DOWNLOAD_FILE_NAME = 255;
export const MAX_SHORT_AUDIO_NAME = 20;

// eslint-disable-next-line no-control-regex
const INVALID_FILE_NAME_CHARACTERS = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;

/** Invalid characters removed, spaces to underscores, at most 255 characters (keeping the extension). */
export function downloadFileName(name: string): string {
  const cleaned = name.replace(INVALID_FILE_NAME_CHARACTERS, "").replace(/ /g, "_");
  if (cleaned.length <= MAX_DOWNLOAD_FILE_NAME) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : "";
  return cleaned.slice(0, MAX_DOWNLOAD_FILE_NAME - extension.length) + extension;
}

/** Characters /\:*?"<>| removed, trimmed, whitespace to underscores, cut to 20. */
export function shortAudioName(name: string): string {
  return name
    .replace(/[/\\:*?"<>|]/g, "")
    .trim()
    .replace(/\s+/g, "_")
    .slice(0, MAX_SHORT_AUDIO_NAME);
}

export type AudioFileNameParts = {
  name?: string;
  date: Date;
  category?: string;
  model?: string;
  settings?: { speed?: number; stability?: number; similarity_boost?: number; style?: number; quality?: number; use_speaker_boost?: boolean };
  outputFormat?: string;
  isbnNumber?: string;
};

const percent = (value: number) => Math.round(value * 100);

/**
 * A download name from the spec's 'Audio file name parts': name, date, category, model, voice settings
 * (sp = speed, s = stability, sb = similarity boost, se = style, q = quality, b = speaker boost, as percentages),
 * output format and ISBN, joined with underscores, then made a safe file name.
 */
export function audioFileName(parts: AudioFileNameParts, extension: string): string {
  const date = parts.date.toISOString().slice(0, 19).replace(/:/g, "-");
  const s = parts.settings ?? {};
  const settings = [
    s.speed !== undefined ? `sp${percent(s.speed)}` : "",
    s.stability !== undefined ? `s${percent(s.stability)}` : "",
    s.similarity_boost !== undefined ? `sb${percent(s.similarity_boost)}` : "",
    s.style !== undefined ? `se${percent(s.style)}` : "",
    s.quality !== undefined ? `q${percent(s.quality)}` : "",
    s.use_speaker_boost ? "b" : "",
  ]
    .filter(Boolean)
    .join("_");
  const stem = [parts.name, date, parts.category, parts.model, settings, parts.outputFormat, parts.isbnNumber].filter((p) => p && p.length > 0).join("_");
  return downloadFileName(`${stem}.${extension}`);
}
