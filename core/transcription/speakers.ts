// Speakers of a transcribed upload (decision 0051): the upload decoded, each stretch of its words measured as a
// speaker vector and the stretches clustered (core/transcription/diarization.ts); and its audio events (decision
// 0057, core/transcription/audio-events.ts). Runs in the speech worker, beside the decoders; the app asks for them
// over RPC with the words any speech-to-text provider gave.
import { decodeUpload } from "../audio/upload";
import { floatSamples } from "../voices/speaker-analysis";
import { timedSpeakers, type TimedWord } from "./diarization";
import { detectAudioEvents, type AudioEvent } from "./audio-events";

export type SpeakerRequest = { audio: Uint8Array; pcm16k: boolean; words: TimedWord[]; numSpeakers?: number };
/** Each word's speaker number (0 the first heard), or why the upload could not be read. */
export type SpeakerResult = { ok: true; speakers: number[] } | { ok: false; message: string };

export async function transcriptSpeakers(request: SpeakerRequest): Promise<SpeakerResult> {
  const decoded = await decodeUpload(request.audio, { pcm16k: request.pcm16k });
  if (!decoded.ok) return { ok: false, message: decoded.message };
  return { ok: true, speakers: timedSpeakers(floatSamples(decoded.samples), decoded.sampleRate, request.words, request.numSpeakers) };
}

export type AudioEventRequest = { audio: Uint8Array; pcm16k: boolean };
export type AudioEventResult = { ok: true; events: AudioEvent[] } | { ok: false; message: string };

/** The audio events (music, applause, noise) of a transcribed upload (decision 0057). */
export async function transcriptAudioEvents(request: AudioEventRequest): Promise<AudioEventResult> {
  const decoded = await decodeUpload(request.audio, { pcm16k: request.pcm16k });
  if (!decoded.ok) return { ok: false, message: decoded.message };
  return { ok: true, events: detectAudioEvents(floatSamples(decoded.samples), decoded.sampleRate) };
}
