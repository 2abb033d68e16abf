import type { EngineLanguage } from "../../../core/voices/voice-rules";

/** The voices page's filters (all optional): free text, a language, a gender. */
export type VoiceGalleryQuery = { search: string; language: EngineLanguage | ""; gender: "female" | "male" | "" };

type GalleryVoice = { name: string; description: string; language: string; gender: string; accent?: string; use_case?: string };

/** Whether a voice matches every filter; the search looks at name, description, accent and use, ignoring case. */
export function matchesVoiceQuery(voice: GalleryVoice, query: VoiceGalleryQuery): boolean {
  if (query.language && voice.language !== query.language) return false;
  if (query.gender && voice.gender !== query.gender) return false;
  const needle = query.search.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [voice.name, voice.description, voice.accent ?? "", (voice.use_case ?? "").replace(/_/g, " ")].join(" ").toLowerCase();
  return needle.split(/\s+/).every((word) => haystack.includes(word));
}

/** Lower case without accents, so "lucia" finds Lucía. */
const folded = (text: string) => text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();

/**
 * The voice picker's search: every typed word begins a word of the voice's texts (name, language, gender,
 * accent, description). Word starts, not letters anywhere: "male" does not find the female voices, and a few
 * letters do not match scattered across a long description.
 */
export function matchesVoiceWords(texts: readonly string[], search: string): boolean {
  const words = folded(texts.join(" ")).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return folded(search)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .every((typed) => words.some((word) => word.startsWith(typed)));
}
