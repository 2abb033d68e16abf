import { and, eq } from "drizzle-orm";
import type { Database } from "../client";
import { voiceSettings } from "../schema";
import { type VoiceSettings } from "../../core/voices/voice-settings";

export async function findVoiceSettings(db: Database, workspaceId: string, voiceId: string): Promise<VoiceSettings | undefined> {
  const row = await db.query.voiceSettings.findFirst({ where: and(eq(voiceSettings.workspaceId, workspaceId), eq(voiceSettings.voiceId, voiceId)) });
  return row ? (JSON.parse(row.settings) as VoiceSettings) : undefined;
}

export async function saveVoiceSettings(db: Database, workspaceId: string, voiceId: string, settings: VoiceSettings): Promise<void> {
  await db
    .insert(voiceSettings)
    .values({ workspaceId, voiceId, settings: JSON.stringify(settings) })
    .onConflictDoUpdate({ target: [voiceSettings.workspaceId, voiceSettings.voiceId], set: { settings: JSON.stringify(settings) } });
}
