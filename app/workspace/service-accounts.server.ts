import type { Database } from "../../db/client";
import * as accounts from "../../db/repositories/service-accounts";
import { deleteApiKey } from "../../db/repositories/api-keys";
import { isAdmin } from "../../core/workspace/roles";
import { keyCapPeriodStart, type KeyScope } from "../../core/workspace/key-scopes";
import { isServiceAccount, issueApiKey, newId, type Actor } from "~/accounts/accounts.server";
import { MAX_SERVICE_ACCOUNTS, SERVICE_ACCOUNT_TEXTS } from "~/workspace/rules/service-accounts";
import type { WorkspaceRefusal } from "~/workspace/workspace.server";
import { recordAudit } from "~/workspace/audit-log.server";
import { nowSeconds } from "../../core/clock";

type Result<T = object> = ({ ok: true } & T) | WorkspaceRefusal;
const refuse = (httpStatus: WorkspaceRefusal["httpStatus"], status: string, message: string): WorkspaceRefusal => ({ ok: false, httpStatus, status, message });

export type ServiceKey = {
  id: string;
  name: string;
  preview: string;
  keyHash: string;
  serviceAccountUserId: string;
  createdAt: number;
  lastUsedAt: number | null;
  isDisabled: boolean;
  /** null: every permission the service account has. */
  permissions: KeyScope[] | null;
  characterLimit: number | null;
  /** Whether its holder may disable it; null: the workspace's policy decides (decision 0088). */
  thirdPartyDisableAllowed: boolean | null;
  /** Credits charged to the key this calendar month (what its cap counts). */
  characterCount: number;
};
export type ServiceAccount = { userId: string; name: string; createdAt: number; keys: ServiceKey[] };

/**
 * Service accounts and their keys are the admins' (decision 0034): a key hands out the workspace's credits. A
 * service account never manages service accounts, even with an "all" key.
 */
function managerRefusal(actor: Actor): WorkspaceRefusal | null {
  if (isServiceAccount(actor)) return refuse(403, "forbidden", SERVICE_ACCOUNT_TEXTS.notByServiceAccount);
  return isAdmin(actor.membership.role) ? null : refuse(403, "forbidden", SERVICE_ACCOUNT_TEXTS.adminsOnly);
}

export async function serviceAccountsOf(db: Database, actor: Actor): Promise<Result<{ accounts: ServiceAccount[] }>> {
  const denied = managerRefusal(actor);
  if (denied) return denied;
  const workspaceId = actor.membership.workspace.id;
  const rows = await accounts.listServiceAccounts(db, workspaceId);
  const counts = await accounts.keysCreditsSince(db, workspaceId, rows.flatMap((r) => r.keys.map((k) => k.id)), keyCapPeriodStart(nowSeconds()));
  return {
    ok: true,
    accounts: rows.map(({ account, keys }) => ({
      ...account,
      keys: keys.map((k) => ({
        id: k.id,
        name: k.name,
        preview: k.preview,
        keyHash: k.keyHash,
        serviceAccountUserId: k.userId,
        createdAt: k.createdAt,
        lastUsedAt: k.lastUsedAt,
        isDisabled: k.isDisabled,
        permissions: k.permissions === null ? null : (JSON.parse(k.permissions) as KeyScope[]),
        characterLimit: k.characterLimit,
        thirdPartyDisableAllowed: k.thirdPartyDisableAllowed,
        characterCount: counts.get(k.id) ?? 0,
      })),
    })),
  };
}

export async function createServiceAccount(db: Database, actor: Actor, name: string): Promise<Result<{ userId: string }>> {
  const denied = managerRefusal(actor);
  if (denied) return denied;
  const workspaceId = actor.membership.workspace.id;
  if ((await accounts.countServiceAccounts(db, workspaceId)) >= MAX_SERVICE_ACCOUNTS) return refuse(403, "service_account_limit_reached", SERVICE_ACCOUNT_TEXTS.limit);
  const userId = newId("sa");
  await accounts.insertServiceAccount(db, { userId, workspaceId, publicUserId: newId("pub"), name });
  await recordAudit(db, actor, "service_account_created", userId, { name });
  return { ok: true, userId };
}

export async function deleteServiceAccount(db: Database, actor: Actor, userId: string): Promise<Result> {
  const denied = managerRefusal(actor);
  if (denied) return denied;
  if (!(await accounts.deleteServiceAccount(db, actor.membership.workspace.id, userId))) return refuse(404, "not_found", SERVICE_ACCOUNT_TEXTS.notFound);
  await recordAudit(db, actor, "service_account_deleted", userId);
  return { ok: true };
}

async function ownServiceAccount(db: Database, actor: Actor, userId: string): Promise<WorkspaceRefusal | null> {
  const denied = managerRefusal(actor);
  if (denied) return denied;
  return (await accounts.findServiceAccount(db, actor.membership.workspace.id, userId)) ? null : refuse(404, "not_found", SERVICE_ACCOUNT_TEXTS.notFound);
}

export type KeyInput = { name: string; permissions: "all" | KeyScope[]; characterLimit: number | null; thirdPartyDisableAllowed: boolean | null };

/** A new key of the service account, returned in plain text once. */
export async function createServiceKey(db: Database, actor: Actor, userId: string, input: KeyInput): Promise<Result<{ id: string; key: string }>> {
  const denied = await ownServiceAccount(db, actor, userId);
  if (denied) return denied;
  const { id, key } = await issueApiKey(db, {
    workspaceId: actor.membership.workspace.id,
    userId,
    name: input.name,
    permissions: input.permissions === "all" ? null : JSON.stringify([...new Set(input.permissions)]),
    characterLimit: input.characterLimit,
    thirdPartyDisableAllowed: input.thirdPartyDisableAllowed,
  });
  await recordAudit(db, actor, "api_key_created", id, { name: input.name, owner_user_id: userId, permissions: input.permissions === "all" ? "all" : input.permissions, character_limit: input.characterLimit, third_party_disable_allowed: input.thirdPartyDisableAllowed });
  return { ok: true, id, key };
}

export async function updateServiceKey(
  db: Database,
  actor: Actor,
  userId: string,
  keyId: string,
  patch: { name?: string; permissions?: "all" | KeyScope[]; characterLimit?: number | null; isEnabled?: boolean; thirdPartyDisableAllowed?: boolean | null },
): Promise<Result> {
  const denied = await ownServiceAccount(db, actor, userId);
  if (denied) return denied;
  const updated = await accounts.updateServiceAccountKey(db, actor.membership.workspace.id, userId, keyId, {
    name: patch.name,
    permissions: patch.permissions === undefined ? undefined : patch.permissions === "all" ? null : JSON.stringify([...new Set(patch.permissions)]),
    characterLimit: patch.characterLimit,
    isDisabled: patch.isEnabled === undefined ? undefined : !patch.isEnabled,
    thirdPartyDisableAllowed: patch.thirdPartyDisableAllowed,
  });
  if (!updated) return refuse(404, "not_found", SERVICE_ACCOUNT_TEXTS.keyNotFound);
  const details = { owner_user_id: userId, name: patch.name, permissions: patch.permissions === "all" ? "all" : patch.permissions, character_limit: patch.characterLimit, third_party_disable_allowed: patch.thirdPartyDisableAllowed };
  const changedOtherwise = patch.name !== undefined || patch.permissions !== undefined || patch.characterLimit !== undefined || patch.thirdPartyDisableAllowed !== undefined;
  if (changedOtherwise) await recordAudit(db, actor, "api_key_changed", keyId, details);
  if (patch.isEnabled !== undefined) await recordAudit(db, actor, patch.isEnabled ? "api_key_enabled" : "api_key_disabled", keyId, { owner_user_id: userId });
  return { ok: true };
}

export async function deleteServiceKey(db: Database, actor: Actor, userId: string, keyId: string): Promise<Result> {
  const denied = await ownServiceAccount(db, actor, userId);
  if (denied) return denied;
  if (!(await deleteApiKey(db, actor.membership.workspace.id, userId, keyId))) return refuse(404, "not_found", SERVICE_ACCOUNT_TEXTS.keyNotFound);
  await recordAudit(db, actor, "api_key_deleted", keyId, { owner_user_id: userId });
  return { ok: true };
}
