// What the agents area's API sub-apps share: input schemas in the SDK's shapes and the refusal answer.
import type { Context } from "hono";
import { z } from "zod";
import { apiError } from "~/api/errors";
import { apiDocs } from "~/api/route-docs";
import { AGENT_LIMITS } from "~/agents/rules/agents";
import type { AgentRefusal } from "~/agents/agents.server";

export const doc = apiDocs("Conversational AI");
export const jsonObject = z.record(z.string(), z.unknown());
export const id = z.string().min(1).max(100);
export const pageQuery = z.object({ page_size: z.coerce.number().int().min(1).max(AGENT_LIMITS.pageSize).default(30), cursor: z.string().max(40).optional(), search: z.string().max(200).optional() });
/** A query parameter the SDK repeats for a list (`key=a&key=b`): one value or several. */
export const queryList = z.union([z.string().max(100), z.array(z.string().max(100)).max(100)]).transform((v) => (Array.isArray(v) ? v : [v]));
/** A boolean query parameter. */
export const queryFlag = z.enum(["true", "false"]).transform((v) => v === "true");

/** An area refusal in the API's error shape. */
export const refused = (c: Context, refusal: AgentRefusal) => apiError(c, refusal.httpStatus, refusal.status, refusal.message);
