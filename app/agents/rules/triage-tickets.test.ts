import { describe, expect, it } from "vitest";
import { decodeCursor, deleteRefusal, deriveTitle, encodeCursor, highestPriority, isActiveTicket, mergeRefusal, priorityRank, searchMatch, turnRefusal, updateRefusal, TRIAGE_TEXTS, type MergeCandidate } from "./triage-tickets";

const ticket = (id: string, over: Partial<MergeCandidate> = {}): MergeCandidate => ({ id, agentId: "agent_1", status: "open", priority: null, ...over });

describe("triage ticket rules", () => {
  it("orders priorities, none below low, and picks the highest", () => {
    expect([null, "low", "medium", "high", "urgent"].map((p) => priorityRank(p as never))).toEqual([0, 1, 2, 3, 4]);
    expect(highestPriority([null, "medium", "low"])).toBe("medium");
    expect(highestPriority(["high", "urgent"])).toBe("urgent");
    expect(highestPriority([null, null])).toBeNull();
  });

  it("derives a title from the comment's first line when none is given", () => {
    expect(deriveTitle("  Wrong price  ", "ignored")).toBe("Wrong price");
    expect(deriveTitle(undefined, "The agent quoted   the old price.\nMore detail")).toBe("The agent quoted the old price.");
    expect(deriveTitle("", "x".repeat(200))).toHaveLength(80);
    expect(deriveTitle(undefined, "x".repeat(200)).endsWith("…")).toBe(true);
    expect(deriveTitle(undefined, "  ")).toBe(TRIAGE_TEXTS.untitled);
  });

  it("refuses changes to a merged ticket, naming the ticket it went into", () => {
    expect(updateRefusal({ status: "resolved", mergedIntoTicketId: null })).toBeNull();
    expect(updateRefusal({ status: "merged", mergedIntoTicketId: "t_2" })).toEqual({ httpStatus: 409, status: "ticket_merged", message: TRIAGE_TEXTS.merged("t_2") });
  });

  it("counts open and in-progress tickets as the ones to act on", () => {
    expect((["open", "in_progress", "resolved", "cancelled", "merged"] as const).filter(isActiveTicket)).toEqual(["open", "in_progress"]);
  });

  it("lets only the creator or an admin delete", () => {
    expect(deleteRefusal({ ownerUserId: "u1" }, { userId: "u1", admin: false })).toBeNull();
    expect(deleteRefusal({ ownerUserId: "u1" }, { userId: "u2", admin: true })).toBeNull();
    expect(deleteRefusal({ ownerUserId: "u1" }, { userId: "u2", admin: false })?.status).toBe("not_ticket_owner");
  });

  it("merges open or in-progress tickets of the same agent into an open, in-progress or resolved one", () => {
    const target = ticket("t");
    expect(mergeRefusal(target, ["a", "b"], [ticket("a"), ticket("b", { status: "in_progress" })])).toBeNull();
    expect(mergeRefusal(ticket("t", { status: "resolved" }), ["a"], [ticket("a")])).toBeNull();
    expect(mergeRefusal(ticket("t", { status: "cancelled" }), ["a"], [ticket("a")])?.status).toBe("ticket_not_mergeable");
    expect(mergeRefusal(ticket("t", { status: "merged" }), ["a"], [ticket("a")])?.httpStatus).toBe(409);
    expect(mergeRefusal(target, ["t"], [target])?.status).toBe("invalid_request");
    expect(mergeRefusal(target, ["a", "gone"], [ticket("a")])).toEqual({ httpStatus: 400, status: "ticket_not_found", message: TRIAGE_TEXTS.sourcesNotFound(["gone"]) });
    expect(mergeRefusal(target, ["a"], [ticket("a", { agentId: "agent_2" })])?.status).toBe("ticket_other_agent");
    for (const status of ["resolved", "cancelled", "merged"] as const) expect(mergeRefusal(target, ["a"], [ticket("a", { status })])?.status).toBe("ticket_not_open");
  });

  it("keeps turn comments within the transcript", () => {
    expect(turnRefusal(0, 1)).toBeNull();
    expect(turnRefusal(1, 1)).toEqual({ httpStatus: 400, status: "turn_index_out_of_range", message: TRIAGE_TEXTS.turnOutOfRange(1, 1) });
    expect(turnRefusal(0, 0)?.status).toBe("turn_index_out_of_range");
  });

  it("says where a search matched, with an excerpt and the match's offsets", () => {
    const texts = [
      { field: "title" as const, text: "Wrong price" },
      { field: "turn_comment" as const, text: `${"a ".repeat(40)}said   the REFUND takes a year ${"b ".repeat(40)}`, turnIndex: 3 },
    ];
    expect(searchMatch(texts, "price")).toEqual({ field: "title", snippet: "Wrong price", highlight_start: 6, highlight_end: 11 });
    const match = searchMatch(texts, "the refund")!;
    expect(match.field).toBe("turn_comment");
    expect(match.turn_index).toBe(3);
    expect(match.snippet.startsWith("…") && match.snippet.endsWith("…")).toBe(true);
    expect(match.snippet.slice(match.highlight_start, match.highlight_end)).toBe("the REFUND");
    expect(searchMatch(texts, "nowhere")).toBeNull();
  });

  it("round-trips cursors for their own sort only and refuses others", () => {
    const c = { sort: "priority" as const, rank: 4, createdAt: 1_790_000_000_000, id: "agtqa_1" };
    expect(decodeCursor(encodeCursor(c), "priority")).toEqual(c);
    expect(decodeCursor(encodeCursor(c), "created_at")).toBeNull();
    expect(decodeCursor(encodeCursor({ ...c, sort: "created_at" }), "created_at")).toEqual({ ...c, sort: "created_at" });
    expect(decodeCursor("not a cursor!", "created_at")).toBeNull();
    expect(decodeCursor(btoa("c:9:1:x"), "created_at")).toBeNull();
  });
});
