// Cloned voices on the neural cloning server (decision 0051): the reference recording sent once when the voice is
// made, the speaker's conditioning it answers kept in R2, and read back whenever the voice speaks.
import type { XttsSpeaker } from "../../../core/engines/providers/xtts";
import type { Voice, VoiceEngineParameters } from "../../../core/voices/voices";
import { engineCatalog, speechEngine } from "~/speech/speech.server";

export type NeuralClone = NonNullable<VoiceEngineParameters["neuralClone"]>;

export const neuralCloneKeyOf = (workspaceId: string, voiceId: string) => `voice-clones/${workspaceId}/${voiceId}/xtts.json`;

type CloneEnv = { MEDIA: R2Bucket; SPEECH: Env["SPEECH"] };

/** Whether this deployment has a neural cloning server (the registry's catalog lists the provider). */
export async function hasNeuralCloning(env: CloneEnv): Promise<boolean> {
  return (await engineCatalog(env)).capabilities.speech.some((p) => p.provider === "xtts");
}

/** The voice learnt by the neural cloning server from its reference recording, when one is configured; else null. */
export async function makeNeuralClone(env: CloneEnv, workspaceId: string, voiceId: string, reference: { bytes: Uint8Array; type: string }): Promise<NeuralClone | null> {
  if (!(await hasNeuralCloning(env))) return null;
  const speaker = await speechEngine(env as Env).cloneSpeaker({ audio: reference.bytes, contentType: reference.type || "application/octet-stream" });
  const key = neuralCloneKeyOf(workspaceId, voiceId);
  await env.MEDIA.put(key, JSON.stringify(speaker), { httpMetadata: { contentType: "application/json" } });
  return { provider: "xtts", key };
}

/** The conditioning a voice speaks with on the cloning server, or null (no clone there, or no server now). */
export async function neuralSpeakerOf(env: CloneEnv, voice: Pick<Voice, "engineParameters">, configured: boolean): Promise<XttsSpeaker | null> {
  const clone = voice.engineParameters.neuralClone;
  if (!clone || !configured) return null;
  const object = await env.MEDIA.get(clone.key);
  return object ? ((await object.json()) as XttsSpeaker) : null;
}
