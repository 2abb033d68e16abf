import { Hono } from "hono";
import { z } from "zod";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";
import { classifyRecording } from "~/ai-classifier/ai-classifier.server";
import { CLASSIFIER_MAX_BYTES } from "~/ai-classifier/rules/ai-classifier";

const doc = apiDocs("AI speech classifier");

export const aiClassifierApi = new Hono<AuthedEnv>();
aiClassifierApi.use("*", requireCaller);

aiClassifierApi.post(
  "/",
  doc("How likely a recording was generated on this platform (matched against fingerprints of generated audio, and its watermark)", {
    success: { description: "JSON: probability, verdict, evidence (fingerprint, watermark, both, none), explanation, landmarks, aligned_landmarks, watermark_score, analysed_seconds" },
    responses: { 400: "invalid_audio, file_too_large" },
  }),
  valid("form", z.object({ file: z.any() })),
  async (c) => {
    const file = c.req.valid("form").file;
    if (!(file instanceof File) || file.size === 0) return apiError(c, 400, "invalid_audio", "Send the recording as file (MP3, WAV or Ogg Opus).");
    if (file.size > CLASSIFIER_MAX_BYTES) return apiError(c, 400, "file_too_large", `The recording must be at most ${CLASSIFIER_MAX_BYTES / 1024 / 1024} MB.`);
    let result;
    try {
      result = await classifyRecording(c.env, new Uint8Array(await file.arrayBuffer()));
    } catch (error) {
      return apiError(c, 400, "invalid_audio", `The recording could not be read: ${error instanceof Error ? error.message : String(error)}.`);
    }
    return c.json({ probability: result.probability, verdict: result.verdict, evidence: result.evidence, explanation: result.explanation, landmarks: result.landmarks, aligned_landmarks: result.aligned, watermark_score: result.watermarkScore, analysed_seconds: result.analysedSeconds });
  },
);
