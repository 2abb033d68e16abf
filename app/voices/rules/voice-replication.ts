/**
 * POST /v1/voices/{voice_id}/replicate-to-isolated-environment on a self-hosted deployment (decision 0091): the
 * voice is copied into another workspace of the same person. Only voices made in the workspace from what it owns
 * travel: instant clones and designed voices. A professional voice's verification and training, a library copy's
 * publisher and a premade voice (everyone has it) do not.
 */
import type { Voice } from "../../../core/voices/voices";

/** Why the voice cannot be replicated (answered with 400), or null when it can. */
export function replicationRefusal(voice: Pick<Voice, "category" | "originalVoiceId">): { status: string; message: string } | null {
  if (voice.category === "premade") return { status: "voice_not_replicable", message: "Premade voices are in every workspace already: nothing to replicate." };
  if (voice.category === "professional") {
    return { status: "voice_not_replicable", message: "Professional voices are verified and trained for their workspace: create and verify the voice in the other workspace instead." };
  }
  if (voice.originalVoiceId !== null) {
    return { status: "voice_not_replicable", message: "This voice is a copy from the voice library: add it from the library in the other workspace instead." };
  }
  return null;
}

/** The target workspace is another one than the voice's own: replicating into the same workspace is refused. */
export function sameWorkspaceRefusal(sourceWorkspaceId: string, targetWorkspaceId: string): { status: string; message: string } | null {
  return sourceWorkspaceId === targetWorkspaceId ? { status: "same_workspace", message: "The voice is in this workspace already: name another workspace you belong to." } : null;
}
