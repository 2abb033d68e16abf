// Audio Native's SQL: players (one per Studio project), workspace settings and daily listening counts.
import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Database } from "../client";
import { audioNativeDailyStats, audioNativePlayers, audioNativeSettings, studioProjects } from "../schema";

export type AudioNativePlayerRow = typeof audioNativePlayers.$inferSelect;
export type AudioNativeSettingsRow = typeof audioNativeSettings.$inferSelect;
export type AudioNativeStatsRow = typeof audioNativeDailyStats.$inferSelect;

export async function insertPlayer(db: Database, player: AudioNativePlayerRow): Promise<void> {
  await db.batch([db.insert(audioNativePlayers).values(player), db.update(studioProjects).set({ audioNative: true }).where(eq(studioProjects.id, player.projectId))]);
}

export async function findPlayer(db: Database, workspaceId: string, projectId: string): Promise<AudioNativePlayerRow | undefined> {
  return db.select().from(audioNativePlayers).where(and(eq(audioNativePlayers.workspaceId, workspaceId), eq(audioNativePlayers.projectId, projectId))).get();
}

/** A player by its project id alone: for the public embed, which has no workspace. */
export async function findPublicPlayer(db: Database, projectId: string): Promise<AudioNativePlayerRow | undefined> {
  return db.select().from(audioNativePlayers).where(eq(audioNativePlayers.projectId, projectId)).get();
}

export async function listPlayers(db: Database, workspaceId: string): Promise<AudioNativePlayerRow[]> {
  return db.select().from(audioNativePlayers).where(eq(audioNativePlayers.workspaceId, workspaceId));
}

export async function updatePlayer(db: Database, workspaceId: string, projectId: string, patch: Partial<AudioNativePlayerRow>): Promise<void> {
  await db.update(audioNativePlayers).set(patch).where(and(eq(audioNativePlayers.workspaceId, workspaceId), eq(audioNativePlayers.projectId, projectId)));
}

export async function findSettings(db: Database, workspaceId: string): Promise<AudioNativeSettingsRow | undefined> {
  return db.select().from(audioNativeSettings).where(eq(audioNativeSettings.workspaceId, workspaceId)).get();
}

export async function saveSettings(db: Database, row: AudioNativeSettingsRow): Promise<void> {
  const { workspaceId: _key, ...rest } = row;
  await db.insert(audioNativeSettings).values(row).onConflictDoUpdate({ target: audioNativeSettings.workspaceId, set: rest });
}

/** Adds to one player's counts of one day (the row made on its first event). */
export async function addStats(db: Database, projectId: string, day: string, add: { loads: number; plays: number; listenMs: number }): Promise<void> {
  await db
    .insert(audioNativeDailyStats)
    .values({ projectId, day, ...add })
    .onConflictDoUpdate({
      target: [audioNativeDailyStats.projectId, audioNativeDailyStats.day],
      set: { loads: sql`${audioNativeDailyStats.loads} + ${add.loads}`, plays: sql`${audioNativeDailyStats.plays} + ${add.plays}`, listenMs: sql`${audioNativeDailyStats.listenMs} + ${add.listenMs}` },
    });
}

export async function statsSince(db: Database, projectId: string, fromDay: string): Promise<AudioNativeStatsRow[]> {
  return db.select().from(audioNativeDailyStats).where(and(eq(audioNativeDailyStats.projectId, projectId), gte(audioNativeDailyStats.day, fromDay))).orderBy(asc(audioNativeDailyStats.day));
}
