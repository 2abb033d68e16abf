import { Hono } from "hono";
import { z } from "zod";
import { approveVoiceVerification, rejectVoiceVerification, voiceVerificationDocument, voiceVerificationRequests, type ReviewRefusal } from "~/voices/voices.server";
import { REVIEW_REASON_MAX } from "~/voices/rules/verification-review";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import { apiDocs } from "~/api/route-docs";

/**
 * Support staff's review of manual verification requests (decision 0091), under /v1/support/voice-verifications
 * beside the rest of the staff console's API. Anyone but support staff is refused (403) before anything is read.
 */
export const voiceVerificationReviewApi = new Hono<AuthedEnv>();
voiceVerificationReviewApi.use("*", requireCaller);

const doc = apiDocs("Support");
const refused = (c: Parameters<typeof apiError>[0], refusal: ReviewRefusal) => apiError(c, refusal.httpStatus, refusal.status, refusal.message);
const voiceParam = z.object({ voice_id: z.string().min(1).max(100) });

voiceVerificationReviewApi.get(
  "/",
  doc("Professional voices waiting for manual verification (support staff)", {
    description: "Every workspace's waiting requests, oldest first: the voice, its workspace, when it was requested, the note and the documents.",
    success: { description: "JSON: requests" },
    responses: { 403: "forbidden (not support staff)" },
  }),
  async (c) => {
    const listed = await voiceVerificationRequests(c.env, c.get("caller"));
    return listed.ok ? c.json({ requests: listed.requests }) : refused(c, listed);
  },
);

voiceVerificationReviewApi.get(
  "/:voice_id/files/:file_id",
  doc("One document of a waiting request (support staff)", {
    description: "PDF, pictures, audio, video and plain text open in place; anything else downloads.",
    success: { contentTypes: ["application/octet-stream"], description: "The document as uploaded" },
    responses: { 403: "forbidden (not support staff)", 404: "verification_request_not_found, file_not_found" },
  }),
  valid("param", voiceParam.extend({ file_id: z.string().min(1).max(100) })),
  async (c) => {
    const { voice_id, file_id } = c.req.valid("param");
    const found = await voiceVerificationDocument(c.env, c.get("caller"), voice_id, file_id);
    if (!found.ok) return refused(c, found);
    return new Response(found.body, {
      headers: {
        "content-type": found.contentType,
        "content-disposition": found.disposition,
        "content-length": String(found.size),
        "x-content-type-options": "nosniff",
        "cache-control": "private, no-store",
      },
    });
  },
);

voiceVerificationReviewApi.post(
  "/:voice_id/approve",
  doc("Approve a manual verification request (support staff)", {
    description: "The professional voice is verified, as by reading the verification text aloud; who approved and when are kept.",
    success: { description: "JSON: status approved, reviewed_at_unix" },
    responses: { 403: "forbidden (not support staff)", 404: "verification_request_not_found (none waits: unknown, reviewed already, or verified meanwhile)" },
  }),
  valid("param", voiceParam),
  async (c) => {
    const approved = await approveVoiceVerification(c.env, c.get("caller"), c.req.valid("param").voice_id);
    return approved.ok ? c.json({ status: "approved", reviewed_at_unix: approved.review.reviewedAt }) : refused(c, approved);
  },
);

voiceVerificationReviewApi.post(
  "/:voice_id/reject",
  doc("Reject a manual verification request (support staff)", {
    description: "The request and its documents are removed; the owner reads the reason on the voice's page and may request again.",
    success: { description: "JSON: status rejected, reviewed_at_unix" },
    responses: { 400: "reason_required", 403: "forbidden (not support staff)", 404: "verification_request_not_found" },
  }),
  valid("param", voiceParam),
  valid("json", z.object({ reason: z.string().max(REVIEW_REASON_MAX * 2) })),
  async (c) => {
    const rejected = await rejectVoiceVerification(c.env, c.get("caller"), c.req.valid("param").voice_id, c.req.valid("json").reason);
    return rejected.ok ? c.json({ status: "rejected", reviewed_at_unix: rejected.review.reviewedAt }) : refused(c, rejected);
  },
);
