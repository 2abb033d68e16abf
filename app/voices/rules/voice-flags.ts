// Voices flagged where they are offered (spec §3 Voice: "Unverified voices that require verification, or whose
// owner is in probation, are flagged"; decision 0075).

export type VoiceFlag = "unverified" | "owner_in_probation";

/** The badge and its explanation, one text each. */
export const VOICE_FLAG_TEXTS: Record<VoiceFlag, { label: string; detail: string }> = {
  unverified: { label: "Unverified", detail: "This voice needs its owner's verification before it is trusted: its owner has not yet proved it is their voice." },
  owner_in_probation: { label: "Owner in probation", detail: "This voice's owner is in probation while a moderation review runs; check the voice before you rely on it." },
};

/** Whether an account is in probation now: an operator set an end that has not passed. */
export const inProbation = (probationUntil: number | null, now: number) => probationUntil !== null && probationUntil > now;

/** A voice's flag: unverified first (it is about the voice itself), then its owner's probation; null for none. */
export function voiceFlag(voice: { requiresVerification: boolean; isVerified: boolean }, ownerInProbation: boolean): VoiceFlag | null {
  if (voice.requiresVerification && !voice.isVerified) return "unverified";
  return ownerInProbation ? "owner_in_probation" : null;
}
