import { describe, expect, it } from "vitest";
import type { ManualVerification } from "../../../core/voices/voices";
import { awaitsReview, documentDisposition, manualVerificationNotice, rejectionReasonRefusal, REVIEW_REASON_MAX } from "./verification-review";

const request: ManualVerification = { extraText: "", requestedAt: 1, files: [] };

describe("manual verification review rules", () => {
  it("a professional voice's request waits while the voice is not verified", () => {
    expect(awaitsReview({ category: "professional", manualVerification: request, isVerified: false })).toBe(true);
    expect(awaitsReview({ category: "professional", manualVerification: request, isVerified: true })).toBe(false);
    expect(awaitsReview({ category: "professional", manualVerification: null, isVerified: false })).toBe(false);
    expect(awaitsReview({ category: "cloned", manualVerification: request, isVerified: false })).toBe(false);
  });

  it("a rejection needs a reason of bounded length", () => {
    expect(rejectionReasonRefusal("  ")).toMatch(/Say why/);
    expect(rejectionReasonRefusal("x".repeat(REVIEW_REASON_MAX + 1))).toMatch(/longer/);
    expect(rejectionReasonRefusal(" The ID is unreadable. ")).toBeNull();
  });

  it("opens PDFs, pictures, audio, video and text in place, anything else as a download", () => {
    expect(documentDisposition("application/pdf", "consent.pdf")).toEqual({ contentType: "application/pdf", disposition: "inline; filename*=UTF-8''consent.pdf" });
    expect(documentDisposition("text/plain", "note.txt").contentType).toBe("text/plain; charset=utf-8");
    expect(documentDisposition("image/svg+xml", "x.svg")).toEqual({ contentType: "application/octet-stream", disposition: "attachment; filename*=UTF-8''x.svg" });
    expect(documentDisposition("application/octet-stream", "scan ü.heic").disposition).toBe("attachment; filename*=UTF-8''scan%20%C3%BC.heic");
  });

  it("tells the owner what became of the request", () => {
    expect(manualVerificationNotice({ manualVerification: null, isVerified: false, manualVerificationReview: null })).toBeNull();
    expect(manualVerificationNotice({ manualVerification: request, isVerified: false, manualVerificationReview: null })?.tone).toBe("pending");
    const rejected = manualVerificationNotice({ manualVerification: null, isVerified: false, manualVerificationReview: { decision: "rejected", reason: "The ID is unreadable.", reviewedAt: 2, reviewedByUserId: "u" } });
    expect(rejected).toEqual({ tone: "rejected", text: "Manual verification was rejected: The ID is unreadable. You can request it again with other documents." });
    expect(manualVerificationNotice({ manualVerification: request, isVerified: true, manualVerificationReview: { decision: "approved", reason: null, reviewedAt: 2, reviewedByUserId: "u" } })?.tone).toBe("approved");
    // Verified by a recording while the request waited: nothing more to say about the request.
    expect(manualVerificationNotice({ manualVerification: request, isVerified: true, manualVerificationReview: null })).toBeNull();
  });
});
