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

export const ZIP_TYPES = ["application/zip", "application/x-zip-compressed"] as const;

function essence(contentType: string | null | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

export function isAcceptedAudioType(contentType: string | null | undefined): boolean {
  return (ACCEPTED_AUDIO_TYPES as readonly string[]).includes(essence(contentType));
}

export function isAcceptedVideoType(contentType: string | null | undefined): boolean {
  return (ACCEPTED_VIDEO_TYPES as readonly string[]).includes(essence(contentType));
}

/** What a history download may be: a zip or a supported audio type; anything else is the spec's error. */
export function checkDownloadContentType(contentType: string | null): { ok: true; kind: "zip" | "audio" } | { ok: false; message: string } {
  if ((ZIP_TYPES as readonly string[]).includes(essence(contentType))) return { ok: true, kind: "zip" };
  if (isAcceptedAudioType(contentType)) return { ok: true, kind: "audio" };
  return { ok: false, message: `Invalid response type received: ${contentType} is not supported.` };
}
