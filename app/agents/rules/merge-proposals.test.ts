import { describe, expect, it } from "vitest";
import { closeReason, decodeCursor, encodeCursor, latestReviews, MERGE_PROPOSAL_TEXTS, mergeRefusal, notOpenRefusal, reviewRefusal, uniqueReviewers, type Review } from "./merge-proposals";

const review = (userId: string, state: Review["state"], submittedAt: number): Review => ({ userId, state, submittedAt });
const open = { status: "open" as const, authorUserId: "author" };

describe("merge proposal states", () => {
  it("lets only an open proposal be edited, reviewed or merged (409 once merged or closed)", () => {
    expect(notOpenRefusal("open")).toBeNull();
    expect(notOpenRefusal("merged")).toEqual({ httpStatus: 409, status: "merge_proposal_not_open", message: MERGE_PROPOSAL_TEXTS.notOpen("merged") });
    expect(notOpenRefusal("closed")?.httpStatus).toBe(409);
  });

  it("records the author closing their own as withdrawn, anyone else as rejected", () => {
    expect(closeReason("author", "author")).toBe("withdrawn");
    expect(closeReason("author", "reviewer")).toBe("rejected");
  });

  it("refuses the author's review of their own proposal and any review of a closed one", () => {
    expect(reviewRefusal(open, "reviewer")).toBeNull();
    expect(reviewRefusal(open, "author")).toMatchObject({ httpStatus: 403, status: "own_merge_proposal" });
    expect(reviewRefusal({ ...open, status: "closed" }, "reviewer")).toMatchObject({ httpStatus: 409, status: "merge_proposal_not_open" });
  });
});

describe("who may merge", () => {
  const member = { userId: "member", admin: false };
  it("asks a non-admin for another member's approval, with no outstanding request for changes", () => {
    expect(mergeRefusal(open, [], member)).toMatchObject({ httpStatus: 409, status: "approval_required" });
    // Their own approval does not count (they may be the author's reviewer merging it).
    expect(mergeRefusal(open, [review("member", "approved", 1)], member)).toMatchObject({ status: "approval_required" });
    expect(mergeRefusal(open, [review("reviewer", "approved", 1)], member)).toBeNull();
    expect(mergeRefusal(open, [review("reviewer", "approved", 1), review("other", "changes_requested", 2)], member)).toMatchObject({ status: "changes_requested" });
  });

  it("counts each reviewer's latest review only", () => {
    const changedMind = [review("reviewer", "changes_requested", 1), review("reviewer", "approved", 2)];
    expect(latestReviews(changedMind)).toEqual([review("reviewer", "approved", 2)]);
    expect(mergeRefusal(open, changedMind, member)).toBeNull();
    expect(mergeRefusal(open, [review("reviewer", "approved", 3), review("reviewer", "changes_requested", 4)], member)).toMatchObject({ status: "changes_requested" });
  });

  it("lets an admin merge without approvals, never a merged or closed proposal", () => {
    const admin = { userId: "admin", admin: true };
    expect(mergeRefusal(open, [review("x", "changes_requested", 1)], admin)).toBeNull();
    expect(mergeRefusal({ status: "merged" }, [], admin)).toMatchObject({ httpStatus: 409, status: "merge_proposal_not_open" });
  });
});

describe("lists", () => {
  it("resumes a page from its cursor and refuses one it did not make", () => {
    const cursor = { createdAt: 1_795_850_781_708, id: "agtmprop_abc123" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor("not a cursor!")).toBeNull();
    expect(decodeCursor(btoa("x:y"))).toBeNull();
  });

  it("asks each reviewer once", () => {
    expect(uniqueReviewers(["b", "a", "b"])).toEqual(["b", "a"]);
  });
});
