/**
 * What this build can do, as the product claims it (plan cards, the subscription's capability flags). Each
 * product area adds its capabilities here, `exists: false` until it lands and `true` in the change that ships
 * it with its tests; a capability that does not exist is never advertised (decision 0015).
 */
export type Capability = {
  /** The line on a plan card, as the spec words it where it does. */
  card: string;
  /** Whether this build has it. */
  exists: boolean;
  /** The product area that builds (or will build) it. */
  area: string;
};

export const CAPABILITIES = {
  // Text to speech, plans and billing: built.
  free_monthly_audio: { card: "About 10 minutes of audio a month", exists: true, area: "speech" },
  premade_voices: { card: "All premade voices", exists: true, area: "voices" },
  api_access: { card: "API access", exists: true, area: "api" },
  // The terms give every user the rights to the audio they generate; the spec names the licence from Starter.
  commercial_licence: { card: "Commercial licence", exists: true, area: "billing" },
  mp3_192_api: { card: "192 kbps audio through the API", exists: true, area: "speech" },
  pcm_44100_api: { card: "44.1 kHz PCM audio through the API", exists: true, area: "speech" },
  higher_concurrency: { card: "Higher concurrency", exists: true, area: "speech" },
  extra_credits: { card: "Usage-based extra credits", exists: true, area: "billing" },
  lower_extra_credit_price: { card: "Lower price for extra credits", exists: true, area: "billing" },
  lowest_extra_credit_price: { card: "Lowest price for extra credits", exists: true, area: "billing" },
  // Named by the spec's plans, not built yet.
  instant_voice_cloning: { card: "Instant voice cloning", exists: true, area: "voices" },
  professional_voice_cloning: { card: "Professional voice cloning", exists: true, area: "voices" },
  professional_voice_clones_3: { card: "3 professional voice clones", exists: true, area: "voices" },
  turbo_model: { card: "A turbo model at $50 per million credits yearly", exists: false, area: "speech" },
  dubbing_studio: { card: "Dubbing studio", exists: false, area: "dubbing" },
} as const satisfies Record<string, Capability>;

export type CapabilityId = keyof typeof CAPABILITIES;

export function capabilityExists(id: CapabilityId): boolean {
  return CAPABILITIES[id].exists;
}

/** The card lines of a plan's capabilities that exist in this build, in the plan's order. */
export function advertisedCapabilities(ids: readonly CapabilityId[]): string[] {
  return ids.filter(capabilityExists).map((id) => CAPABILITIES[id].card);
}

/** The card lines this build must not show anywhere: capabilities it does not have. */
export function missingCapabilityCards(): string[] {
  return Object.values(CAPABILITIES as Record<string, Capability>)
    .filter((c) => !c.exists)
    .map((c) => c.card);
}
