import type { MiddlewareHandler } from "hono";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { markRoute } from "~/api/route-docs";
import { agentsRefusal } from "~/agents/agents.server";

/** requireCaller, then the conversational_ai permission: the one door of every keyed agents route. */
export const requireAgentsCaller: MiddlewareHandler<AuthedEnv> = async (c, next) => {
  let authenticated = false;
  const answered = await requireCaller(c, async () => {
    authenticated = true;
  });
  if (!authenticated) return answered;
  const denied = await agentsRefusal(c.env, c.get("caller"));
  if (denied) return apiError(c, denied.httpStatus, denied.status, denied.message);
  await next();
};
markRoute(requireAgentsCaller, { kind: "auth" });
