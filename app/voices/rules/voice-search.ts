import type { VoiceScope } from "../../../core/voices/voices";
import { LANGUAGES } from "~/speech/rules/languages";

/** GET /v2/voices' voice_type values. */
export const VOICE_TYPES = ["personal", "community", "default", "workspace", "non-default", "saved"] as const;
export type VoiceType = (typeof VOICE_TYPES)[number];

/**
 * Which voices a voice_type lists: default the premade ones; personal, workspace and non-default the
 * workspace's own (personal without those copied from the library, community only those); saved, or none
 * given, every voice the workspace may use.
 */
export function scopeForVoiceType(voiceType: VoiceType | undefined): VoiceScope {
  switch (voiceType) {
    case "default":
      return "premade";
    case "personal":
      return "personal";
    case "community":
      return "community";
    case "workspace":
    case "non-default":
      return "own";
    case "saved":
    case undefined:
      return "all";
  }
}

/** A search text as the voices query reads it: lower case, plus the languages whose English name contains it. */
export function voiceSearchTerms(search: string | undefined): { needle: string; languages: string[] } | undefined {
  const needle = search?.toLowerCase();
  if (!needle) return undefined;
  return { needle, languages: LANGUAGES.filter((language) => language.name.toLowerCase().includes(needle)).map((language) => language.languageCode) };
}

/** The opaque paging token of the v2 list: the offset of the next page. */
export function pageOffset(token: string | undefined): number {
  if (!token) return 0;
  try {
    return Math.max(0, Number.parseInt(atob(token), 10) || 0);
  } catch {
    return 0;
  }
}

export function nextPageToken(offset: number): string {
  return btoa(String(offset));
}
