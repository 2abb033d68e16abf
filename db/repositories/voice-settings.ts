import { and, eq } from "drizzle-orm";
import type { Database } from "../client";
import { voiceSettings } from "../schema";
import { type VoiceSettings } from "../../core/voices/voice-settings";

export async function findVoiceSettings(db: Database, workspaceId: string, voiceId: string): Promise<VoiceSettings | undefined> {
  const row = await db.query.voiceSettings.findFirst({ where: and(eq(voiceSettings.workspaceId, workspaceId), eq(voiceSettings.voiceId, voiceId)) });
  return row ? (JSON.parse(row.settings) as VoiceSettings) : undefined;
}

/** Every voice's saved settings of one workspace, by voice id. */
export async function listVoiceSettings(db: Database, workspaceId: string): Promise<Map<string, VoiceSettings>> {
  const rows = await db.select().from(voiceSettings).where(eq(voiceSettings.workspaceId, workspaceId));
  return new Map(rows.map((row) => [row.voiceId, JSON.parse(row.settings) as VoiceSettings]));
}

export async function saveVoiceSettings(db: Database, workspaceId: string, voiceId: string, settings: VoiceSettings): Promise<void> {
  await db
    .insert(voiceSettings)
    .values({ workspaceId, voiceId, settings: JSON.stringify(settings) })
    .onConflictDoUpdate({ target: [voiceSettings.workspaceId, voiceSettings.voiceId], set: { settings: JSON.stringify(settings) } });
}
