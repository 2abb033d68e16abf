// The AI speech classifier's limits and the words of its answer (decision 0041).

/** An upload of at most this size; only its first ANALYSED_SECONDS are compared. */
export const CLASSIFIER_MAX_BYTES = 20 * 1024 * 1024;
export const ANALYSED_SECONDS = 120;
export const CLASSIFIER_ACCEPT = ".mp3,.wav,.ogg,.opus,audio/mpeg,audio/wav,audio/ogg";

export type Verdict = "made_here" | "not_recognised" | "too_short";
/** Which method recognised the recording: its fingerprint as generated, the watermark in its sound, both or neither. */
export type Evidence = "fingerprint" | "watermark" | "both" | "none";

/** The watermark is looked for only in at least this many voiced 0.512 s frames (about a second of sound). */
export const MIN_WATERMARK_FRAMES = 2;

export type Findings = {
  /** The fingerprint match's probability and how many landmarks the recording had. */
  fingerprint: number;
  landmarks: number;
  minLandmarks: number;
  /** The watermark's probability and the voiced frames it was measured over. */
  watermark: number;
  watermarkFrames: number;
};

/** The answer: the likelier of the two methods, and what it means in one sentence the page and the API give. */
export function verdictOf(findings: Findings): { probability: number; verdict: Verdict; evidence: Evidence; explanation: string } {
  const byFingerprint = findings.landmarks >= findings.minLandmarks && findings.fingerprint >= 0.5;
  const byWatermark = findings.watermarkFrames >= MIN_WATERMARK_FRAMES && findings.watermark >= 0.5;
  const evidence: Evidence = byFingerprint && byWatermark ? "both" : byFingerprint ? "fingerprint" : byWatermark ? "watermark" : "none";
  const probability = Math.max(findings.landmarks >= findings.minLandmarks ? findings.fingerprint : 0, findings.watermarkFrames >= MIN_WATERMARK_FRAMES ? findings.watermark : 0);
  if (evidence === "none" && findings.landmarks < findings.minLandmarks && findings.watermarkFrames < MIN_WATERMARK_FRAMES)
    return { probability, verdict: "too_short", evidence, explanation: "The recording is too short, too quiet or has too little sound to compare: nothing can be said about it." };
  if (evidence !== "none") return { probability, verdict: "made_here", evidence, explanation: MADE_HERE[evidence] };
  return {
    probability,
    verdict: "not_recognised",
    evidence,
    explanation: "This recording does not match audio generated on this platform and carries none of its watermark. That does not prove a person made it: audio made elsewhere, or changed beyond recognition, is not recognised.",
  };
}

const MADE_HERE: Record<Exclude<Evidence, "none">, string> = {
  both: "This recording matches audio generated on this platform and carries its watermark (it may have been re-encoded, cut or made quieter since).",
  fingerprint: "This recording matches audio generated on this platform (it may have been re-encoded, cut or made quieter since).",
  watermark: "This recording carries this platform's watermark: its sound was generated here (it may have been re-encoded, cut or made quieter since).",
};
