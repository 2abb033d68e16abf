import type { EngineLanguage } from "./voices";

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
