import type { Tier } from "../billing/plans";
import { TIER_ORDER, type StandardTier } from "../billing/plans";

/** Output formats as the commercial API names them. */
export const OUTPUT_FORMATS = [
  "mp3_22050_32",
  "mp3_44100_32",
  "mp3_44100_64",
  "mp3_44100_96",
  "mp3_44100_128",
  "mp3_44100_192",
  "pcm_8000",
  "pcm_16000",
  "pcm_22050",
  "pcm_24000",
  "pcm_44100",
  "pcm_48000",
  "ulaw_8000",
  "alaw_8000",
  "opus_48000_32",
  "opus_48000_64",
  "opus_48000_96",
  "opus_48000_128",
  "opus_48000_192",
] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const DEFAULT_OUTPUT_FORMAT: OutputFormat = "mp3_44100_128";

export type FormatSpec = { codec: "mp3" | "pcm" | "ulaw" | "alaw" | "opus"; sampleRate: number; bitrateKbps: number | null; contentType: string; extension: string };

export function isOutputFormat(value: string): value is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(value);
}

export function formatSpec(format: OutputFormat): FormatSpec {
  const [codec, rate, bitrate] = format.split("_") as [FormatSpec["codec"], string, string | undefined];
  const sampleRate = Number(rate);
  if (codec === "mp3") return { codec, sampleRate, bitrateKbps: Number(bitrate), contentType: "audio/mpeg", extension: "mp3" };
  if (codec === "pcm") return { codec, sampleRate, bitrateKbps: null, contentType: "audio/pcm", extension: "pcm" };
  // Ogg Opus (RFC 7845): audio/ogg, and the .opus extension that RFC recommends.
  if (codec === "opus") return { codec, sampleRate, bitrateKbps: Number(bitrate), contentType: "audio/ogg", extension: "opus" };
  return { codec, sampleRate, bitrateKbps: null, contentType: codec === "ulaw" ? "audio/basic" : "audio/x-alaw-basic", extension: codec };
}

/** mp3 at 192 kbps needs Creator or above; pcm at 44.1 kHz needs Pro or above (spec §9). */
export function minimumTierFor(format: OutputFormat): StandardTier {
  if (format === "mp3_44100_192") return "creator";
  if (format === "pcm_44100") return "pro";
  return "free";
}

export function tierAllowsFormat(tier: Tier, format: OutputFormat): boolean {
  if (tier === "enterprise" || tier === "trial") return true;
  return TIER_ORDER.indexOf(tier) >= TIER_ORDER.indexOf(minimumTierFor(format));
}
