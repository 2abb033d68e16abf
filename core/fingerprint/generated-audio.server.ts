// A generated clip's landmarks stored for the AI speech classifier (decision 0041): called by the app's speech
// paths and by the Studio queue consumer as audio is made (decision 0058).
import { database } from "../../db/client";
import * as repo from "../../db/repositories/ai-classifier";
import { fingerprintParts } from "./landmarks";
import { nowSeconds } from "../clock";
import { log } from "../log";

export type GeneratedAudio = { id: string; workspaceId: string; source: string; parts: { samples: Int16Array; sampleRate: number }[] };

/** Stores a generated clip's landmarks; a failure is logged, never the generation's failure. */
export async function recordGeneratedAudio(env: { DB: D1Database }, audio: GeneratedAudio): Promise<void> {
  try {
    const landmarks = fingerprintParts(audio.parts);
    const durationMs = Math.round(audio.parts.reduce((s, p) => s + p.samples.length / p.sampleRate, 0) * 1000);
    await repo.insertClip(database(env.DB), { id: audio.id, workspaceId: audio.workspaceId, source: audio.source, createdAtUnix: nowSeconds(), durationMs, landmarks: landmarks.length }, landmarks);
  } catch (error) {
    log("error", "generated audio not fingerprinted", { id: audio.id, error: String(error) });
  }
}
