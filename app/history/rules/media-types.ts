/** Accepted audio and video content types (spec request-layer §5), with their common aliases. */
export const ACCEPTED_AUDIO_TYPES = [
  "audio/aac",
  "audio/aiff",
  "audio/x-aiff",
  "audio/ogg",
  "audio/mpeg",
  "audio/mp3",
  "audio/opus",
  "audio/wav",
  "audio/x-wav",
  "audio/wave",
  "audio/webm",
  "audio/flac",
  "audio/x-flac",
  "audio/mp4",
  "audio/m4a",
  "audio/x-m4a",
] as const;

export const ACCEPTED_VIDEO_TYPES = [
  "video/mp4",
  "video/x-msvideo",
  "video/avi",
  "video/x-matroska",
  "video/quicktime",
  "video/x-ms-wmv",
  "video/x-flv",
  "video/webm",
  "video/mpeg",
  "video/3gpp",
] as const;

/** What a multi-item history download answers with. */
export const ZIP_TYPES = ["application/zip", "application/x-zip-compressed"] as const;

export type DownloadContentTypeCheck = { ok: true; kind: "zip" | "audio" } | { ok: false; message: string };

/** The spec's error text for a download whose type is neither a zip nor supported audio. */
export function invalidResponseTypeMessage(contentType: string | null): string {
  return `Invalid response type received: ${contentType} is not supported.`;
}

/** `Audio/MPEG; charset=x` → `audio/mpeg`: parameters and case do not change what a type is. */
export function mediaTypeEssence(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";", 1)[0]!.trim().toLowerCase();
}

const includes = (list: readonly string[], contentType: string | null | undefined): boolean => list.includes(mediaTypeEssence(contentType));

export function isAcceptedAudioType(contentType: string | null | undefined): boolean {
  return includes(ACCEPTED_AUDIO_TYPES, contentType);
}

export function isAcceptedVideoType(contentType: string | null | undefined): boolean {
  return includes(ACCEPTED_VIDEO_TYPES, contentType);
}

export function isZipType(contentType: string | null | undefined): boolean {
  return includes(ZIP_TYPES, contentType);
}

/** What a history download may be: a zip or a supported audio type; anything else is the spec's error. */
export function checkDownloadContentType(contentType: string | null): DownloadContentTypeCheck {
  if (isZipType(contentType)) return { ok: true, kind: "zip" };
  if (isAcceptedAudioType(contentType)) return { ok: true, kind: "audio" };
  return { ok: false, message: invalidResponseTypeMessage(contentType) };
}
