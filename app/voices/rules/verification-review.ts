/**
 * Support staff's review of requests for manual verification of professional voices (decision 0091): which
 * requests wait, what a rejection must say, how a document opens for the reviewer, and what the owner is told.
 */
import type { ManualVerificationReview, Voice } from "../../../core/voices/voices";

/** A request waits for review while the voice has one and is not verified (a recording may verify it meanwhile). */
export function awaitsReview(voice: Pick<Voice, "manualVerification" | "isVerified" | "category">): boolean {
  return voice.category === "professional" && voice.manualVerification !== null && !voice.isVerified;
}

export const REVIEW_REASON_MAX = 1000;

/** A rejection tells the owner why (what to send instead): a reason is required, at most REVIEW_REASON_MAX characters. */
export function rejectionReasonRefusal(reason: string): string | null {
  const trimmed = reason.trim();
  if (!trimmed) return "Say why the request is rejected: the owner reads it on the voice's page.";
  if (trimmed.length > REVIEW_REASON_MAX) return `The reason is longer than ${REVIEW_REASON_MAX} characters.`;
  return null;
}

// Types the browser shows itself without running anything (no SVG, no HTML): opened in place.
const INLINE_TYPES = /^(application\/pdf|image\/(png|jpeg|webp)|audio\/(mpeg|wav|x-wav|ogg|mp4|webm|aac|flac)|video\/(mp4|webm|quicktime)|text\/plain)$/;

/**
 * How a verification document is served to a reviewer: in place for PDF, pictures, audio, video and plain text;
 * anything else (an uploader's own type, or none) as a download, so nothing an owner sent runs on our origin.
 */
export function documentDisposition(mimeType: string, fileName: string): { contentType: string; disposition: string } {
  const type = mimeType.toLowerCase().split(";")[0]!.trim();
  const inline = INLINE_TYPES.test(type);
  // RFC 6266 filename*: the name as the owner gave it, percent-encoded.
  const name = `filename*=UTF-8''${encodeURIComponent(fileName)}`;
  return { contentType: inline ? (type === "text/plain" ? "text/plain; charset=utf-8" : type) : "application/octet-stream", disposition: `${inline ? "inline" : "attachment"}; ${name}` };
}

/** What the owner reads on the voice's page about manual verification; null when nothing was requested. */
export function manualVerificationNotice(voice: Pick<Voice, "manualVerification" | "isVerified"> & { manualVerificationReview: ManualVerificationReview | null }): { tone: "pending" | "approved" | "rejected"; text: string } | null {
  const review = voice.manualVerificationReview;
  if (review?.decision === "rejected") {
    return { tone: "rejected", text: `Manual verification was rejected: ${(review.reason ?? "no reason given").replace(/\.+$/, "")}. You can request it again with other documents.` };
  }
  if (review?.decision === "approved" && voice.isVerified) return { tone: "approved", text: "Verified by support staff from your documents." };
  if (voice.manualVerification && !voice.isVerified) return { tone: "pending", text: "Manual verification requested: support staff will review your documents." };
  return null;
}
