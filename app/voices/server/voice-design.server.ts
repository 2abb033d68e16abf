// Voice design and remix (text to voice) with the embedded engine: three previews from a description, kept a day
// in D1 and R2, and one of them saved as a voice of the workspace within its plan's custom voice limit.
import { database } from "../../../db/client";
import { countOwnVoices, findLiveGeneratedVoice, insertVoiceWithinLimit, saveGeneratedVoices } from "../../../db/repositories/generated-voices";
import { designVariations, GENERATED_VOICE_TTL_SECONDS, parseVoiceDescription, previewTextFor, type DesignBase } from "../../../core/voices/voice-design";
import type { Voice, VoiceLabels } from "../../../core/voices/voices";
import { formatSpec, type OutputFormat } from "../../../core/audio/output-formats";
import { VOICE_BLOCKED_API_MESSAGE, voiceUsable } from "../../../core/voices/voice-safety";
import { nowSeconds } from "../../../core/clock";
import { isEngineLanguage, newVoiceId, ownPreviewKeyOf, PREVIEW_TEXT } from "../../../core/voices/voice-rules";
import { voiceLimitFor, voiceLimitMessage } from "~/voices/rules/voice-limits";
import { synthesizePreview } from "~/speech/generation.server";
import type { Tier } from "../../../core/billing/plans";
import type { WorkspaceRole } from "../../../core/workspace/roles";
import { findUsableVoice, voiceCreated } from "./voices.server";

type Designer = { user: { id: string }; membership: { role: WorkspaceRole; workspace: { id: string; tier: Tier } } };
type Refusal = { httpStatus: 400 | 403 | 404; status: string; message: string };
type Outcome<T> = ({ ok: true } & T) | { ok: false; refusal: Refusal };

export type DesignRequest = {
  description: string;
  /** The text the previews say; null: one made for the description. */
  text: string | null;
  seed: number | null;
  outputFormat: OutputFormat;
  /** Remix: the voice to start from. */
  voiceId?: string;
};

export type DesignPreview = { generatedVoiceId: string; audio: Uint8Array; mediaType: string; durationSecs: number; language: string };


const previewKey = (workspaceId: string, generatedVoiceId: string, extension: string) => `generated-voices/${workspaceId}/${generatedVoiceId}.${extension}`;

/** The text the previews say: the caller's, else one written for the description in the voice's language. */
function previewText(request: DesignRequest, language: string): string {
  if (request.text) return request.text;
  if (language === "en") return previewTextFor(parseVoiceDescription(request.description));
  return PREVIEW_TEXT[isEngineLanguage(language) ? language : "en"];
}

/** Three previews of a description (or of an existing voice changed as it says), each kept 24 hours. */
export async function designVoicePreviews(env: Env, designer: Designer, request: DesignRequest): Promise<Outcome<{ previews: DesignPreview[]; text: string }>> {
  const workspaceId = designer.membership.workspace.id;
  let base: DesignBase | undefined;
  if (request.voiceId) {
    const voice = await findUsableVoice(env, designer, request.voiceId);
    if (!voice) return { ok: false, refusal: { httpStatus: 404, status: "voice_not_found", message: `A voice with the voice_id ${request.voiceId} was not found.` } };
    if (!voiceUsable(voice.safetyControl)) return { ok: false, refusal: { httpStatus: 403, status: "voice_blocked", message: VOICE_BLOCKED_API_MESSAGE } };
    base = voice;
  }
  const seed = request.seed ?? crypto.getRandomValues(new Uint32Array(1))[0]!;
  const variations = designVariations(request.description, seed, base);
  const language = variations[0]!.language;
  const text = previewText(request, language);
  const spec = formatSpec(request.outputFormat);
  const now = nowSeconds();
  const previews: DesignPreview[] = [];
  const rows = [];
  for (const variation of variations) {
    const generatedVoiceId = newVoiceId();
    const speaker = { ...variation, voiceId: generatedVoiceId } as Voice;
    const { audio, durationSecs } = await synthesizePreview(env, speaker, text, request.outputFormat, variation.language, seed);
    const audioKey = previewKey(workspaceId, generatedVoiceId, spec.extension);
    await env.MEDIA.put(audioKey, audio, { httpMetadata: { contentType: spec.contentType } });
    previews.push({ generatedVoiceId, audio, mediaType: spec.contentType, durationSecs, language: variation.language });
    rows.push({
      generatedVoiceId,
      workspaceId,
      description: request.description,
      sourceVoiceId: request.voiceId ?? null,
      language: variation.language,
      labels: variation.labels,
      engineParameters: variation.engineParameters,
      audioKey,
      mediaType: spec.contentType,
      durationSecs,
      expiresAt: now + GENERATED_VOICE_TTL_SECONDS,
    });
  }
  const forgotten = await saveGeneratedVoices(database(env.DB), rows, now);
  if (forgotten.length) await env.MEDIA.delete(forgotten);
  return { ok: true, previews, text };
}

/** A live preview's audio for its workspace; null for an unknown, expired or another workspace's id. */
export async function generatedVoiceAudio(env: Env, designer: Designer, generatedVoiceId: string): Promise<{ body: ReadableStream; mediaType: string } | null> {
  const row = await findLiveGeneratedVoice(database(env.DB), designer.membership.workspace.id, generatedVoiceId, nowSeconds());
  const object = row && (await env.MEDIA.get(row.audioKey));
  return object ? { body: object.body, mediaType: row.mediaType } : null;
}

export type SaveDesignedVoice = { generatedVoiceId: string; name: string; description: string; labels: VoiceLabels };

const unknownPreview = (id: string): Refusal => ({
  httpStatus: 404,
  status: "generated_voice_not_found",
  message: `No voice preview with the generated_voice_id ${id}: previews are kept 24 hours, for the workspace that made them. Generate new ones.`,
});

/** Saves a live preview as a voice of category "generated", within the plan's custom voice limit. */
export async function saveDesignedVoice(env: Env, designer: Designer, request: SaveDesignedVoice): Promise<Outcome<{ voice: Voice }>> {
  const db = database(env.DB);
  const { id: workspaceId, tier } = designer.membership.workspace;
  const row = await findLiveGeneratedVoice(db, workspaceId, request.generatedVoiceId, nowSeconds());
  if (!row) return { ok: false, refusal: unknownPreview(request.generatedVoiceId) };
  const limit = voiceLimitFor(tier);
  const limitReached = { ok: false as const, refusal: { httpStatus: 400 as const, status: "voice_limit_reached", message: voiceLimitMessage(limit) } };
  if ((await countOwnVoices(db, workspaceId)) >= limit) return limitReached;
  const voiceId = newVoiceId();
  // The chosen preview becomes the voice's own private preview (served by GET /v1/voices/{id}/preview, which makes
  // one on the first request when the design's audio was not MP3).
  const voicePreviewKey = ownPreviewKeyOf(workspaceId, voiceId);
  const object = row.mediaType === "audio/mpeg" ? await env.MEDIA.get(row.audioKey) : null;
  if (object) await env.MEDIA.put(voicePreviewKey, await object.arrayBuffer(), { httpMetadata: { contentType: row.mediaType } });
  const voice: Voice = {
    voiceId,
    workspaceId,
    category: "generated",
    name: request.name,
    description: request.description,
    labels: { ...row.labels, ...request.labels },
    language: row.language,
    engine: "embedded",
    engineParameters: row.engineParameters,
    previewKey: voicePreviewKey,
    samples: null,
    verifiedLanguages: [],
    highQualityBaseModelIds: [],
    sharingStatus: null,
    liveModerationEnabled: false,
    requiresVerification: false,
    isVerified: false,
    verificationAttempts: 0,
    verificationFailures: [],
    fineTuningState: null,
    verificationChallenge: null,
    manualVerification: null,
    manualVerificationReview: null,
    safetyControl: null,
    safetyReason: null,
    speakerFeatures: null,
    publicOwnerId: null,
    sharedAt: null,
    originalVoiceId: null,
    createdByUserId: designer.user.id,
    royaltyRate: 0,
    createdAt: nowSeconds(),
  };
  if (!(await insertVoiceWithinLimit(db, voice, limit, row.generatedVoiceId))) {
    await env.MEDIA.delete(voicePreviewKey);
    return limitReached;
  }
  await env.MEDIA.delete(row.audioKey);
  await voiceCreated(env, designer, voiceId);
  return { ok: true, voice };
}
