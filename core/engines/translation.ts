/** Translation of plain text between languages (ISO 639-1 codes). */
export type TranslationRequest = {
  text: string;
  /** The text's language, or null to let the provider detect it (not every provider can: see docs/engines.md). */
  source: string | null;
  target: string;
};

export type TranslationResult = {
  text: string;
  /** The source language the provider detected, when it was asked to detect one and says which. */
  detectedSource: string | null;
  /** Words the provider could not translate and passed through, where it says so (the embedded translator does). */
  unknownWords?: string[];
};

export interface TranslationEngine {
  translate(request: TranslationRequest): Promise<TranslationResult>;
}
