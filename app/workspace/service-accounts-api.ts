import { Hono, type Context } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { apiKeyName } from "~/accounts/rules/api-keys";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { createServiceAccount, createServiceKey, deleteServiceAccount, deleteServiceKey, serviceAccountsOf, updateServiceKey, type ServiceKey } from "~/workspace/service-accounts.server";
import type { WorkspaceRefusal } from "~/workspace/workspace.server";
import { keyCharacterLimit, keyPermissions, serviceAccountName, serviceKeyCreate } from "~/workspace/rules/service-accounts";

/** /v1/service-accounts: the workspace's service accounts and their scoped, capped keys (the SDK's serviceAccounts). */
export const serviceAccountsApi = new Hono<AuthedEnv>();
serviceAccountsApi.use("*", requireCaller);
const doc = apiDocs("Service accounts");
const REFUSALS = { 403: "forbidden (admins only; never a service account)", 404: "not_found" };

const keyJson = (k: ServiceKey) => ({
  name: k.name,
  hint: k.preview,
  key_id: k.id,
  service_account_user_id: k.serviceAccountUserId,
  created_at_unix: k.createdAt,
  is_disabled: k.isDisabled,
  permissions: k.permissions,
  character_limit: k.characterLimit,
  character_count: k.characterCount,
  hashed_xi_api_key: k.keyHash,
  ...(k.thirdPartyDisableAllowed === null ? {} : { third_party_disable_allowed: k.thirdPartyDisableAllowed }),
});
const refusal = (c: Context<AuthedEnv>, r: WorkspaceRefusal) => apiError(c, r.httpStatus, r.status, r.message);
const accountParam = z.object({ service_account_user_id: z.string().min(1).max(64) });
const keyParam = accountParam.extend({ api_key_id: z.string().min(1).max(64) });

serviceAccountsApi.get("/", doc("The workspace's service accounts with their keys (admins)", { success: { description: "JSON: service-accounts" }, responses: REFUSALS }), async (c) => {
  const listed = await serviceAccountsOf(database(c.env.DB), c.get("caller"));
  if (!listed.ok) return refusal(c, listed);
  return c.json({
    "service-accounts": listed.accounts.map((a) => ({ service_account_user_id: a.userId, name: a.name, created_at_unix: a.createdAt, "api-keys": a.keys.map(keyJson) })),
  });
});

serviceAccountsApi.post(
  "/",
  doc("Create a service account (admins)", { success: { description: "JSON: service-account-user-id" }, responses: { ...REFUSALS, 403: "forbidden, service_account_limit_reached" } }),
  valid("json", z.object({ name: serviceAccountName })),
  async (c) => {
    const created = await createServiceAccount(database(c.env.DB), c.get("caller"), c.req.valid("json").name);
    return created.ok ? c.json({ "service-account-user-id": created.userId }) : refusal(c, created);
  },
);

serviceAccountsApi.delete("/:service_account_user_id", doc("Delete a service account and its keys (admins)", { success: { description: "JSON: status" }, responses: REFUSALS }), valid("param", accountParam), async (c) => {
  const deleted = await deleteServiceAccount(database(c.env.DB), c.get("caller"), c.req.valid("param").service_account_user_id);
  return deleted.ok ? c.json({ status: "ok" }) : refusal(c, deleted);
});

serviceAccountsApi.get("/:service_account_user_id/api-keys", doc("A service account's keys (admins)", { success: { description: "JSON: api-keys" }, responses: REFUSALS }), valid("param", accountParam), async (c) => {
  const listed = await serviceAccountsOf(database(c.env.DB), c.get("caller"));
  if (!listed.ok) return refusal(c, listed);
  const account = listed.accounts.find((a) => a.userId === c.req.valid("param").service_account_user_id);
  return account ? c.json({ "api-keys": account.keys.map(keyJson) }) : apiError(c, 404, "not_found", "Service account not found.");
});

serviceAccountsApi.post(
  "/:service_account_user_id/api-keys",
  doc("Create a key for a service account (admins): permissions \"all\" or a list of scopes, an optional monthly character_limit; the key is shown once", {
    success: { description: "JSON: xi-api-key, key_id" },
    responses: REFUSALS,
  }),
  valid("param", accountParam),
  valid("json", serviceKeyCreate),
  async (c) => {
    const body = c.req.valid("json");
    const created = await createServiceKey(database(c.env.DB), c.get("caller"), c.req.valid("param").service_account_user_id, {
      name: body.name,
      permissions: body.permissions,
      characterLimit: body.character_limit ?? null,
      thirdPartyDisableAllowed: body.third_party_disable_allowed ?? null,
    });
    return created.ok ? c.json({ "xi-api-key": created.key, key_id: created.id }) : refusal(c, created);
  },
);

const noUpdate = z.literal("no_update");
serviceAccountsApi.patch(
  "/:service_account_user_id/api-keys/:api_key_id",
  doc("Change a service account key (admins): name, permissions, character_limit (\"clear\" removes it), is_enabled, third_party_disable_allowed (\"clear\" leaves it to the workspace's policy)", { success: { description: "JSON: status" }, responses: REFUSALS }),
  valid("param", keyParam),
  valid(
    "json",
    z.object({
      name: apiKeyName.nullish(),
      permissions: z.union([keyPermissions, noUpdate]).nullish(),
      character_limit: z.union([keyCharacterLimit, z.literal("clear"), noUpdate]).nullish(),
      is_enabled: z.union([z.boolean(), noUpdate]).nullish(),
      third_party_disable_allowed: z.union([z.boolean(), z.literal("clear"), noUpdate]).nullish(),
    }),
  ),
  async (c) => {
    const body = c.req.valid("json");
    const { service_account_user_id: userId, api_key_id: keyId } = c.req.valid("param");
    const keep = <T>(v: T | "no_update" | null | undefined) => (v === "no_update" || v === null ? undefined : v);
    const limit = keep(body.character_limit);
    const thirdParty = keep(body.third_party_disable_allowed);
    const updated = await updateServiceKey(database(c.env.DB), c.get("caller"), userId, keyId, {
      name: keep(body.name),
      permissions: keep(body.permissions),
      characterLimit: limit === "clear" ? null : limit,
      isEnabled: keep(body.is_enabled),
      thirdPartyDisableAllowed: thirdParty === "clear" ? null : thirdParty,
    });
    return updated.ok ? c.json({ status: "ok" }) : refusal(c, updated);
  },
);

serviceAccountsApi.delete("/:service_account_user_id/api-keys/:api_key_id", doc("Delete a service account key (admins)", { success: { description: "JSON: status" }, responses: REFUSALS }), valid("param", keyParam), async (c) => {
  const { service_account_user_id: userId, api_key_id: keyId } = c.req.valid("param");
  const deleted = await deleteServiceKey(database(c.env.DB), c.get("caller"), userId, keyId);
  return deleted.ok ? c.json({ status: "ok" }) : refusal(c, deleted);
});
