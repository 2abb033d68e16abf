/** US states whose privacy laws make the opt-out the default (spec §9). */
export const PRIVACY_LAW_US_STATES = ["ca", "ct", "co", "ut", "va", "or", "mt", "tx"] as const;

export type GeoInput = { country?: string | null; regionCode?: string | null };

function place(geo: GeoInput): { country: string; region: string } {
  return { country: (geo.country ?? "").toUpperCase(), region: (geo.regionCode ?? "").toLowerCase() };
}

/** Opt-out by default in the privacy-law states, and wherever the browser sends Sec-GPC: 1. */
export function isPrivacyOptOutDefault(geo: GeoInput, secGpc: string | null | undefined): boolean {
  if (secGpc?.trim() === "1") return true;
  const { country, region } = place(geo);
  return country === "US" && (PRIVACY_LAW_US_STATES as readonly string[]).includes(region);
}

/** The strict biometric-terms helper: Illinois only. */
export function requiresBiometricTerms(geo: GeoInput): boolean {
  const { country, region } = place(geo);
  return country === "US" && region === "il";
}

/** The broad helper: Illinois, Texas, Washington (US) and Quebec (Canada). */
export function requiresBiometricTermsBroad(geo: GeoInput): boolean {
  const { country, region } = place(geo);
  return (country === "US" && ["il", "tx", "wa"].includes(region)) || (country === "CA" && region === "qc");
}
