// Signed conversation URLs: a random token whose SHA-256 is kept with the agent, workspace and user it opens, for
// SIGNED_URL_SECONDS.
import { database } from "../../../db/client";
import { findSignature, insertSignature } from "../../../db/repositories/agents";
import { randomHex, sha256Hex, type Actor } from "~/accounts/accounts.server";
import { SIGNED_URL_SECONDS } from "~/agents/rules/agents";

export async function signConversation(env: { DB: D1Database }, viewer: Pick<Actor, "membership" | "user">, agentId: string): Promise<string> {
  const token = randomHex(24);
  await insertSignature(database(env.DB), { tokenHash: await sha256Hex(token), agentId, workspaceId: viewer.membership.workspace.id, userId: viewer.user.id, expiresAt: Date.now() + SIGNED_URL_SECONDS * 1000 });
  return token;
}

/** Who a valid signature lets talk to which agent, or null (unknown or expired). */
export async function signatureHolder(env: { DB: D1Database }, token: string): Promise<{ agentId: string; workspaceId: string; userId: string } | null> {
  if (!/^[0-9a-f]{48}$/.test(token)) return null;
  return (await findSignature(database(env.DB), await sha256Hex(token), Date.now())) ?? null;
}
