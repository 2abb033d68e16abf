/** US states whose privacy laws make the opt-out the default (spec §9). */
export const PRIVACY_LAW_US_STATES = ["ca", "ct", "co", "ut", "va", "or", "mt", "tx"] as const;

/** Sec-GPC value that signals Global Privacy Control. */
export const SEC_GPC_OPT_OUT = "1";

/** Where the strict biometric-terms helper applies: Illinois. */
export const BIOMETRIC_TERMS_US_STATES = ["il"] as const;
/** Where the broad helper applies: Illinois, Texas, Washington, and Quebec in Canada. */
export const BIOMETRIC_TERMS_BROAD_US_STATES = ["il", "tx", "wa"] as const;
export const BIOMETRIC_TERMS_BROAD_CA_PROVINCES = ["qc"] as const;

/** Country (ISO 3166-1 alpha-2) and region code (e.g. Cloudflare's `request.cf.regionCode`). */
export type GeoInput = { country?: string | null; regionCode?: string | null };

/** Country upper-cased, region lower-cased, so lists above can stay in one case. */
function place(geo: GeoInput): { country: string; region: string } {
  return { country: (geo.country ?? "").trim().toUpperCase(), region: (geo.regionCode ?? "").trim().toLowerCase() };
}

const within = (list: readonly string[], value: string): boolean => list.includes(value);

/** Opt-out by default in the privacy-law states, and wherever the browser sends Sec-GPC: 1. */
export function isPrivacyOptOutDefault(geo: GeoInput, secGpc: string | null | undefined): boolean {
  if (secGpc?.trim() === SEC_GPC_OPT_OUT) return true;
  const { country, region } = place(geo);
  return country === "US" && within(PRIVACY_LAW_US_STATES, region);
}

/** The strict biometric-terms helper: Illinois only. */
export function requiresBiometricTerms(geo: GeoInput): boolean {
  const { country, region } = place(geo);
  return country === "US" && within(BIOMETRIC_TERMS_US_STATES, region);
}

/**
 * The broad helper: Illinois, Texas, Washington (US) and Quebec (Canada). The spec names it (§5) but gives it no
 * use: the terms gate (§2.9) is the strict helper's. Nothing computes it per request until a feature that
 * collects voice biometrics (voice cloning) needs it; the edge then passes it like the strict flag.
 */
export function requiresBiometricTermsBroad(geo: GeoInput): boolean {
  const { country, region } = place(geo);
  return (country === "US" && within(BIOMETRIC_TERMS_BROAD_US_STATES, region)) || (country === "CA" && within(BIOMETRIC_TERMS_BROAD_CA_PROVINCES, region));
}
