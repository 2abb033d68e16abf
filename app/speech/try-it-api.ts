import { Hono } from "hono";
import { z } from "zod";
import { database } from "../../db/client";
import { readEdgeContext } from "../../core/edge/edge-context";
import { TRY_IT_GLOBAL_LIMIT_MESSAGE, TRY_IT_MAX_CHARACTERS, TRY_IT_OUTPUT_FORMAT, TRY_IT_VISITOR_LIMIT_MESSAGE } from "~/marketing/rules/try-it";
import { findPremadeVoice } from "~/voices/voices.server";
import { synthesizeUncharged } from "~/speech/generation.server";
import { countTryItUse, forgetOldTryItCounts } from "~/speech/server/try-it.server";
import { apiError } from "~/api/errors";
import { VOICE_BLOCKED_API_MESSAGE, voiceUsable } from "../../core/voices/voice-safety";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";

const body = z.object({
  text: z.string().trim().min(1).max(TRY_IT_MAX_CHARACTERS),
  voice_id: z.string().min(1).max(64),
});

/**
 * POST /v1/try-it: a short sample for a visitor of the public site. Same-origin only (it is the site's
 * feature, not an open API), counted per visitor and site-wide per hour, never charged, never stored.
 */
export const tryItApi = new Hono<{ Bindings: Env }>();

const doc = apiDocs("Marketing");

tryItApi.post("/", doc("A short sample for the try-it box of the public site", {
  description: "Same-origin only, without an API key; counted per visitor and site-wide per hour, never charged or stored.",
  success: { contentTypes: ["audio/mpeg"], description: "MP3 audio" },
  responses: { 403: "forbidden (not from this site), voice_blocked, voice_captcha_required", 404: "voice_not_found", 429: "rate_limit_exceeded (with retry-after)" },
}), async (c, next) => {
  const origin = c.req.header("origin");
  if (!origin || origin !== new URL(c.req.url).origin) return apiError(c, 403, "forbidden", "The try-it box works only on this site.");
  return next();
}, valid("json", body), async (c) => {
  const { text, voice_id: voiceId } = c.req.valid("json");
  const voice = await findPremadeVoice(c.env, voiceId);
  if (!voice) return apiError(c, 404, "voice_not_found", `A voice with the voice_id ${voiceId} was not found.`);
  // A blocked voice speaks nowhere; a CAPTCHA voice only for a workspace that passed its check (decision 0023).
  if (!voiceUsable(voice.safetyControl)) return apiError(c, 403, "voice_blocked", VOICE_BLOCKED_API_MESSAGE);
  if (voice.safetyControl === "CAPTCHA") return apiError(c, 403, "voice_captcha_required", `The voice ${voice.name} needs a CAPTCHA check: sign in and choose it on the text-to-speech page.`);

  const db = database(c.env.DB);
  const visitor = readEdgeContext(c.req.raw.headers).clientIp ?? "unknown";
  const use = await countTryItUse(db, visitor);
  if (use.refusal) {
    c.header("retry-after", String(use.retryAfterSeconds));
    return apiError(c, 429, "rate_limit_exceeded", use.refusal === "visitor" ? TRY_IT_VISITOR_LIMIT_MESSAGE : TRY_IT_GLOBAL_LIMIT_MESSAGE);
  }
  c.executionCtx.waitUntil(forgetOldTryItCounts(db, use.windowStart));
  const audio = await synthesizeUncharged(c.env, voice, text, TRY_IT_OUTPUT_FORMAT);
  return new Response(audio as Uint8Array<ArrayBuffer>, { headers: { "content-type": "audio/mpeg", "cache-control": "no-store" } });
});
