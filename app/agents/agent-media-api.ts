import { Hono } from "hono";
import { z } from "zod";
import type { AuthedEnv } from "~/api/auth";
import { requireAgentsCaller } from "~/agents/api-access";
import { validationError } from "~/api/errors";
import { answerRefusal, formFile, readMultipart } from "~/api/multipart";
import { valid } from "~/api/validation";
import { removeHoldAudio, setAvatar, setHoldAudio } from "~/agents/media.server";
import { doc, id } from "./api-schemas";

const agentParam = z.object({ agent_id: id });

/**
 * An agent's uploaded media under /v1/convai (decision 0096): the widget's avatar and the hold audio played while a
 * conversation waits on a tool. Multipart uploads, as the SDK sends them; each route asks for the key itself.
 */
export const agentMediaApi = new Hono<AuthedEnv>();

agentMediaApi.post(
  "/agents/:agent_id/avatar",
  requireAgentsCaller,
  doc("Set the avatar the agent's widget shows (multipart avatar_file: PNG, JPEG, GIF or WebP, at most 2 MB)", {
    success: { description: "JSON: agent_id, avatar_url" },
    responses: { 404: "not_found", 413: "avatar_too_large", 415: "unsupported_image_type" },
  }),
  valid("param", agentParam),
  async (c) => {
    const form = await readMultipart(c, "an avatar_file");
    if (form instanceof Response) return form;
    const field = formFile(form, "avatar_file", "the avatar image");
    if ("issue" in field) return validationError(c, [field.issue]);
    const agentId = c.req.valid("param").agent_id;
    const set = await setAvatar(c.env, c.get("caller"), agentId, field.file, new URL(c.req.url).origin);
    return set.ok ? c.json({ agent_id: agentId, avatar_url: set.avatarUrl }) : answerRefusal(c, set.refusal);
  },
);

agentMediaApi.post(
  "/agents/:agent_id/hold-audio",
  requireAgentsCaller,
  doc("Set the audio a caller hears while the agent waits on a tool (multipart hold_audio_file: MP3, WAV or Ogg Opus, at most 10 MB and 10 minutes)", {
    success: { description: "JSON: agent_id, hold_audio (audio_path, audio_url, original_filename, duration_secs, size_bytes)" },
    responses: { 400: "undecodable_audio, empty_audio, hold_audio_too_long", 404: "not_found", 413: "hold_audio_too_large", 415: "unsupported_audio_type" },
  }),
  valid("param", agentParam),
  async (c) => {
    const form = await readMultipart(c, "a hold_audio_file");
    if (form instanceof Response) return form;
    const field = formFile(form, "hold_audio_file", "the hold audio");
    if ("issue" in field) return validationError(c, [field.issue]);
    const agentId = c.req.valid("param").agent_id;
    const set = await setHoldAudio(c.env, c.get("caller"), agentId, field.file, new URL(c.req.url).origin);
    return set.ok ? c.json({ agent_id: agentId, hold_audio: set.holdAudio }) : answerRefusal(c, set.refusal);
  },
);

agentMediaApi.delete(
  "/agents/:agent_id/hold-audio",
  requireAgentsCaller,
  doc("Remove the agent's hold audio (tool waits are silent again)", { success: { description: "JSON: agent_id" }, responses: { 404: "not_found, hold_audio_not_found" } }),
  valid("param", agentParam),
  async (c) => {
    const agentId = c.req.valid("param").agent_id;
    const removed = await removeHoldAudio(c.env, c.get("caller"), agentId);
    return removed.ok ? c.json({ agent_id: agentId }) : answerRefusal(c, removed.refusal);
  },
);
