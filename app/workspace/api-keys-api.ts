import { Hono } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { disableCallingKey, setThirdPartyDisabling } from "~/workspace/api-keys.server";
import { API_KEY_DISABLING_TEXTS, SELF } from "~/workspace/rules/api-key-disabling";

/** /v1/workspaces/api-keys: keys switched off by their holder, and the workspace's policy on it (decision 0088). */
export const workspaceApiKeysApi = new Hono<AuthedEnv>();
workspaceApiKeysApi.use("*", requireCaller);
const doc = apiDocs("Workspace");

workspaceApiKeysApi.post(
  "/disable",
  doc("Disable the API key this request came with", {
    description:
      "api_key_name=self confirms it. Any key may do this, whatever its scopes, unless the workspace's third-party disabling policy is false. The key is then refused (401 api_key_disabled) until its owner, or an admin for a service account's key, enables it again (PATCH /v1/user/api-keys/{key_id} or /v1/service-accounts/{id}/api-keys/{key_id} with is_enabled).",
    success: { description: "JSON: status, key_id" },
    responses: { 400: "api_key_required (no key: a browser session)", 403: "third_party_disable_not_allowed", 422: "api_key_name is not self" },
  }),
  valid("query", z.object({ api_key_name: z.literal(SELF, { message: API_KEY_DISABLING_TEXTS.notSelf }) })),
  async (c) => {
    const disabled = await disableCallingKey(database(c.env.DB), c.get("caller"));
    return disabled.ok ? c.json({ status: "ok", key_id: disabled.keyId }) : apiError(c, disabled.httpStatus, disabled.status, disabled.message);
  },
);

workspaceApiKeysApi.post(
  "/third-party-disabling",
  doc("Whether the workspace's keys may be disabled by their holder (admins, and members with workspace_settings)", {
    description: "third_party_disable_allowed: true allows it for every key, false forbids it for every key, null (or left out) clears the override: allowed.",
    success: { description: "JSON: status, third_party_disable_allowed" },
    responses: { 403: "missing_permissions" },
  }),
  valid("json", z.object({ third_party_disable_allowed: z.boolean().nullish() })),
  async (c) => {
    const allowed = c.req.valid("json").third_party_disable_allowed ?? null;
    const set = await setThirdPartyDisabling(database(c.env.DB), c.get("caller"), allowed);
    return set.ok ? c.json({ status: "ok", third_party_disable_allowed: allowed }) : apiError(c, set.httpStatus, set.status, set.message);
  },
);
