import { describe, expect, it } from "vitest";
import { PLAN_FEATURES, TIER_ORDER } from "./billing/plans";
import { advertisedCapabilities, CAPABILITIES, capabilityExists, missingCapabilityCards, type CapabilityId } from "./capabilities";

describe("capability list", () => {
  it("has one card line per capability", () => {
    const cards = Object.values(CAPABILITIES).map((c) => c.card);
    expect(new Set(cards).size).toBe(cards.length);
  });

  it("says which capabilities this build does not have yet", () => {
    expect(missingCapabilityCards()).toEqual(
      expect.arrayContaining(["Dubbing studio", "A turbo model at $50 per million credits yearly"]),
    );
    expect(capabilityExists("instant_voice_cloning")).toBe(true);
    expect(capabilityExists("professional_voice_cloning")).toBe(true);
    expect(capabilityExists("dubbing_studio")).toBe(false);
    expect(capabilityExists("extra_credits")).toBe(true);
  });

  it("advertises only what exists, in the plan's order", () => {
    expect(advertisedCapabilities(["commercial_licence", "instant_voice_cloning", "dubbing_studio"])).toEqual(["Commercial licence", "Instant voice cloning"]);
    expect(advertisedCapabilities(["professional_voice_cloning", "mp3_192_api", "extra_credits", "turbo_model"])).toEqual(["Professional voice cloning", "192 kbps audio through the API", "Usage-based extra credits"]);
  });

  it("every plan names known capabilities, and no plan advertises a missing one", () => {
    const missing = new Set(missingCapabilityCards());
    for (const tier of TIER_ORDER) {
      for (const id of PLAN_FEATURES[tier]) expect(Object.keys(CAPABILITIES)).toContain(id satisfies CapabilityId);
      for (const line of advertisedCapabilities(PLAN_FEATURES[tier])) expect(missing.has(line), `${tier}: ${line}`).toBe(false);
    }
  });
});
