import { Hono } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { countUse, forgetWindowsBefore } from "../../db/repositories/rate-counters";
import { readEdgeContext } from "../../core/edge/edge-context";
import {
  TRY_IT_GLOBAL_LIMIT_MESSAGE,
  TRY_IT_MAX_CHARACTERS,
  TRY_IT_OUTPUT_FORMAT,
  TRY_IT_VISITOR_LIMIT_MESSAGE,
  TRY_IT_WINDOW_SECONDS,
  tryItRefusal,
  tryItWindowStart,
} from "~/marketing/rules/try-it";
import { findPremadeVoice } from "~/voices/voices.server";
import { synthesizeUncharged } from "~/speech/generation.server";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";

const body = z.object({
  text: z.string().trim().min(1).max(TRY_IT_MAX_CHARACTERS),
  voice_id: z.string().min(1).max(64),
});

/**
 * POST /v1/try-it: a short sample for a visitor of the public site. Same-origin only (it is the site's
 * feature, not an open API), counted per visitor and site-wide per hour, never charged, never stored.
 */
export const tryItApi = new Hono<{ Bindings: Env }>();

tryItApi.post("/", async (c, next) => {
  const origin = c.req.header("origin");
  if (!origin || origin !== new URL(c.req.url).origin) return apiError(c, 403, "forbidden", "The try-it box works only on this site.");
  return next();
}, valid("json", body), async (c) => {
  const { text, voice_id: voiceId } = c.req.valid("json");
  const voice = await findPremadeVoice(c.env, voiceId);
  if (!voice) return apiError(c, 404, "voice_not_found", `A voice with the voice_id ${voiceId} was not found.`);

  const db = database(c.env.DB);
  const now = Math.floor(Date.now() / 1000);
  const windowStart = tryItWindowStart(now);
  const visitor = readEdgeContext(c.req.raw.headers).clientIp ?? "unknown";
  const [visitorCount, globalCount] = await countUse(db, [`try-it:visitor:${visitor}`, "try-it:global"], windowStart);
  const refusal = tryItRefusal({ visitor: visitorCount!, global: globalCount! });
  if (refusal) {
    const retryAfter = String(windowStart + TRY_IT_WINDOW_SECONDS - now);
    c.header("retry-after", retryAfter);
    return apiError(c, 429, "rate_limit_exceeded", refusal === "visitor" ? TRY_IT_VISITOR_LIMIT_MESSAGE : TRY_IT_GLOBAL_LIMIT_MESSAGE);
  }
  c.executionCtx.waitUntil(forgetWindowsBefore(db, windowStart - TRY_IT_WINDOW_SECONDS));
  const audio = await synthesizeUncharged(c.env, voice, text, TRY_IT_OUTPUT_FORMAT);
  return new Response(audio as Uint8Array<ArrayBuffer>, { headers: { "content-type": "audio/mpeg", "cache-control": "no-store" } });
});
