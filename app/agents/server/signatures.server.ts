// Signed conversation URLs: a random token whose SHA-256 is kept with the agent, workspace and user it opens, for
// SIGNED_URL_SECONDS. A token for a chosen branch carries the branch id after its random part (decision 0085).
import { database } from "../../../db/client";
import { findSignature, insertSignature } from "../../../db/repositories/agents";
import { randomHex, sha256Hex, type Actor } from "~/accounts/accounts.server";
import { SIGNED_URL_SECONDS } from "~/agents/rules/agents";
import { signatureParts, signatureWithBranch } from "~/agents/rules/branches";

/** A signed URL's token; its environment (decision 0098) is kept with it, null for production. */
export async function signConversation(env: { DB: D1Database }, viewer: Pick<Actor, "membership" | "user">, agentId: string, branchId: string | null = null, versionId: string | null = null, environment: string | null = null): Promise<string> {
  const token = signatureWithBranch(randomHex(24), branchId, versionId);
  await insertSignature(database(env.DB), { tokenHash: await sha256Hex(token), agentId, workspaceId: viewer.membership.workspace.id, userId: viewer.user.id, expiresAt: Date.now() + SIGNED_URL_SECONDS * 1000, environment });
  return token;
}

/** Who a valid signature lets talk to which agent (and branch and version, when it chose them), or null (unknown or expired). */
export async function signatureHolder(env: { DB: D1Database }, token: string): Promise<{ agentId: string; workspaceId: string; userId: string; branchId: string | null; versionId: string | null; environment: string | null } | null> {
  const parts = signatureParts(token);
  if (!parts) return null;
  const found = await findSignature(database(env.DB), await sha256Hex(token), Date.now());
  return found ? { agentId: found.agentId, workspaceId: found.workspaceId, userId: found.userId, branchId: parts.branchId, versionId: parts.versionId, environment: found.environment } : null;
}
