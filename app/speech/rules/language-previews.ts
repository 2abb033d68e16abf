import { DEFAULT_MODEL_ID } from "../../../core/speech/models";

/** A voice's verified language (spec: Voice.verified_languages), each with its own preview. */
export type VerifiedLanguage = { language: string; model_id: string; accent?: string | null; preview_url: string | null };

/** Only the multilingual model's verified previews are offered as language previews (spec §5). */
export const LANGUAGE_PREVIEW_MODEL_ID = DEFAULT_MODEL_ID;

export type LanguagePreview = { language: string; url: string };

/** The language previews a player item carries: the multilingual model's, with a preview, one per language. */
export function languagePreviewUrls(verified: readonly VerifiedLanguage[]): LanguagePreview[] {
  const seen = new Set<string>();
  const previews: LanguagePreview[] = [];
  for (const entry of verified) {
    if (entry.model_id !== LANGUAGE_PREVIEW_MODEL_ID || !entry.preview_url || seen.has(entry.language)) continue;
    seen.add(entry.language);
    previews.push({ language: entry.language, url: entry.preview_url });
  }
  return previews;
}
