import type { PcmAudio } from "../../core/engines/audio";
import type { SynthesisRequest, SynthesisResult } from "../../core/engines/speech";
import type { ConversionTarget, ConversionUpload, ConvertedUpload, VoiceConversionEngine } from "../../core/engines/voice-conversion";
import { StreamingEncoder } from "../../core/audio/encoder";
import { concatBytes } from "../../core/audio/bytes";
import { formatSpec } from "../../core/audio/output-formats";
import { bytesFromInt16, int16FromBytes } from "../../core/audio/pcm";
import { decodeUpload } from "../../core/audio/upload";
import { analyseSpeaker, floatSamples } from "../../core/voices/speaker-analysis";
import { REFERENCE_SEED, REFERENCE_SENTENCE } from "../../core/voice-changer/reference";
import type { VoiceTarget } from "../../core/voice-changer/convert";
import { alignToRecording, type AlignedUpload, type AlignmentUpload } from "../../core/alignment/align";
import { embedWatermark } from "../../core/audio/watermark";

type Engines = {
  convert: VoiceConversionEngine["convert"];
  isolate: (audio: PcmAudio) => Promise<PcmAudio>;
  synthesize: (request: SynthesisRequest) => Promise<SynthesisResult>;
};

/** The target's pitch and formants: given, or measured on the reference sentence spoken in the voice. */
export async function measureTarget(target: ConversionTarget, synthesize: Engines["synthesize"]): Promise<VoiceTarget | null> {
  if ("features" in target) return target.features;
  // A fixed seed: the engine's small random variations would otherwise move the target from one request to the next.
  const spoken = await synthesize({ ...target.reference, text: REFERENCE_SENTENCE, seed: REFERENCE_SEED });
  const even = spoken.pcm.subarray(0, spoken.pcm.byteLength - (spoken.pcm.byteLength % 2));
  const features = analyseSpeaker(floatSamples(int16FromBytes(even)), spoken.sampleRate);
  return features && { pitchMedianHz: features.pitchMedianHz, pitchRangeSemitones: features.pitchRangeSemitones, formantScale: features.formantScale };
}

/** Decodes, optionally isolates, converts and encodes in this worker, so only the file and the result cross the binding. */
export async function convertUpload(upload: ConversionUpload, engines: Engines): Promise<ConvertedUpload> {
  const decoded = await decodeUpload(upload.audio, { pcm16k: upload.pcm16k });
  if (!decoded.ok) return decoded;
  const durationSeconds = decoded.samples.length / decoded.sampleRate;
  let source: PcmAudio = { pcm: bytesFromInt16(decoded.samples), sampleRate: decoded.sampleRate };
  if (upload.removeBackgroundNoise) source = await engines.isolate(source);
  const target = await measureTarget(upload.target, engines.synthesize);
  if (!target) throw new Error("The target voice's reference sentence has no voiced speech to measure.");
  const converted = await engines.convert({ ...source, target });
  if (!converted) return { ok: false, reason: "no_speech", message: "The recording has too little voiced speech to convert (at least half a second is needed)." };
  const encoder = await StreamingEncoder.create(upload.outputFormat);
  const audio = concatBytes([encoder.push(embedWatermark(int16FromBytes(converted.pcm), converted.sampleRate), converted.sampleRate), encoder.finish()]);
  return { ok: true, audio, contentType: formatSpec(upload.outputFormat).contentType, durationSeconds, hadVideo: decoded.hadVideo, report: converted.report };
}

/** Decodes the recording and aligns the known text's synthetic rendering to it. */
export async function alignUpload(upload: AlignmentUpload): Promise<AlignedUpload> {
  const decoded = await decodeUpload(upload.audio);
  if (!decoded.ok) return decoded;
  const synthetic = int16FromBytes(upload.synthetic.pcm.subarray(0, upload.synthetic.pcm.byteLength - (upload.synthetic.pcm.byteLength % 2)));
  const aligned = alignToRecording(
    { samples: floatSamples(decoded.samples), sampleRate: decoded.sampleRate },
    { samples: floatSamples(synthetic), sampleRate: upload.synthetic.sampleRate },
    upload.times,
  );
  return { ok: true, durationSeconds: decoded.samples.length / decoded.sampleRate, ...aligned };
}
