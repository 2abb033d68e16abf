// The AI speech classifier's limits and the words of its answer (decision 0041).

/** An upload of at most this size; only its first ANALYSED_SECONDS are compared. */
export const CLASSIFIER_MAX_BYTES = 20 * 1024 * 1024;
export const ANALYSED_SECONDS = 120;
export const CLASSIFIER_ACCEPT = ".mp3,.wav,.ogg,.opus,audio/mpeg,audio/wav,audio/ogg";

export type Verdict = "made_here" | "not_recognised" | "too_short";

/** What the probability means, in one sentence the page and the API give. */
export function verdictOf(probability: number, landmarks: number, minLandmarks: number): { verdict: Verdict; explanation: string } {
  if (landmarks < minLandmarks) return { verdict: "too_short", explanation: "The recording is too short, too quiet or has too little sound to compare: nothing can be said about it." };
  if (probability >= 0.5)
    return { verdict: "made_here", explanation: "This recording matches audio generated on this platform (it may have been re-encoded, cut or made quieter since)." };
  return {
    verdict: "not_recognised",
    explanation: "This recording does not match audio generated on this platform. That does not prove a person made it: audio made elsewhere, or changed beyond recognition, is not recognised.",
  };
}
