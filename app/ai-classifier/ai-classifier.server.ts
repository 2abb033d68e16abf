// The AI speech classifier: generated audio is fingerprinted as it is made (recordGeneratedAudio, called by the
// speech and Studio paths), and an upload is compared with every stored clip by its landmarks and searched for the
// watermark every generation carries (classifyRecording).
// The answer names no clip, workspace or text: only how likely the recording was made here.
import { database } from "../../db/client";
import * as repo from "../../db/repositories/ai-classifier";
import { alignedMatches, MIN_QUERY_LANDMARKS, probabilityFrom, queryFingerprints, type Landmark } from "../../core/fingerprint/landmarks";
import { decodeUploadedAudio } from "../../core/audio/uploaded";
import { detectWatermark } from "../../core/audio/watermark";
import { ANALYSED_SECONDS, verdictOf, type Evidence, type Verdict } from "~/ai-classifier/rules/ai-classifier";

// Recording a generated clip is core's: the Studio queue consumer records its audio too (decision 0058).
export { recordGeneratedAudio, type GeneratedAudio } from "../../core/fingerprint/generated-audio.server";

export type Classification = { probability: number; verdict: Verdict; evidence: Evidence; explanation: string; landmarks: number; aligned: number; watermarkScore: number; analysedSeconds: number };

/** How likely an uploaded recording (MP3, WAV or Ogg Opus) was generated here; throws with a reason for unreadable audio. */
export async function classifyRecording(env: Env, bytes: Uint8Array): Promise<Classification> {
  const { samples, sampleRate } = await decodeUploadedAudio(bytes);
  const analysed = samples.subarray(0, ANALYSED_SECONDS * sampleRate);
  const phases = queryFingerprints(analysed, sampleRate);
  const stored = await repo.landmarksWithHashes(database(env.DB), phases.flat().map((l) => l.hash));
  const byClip = new Map<string, Landmark[]>();
  for (const row of stored) byClip.set(row.clipId, [...(byClip.get(row.clipId) ?? []), { hash: row.hash, t: row.t }]);
  let aligned = 0;
  for (const clip of byClip.values()) for (const query of phases) aligned = Math.max(aligned, alignedMatches(query, clip).count);
  const landmarks = Math.max(0, ...phases.map((p) => p.length));
  // The watermark (decision 0078) recognises audio generated here whose fingerprint is not stored (or no longer matches).
  const watermark = detectWatermark(analysed, sampleRate);
  const answer = verdictOf({ fingerprint: probabilityFrom(aligned, landmarks), landmarks, minLandmarks: MIN_QUERY_LANDMARKS, watermark: watermark.probability, watermarkFrames: watermark.frames });
  return { ...answer, landmarks, aligned, watermarkScore: Math.round(watermark.score * 100) / 100, analysedSeconds: Math.round((analysed.length / sampleRate) * 10) / 10 };
}


