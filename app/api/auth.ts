import type { MiddlewareHandler } from "hono";
import { database } from "../../db/client";
import { findApiKeyOwner, markApiKeyUsed } from "../../db/repositories/api-keys";
import type { UserRow } from "../../db/repositories/users";
import { findMembership, type Membership } from "../../db/repositories/workspaces";
import { API_KEY_HEADER, API_KEY_PATTERN } from "~/accounts/rules/api-keys";
import { isSameOriginMutation } from "~/accounts/rules/session";
import { getViewer, sha256Hex } from "~/accounts/accounts.server";
import { apiError } from "./errors";
import { markRoute } from "./route-docs";

/** Who is calling the API: a user acting in one workspace, through an API key or the browser session. */
export type Caller = { user: UserRow; membership: Membership; via: "api_key" | "session"; apiKeyId: string | null };

export type AuthedEnv = { Bindings: Env; Variables: { requestId: string; caller: Caller } };

/**
 * Authenticates /v1 requests: the `xi-api-key` header when present (and then only it), else the
 * session cookie. Missing or wrong credentials: 401 invalid_api_key, as the commercial API answers.
 */
export const requireCaller: MiddlewareHandler<AuthedEnv> = async (c, next) => {
  const db = database(c.env.DB);
  // OpenAI-compatible clients send the same key as a bearer token.
  const key = c.req.header(API_KEY_HEADER) ?? c.req.header("authorization")?.match(/^Bearer\s+(sk_\S+)$/)?.[1];
  if (key !== undefined) {
    const owner = API_KEY_PATTERN.test(key) ? await findApiKeyOwner(db, await sha256Hex(key)) : undefined;
    const membership = owner ? await findMembership(db, owner.user.id, owner.key.workspaceId) : undefined;
    if (!owner || !membership) return apiError(c, 401, "invalid_api_key", "Invalid API key");
    c.executionCtx.waitUntil(markApiKeyUsed(db, owner.key.id, Math.floor(Date.now() / 1000)));
    c.set("caller", { user: owner.user, membership, via: "api_key", apiKeyId: owner.key.id });
    return next();
  }
  const viewer = await getViewer(c.req.raw, db);
  if (!viewer) return apiError(c, 401, "invalid_api_key", "Missing API key: send it in the xi-api-key header.");
  if (!isSameOriginMutation(c.req.method, c.req.url, c.req.header("origin") ?? null)) {
    return apiError(c, 403, "forbidden", "Cross-origin request refused.");
  }
  c.set("caller", { user: viewer.user, membership: viewer.membership, via: "session", apiKeyId: null });
  return next();
};
// The API description marks the routes this runs before as needing the API key.
markRoute(requireCaller, { kind: "auth" });
