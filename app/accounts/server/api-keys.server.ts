import type { Database } from "../../../db/client";
import * as keys from "../../../db/repositories/api-keys";
import { completeItem } from "../../../db/repositories/onboarding";
import { findMembership } from "../../../db/repositories/workspaces";
import { apiKeyPreview, API_KEY_PATTERN } from "~/accounts/rules/api-keys";
import type { Actor } from "./actor.server";
import { newId, randomHex, sha256Hex } from "./tokens.server";
import { verifySensitiveAction } from "./two-factor.server";
import { nowSeconds } from "../../../core/clock";

export type KeyCreationRefusal = "api_key_actor" | "second_factor";

/**
 * Creates a key and returns it in plain text: the only moment it exists outside the caller's hands. The same
 * rules on every path (the keys page, POST /v1/user/api-keys): a person in a browser session creates keys, an
 * API key never does; with two-factor sign-in on, a current code confirms it.
 */
export async function createApiKey(db: Database, actor: Actor, name: string, proof: { code?: string } = {}): Promise<{ ok: true; id: string; key: string; preview: string; name: string } | { ok: false; reason: KeyCreationRefusal }> {
  if (actor.via !== "session") return { ok: false, reason: "api_key_actor" };
  if (!(await verifySensitiveAction(db, actor.user, proof, false))) return { ok: false, reason: "second_factor" };
  const key = `sk_${randomHex(24)}`;
  const id = newId("key");
  const preview = apiKeyPreview(key);
  const userId = actor.user.id;
  await keys.insertApiKey(db, { id, workspaceId: actor.membership.workspace.id, userId, name, keyHash: await sha256Hex(key), preview });
  // Creating a key reveals it: that completes the onboarding item generate_api_key (once).
  await completeItem(db, userId, "generate_api_key");
  return { ok: true, id, key, preview, name };
}

/** The actor's own keys in the workspace they act in, newest first (nobody sees another's keys). */
export async function apiKeysOf(db: Database, actor: Actor) {
  return keys.listApiKeys(db, actor.membership.workspace.id, actor.user.id);
}

/** Renames one of the actor's keys; false when they have no such key. */
export async function renameApiKey(db: Database, actor: Actor, keyId: string, name: string): Promise<boolean> {
  return keys.renameApiKey(db, actor.membership.workspace.id, actor.user.id, keyId, name);
}

/** Deletes one of the actor's keys; false when they have no such key. */
export async function deleteApiKey(db: Database, actor: Actor, keyId: string): Promise<boolean> {
  return keys.deleteApiKey(db, actor.membership.workspace.id, actor.user.id, keyId);
}

/** Who acts with this key: its owner in the key's workspace; null for a malformed or unknown key, or a membership that is gone. */
export async function apiKeyActor(db: Database, key: string): Promise<Actor | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  const owner = await keys.findApiKeyOwner(db, await sha256Hex(key));
  const membership = owner ? await findMembership(db, owner.user.id, owner.key.workspaceId) : undefined;
  if (!owner || !membership) return null;
  return { user: owner.user, membership, via: "api_key", apiKeyId: owner.key.id };
}

/** Notes when a key was last used (the keys page shows it). */
export async function recordApiKeyUse(db: Database, keyId: string): Promise<void> {
  await keys.markApiKeyUsed(db, keyId, nowSeconds());
}
