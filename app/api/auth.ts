import type { MiddlewareHandler } from "hono";
import { database } from "../../db/client";
import { API_KEY_HEADER } from "~/accounts/rules/api-keys";
import { isSameOriginMutation } from "~/accounts/rules/session";
import { apiKeyActor, getViewer, isDisabledApiKey, recordApiKeyUse, secondFactorRefusal, type Actor } from "~/accounts/accounts.server";
import { API_KEY_DISABLED } from "~/accounts/rules/api-keys";
import { apiError } from "./errors";
import { keyMayCall, missingScopeMessage } from "../../core/workspace/key-scopes";
import { markRoute } from "./route-docs";

/** `caller` is the request's Actor (accounts area): a user acting in one workspace, through an API key or the browser session. */
export type AuthedEnv = { Bindings: Env; Variables: { requestId: string; caller: Actor } };

/**
 * Authenticates /v1 requests and builds their Actor: the `xi-api-key` header when present (and then only
 * it), else the session cookie. Missing or wrong credentials: 401 invalid_api_key, as the commercial API answers.
 */
export const requireCaller: MiddlewareHandler<AuthedEnv> = async (c, next) => {
  const db = database(c.env.DB);
  // OpenAI-compatible clients send the same key as a bearer token.
  const key = c.req.header(API_KEY_HEADER) ?? c.req.header("authorization")?.match(/^Bearer\s+(sk_\S+)$/)?.[1];
  if (key !== undefined) {
    const actor = await apiKeyActor(db, key);
    if (!actor) return (await isDisabledApiKey(db, key)) ? apiError(c, 401, "api_key_disabled", API_KEY_DISABLED) : apiError(c, 401, "invalid_api_key", "Invalid API key");
    // A scoped key (a service account's) reaches only the routes its scopes open: one check for every route.
    const allowed = keyMayCall(actor.key?.scopes ?? null, c.req.method, c.req.path);
    if (!allowed.ok) return apiError(c, 403, "missing_permissions", missingScopeMessage(allowed.scope));
    // A person's key stops while their workspace requires a second factor they lack (decision 0061).
    const held = secondFactorRefusal(actor);
    if (held) return apiError(c, held.httpStatus, held.status, held.message);
    c.set("caller", actor);
    // The key's last use is written once the route has answered: begun before, the write queued in the database
    // ahead of the route's own reads and delayed a stream's first audio (decision 0082).
    try {
      await next();
    } finally {
      c.executionCtx.waitUntil(recordApiKeyUse(db, actor.apiKeyId!));
    }
    return;
  }
  const viewer = await getViewer(c.req.raw, db);
  if (!viewer) return apiError(c, 401, "invalid_api_key", "Missing API key: send it in the xi-api-key header.");
  if (!isSameOriginMutation(c.req.method, c.req.url, c.req.header("origin") ?? null)) {
    return apiError(c, 403, "forbidden", "Cross-origin request refused.");
  }
  const held = secondFactorRefusal(viewer);
  if (held) return apiError(c, held.httpStatus, held.status, held.message);
  c.set("caller", { user: viewer.user, membership: viewer.membership, via: "session", apiKeyId: null });
  return next();
};
// The API description marks the routes this runs before as needing the API key.
markRoute(requireCaller, { kind: "auth" });
