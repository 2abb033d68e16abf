// The voice library removal notice (webhook event voice_library_removal_notice, decision 0034): a voice that
// leaves the library, unpublished or deleted by its owner, is announced to every workspace that added a copy.
import { database } from "../../../db/client";
import * as library from "../../../db/repositories/voice-library";
import { emitWorkspaceEvent, type WebhookEnv } from "~/workspace/webhooks.server";
import { isPublished } from "~/voices/rules/voice-library";
import { nowSeconds } from "../../../core/clock";
import { log } from "~/common/log.server";
import type { Voice } from "../../../core/voices/voices";

export type RemovalReason = "unpublished" | "deleted";

/**
 * Tells each workspace holding a copy of `voice` that it left the library. The copies stay usable (they are the
 * workspace's own voices); the notice says so. A notice that cannot be sent never undoes the owner's change.
 */
export async function announceLibraryRemoval(env: WebhookEnv, voice: Pick<Voice, "voiceId" | "name" | "sharingStatus" | "publicOwnerId">, reason: RemovalReason): Promise<void> {
  if (!isPublished(voice.sharingStatus)) return;
  const copies = await library.copiesOfVoice(database(env.DB), voice.voiceId);
  await Promise.all(
    copies.map((copy) =>
      emitWorkspaceEvent(env, copy.workspaceId, "voice_library_removal_notice", {
        voice_id: copy.voiceId,
        name: copy.name,
        original_voice_id: voice.voiceId,
        public_owner_id: voice.publicOwnerId,
        reason,
        removed_at_unix: nowSeconds(),
        copy_remains_usable: true,
      }).catch((error) => log("error", "voice library removal notice not sent", { workspace_id: copy.workspaceId, voice_id: copy.voiceId, error: String(error) })),
    ),
  );
}
