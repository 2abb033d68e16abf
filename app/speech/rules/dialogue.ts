import { z } from "zod";

/** Dialogue limits (spec §9) and the locally stored draft (spec §5). */
export const MAX_DIALOGUE_LINES = 50;
export const MAX_DIALOGUE_CHARACTERS = 3000;
export const DIALOGUE_DRAFT_KEY = "dialogueDraft";
/** Saved drafts expire after 604800 s (7 days). */
export const DRAFT_TTL_SECONDS = 604_800;

export type DialogueLine = { text: string; voice_id: string };

const draftSchema = z.object({
  savedAt: z.number(),
  lines: z.array(z.object({ text: z.string(), voice_id: z.string() })),
});

/** Lines with empty text are dropped before speaking. */
export function speakableLines(lines: DialogueLine[]): DialogueLine[] {
  return lines.filter((line) => line.text.trim() !== "");
}

export function dialogueCharacters(lines: DialogueLine[]): number {
  return lines.reduce((n, line) => n + [...line.text].length, 0);
}

export function serializeDraft(lines: DialogueLine[], nowSeconds: number): string {
  return JSON.stringify({ savedAt: nowSeconds, lines: lines.slice(0, MAX_DIALOGUE_LINES) });
}

/** The stored draft, or null when it is missing, does not parse as lines of text and voice_id, or is older than 7 days. */
export function parseDraft(raw: string | null, nowSeconds: number): DialogueLine[] | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = draftSchema.safeParse(value);
  if (!parsed.success || nowSeconds - parsed.data.savedAt > DRAFT_TTL_SECONDS) return null;
  return parsed.data.lines.slice(0, MAX_DIALOGUE_LINES);
}
