import type { Database } from "../../../db/client";
import * as keys from "../../../db/repositories/api-keys";
import { completeItem } from "../../../db/repositories/onboarding";
import { keyCreditsSince } from "../../../db/repositories/service-accounts";
import { keyCapPeriodStart } from "../../../core/workspace/key-scopes";
import { can } from "./permissions.server";
import { apiKeyPreview, API_KEY_PATTERN } from "~/accounts/rules/api-keys";
import type { Actor } from "./actor.server";
import { newId, randomHex, sha256Hex } from "./tokens.server";
import { verifySensitiveAction } from "./two-factor.server";
import { nowSeconds } from "../../../core/clock";
import { recordAudit } from "~/workspace/audit-log.server";

export type KeyCreationRefusal = "api_key_actor" | "second_factor" | "missing_permissions";

/**
 * Creates a key and returns it in plain text: the only moment it exists outside the caller's hands. The same
 * rules on every path (the keys page, POST /v1/user/api-keys): a person in a browser session creates keys, an
 * API key never does; with two-factor sign-in on, a current code confirms it.
 */
export async function createApiKey(db: Database, actor: Actor, name: string, proof: { code?: string } = {}): Promise<{ ok: true; id: string; key: string; preview: string; name: string } | { ok: false; reason: KeyCreationRefusal }> {
  if (actor.via !== "session") return { ok: false, reason: "api_key_actor" };
  if (!(await can(db, actor, "create_user_api_key"))) return { ok: false, reason: "missing_permissions" };
  if (!(await verifySensitiveAction(db, actor.user, proof, false))) return { ok: false, reason: "second_factor" };
  const { id, key, preview } = await issueApiKey(db, { workspaceId: actor.membership.workspace.id, userId: actor.user.id, name });
  const userId = actor.user.id;
  // Creating a key reveals it: that completes the onboarding item generate_api_key (once).
  await completeItem(db, userId, "generate_api_key");
  await recordAudit(db, actor, "api_key_created", id, { name, owner_user_id: userId });
  return { ok: true, id, key, preview, name };
}

/** Makes a key for a user (a person or a service account) and returns it in plain text; only its hash is kept. */
export async function issueApiKey(db: Database, row: { workspaceId: string; userId: string; name: string; permissions?: string | null; characterLimit?: number | null; thirdPartyDisableAllowed?: boolean | null }) {
  const key = `sk_${randomHex(24)}`;
  const id = newId("key");
  const preview = apiKeyPreview(key);
  await keys.insertApiKey(db, { id, ...row, keyHash: await sha256Hex(key), preview });
  return { id, key, preview };
}

/** The actor's own keys in the workspace they act in, newest first (nobody sees another's keys). */
export async function apiKeysOf(db: Database, actor: Actor) {
  return keys.listApiKeys(db, actor.membership.workspace.id, actor.user.id);
}

/** Renames one of the actor's keys; false when they have no such key. */
export async function renameApiKey(db: Database, actor: Actor, keyId: string, name: string): Promise<boolean> {
  if (!(await keys.renameApiKey(db, actor.membership.workspace.id, actor.user.id, keyId, name))) return false;
  await recordAudit(db, actor, "api_key_changed", keyId, { name, owner_user_id: actor.user.id });
  return true;
}

/** Turns one of the actor's own keys off or on again (a key disabled by its holder comes back this way); false when they have no such key. */
export async function setOwnApiKeyEnabled(db: Database, actor: Actor, keyId: string, enabled: boolean): Promise<boolean> {
  if (!(await keys.setApiKeyDisabled(db, actor.membership.workspace.id, keyId, !enabled, actor.user.id))) return false;
  await recordAudit(db, actor, enabled ? "api_key_enabled" : "api_key_disabled", keyId, { owner_user_id: actor.user.id });
  return true;
}

/** Whether a key is one of ours that is turned off: the API then says so instead of "Invalid API key". */
export async function isDisabledApiKey(db: Database, key: string): Promise<boolean> {
  return API_KEY_PATTERN.test(key) && keys.isApiKeyDisabled(db, await sha256Hex(key));
}

/** Deletes one of the actor's keys; false when they have no such key. */
export async function deleteApiKey(db: Database, actor: Actor, keyId: string): Promise<boolean> {
  if (!(await keys.deleteApiKey(db, actor.membership.workspace.id, actor.user.id, keyId))) return false;
  await recordAudit(db, actor, "api_key_deleted", keyId, { owner_user_id: actor.user.id });
  return true;
}

/**
 * Who acts with this key: its owner (a person or a service account) in the key's workspace, with the key's scopes
 * and cap; null for a malformed, unknown or disabled key, or a membership that is gone.
 */
export async function apiKeyActor(db: Database, key: string): Promise<Actor | null> {
  if (!API_KEY_PATTERN.test(key)) return null;
  return apiKeyActorByHash(db, await sha256Hex(key));
}

/** As apiKeyActor, for a key known by its hash (a single-use token carries its issuing key's). */
export async function apiKeyActorByHash(db: Database, keyHash: string): Promise<Actor | null> {
  const owner = await keys.findApiKeyOwnerMembership(db, keyHash);
  if (!owner || owner.key.isDisabled) return null;
  const membership = owner.membership;
  const scopes = owner.key.permissions === null ? null : (JSON.parse(owner.key.permissions) as string[]);
  return { user: owner.user, membership, via: "api_key", apiKeyId: owner.key.id, key: { scopes, characterLimit: owner.key.characterLimit, thirdPartyDisableAllowed: owner.key.thirdPartyDisableAllowed } };
}

/**
 * A key's own monthly credit cap (decision 0034): the refusal when spending `credits` more would pass it, else
 * null. Every charging area asks it beside the workspace's quota.
 */
export async function keyCapRefusal(db: Database, actor: Actor, credits: number): Promise<{ httpStatus: 401; status: "quota_exceeded"; message: string } | null> {
  const limit = actor.key?.characterLimit ?? null;
  if (limit === null || actor.apiKeyId === null) return null;
  const used = await keyCreditsSince(db, actor.membership.workspace.id, actor.apiKeyId, keyCapPeriodStart(nowSeconds()));
  if (used + credits <= limit) return null;
  return {
    httpStatus: 401,
    status: "quota_exceeded",
    message: `This request exceeds the API key's limit of ${limit} credits a month. The key has ${Math.max(0, limit - used)} credits remaining, while ${credits} credits are required for this request.`,
  };
}

/** Notes when a key was last used (the keys page shows it). */
export async function recordApiKeyUse(db: Database, keyId: string): Promise<void> {
  await keys.markApiKeyUsed(db, keyId, nowSeconds());
}
