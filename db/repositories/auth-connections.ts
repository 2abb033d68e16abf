// The auth_connections table, always within one workspace.
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../client";
import { authConnections } from "../schema";

export type AuthConnectionRow = typeof authConnections.$inferSelect;

export async function insertAuthConnection(db: Database, row: AuthConnectionRow): Promise<void> {
  await db.insert(authConnections).values(row);
}

export async function findAuthConnection(db: Database, workspaceId: string, id: string): Promise<AuthConnectionRow | undefined> {
  return db.select().from(authConnections).where(and(eq(authConnections.workspaceId, workspaceId), eq(authConnections.id, id))).get();
}

export async function listAuthConnections(db: Database, workspaceId: string): Promise<AuthConnectionRow[]> {
  return db.select().from(authConnections).where(eq(authConnections.workspaceId, workspaceId)).orderBy(desc(authConnections.createdAt)).limit(500);
}

export async function updateAuthConnection(db: Database, workspaceId: string, id: string, patch: Partial<Pick<AuthConnectionRow, "provider" | "settings" | "secrets" | "status" | "statusDetail" | "statusUpdatedAt">>): Promise<boolean> {
  const updated = await db.update(authConnections).set(patch).where(and(eq(authConnections.workspaceId, workspaceId), eq(authConnections.id, id))).returning({ id: authConnections.id });
  return updated.length === 1;
}

export async function deleteAuthConnection(db: Database, workspaceId: string, id: string): Promise<boolean> {
  const deleted = await db.delete(authConnections).where(and(eq(authConnections.workspaceId, workspaceId), eq(authConnections.id, id))).returning({ id: authConnections.id });
  return deleted.length === 1;
}
