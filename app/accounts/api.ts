import { Hono } from "hono";
import { z } from "zod";
import { missingPermissionMessage } from "../../core/workspace/permissions";
import { database } from "../../db/client";
import { REFERRAL_PARAM } from "~/accounts/rules/attribution";
import { ANALYTICS_CONSENT_STATES } from "~/accounts/rules/privacy";
import { apiKeyName } from "~/accounts/rules/api-keys";
import { checklistItemId } from "~/accounts/rules/onboarding";
import { EMAIL_CHANGE_CODE, EMAIL_CHANGE_FAILURES } from "~/accounts/rules/account-actions";
import { MAX_PUBLIC_NAME } from "../../core/sharing/sharing";
import { acceptBiometricTerms, applyEmailChange, saveUserPreferences, setPublicUserName } from "~/accounts/server/account-settings.server";
import { apiKeysOf, createApiKey, deleteApiKey, renameApiKey, setOwnApiKeyEnabled } from "~/accounts/server/api-keys.server";
import { SENSITIVE_ACTION_FAILED } from "~/accounts/server/two-factor.server";
import { completeChecklistItem, initiateChecklist, markChecklistComplete, onboardingChecklist, setChecklistHidden } from "~/accounts/server/onboarding.server";
import { providerInvoices, workspaceBilling } from "~/billing/billing.server";
import { voiceSlots } from "~/voices/voices.server";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { billingInfoApi } from "~/billing/api";
import { subscriptionJson, userJson } from "~/api/serializers";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";

export const userApi = new Hono<AuthedEnv>();
userApi.use("*", requireCaller);
const doc = apiDocs("User");

userApi.get("/", doc("The calling user", { success: { description: "JSON user" } }), async (c) => {
  const actor = c.get("caller");
  const keys = await apiKeysOf(database(c.env.DB), actor);
  const current = keys.find((k) => k.id === actor.apiKeyId) ?? keys[0];
  return c.json(userJson(actor.user, actor.membership, current?.preview ?? null));
});

userApi.get("/subscription", doc("The workspace's subscription", {
  description: "next_invoice and open_invoices are read from the payment provider for workspace admins; other members get null and [] (decision 0019).",
  success: { description: "JSON subscription" },
}), async (c) => {
  const actor = c.get("caller");
  const db = database(c.env.DB);
  const billing = await workspaceBilling(db, actor);
  const [invoices, voices] = await Promise.all([providerInvoices({ env: c.env, db, membership: actor.membership }, billing ?? null), voiceSlots(c.env, actor.membership.workspace)]);
  return c.json(subscriptionJson(actor.membership, billing, invoices, voices));
});
userApi.route("/", billingInfoApi);

/** The caller's own referral link: visitors who arrive through it are attributed to them for 90 days. */
userApi.get("/referral-link", doc("Your referral link", { success: { description: "JSON: referral_link" } }), (c) => {
  const link = new URL("/", c.req.url);
  link.searchParams.set(REFERRAL_PARAM, c.get("caller").user.publicUserId);
  return c.json({ referral_link: link.toString() });
});

userApi.get("/api-keys", doc("List your API keys (previews only)", { success: { description: "JSON: api_keys" } }), async (c) => {
  const keys = await apiKeysOf(database(c.env.DB), c.get("caller"));
  return c.json({
    api_keys: keys.map((k) => ({ key_id: k.id, name: k.name, preview: k.preview, created_at_unix: k.createdAt, last_used_at_unix: k.lastUsedAt, is_disabled: k.isDisabled })),
  });
});

userApi.post("/api-keys", doc("Create an API key (shown once; a browser session only, with a current code when two-factor sign-in is on)", { success: { status: 201, description: "JSON: key_id, name, xi_api_key, preview" }, responses: { 403: "forbidden (an API key), second_factor_required, missing_permissions (create_user_api_key)" } }), valid("json", z.object({ name: apiKeyName, code: z.string().trim().max(20).optional() })), async (c) => {
  const body = c.req.valid("json");
  const created = await createApiKey(database(c.env.DB), c.get("caller"), body.name, { code: body.code });
  if (!created.ok && created.reason === "api_key_actor") return apiError(c, 403, "forbidden", "API keys are created by a person signed in to the app, not with another API key.");
  if (!created.ok && created.reason === "missing_permissions") return apiError(c, 403, "missing_permissions", missingPermissionMessage("create_user_api_key"));
  if (!created.ok) return apiError(c, 403, "second_factor_required", SENSITIVE_ACTION_FAILED);
  // The only time the key is ever shown.
  return c.json({ key_id: created.id, name: created.name, xi_api_key: created.key, preview: created.preview }, 201);
});

const keyIdParam = z.object({ key_id: z.string().min(1).max(64) });

userApi.patch(
  "/api-keys/:key_id",
  doc("Rename an API key, or turn it off or on again (is_enabled)", { description: "A key disabled by its holder (POST /v1/workspaces/api-keys/disable) comes back with is_enabled true.", success: { description: "JSON: status" }, responses: { 404: "not_found" } }),
  valid("param", keyIdParam),
  valid("json", z.object({ name: apiKeyName.optional(), is_enabled: z.boolean().optional() }).refine((b) => b.name !== undefined || b.is_enabled !== undefined, "Send name or is_enabled.")),
  async (c) => {
    const db = database(c.env.DB);
    const body = c.req.valid("json");
    const keyId = c.req.valid("param").key_id;
    const ok = (body.name === undefined || (await renameApiKey(db, c.get("caller"), keyId, body.name))) && (body.is_enabled === undefined || (await setOwnApiKeyEnabled(db, c.get("caller"), keyId, body.is_enabled)));
    if (!ok) return apiError(c, 404, "not_found", "API key not found");
    return c.json({ status: "ok" });
  },
);

userApi.delete("/api-keys/:key_id", doc("Delete an API key", { success: { description: "JSON: status" }, responses: { 404: "not_found" } }), valid("param", keyIdParam), async (c) => {
  const ok = await deleteApiKey(database(c.env.DB), c.get("caller"), c.req.valid("param").key_id);
  if (!ok) return apiError(c, 404, "not_found", "API key not found");
  return c.json({ status: "ok" });
});

// Onboarding checklist (spec §4.6): initiate, update per item, hide, mark complete.
userApi.get("/onboarding", doc("The onboarding checklist", { success: { description: "JSON checklist" } }), async (c) => c.json(await onboardingChecklist(database(c.env.DB), c.get("caller").user.id)));

userApi.post("/onboarding/initiate", doc("Start the onboarding checklist", { success: { description: "JSON checklist" } }), async (c) => {
  const db = database(c.env.DB);
  const { user } = c.get("caller");
  await initiateChecklist(db, user);
  return c.json(await onboardingChecklist(db, user.id));
});

userApi.post("/onboarding/update", doc("Complete an onboarding checklist item", { success: { description: "JSON checklist, newly_completed" } }), valid("json", z.object({ item_id: checklistItemId })), async (c) => {
  const db = database(c.env.DB);
  const { user } = c.get("caller");
  const newlyCompleted = await completeChecklistItem(db, user.id, c.req.valid("json").item_id);
  return c.json({ ...(await onboardingChecklist(db, user.id)), newly_completed: newlyCompleted });
});

userApi.post("/onboarding/hide", doc("Hide the onboarding checklist", { success: { description: "JSON checklist" } }), async (c) => {
  const db = database(c.env.DB);
  await setChecklistHidden(db, c.get("caller").user.id, true);
  return c.json(await onboardingChecklist(db, c.get("caller").user.id));
});

userApi.post("/onboarding/mark-complete", doc("Mark the onboarding checklist complete", { success: { description: "JSON checklist" } }), async (c) => {
  const db = database(c.env.DB);
  await markChecklistComplete(db, c.get("caller").user.id);
  return c.json(await onboardingChecklist(db, c.get("caller").user.id));
});

// Regional terms and privacy choices.
userApi.post("/accept-bipa-terms", doc("Accept the biometric privacy terms", { success: { description: "JSON: status" } }), async (c) => {
  await acceptBiometricTerms(database(c.env.DB), c.get("caller").user.id);
  return c.json({ status: "ok" });
});

userApi.post(
  "/edit-user-metadata",
  doc("Edit privacy choices and first name", { success: { description: "JSON: status" } }),
  valid(
    "json",
    z
      .object({
        agrees_to_product_updates: z.boolean().optional(),
        ccpa_opt_out: z.boolean().optional(),
        analytics_consent: z.enum(ANALYTICS_CONSENT_STATES).optional(),
        first_name: z.string().trim().max(100).optional(),
      })
      .strict(),
  ),
  async (c) => {
    const body = c.req.valid("json");
    await saveUserPreferences(database(c.env.DB), c.get("caller").user.id, {
      ...(body.agrees_to_product_updates === undefined ? {} : { agreesToProductUpdates: body.agrees_to_product_updates }),
      ...(body.ccpa_opt_out === undefined ? {} : { ccpaOptOut: body.ccpa_opt_out }),
      ...(body.analytics_consent === undefined ? {} : { analyticsConsent: body.analytics_consent }),
      ...(body.first_name === undefined ? {} : { firstName: body.first_name || null }),
    });
    return c.json({ status: "ok" });
  },
);

// E-mail change (spec §7): the links mailed by the settings page land on the main screen, whose loader applies
// them with the same function; this is the API's way to it.
userApi.put(
  "/email",
  doc("Apply (or revert) an e-mail change from its mailed link", { success: { description: "JSON: status" }, responses: { 400: "email_change_failed" } }),
  valid("query", z.object({ verification_code: z.string().regex(EMAIL_CHANGE_CODE, EMAIL_CHANGE_FAILURES.malformed), is_reverting: z.enum(["true", "false"]).default("false") })),
  async (c) => {
    const result = await applyEmailChange(database(c.env.DB), c.get("caller").user, c.req.valid("query").verification_code);
    if (!result.ok) return apiError(c, 400, "email_change_failed", result.reason);
    return c.json({ status: "ok" });
  },
);

userApi.post("/update-public-user-name", doc("Set the name shown on your share pages", { success: { description: "JSON: status" } }), valid("json", z.object({ public_user_name: z.string().trim().max(MAX_PUBLIC_NAME) })), async (c) => {
  await setPublicUserName(database(c.env.DB), c.get("caller").user.id, c.req.valid("json").public_user_name);
  return c.json({ status: "ok" });
});
