// The workspace's API keys as a whole (decision 0088): a key disabled by its holder, and the policy that allows it.
import type { Database } from "../../db/client";
import { setApiKeyDisabled } from "../../db/repositories/api-keys";
import { updateWorkspace } from "../../db/repositories/workspaces";
import { can, type Actor } from "~/accounts/accounts.server";
import { API_KEY_DISABLING_TEXTS, holderMayDisable } from "~/workspace/rules/api-key-disabling";
import { recordAudit } from "~/workspace/audit-log.server";
import type { WorkspaceRefusal } from "~/workspace/workspace.server";

/** Turns off the key the actor's request came with, unless the workspace forbids holders to. */
export async function disableCallingKey(db: Database, actor: Actor): Promise<{ ok: true; keyId: string } | WorkspaceRefusal> {
  if (actor.via !== "api_key" || actor.apiKeyId === null) return { ok: false, httpStatus: 400, status: "api_key_required", message: API_KEY_DISABLING_TEXTS.needsKey };
  const { workspace } = actor.membership;
  const keyOverride = actor.key?.thirdPartyDisableAllowed ?? null;
  if (!holderMayDisable(workspace.thirdPartyDisableAllowed, keyOverride)) {
    const message = workspace.thirdPartyDisableAllowed === false ? API_KEY_DISABLING_TEXTS.forbiddenByPolicy : API_KEY_DISABLING_TEXTS.forbiddenForKey;
    return { ok: false, httpStatus: 403, status: "third_party_disable_not_allowed", message };
  }
  if (!(await setApiKeyDisabled(db, workspace.id, actor.apiKeyId, true))) return { ok: false, httpStatus: 404, status: "not_found", message: "API key not found" };
  await recordAudit(db, actor, "api_key_disabled", actor.apiKeyId, { by_holder: true, owner_user_id: actor.user.id });
  return { ok: true, keyId: actor.apiKeyId };
}

/** Sets (true, false) or clears (null) the workspace's override of whether holders may disable their keys. */
export async function setThirdPartyDisabling(db: Database, actor: Actor, allowed: boolean | null): Promise<{ ok: true } | WorkspaceRefusal> {
  if (!(await can(db, actor, "workspace_settings"))) return { ok: false, httpStatus: 403, status: "missing_permissions", message: API_KEY_DISABLING_TEXTS.policyForbidden };
  await updateWorkspace(db, actor.membership.workspace.id, { thirdPartyDisableAllowed: allowed });
  await recordAudit(db, actor, "api_key_disabling_policy_changed", actor.membership.workspace.id, { third_party_disable_allowed: allowed });
  return { ok: true };
}
