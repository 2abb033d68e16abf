import { describe, expect, it } from "vitest";
import { isPrivacyOptOutDefault, PRIVACY_LAW_US_STATES, requiresBiometricTerms, requiresBiometricTermsBroad } from "./regions";

describe("regional rules", () => {
  it("defaults the opt-out in the eight privacy-law states and on Sec-GPC: 1", () => {
    for (const state of PRIVACY_LAW_US_STATES) expect(isPrivacyOptOutDefault({ country: "us", regionCode: state.toUpperCase() }, null)).toBe(true);
    expect(isPrivacyOptOutDefault({ country: "US", regionCode: "NY" }, null)).toBe(false);
    expect(isPrivacyOptOutDefault({ country: "CA", regionCode: "CA" }, null)).toBe(false);
    expect(isPrivacyOptOutDefault({}, "1")).toBe(true);
    expect(isPrivacyOptOutDefault({}, "0")).toBe(false);
  });
  it("flags Illinois strictly, and Illinois, Texas, Washington and Quebec broadly", () => {
    expect(requiresBiometricTerms({ country: "US", regionCode: "IL" })).toBe(true);
    expect(requiresBiometricTerms({ country: "US", regionCode: "TX" })).toBe(false);
    for (const [country, regionCode] of [["US", "IL"], ["US", "TX"], ["US", "WA"], ["CA", "QC"]]) {
      expect(requiresBiometricTermsBroad({ country, regionCode })).toBe(true);
    }
    expect(requiresBiometricTermsBroad({ country: "US", regionCode: "QC" })).toBe(false);
    expect(requiresBiometricTermsBroad({ country: null, regionCode: null })).toBe(false);
  });
});
