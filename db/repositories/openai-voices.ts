import { and, eq } from "drizzle-orm";
import type { Database } from "../client";
import { openAiVoiceMappings } from "../schema";

/** A workspace's own voices for OpenAI's standard names, by name. */
export async function listOpenAiVoiceMappings(db: Database, workspaceId: string): Promise<Record<string, string>> {
  const rows = await db.select().from(openAiVoiceMappings).where(eq(openAiVoiceMappings.workspaceId, workspaceId));
  return Object.fromEntries(rows.map((r) => [r.openAiVoice, r.voiceId]));
}

export async function saveOpenAiVoiceMapping(db: Database, workspaceId: string, openAiVoice: string, voiceId: string): Promise<void> {
  await db
    .insert(openAiVoiceMappings)
    .values({ workspaceId, openAiVoice, voiceId })
    .onConflictDoUpdate({ target: [openAiVoiceMappings.workspaceId, openAiVoiceMappings.openAiVoice], set: { voiceId } });
}

export async function deleteOpenAiVoiceMapping(db: Database, workspaceId: string, openAiVoice: string): Promise<void> {
  await db.delete(openAiVoiceMappings).where(and(eq(openAiVoiceMappings.workspaceId, workspaceId), eq(openAiVoiceMappings.openAiVoice, openAiVoice)));
}
