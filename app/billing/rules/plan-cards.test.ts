import { describe, expect, it } from "vitest";
import { CAPABILITIES, missingCapabilityCards } from "../../../core/capabilities";
import { planCards, type PlanCardsInput } from "./plan-cards";

const signedOut: PlanCardsInput = { current: null, hasWorkspace: false, previouslySubscribedTiers: [], period: "monthly_period", currency: "usd", isolatedEnvironment: false };

describe("plan cards", () => {
  it("list only capabilities this build has", () => {
    const lines = planCards(signedOut).flatMap((card) => card.features);
    for (const card of missingCapabilityCards()) expect(lines).not.toContain(card);
    const existing = new Set<string>(Object.values(CAPABILITIES).filter((c) => c.exists).map((c) => c.card));
    for (const line of lines) expect(existing.has(line), line).toBe(true);
  });

  it("keep the plans' existing capabilities", () => {
    const features = Object.fromEntries(planCards({ ...signedOut, period: "annual_period", currency: "eur" }).map((card) => [card.tier, card.features]));
    expect(features).toEqual({
      free: ["About 10 minutes of audio a month", "All premade voices", "API access"],
      starter: ["Commercial licence", "Instant voice cloning"],
      creator: ["Professional voice cloning", "192 kbps audio through the API", "Usage-based extra credits"],
      pro: ["44.1 kHz PCM audio through the API", "Higher concurrency"],
      growing_business: ["Lower price for extra credits", "Usage-based extra credits"],
      scale_2024_08_10: ["3 professional voice clones", "Lowest price for extra credits"],
    });
  });
});
