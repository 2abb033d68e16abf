import { describe, expect, it } from "vitest";
import { CONCURRENCY_LIMIT, isPaidTier, isTier, LIMIT_EXTENSION, maxVoiceAddEdits, MONTHLY_CREDITS, SEATS, standardTierFor, TIER_DISPLAY_NAMES, TIER_ORDER, TIERS } from "./plans";

describe("plans", () => {
  it("orders tiers from free to business with the spec's display names", () => {
    expect(TIER_ORDER.map((t) => TIER_DISPLAY_NAMES[t])).toEqual(["Free", "Starter", "Creator", "Pro", "Scale", "Business"]);
  });
  it("lists every tier once (the database checks workspaces.tier against TIERS)", () => {
    expect(new Set(TIERS).size).toBe(TIERS.length);
    expect([...TIERS].sort()).toEqual(Object.keys(TIER_DISPLAY_NAMES).sort());
    expect(TIERS.every(isTier)).toBe(true);
    expect(isTier("gold")).toBe(false);
  });
  it("has the spec's credits, seats and concurrency", () => {
    expect(TIER_ORDER.map((t) => MONTHLY_CREDITS[t])).toEqual([10000, 30000, 100000, 500000, 2000000, 11000000]);
    expect(TIER_ORDER.map((t) => CONCURRENCY_LIMIT[t])).toEqual([2, 3, 5, 10, 15, 15]);
    expect(TIER_ORDER.map((t) => SEATS[t])).toEqual([1, 1, 1, 1, 3, 5]);
    expect(SEATS.enterprise).toBe(25);
    expect(SEATS.trial).toBe(25);
  });
  it("extends limits per tier, unlimited for enterprise and trial", () => {
    expect(LIMIT_EXTENSION.creator).toBe(1000);
    expect(LIMIT_EXTENSION.enterprise).toBe(-1);
    expect(LIMIT_EXTENSION.trial).toBe(-1);
  });
  it("treats trial as unpaid and enterprise limits as the top tier's", () => {
    expect(isPaidTier("trial")).toBe(false);
    expect(isPaidTier("free")).toBe(false);
    expect(isPaidTier("starter")).toBe(true);
    expect(standardTierFor("trial")).toBe("scale_2024_08_10");
  });
  it("derives the voice add/edit maximum", () => {
    expect(maxVoiceAddEdits(30)).toBe(95);
    expect(maxVoiceAddEdits(3)).toBe(55);
  });
});
