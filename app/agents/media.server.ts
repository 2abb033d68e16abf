// An agent's uploaded media (decision 0096): the widget avatar and the hold audio, files in R2 referenced from the
// agent's platform_settings (each upload commits a version on main, as a PATCH does). For the /v1 layer and the
// widget only (like generation.server.ts): the audio decoders' WebAssembly stays out of the pages' bundle. The agent
// page's forms reach the same functions through the load context (agentMediaPipeline, handed over by the app worker).
import type { Actor } from "~/accounts/accounts.server";
import { decodeUploadedAudio, sniffAudio } from "../../core/audio/uploaded";
import { bytesFromInt16, resample } from "../../core/audio/pcm";
import { database } from "../../db/client";
import * as table from "../../db/repositories/agents";
import { AGENT_TEXTS } from "~/agents/rules/agents";
import {
  AGENT_MEDIA_LIMITS,
  AGENT_MEDIA_TEXTS,
  AGENT_MEDIA_TYPES,
  agentMediaKey,
  agentMediaPath,
  avatarName,
  avatarType,
  avatarUrlOf,
  holdAudioName,
  holdAudioOf,
  holdAudioPcmKey,
  mediaInUse,
  type HoldAudio,
} from "~/agents/rules/agent-media";
import { findAgent, updateAgent } from "~/agents/agents.server";

type Viewer = Pick<Actor, "membership" | "user">;
export type MediaRefusal = { httpStatus: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 502; status: string; message: string };
type Outcome<T> = ({ ok: true } & T) | { ok: false; refusal: MediaRefusal };

const SAMPLE_RATE = 16000;
const refuse = (httpStatus: MediaRefusal["httpStatus"], status: string, message: string) => ({ ok: false as const, refusal: { httpStatus, status, message } });
const randomName = () => crypto.randomUUID().replaceAll("-", "");
const platformOf = (agent: { platformSettings: string }) => JSON.parse(agent.platformSettings) as Record<string, unknown>;
/** The R2 key of a media file from its public URL (the name is its last part). */
const keyOfUrl = (agentId: string, url: string) => agentMediaKey(agentId, decodeURIComponent(url.split("/").at(-1) ?? ""));

/** Sets the widget's avatar: the image is checked by its bytes, stored, and named in platform_settings.widget.avatar. */
export async function setAvatar(env: Env, viewer: Viewer, agentId: string, file: File, origin: string): Promise<Outcome<{ avatarUrl: string }>> {
  const agent = await findAgent(env, viewer, agentId);
  if (!agent) return refuse(404, "not_found", AGENT_TEXTS.agentNotFound);
  if (file.size > AGENT_MEDIA_LIMITS.avatarBytes) return refuse(413, "avatar_too_large", AGENT_MEDIA_TEXTS.avatarTooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = avatarType(bytes);
  if (!type) return refuse(415, "unsupported_image_type", AGENT_MEDIA_TEXTS.avatarType);
  const name = avatarName(randomName(), type);
  await env.MEDIA.put(agentMediaKey(agent.id, name), bytes, { httpMetadata: { contentType: type } });
  const avatarUrl = `${origin}${agentMediaPath(agent.id, name)}`;
  const previous = avatarUrlOf(platformOf(agent));
  const updated = await updateAgent(env, viewer, agent.id, { platformSettings: { widget: { avatar: { type: "image", url: avatarUrl } } }, versionDescription: AGENT_MEDIA_TEXTS.avatarVersion });
  if (!updated.ok) {
    await env.MEDIA.delete(agentMediaKey(agent.id, name));
    return { ok: false, refusal: updated.refusal };
  }
  // The replaced image is no longer served (mediaInUse): its bytes go too.
  if (previous?.includes(agentMediaPath(agent.id, ""))) await env.MEDIA.delete(keyOfUrl(agent.id, previous));
  return { ok: true, avatarUrl };
}

/** Removes the widget's avatar: the widget shows its default look again. */
export async function removeAvatar(env: Env, viewer: Viewer, agentId: string): Promise<Outcome<object>> {
  const agent = await findAgent(env, viewer, agentId);
  if (!agent) return refuse(404, "not_found", AGENT_TEXTS.agentNotFound);
  const previous = avatarUrlOf(platformOf(agent));
  if (!previous) return refuse(404, "avatar_not_found", AGENT_MEDIA_TEXTS.noAvatar);
  const updated = await updateAgent(env, viewer, agent.id, { platformSettings: { widget: { avatar: null } }, versionDescription: AGENT_MEDIA_TEXTS.avatarRemovedVersion });
  if (!updated.ok) return { ok: false, refusal: updated.refusal };
  if (previous.includes(agentMediaPath(agent.id, ""))) await env.MEDIA.delete(keyOfUrl(agent.id, previous));
  return { ok: true };
}

/**
 * Sets the hold audio: MP3, WAV or Ogg Opus, decoded now so that a bad file is refused here, kept as uploaded (its
 * public URL) and as the 16 kHz PCM a conversation sends while it waits on a tool.
 */
export async function setHoldAudio(env: Env, viewer: Viewer, agentId: string, file: File, origin: string): Promise<Outcome<{ holdAudio: HoldAudio }>> {
  const agent = await findAgent(env, viewer, agentId);
  if (!agent) return refuse(404, "not_found", AGENT_TEXTS.agentNotFound);
  if (file.size > AGENT_MEDIA_LIMITS.holdAudioBytes) return refuse(413, "hold_audio_too_large", AGENT_MEDIA_TEXTS.holdAudioTooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const codec = sniffAudio(bytes);
  if (!codec) return refuse(415, "unsupported_audio_type", AGENT_MEDIA_TEXTS.holdAudioType);
  let samples: Int16Array;
  try {
    const decoded = await decodeUploadedAudio(bytes);
    samples = resample(decoded.samples, decoded.sampleRate, SAMPLE_RATE);
  } catch (error) {
    return refuse(400, "undecodable_audio", AGENT_MEDIA_TEXTS.holdAudioUndecodable(error instanceof Error ? error.message : String(error)));
  }
  if (!samples.length) return refuse(400, "empty_audio", AGENT_MEDIA_TEXTS.holdAudioEmpty);
  const durationSecs = samples.length / SAMPLE_RATE;
  if (durationSecs > AGENT_MEDIA_LIMITS.holdAudioSeconds) return refuse(400, "hold_audio_too_long", AGENT_MEDIA_TEXTS.holdAudioTooLong);
  const name = holdAudioName(randomName(), codec);
  const key = agentMediaKey(agent.id, name);
  await Promise.all([
    env.MEDIA.put(key, bytes, { httpMetadata: { contentType: AGENT_MEDIA_TYPES[codec]! } }),
    env.MEDIA.put(holdAudioPcmKey(key), bytesFromInt16(samples), { httpMetadata: { contentType: "audio/pcm" } }),
  ]);
  const holdAudio: HoldAudio = { audio_path: key, audio_url: `${origin}${agentMediaPath(agent.id, name)}`, original_filename: file.name || name, duration_secs: Math.round(durationSecs * 100) / 100, size_bytes: bytes.byteLength };
  const previous = holdAudioOf(platformOf(agent));
  const updated = await updateAgent(env, viewer, agent.id, { platformSettings: { queueing_config: { hold_audio: holdAudio } }, versionDescription: AGENT_MEDIA_TEXTS.holdAudioVersion });
  if (!updated.ok) {
    await env.MEDIA.delete([key, holdAudioPcmKey(key)]);
    return { ok: false, refusal: updated.refusal };
  }
  if (previous) await env.MEDIA.delete([previous.audio_path, holdAudioPcmKey(previous.audio_path)]);
  return { ok: true, holdAudio };
}

/** Removes the hold audio: tool waits are silent again. */
export async function removeHoldAudio(env: Env, viewer: Viewer, agentId: string): Promise<Outcome<object>> {
  const agent = await findAgent(env, viewer, agentId);
  if (!agent) return refuse(404, "not_found", AGENT_TEXTS.agentNotFound);
  const hold = holdAudioOf(platformOf(agent));
  if (!hold) return refuse(404, "hold_audio_not_found", AGENT_MEDIA_TEXTS.noHoldAudio);
  const updated = await updateAgent(env, viewer, agent.id, { platformSettings: { queueing_config: { hold_audio: null } }, versionDescription: AGENT_MEDIA_TEXTS.holdAudioRemovedVersion });
  if (!updated.ok) return { ok: false, refusal: updated.refusal };
  await env.MEDIA.delete([hold.audio_path, holdAudioPcmKey(hold.audio_path)]);
  return { ok: true };
}

/** The uploads the agent page's forms make, handed to the pages by the app worker (their build cannot bundle the decoders). */
export const agentMediaPipeline = { setAvatar, removeAvatar, setHoldAudio, removeHoldAudio };
export type AgentMediaPipeline = typeof agentMediaPipeline;

/** The hold audio a conversation with this agent sends while it waits on a tool (16 kHz PCM), or null when it has none. */
export async function holdAudioPcm(env: Pick<Env, "MEDIA">, agent: { platformSettings: string }): Promise<Uint8Array | null> {
  const hold = holdAudioOf(platformOf(agent));
  if (!hold) return null;
  const object = await env.MEDIA.get(holdAudioPcmKey(hold.audio_path));
  return object ? new Uint8Array(await object.arrayBuffer()) : null;
}

/** A media file for its public address: only while the agent's settings still name it. */
export async function agentMediaFile(env: Pick<Env, "DB" | "MEDIA">, agentId: string, name: string): Promise<R2ObjectBody | null> {
  const agent = await table.findAgentAnywhere(database(env.DB), agentId);
  if (!agent || !mediaInUse(platformOf(agent), name)) return null;
  return env.MEDIA.get(agentMediaKey(agent.id, name));
}

/** The widget's avatar URL of an agent, for its public widget configuration. */
export function widgetAvatarUrl(agent: { platformSettings: string }): string | null {
  return avatarUrlOf(platformOf(agent));
}
