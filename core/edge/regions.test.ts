import { describe, expect, it } from "vitest";
import { isPrivacyOptOutDefault, PRIVACY_LAW_US_STATES, requiresBiometricTerms, requiresBiometricTermsBroad } from "./regions";

describe("isPrivacyOptOutDefault", () => {
  it("lists the eight privacy-law states", () => {
    expect([...PRIVACY_LAW_US_STATES]).toEqual(["ca", "ct", "co", "ut", "va", "or", "mt", "tx"]);
  });

  it("defaults the opt-out in each of them, in any case", () => {
    for (const state of PRIVACY_LAW_US_STATES) {
      expect(isPrivacyOptOutDefault({ country: "US", regionCode: state.toUpperCase() }, null)).toBe(true);
      expect(isPrivacyOptOutDefault({ country: "us", regionCode: state }, undefined)).toBe(true);
    }
  });

  it("does not elsewhere", () => {
    expect(isPrivacyOptOutDefault({ country: "US", regionCode: "NY" }, null)).toBe(false);
    expect(isPrivacyOptOutDefault({ country: "US", regionCode: "IL" }, null)).toBe(false);
    // California's code in another country is not California.
    expect(isPrivacyOptOutDefault({ country: "CA", regionCode: "CA" }, null)).toBe(false);
    expect(isPrivacyOptOutDefault({ country: "US" }, null)).toBe(false);
    expect(isPrivacyOptOutDefault({ regionCode: "CA" }, null)).toBe(false);
    expect(isPrivacyOptOutDefault({ country: null, regionCode: null }, null)).toBe(false);
  });

  it("honours Sec-GPC: 1 anywhere, and only that value", () => {
    expect(isPrivacyOptOutDefault({}, "1")).toBe(true);
    expect(isPrivacyOptOutDefault({ country: "DE" }, " 1 ")).toBe(true);
    expect(isPrivacyOptOutDefault({}, "0")).toBe(false);
    expect(isPrivacyOptOutDefault({}, "")).toBe(false);
    expect(isPrivacyOptOutDefault({}, "true")).toBe(false);
  });
});

describe("biometric terms", () => {
  it("strict: Illinois only", () => {
    expect(requiresBiometricTerms({ country: "US", regionCode: "IL" })).toBe(true);
    expect(requiresBiometricTerms({ country: "us", regionCode: "il" })).toBe(true);
    for (const regionCode of ["TX", "WA", "CA"]) expect(requiresBiometricTerms({ country: "US", regionCode })).toBe(false);
    expect(requiresBiometricTerms({ country: "CA", regionCode: "QC" })).toBe(false);
    expect(requiresBiometricTerms({ country: "FR", regionCode: "IL" })).toBe(false);
    expect(requiresBiometricTerms({})).toBe(false);
  });

  it("broad: Illinois, Texas, Washington and Quebec", () => {
    for (const [country, regionCode] of [["US", "IL"], ["US", "TX"], ["US", "WA"], ["CA", "QC"], ["ca", "qc"]] as const) {
      expect(requiresBiometricTermsBroad({ country, regionCode })).toBe(true);
    }
    expect(requiresBiometricTermsBroad({ country: "US", regionCode: "QC" })).toBe(false);
    expect(requiresBiometricTermsBroad({ country: "CA", regionCode: "WA" })).toBe(false);
    expect(requiresBiometricTermsBroad({ country: "US", regionCode: "CA" })).toBe(false);
    expect(requiresBiometricTermsBroad({ country: null, regionCode: null })).toBe(false);
  });
});
