import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { voiceSafetyControls } from "../schema";
import type { SafetyControl } from "../../core/voices/voice-safety";

/** Every voice under a safety control, by voice id (a short list kept by moderation). */
export async function safetyControlsByVoice(db: Database): Promise<Map<string, SafetyControl>> {
  const rows = await db.select({ voiceId: voiceSafetyControls.voiceId, safetyControl: voiceSafetyControls.safetyControl }).from(voiceSafetyControls);
  return new Map(rows.map((row) => [row.voiceId, row.safetyControl]));
}

export async function safetyControlOf(db: Database, voiceId: string): Promise<SafetyControl | null> {
  const row = await db.query.voiceSafetyControls.findFirst({ where: eq(voiceSafetyControls.voiceId, voiceId) });
  return row?.safetyControl ?? null;
}
