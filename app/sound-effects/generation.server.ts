import { database } from "../../db/client";
import { QuotaExhausted } from "../../db/repositories/history";
import { recordSoundGeneration, type SoundGenerationRow } from "../../db/repositories/sound-generations";
import { formatSpec, minimumTierFor, tierAllowsFormat, type OutputFormat } from "../../core/audio/output-formats";
import { concatBytes, StreamingEncoder } from "../../core/audio/encoder";
import { int16FromBytes } from "../../core/audio/pcm";
import { TIER_DISPLAY_NAMES, type SubscriptionStatus } from "../../core/billing/plans";
import type { EngineChoice } from "../../core/engines/registry";
import { SDK_SOUND_MODEL_IDS, type SoundGenerationRequest, type SoundGenerationResult } from "../../core/engines/sound-generation";
import { nowSeconds } from "../../core/clock";
import { keyCapRefusal, randomHex, type Actor } from "~/accounts/accounts.server";
import { isRestricted } from "~/billing/rules/plan-actions";
import { STATUS_NOTICES } from "~/billing/rules/billing-texts";
import { currentQuota } from "~/speech/speech.server";
import { log } from "~/common/log.server";
import { creditsToReserve, SOUND_SOURCE, SOUND_USAGE_LABEL, soundCredits } from "~/sound-effects/rules/sound-effects";
import { soundModels } from "./server/sound-models.server";
import { embedWatermark } from "../../core/audio/watermark";

// The sound-effects generation pipeline (engine call, encoders, storage, charge): the /v1 layer's, kept out of
// the pages' server module because the encoders' WebAssembly is not for the page bundle.

type SoundRpc = { generateSound(request: SoundGenerationRequest, choice?: EngineChoice): Promise<SoundGenerationResult> };

/** The engine registry's host (the speech worker) over its service binding. */
function soundEngine(env: Env): SoundRpc {
  return env.SPEECH as unknown as SoundRpc;
}

export type SoundEffectRequest = {
  text: string;
  durationSeconds: number | null;
  promptInfluence: number;
  loop: boolean;
  outputFormat: OutputFormat;
  modelId: string | null;
  seed: number | null;
};

export type SoundRefusal = { httpStatus: 400 | 401 | 402 | 403 | 500; status: string; message: string };

export type SoundEffectResult = { ok: true; audio: Uint8Array; item: SoundGenerationRow } | { ok: false; refusal: SoundRefusal };

/**
 * Makes a sound effect: checks the model, format and quota, generates, encodes, stores the audio in R2 and only
 * then writes the item with its charge (decision 0028: credits per second of audio). Refused or failed: nothing is
 * charged and nothing kept.
 */
export async function generateSoundEffect(env: Env, actor: Actor, request: SoundEffectRequest): Promise<SoundEffectResult> {
  const db = database(env.DB);
  const workspace = actor.membership.workspace;
  const models = await soundModels(env);
  // The SDK's model ids (eleven_text_to_sound_v2...) mean this deployment's default.
  const modelId = !request.modelId || SDK_SOUND_MODEL_IDS.includes(request.modelId) ? models[0] : models.find((m) => m === request.modelId);
  if (!modelId) return refuse(400, "model_not_found", `A model with id ${request.modelId} was not found.`);
  if (!tierAllowsFormat(workspace.tier, request.outputFormat)) {
    return refuse(403, "output_format_not_allowed", `The output format ${request.outputFormat} needs the ${TIER_DISPLAY_NAMES[minimumTierFor(request.outputFormat)]} plan or above.`);
  }
  if (isRestricted(workspace.status as SubscriptionStatus)) return refuse(402, "payment_required", STATUS_NOTICES[workspace.status] ?? "This workspace cannot generate until its payment is settled.");
  const quota = await currentQuota(db, workspace, workspace.tier);
  const reserve = creditsToReserve(request.durationSeconds);
  if (quota.used + reserve > quota.usable) return quotaExceeded(workspace.characterLimit, workspace.characterLimit - quota.used, reserve);
  const capped = await keyCapRefusal(db, actor, reserve);
  if (capped) return { ok: false, refusal: capped };

  const id = Date.now().toString(36).padStart(9, "0") + randomHex(6);
  const seed = request.seed ?? crypto.getRandomValues(new Uint32Array(1))[0]!;
  let generated: SoundGenerationResult;
  try {
    generated = await soundEngine(env).generateSound(
      { prompt: request.text, durationSeconds: request.durationSeconds, promptInfluence: request.promptInfluence, loop: request.loop, seed },
      { model: modelId },
    );
  } catch (error) {
    log("error", "sound generation failed", { error: String(error) });
    return refuse(500, "generation_failed", "Sound generation failed; nothing was charged.");
  }
  const encoder = await StreamingEncoder.create(request.outputFormat);
  const audio = concatBytes([encoder.push(embedWatermark(int16FromBytes(generated.pcm), generated.sampleRate), generated.sampleRate), encoder.finish()]);
  const durationMs = Math.round((generated.pcm.byteLength / 2 / generated.sampleRate) * 1000);
  const spec = formatSpec(request.outputFormat);
  // Under the workspace's history prefix, so deleting the workspace deletes it (deleteWorkspaceMedia).
  const audioKey = `history/${workspace.id}/sound-${id}.${spec.extension}`;
  await env.MEDIA.put(audioKey, audio, { httpMetadata: { contentType: spec.contentType } });
  const item: SoundGenerationRow = {
    id,
    workspaceId: workspace.id,
    userId: actor.user.id,
    text: request.text,
    modelId,
    requestedSeconds: request.durationSeconds,
    promptInfluence: request.promptInfluence,
    loop: request.loop,
    seed,
    recipes: JSON.stringify(generated.recipes),
    outputFormat: request.outputFormat,
    contentType: spec.contentType,
    audioKey,
    audioBytes: audio.byteLength,
    durationMs,
    credits: soundCredits(durationMs / 1000),
    source: SOUND_SOURCE,
    dateUnix: nowSeconds(),
  };
  const beyondLimit = Number.isFinite(quota.usable) ? quota.usable - workspace.characterLimit : null;
  try {
    await recordSoundGeneration(db, item, { beyondLimit, apiKeyId: actor.apiKeyId, usageLabel: SOUND_USAGE_LABEL });
  } catch (error) {
    await env.MEDIA.delete(audioKey);
    if (error instanceof QuotaExhausted) return quotaExceeded(workspace.characterLimit, workspace.characterLimit - quota.used, item.credits);
    throw error;
  }
  return { ok: true, audio, item };
}

function refuse(httpStatus: SoundRefusal["httpStatus"], status: string, message: string): SoundEffectResult {
  return { ok: false, refusal: { httpStatus, status, message } };
}

function quotaExceeded(characterLimit: number, remaining: number, credits: number): SoundEffectResult {
  return refuse(401, "quota_exceeded", `This request exceeds your quota of ${characterLimit}. You have ${Math.max(0, remaining)} credits remaining, while ${credits} credits are required for this request.`);
}

