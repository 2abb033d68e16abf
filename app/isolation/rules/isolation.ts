// The voice isolator's constants and pure rules (decision 0029).
import { isAcceptedAudioType, isAcceptedVideoType, mediaTypeEssence } from "~/history/rules/media-types";
import { standardTierFor, type StandardTier, type Tier } from "../../../core/billing/plans";

/** Credits per minute of input audio: the commercial API's rate for the voice isolator (1,000 per minute). */
export const ISOLATION_CREDITS_PER_MINUTE = 1000;

/** The credits an isolation of `seconds` of audio costs: by the second, rounded up, at least one. */
export function isolationCredits(seconds: number): number {
  return Math.max(1, Math.ceil((seconds * ISOLATION_CREDITS_PER_MINUTE) / 60));
}

/**
 * The longest recording one request may isolate, by plan. The embedded engine runs inside one isolate (128 MB,
 * its CPU limit): ten minutes at 48 kHz is what it handles with room to spare; the free plan gets two.
 */
export const MAX_ISOLATION_SECONDS: Record<StandardTier, number> = {
  free: 120,
  starter: 300,
  creator: 600,
  pro: 600,
  growing_business: 600,
  scale_2024_08_10: 600,
};

export function maxIsolationSeconds(tier: Tier): number {
  return MAX_ISOLATION_SECONDS[standardTierFor(tier)];
}

/** The largest upload read at all (a compressed video of the longest allowed length fits well within it). */
export const MAX_ISOLATION_UPLOAD_BYTES = 100 * 1000 * 1000;

/** file_format: `pcm_s16le_16` is headerless 16-bit 16 kHz mono; `other` (the default) is any accepted file. */
export const ISOLATION_FILE_FORMATS = ["pcm_s16le_16", "other"] as const;

/** Types a browser or client sends when it does not know: the file's bytes then decide. */
const UNKNOWN_TYPES = ["", "application/octet-stream", "binary/octet-stream"];

/** A declared content type the isolator accepts (spec request-layer §5: audio and video types), or unknown. */
export function acceptedUploadType(contentType: string | null | undefined): boolean {
  const essence = mediaTypeEssence(contentType);
  return UNKNOWN_TYPES.includes(essence) || isAcceptedAudioType(essence) || isAcceptedVideoType(essence);
}

export const DEFAULT_ISOLATION_TITLE = "Isolated audio";

/** The history title: the file's name without its extension, or a default. */
export function isolationTitle(fileName: string | null | undefined): string {
  const base = (fileName ?? "").replace(/\.[^.]{1,5}$/, "").trim();
  return base.slice(0, 100) || DEFAULT_ISOLATION_TITLE;
}

/** History list page size: the SDK's default when none is asked, and the cap. */
export const ISOLATION_PAGE_SIZE = { default: 20, max: 100 } as const;
