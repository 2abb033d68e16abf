import { z } from "zod";

/** The scopes an API key can carry: the official SDK's PermissionType values (decision 0034). */
export const KEY_SCOPES = [
  "text_to_speech", "speech_to_speech", "speech_to_text", "models_read", "models_write", "voices_read", "voices_write",
  "voice_collections_read", "voice_collections_write", "speech_history_read", "speech_history_write", "sound_generation",
  "audio_isolation", "voice_generation", "dubbing_read", "dubbing_write", "pronunciation_dictionaries_read",
  "pronunciation_dictionaries_write", "user_read", "user_write", "projects_read", "projects_write", "audio_native_read",
  "audio_native_write", "workspace_read", "workspace_write", "forced_alignment", "convai_read", "convai_write",
  "music_generation", "image_video_generation", "flows", "templates", "add_voice_from_voice_library",
  "create_instant_voice_clone", "create_professional_voice_clone", "publish_voice_to_voice_library",
  "share_voice_externally", "create_user_api_key", "workspace_analytics_full_read", "webhooks_write",
  "service_account_write", "group_members_manage", "workspace_members_read", "workspace_members_invite",
  "workspace_members_remove", "terms_of_service_accept", "audit_log_read", "conversation_privacy_manage",
  "copy_resources_cross_workspace", "synthid_detector",
] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];
export const keyScope = z.enum(KEY_SCOPES);

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** [path prefix, scope for reads, scope for changes]; the longest matching prefix wins. */
const ROUTE_SCOPES: readonly (readonly [string, KeyScope, KeyScope])[] = [
  ["/v1/text-to-speech", "text_to_speech", "text_to_speech"],
  ["/v1/text-to-dialogue", "text_to_speech", "text_to_speech"],
  ["/v1/audio/speech", "text_to_speech", "text_to_speech"],
  ["/v1/openai/voices", "voices_read", "voices_read"],
  ["/v1/voices", "voices_read", "voices_write"],
  ["/v1/voices/collections", "voice_collections_read", "voice_collections_write"],
  ["/v1/voices/add/", "add_voice_from_voice_library", "add_voice_from_voice_library"],
  ["/v1/voices/add", "create_instant_voice_clone", "create_instant_voice_clone"],
  ["/v2/voices", "voices_read", "voices_read"],
  ["/v1/shared-voices", "voices_read", "voices_read"],
  ["/v1/text-to-voice", "voice_generation", "voice_generation"],
  ["/v1/models", "models_read", "models_write"],
  ["/v1/history", "speech_history_read", "speech_history_write"],
  ["/v1/admin/history", "speech_history_read", "speech_history_read"],
  ["/v1/sound-generation", "sound_generation", "sound_generation"],
  ["/v1/pronunciation-dictionaries", "pronunciation_dictionaries_read", "pronunciation_dictionaries_write"],
  ["/v1/audio-isolation", "audio_isolation", "audio_isolation"],
  ["/v1/usage", "user_read", "user_read"],
  ["/v1/user", "user_read", "user_write"],
  ["/v1/workspace", "workspace_read", "workspace_write"],
  ["/v1/workspace/members", "workspace_members_read", "workspace_members_remove"],
  ["/v1/workspace/invites", "workspace_members_invite", "workspace_members_invite"],
  ["/v1/workspace/invite-link", "workspace_members_invite", "workspace_members_invite"],
  ["/v1/workspace/groups", "workspace_read", "group_members_manage"],
  ["/v1/workspace/webhooks", "webhooks_write", "webhooks_write"],
  // The analytics queries are POSTs that only read.
  ["/v1/workspace/analytics", "workspace_read", "workspace_read"],
  ["/v1/service-accounts", "service_account_write", "service_account_write"],
];

function matches(path: string, prefix: string): boolean {
  return prefix.endsWith("/") ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * The scope a request needs from a scoped key: one rule for every API route, checked where the key is read.
 * null: a route no scope opens (billing, support, the sign-up pages' calls): scoped keys are refused there.
 */
export function requiredKeyScope(method: string, path: string): KeyScope | null {
  let best: (typeof ROUTE_SCOPES)[number] | undefined;
  for (const route of ROUTE_SCOPES) {
    if (matches(path, route[0]) && (!best || route[0].length > best[0].length)) best = route;
  }
  if (!best) return null;
  return READS.has(method.toUpperCase()) ? best[1] : best[2];
}

/** POST here with api_key_name=self disables the key the request came with. */
export const SELF_DISABLE_PATH = "/v1/workspaces/api-keys/disable";

/** Whether a key with these scopes (null: a full-access key) may make the request. */
export function keyMayCall(scopes: readonly string[] | null, method: string, path: string): { ok: true } | { ok: false; scope: KeyScope | null } {
  // Any key may switch itself off (a leaked key's holder needs no scope for that, decision 0088).
  if (scopes === null || (method.toUpperCase() === "POST" && path === SELF_DISABLE_PATH)) return { ok: true };
  const scope = requiredKeyScope(method, path);
  return scope !== null && scopes.includes(scope) ? { ok: true } : { ok: false, scope };
}

/** The 403 message a scoped key gets (the commercial API's wording). */
export function missingScopeMessage(scope: KeyScope | null): string {
  return scope === null
    ? "This API key is limited to some permissions and cannot be used on this route."
    : `The API key you used is missing the permission ${scope} to execute this operation.`;
}

/** The start of the calendar month (UTC) a key's character cap counts from. */
export function keyCapPeriodStart(nowSeconds: number): number {
  const d = new Date(nowSeconds * 1000);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
}
