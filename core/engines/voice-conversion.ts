import type { PcmAudio } from "./audio";
import type { SynthesisRequest } from "./speech";
import type { UploadProblem } from "./noise-isolation";
import type { OutputFormat } from "../audio/output-formats";
import type { ConversionReport, VoiceTarget } from "../voice-changer/convert";

/**
 * Voice conversion (speech to speech): a recording in, the same words and timing in another voice out. The embedded
 * provider is DSP (core/voice-changer: pitch by TD-PSOLA, formants by spectral warping; decision 0031); it moves the
 * voice to a measured target. Null: the recording has too little voiced speech to convert.
 */
export type VoiceConversionRequest = PcmAudio & { target: VoiceTarget };

export interface VoiceConversionEngine {
  convert(request: VoiceConversionRequest): Promise<(PcmAudio & { report: ConversionReport }) | null>;
}

/**
 * The voice to move toward: measured features (a cloned voice's speaker analysis), or a synthesis request whose
 * speech is measured (any other voice: the embedded engine speaks a reference sentence in it).
 */
export type ConversionTarget = { features: VoiceTarget } | { reference: SynthesisRequest };

/** An upload for the voice changer (`pcm16k`: headerless 16-bit 16 kHz mono, file_format=pcm_s16le_16). */
export type ConversionUpload = { audio: Uint8Array; pcm16k: boolean; target: ConversionTarget; removeBackgroundNoise: boolean; outputFormat: OutputFormat };

/** Why an upload cannot be converted: unreadable (as for the isolator), or no voiced speech in it. */
export type ConversionProblem = UploadProblem | { ok: false; reason: "no_speech"; message: string };

export type ConvertedUpload = { ok: true; audio: Uint8Array; contentType: string; durationSeconds: number; hadVideo: boolean; report: ConversionReport } | ConversionProblem;

/** The model ids the voice changer is asked for by: the embedded provider's, and ElevenLabs' (the SDK's), which mean the default. */
export const VOICE_CONVERSION_MODEL_IDS = { embedded: "parlance_voice_changer_v1" } as const;
export const SDK_VOICE_CONVERSION_MODEL_IDS: readonly string[] = ["eleven_multilingual_sts_v2", "eleven_english_sts_v2"];
