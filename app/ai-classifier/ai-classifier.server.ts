// The AI speech classifier: generated audio is fingerprinted as it is made (recordGeneratedAudio, called by the
// speech and Studio paths), and an upload is compared with every stored clip by its landmarks (classifyRecording).
// The answer names no clip, workspace or text: only how likely the recording was made here.
import { database } from "../../db/client";
import * as repo from "../../db/repositories/ai-classifier";
import { alignedMatches, fingerprintParts, MIN_QUERY_LANDMARKS, probabilityFrom, queryFingerprints, type Landmark } from "../../core/fingerprint/landmarks";
import { decodeUploadedAudio } from "../../core/audio/uploaded";
import { nowSeconds } from "../../core/clock";
import { log } from "~/common/log.server";
import { ANALYSED_SECONDS, verdictOf, type Verdict } from "~/ai-classifier/rules/ai-classifier";

export type GeneratedAudio = { id: string; workspaceId: string; source: string; parts: { samples: Int16Array; sampleRate: number }[] };

/** Stores a generated clip's landmarks; a failure is logged, never the generation's failure. */
export async function recordGeneratedAudio(env: Env, audio: GeneratedAudio): Promise<void> {
  try {
    const landmarks = fingerprintParts(audio.parts);
    const durationMs = Math.round(audio.parts.reduce((s, p) => s + p.samples.length / p.sampleRate, 0) * 1000);
    await repo.insertClip(database(env.DB), { id: audio.id, workspaceId: audio.workspaceId, source: audio.source, createdAtUnix: nowSeconds(), durationMs, landmarks: landmarks.length }, landmarks);
  } catch (error) {
    log("error", "generated audio not fingerprinted", { id: audio.id, error: String(error) });
  }
}

export type Classification = { probability: number; verdict: Verdict; explanation: string; landmarks: number; aligned: number; analysedSeconds: number };

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
  const probability = probabilityFrom(aligned, landmarks);
  return { probability, ...verdictOf(probability, landmarks, MIN_QUERY_LANDMARKS), landmarks, aligned, analysedSeconds: Math.round((analysed.length / sampleRate) * 10) / 10 };
}


