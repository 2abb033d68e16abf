// An agent's uploaded media (decision 0096): the widget's avatar image and the hold audio a caller hears while the
// agent waits on a tool. Both are files in R2 under the agent, served at an address named by a random id (as a CDN
// would), and referenced from platform_settings: widget.avatar {type: "image", url} and queueing_config.hold_audio
// (read-only: only the upload sets it). Pure.

export const AGENT_MEDIA_LIMITS = {
  /** An avatar is a small picture: 2 MB is generous for the 80 px the widget shows. */
  avatarBytes: 2 * 1024 * 1024,
  /** Hold audio: 10 MB (about ten minutes of MP3), at most ten minutes long. */
  holdAudioBytes: 10 * 1024 * 1024,
  holdAudioSeconds: 600,
} as const;

export const AGENT_MEDIA_TEXTS = {
  avatarType: "The avatar must be a PNG, JPEG, GIF or WebP image.",
  avatarTooLarge: `The avatar is larger than ${AGENT_MEDIA_LIMITS.avatarBytes / 1024 / 1024} MB.`,
  holdAudioType: "The hold audio must be MP3, WAV or Ogg Opus audio.",
  holdAudioTooLarge: `The hold audio is larger than ${AGENT_MEDIA_LIMITS.holdAudioBytes / 1024 / 1024} MB.`,
  holdAudioTooLong: `The hold audio is longer than ${AGENT_MEDIA_LIMITS.holdAudioSeconds / 60} minutes.`,
  holdAudioEmpty: "The hold audio holds no sound.",
  holdAudioUndecodable: (reason: string) => `The hold audio could not be read: ${reason}.`,
  noHoldAudio: "This agent has no hold audio.",
  noAvatar: "This agent has no avatar.",
  avatarVersion: "Widget avatar changed",
  avatarRemovedVersion: "Widget avatar removed",
  holdAudioVersion: "Hold audio changed",
  holdAudioRemovedVersion: "Hold audio removed",
} as const;

/** The agent page's Widget tab: its avatar and hold audio forms (decision 0096, amended 2026-11-28). */
export const AGENT_MEDIA_PAGE_TEXTS = {
  avatarTitle: "Avatar",
  avatarIntro: "The round picture the widget shows beside its call button: PNG, JPEG, GIF or WebP, at most 2 MB.",
  noAvatar: "No avatar: the widget shows its default look.",
  avatarAlt: "The widget's avatar",
  avatarLabel: "Image",
  uploadAvatar: "Upload avatar",
  removeAvatar: "Remove avatar",
  avatarMissing: "Choose an image to upload.",
  avatarUploaded: "Avatar uploaded.",
  avatarRemoved: "Avatar removed.",
  holdTitle: "Hold audio",
  holdIntro: "Played to the caller while a webhook or client tool keeps a spoken conversation waiting (not while an MCP tool waits for approval): MP3, WAV or Ogg Opus, at most 10 MB and 10 minutes.",
  noHoldAudio: "No hold audio: tool waits are silent.",
  holdAudioLabel: "Audio file",
  holdAudioPlayer: "The current hold audio",
  uploadHoldAudio: "Upload hold audio",
  removeHoldAudio: "Remove hold audio",
  holdAudioMissing: "Choose an audio file to upload.",
  holdAudioUploaded: "Hold audio uploaded.",
  holdAudioRemoved: "Hold audio removed.",
  holdAudioDetails: (name: string, seconds: number) => `${name}, ${seconds < 60 ? `${Math.round(seconds * 10) / 10} s` : `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`}`,
  unavailable: "Uploads are not available here (the app worker is not running): try again with the full stack.",
} as const;

/** The agent page's media forms, by their intent. */
export const AGENT_MEDIA_PAGE_INTENTS = ["upload-avatar", "remove-avatar", "upload-hold-audio", "remove-hold-audio"] as const;
export type AgentMediaPageIntent = (typeof AGENT_MEDIA_PAGE_INTENTS)[number];
export const isAgentMediaPageIntent = (intent: unknown): intent is AgentMediaPageIntent => AGENT_MEDIA_PAGE_INTENTS.includes(intent as AgentMediaPageIntent);

/** The image types an avatar may be, by their magic numbers (SVG is left out: it can carry script). */
export type AvatarType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";
const EXTENSIONS: Record<AvatarType, string> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp" };

/** What an uploaded image is, by its bytes (a declared type is not trusted), or null when it is none of the four. */
export function avatarType(bytes: Uint8Array): AvatarType | null {
  const ascii = (at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
  if (bytes[0] === 0x89 && ascii(1, 3) === "PNG") return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (ascii(0, 4) === "GIF8") return "image/gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 4) === "WEBP") return "image/webp";
  return null;
}

/** The public address of an agent's media file (the app worker serves it, widget-api.ts). */
export const agentMediaPath = (agentId: string, name: string) => `/convai/agent-media/${encodeURIComponent(agentId)}/${encodeURIComponent(name)}`;
/** Where the file is in R2. */
export const agentMediaKey = (agentId: string, name: string) => `agent-media/${agentId}/${name}`;
/** A media file's name: its kind, a random id (a new upload is a new address, so caches never go stale) and extension. */
export const avatarName = (random: string, type: AvatarType) => `avatar-${random}.${EXTENSIONS[type]}`;
export const holdAudioName = (random: string, codec: "mp3" | "wav" | "ogg") => `hold-${random}.${codec}`;
/** The hold audio as the conversation sends it (16 kHz 16-bit PCM, made at upload), beside the original in R2. */
export const holdAudioPcmKey = (audioPath: string) => audioPath.replace(/\.\w+$/, ".pcm");
/** The content type a media file is served with, by its extension. */
export const AGENT_MEDIA_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", gif: "image/gif", webp: "image/webp", mp3: "audio/mpeg", wav: "audio/wav", ogg: "audio/ogg" };
/** A media file name as the route accepts it. */
export const AGENT_MEDIA_NAME = /^(avatar|hold)-[\w-]{1,64}\.(png|jpg|gif|webp|mp3|wav|ogg)$/;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The hold audio as platform_settings.queueing_config.hold_audio holds it (the SDK's AgentHoldAudioConfig). */
export type HoldAudio = { audio_path: string; audio_url: string; original_filename: string; duration_secs: number; size_bytes: number };

export function holdAudioOf(platform: Record<string, unknown>): HoldAudio | null {
  const queueing = platform.queueing_config;
  const hold = isObject(queueing) ? queueing.hold_audio : null;
  return isObject(hold) && typeof hold.audio_path === "string" && typeof hold.audio_url === "string" ? (hold as HoldAudio) : null;
}

/** The avatar image's URL an agent's widget shows, when one was uploaded. */
export function avatarUrlOf(platform: Record<string, unknown>): string | null {
  const widget = platform.widget;
  const avatar = isObject(widget) ? widget.avatar : null;
  return isObject(avatar) && avatar.type === "image" && typeof avatar.url === "string" && avatar.url ? avatar.url : null;
}

/** Whether a media file name is one the agent's settings refer to now (a replaced file is no longer served). */
export function mediaInUse(platform: Record<string, unknown>, name: string): boolean {
  const suffix = `/${encodeURIComponent(name)}`;
  return Boolean(avatarUrlOf(platform)?.endsWith(suffix) || holdAudioOf(platform)?.audio_url.endsWith(suffix));
}

/** The settings a create or update sent, without what only the upload may set (hold_audio is read-only, as in the SDK). */
export function withoutReadOnlySettings(platform: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!platform || !isObject(platform.queueing_config) || !("hold_audio" in platform.queueing_config)) return platform;
  const { hold_audio: _ignored, ...queueing } = platform.queueing_config;
  return { ...platform, queueing_config: queueing };
}
