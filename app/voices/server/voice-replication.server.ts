// POST /v1/voices/{voice_id}/replicate-to-isolated-environment on a self-hosted deployment (decision 0091): the
// commercial product copies a voice into a workspace of another data residency; here every workspace lives in one
// database, so the voice is copied into another workspace the same person belongs to. The source asks for the
// admin role on the voice (the one access function) and the Voices permission; the target for membership, the
// Voices permission and room under its own plan's limits, checked as that person acting there.
import { database } from "../../../db/client";
import * as voicesTable from "../../../db/repositories/voices";
import { findMembership } from "../../../db/repositories/workspaces";
import type { Voice, VoiceSampleFile } from "../../../core/voices/voices";
import { voiceUsable, VOICE_BLOCKED_API_MESSAGE } from "../../../core/voices/voice-safety";
import { newVoiceId, ownPreviewKeyOf } from "../../../core/voices/voice-rules";
import { nowSeconds } from "../../../core/clock";
import { isServiceAccount, permissionRefusal, secondFactorRefusal, type Actor } from "~/accounts/accounts.server";
import { defaultGrantsFor } from "~/workspace/resources.server";
import { canCloneInstantly, voiceAddEditLimitFor, voiceAddEditPeriod, voiceLimitFor, voiceLimitMessage } from "~/voices/rules/voice-cloning";
import { replicationRefusal, sameWorkspaceRefusal } from "~/voices/rules/voice-replication";
import { neuralCloneKeyOf } from "./neural-clone.server";
import { ownVoiceWithRole } from "./voices.server";

type ReplicationEnv = { DB: D1Database; MEDIA: R2Bucket };
export type ReplicationRefusal = { httpStatus: 400 | 403 | 404; status: string; message: string };
type Outcome = { ok: true; voiceId: string } | { ok: false; refusal: ReplicationRefusal };

const refuse = (httpStatus: ReplicationRefusal["httpStatus"], status: string, message: string): Outcome => ({ ok: false, refusal: { httpStatus, status, message } });

/** Copies one R2 object to a new key; false when the source is gone. */
async function copyObject(media: R2Bucket, from: string, to: string): Promise<boolean> {
  const object = await media.get(from);
  if (!object) return false;
  await media.put(to, object.body, { httpMetadata: object.httpMetadata });
  return true;
}

/** Why the actor may not add this voice to the target workspace (acting there as its member), or null. */
async function targetRefusal(env: ReplicationEnv, target: Actor, voice: Voice): Promise<ReplicationRefusal | null> {
  const db = database(env.DB);
  const held = secondFactorRefusal(target);
  if (held) return held;
  const denied = await permissionRefusal(db, target, "voice_lab");
  if (denied) return { ...denied, message: `In the target workspace: ${denied.message}` };
  const tier = target.membership.workspace.tier;
  if (voice.category === "cloned" && !canCloneInstantly(tier)) {
    return { httpStatus: 403, status: "can_not_use_instant_voice_cloning", message: "The target workspace's plan has no instant voice cloning (from the Starter plan): it cannot take a cloned voice." };
  }
  const limit = voiceLimitFor(tier);
  if ((await voicesTable.countOwnVoices(db, target.membership.workspace.id)) >= limit) {
    return { httpStatus: 400, status: "voice_limit_reached", message: `In the target workspace: ${voiceLimitMessage(limit)}` };
  }
  return null;
}

/**
 * The copy: the voice's recordings, preview and neural conditioning copied in R2 under the target workspace, then
 * the voice, its default sharing there and the source's saved settings for it in one D1 batch. Its moderation
 * (a CAPTCHA control) travels with it; the verification of a professional voice never does (those are refused).
 */
export async function replicateVoice(env: ReplicationEnv, actor: Actor, voiceId: string, targetWorkspaceId: string): Promise<Outcome> {
  const db = database(env.DB);
  // A service account is a member of its one workspace only; its key cannot act anywhere else.
  if (isServiceAccount(actor)) return refuse(403, "service_account_not_allowed", "A service account belongs to one workspace: replicate with a person's API key or signed in.");
  const sourceDenied = await permissionRefusal(db, actor, "voice_lab");
  if (sourceDenied) return { ok: false, refusal: sourceDenied };
  // A premade voice is no workspace's own, yet it is no secret: say why it does not travel rather than "not found".
  const premade = await voicesTable.findPremadeVoice(db, voiceId);
  if (premade) return refuse(400, "voice_not_replicable", replicationRefusal(premade)!.message);
  const found = await ownVoiceWithRole(env, actor, voiceId, "admin");
  if (!found.ok) return { ok: false, refusal: found };
  const voice = found.voice;
  const refusal = replicationRefusal(voice) ?? sameWorkspaceRefusal(voice.workspaceId!, targetWorkspaceId);
  if (refusal) return refuse(400, refusal.status, refusal.message);
  if (!voiceUsable(voice.safetyControl)) return refuse(403, "voice_blocked", VOICE_BLOCKED_API_MESSAGE);

  // Not a member and no such workspace read alike: nothing is learnt about workspaces one does not belong to.
  const membership = await findMembership(db, actor.user.id, targetWorkspaceId);
  if (!membership) return refuse(404, "workspace_not_found", `No workspace ${targetWorkspaceId} that you belong to.`);
  const target: Actor = { ...actor, membership };
  const targetDenied = await targetRefusal(env, target, voice);
  if (targetDenied) return { ok: false, refusal: targetDenied };
  const period = voiceAddEditPeriod(membership.workspace.characterCountResetAt);
  const addEditLimit = voiceAddEditLimitFor(membership.workspace.tier);
  if (!(await voicesTable.countAddEdit(db, targetWorkspaceId, period, addEditLimit))) {
    return refuse(400, "voice_add_edit_limit_reached", `The target workspace's plan allows ${addEditLimit} voice additions and edits per billing period; this period's are used up.`);
  }

  const copyId = newVoiceId();
  const copied: string[] = [];
  const copy = async (from: string, to: string) => {
    const done = await copyObject(env.MEDIA, from, to);
    if (done) copied.push(to);
    return done;
  };
  try {
    const samples: VoiceSampleFile[] = [];
    for (const sample of voice.samples ?? []) {
      const key = `voice-samples/${targetWorkspaceId}/${copyId}/${sample.sampleId}`;
      if (await copy(sample.key, key)) samples.push({ ...sample, key });
    }
    const previewKey = ownPreviewKeyOf(targetWorkspaceId, copyId);
    // A preview not made yet is made for the copy on its first request, as for any own voice.
    if (voice.previewKey) await copy(voice.previewKey, previewKey);
    const engineParameters = { ...voice.engineParameters };
    const clone = voice.engineParameters.neuralClone;
    if (clone) {
      const key = neuralCloneKeyOf(targetWorkspaceId, copyId);
      if (await copy(clone.key, key)) engineParameters.neuralClone = { ...clone, key };
      else delete engineParameters.neuralClone;
    }
    await voicesTable.insertVoiceCopy(
      db,
      {
        voiceId: copyId,
        workspaceId: targetWorkspaceId,
        category: voice.category,
        name: voice.name,
        description: voice.description,
        labels: voice.labels,
        language: voice.language,
        engine: voice.engine,
        engineParameters,
        previewKey,
        samples: voice.samples === null ? null : samples,
        // Other languages' previews are the source's objects: the copy makes its own when asked.
        verifiedLanguages: voice.verifiedLanguages.map((language) => ({ ...language, previewKey: null })),
        highQualityBaseModelIds: voice.highQualityBaseModelIds,
        requiresVerification: voice.requiresVerification,
        isVerified: voice.isVerified,
        safetyControl: voice.safetyControl,
        safetyReason: voice.safetyReason,
        speakerFeatures: voice.speakerFeatures,
        createdByUserId: actor.user.id,
        createdAt: nowSeconds(),
      },
      await defaultGrantsFor(db, target, "voice", copyId),
      await voicesTable.storedVoiceSettings(db, voice.workspaceId!, voice.voiceId),
    );
  } catch (error) {
    // Nothing half-made stays behind: the copied objects go and the addition is given back.
    if (copied.length) await env.MEDIA.delete(copied);
    await voicesTable.uncountAddEdit(db, targetWorkspaceId, period);
    throw error;
  }
  return { ok: true, voiceId: copyId };
}
