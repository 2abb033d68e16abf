// Speakers of a transcribed upload (decision 0051): the upload decoded, each stretch of its words measured as a
// speaker vector and the stretches clustered (core/transcription/diarization.ts); and its audio events (decision
// 0057, core/transcription/audio-events.ts). Runs in the speech worker, beside the decoders; the app asks for them
// over RPC with the words any speech-to-text provider gave.
import { decodeUpload } from "../audio/upload";
import { analyseSpeaker, floatSamples, speakerVector } from "../voices/speaker-analysis";
import { speechStretches, wordSpeakers, type TimedWord } from "./diarization";
import { detectAudioEvents, type AudioEvent } from "./audio-events";

export type SpeakerRequest = { audio: Uint8Array; pcm16k: boolean; words: TimedWord[]; numSpeakers?: number };
/** Each word's speaker number (0 the first heard), or why the upload could not be read. */
export type SpeakerResult = { ok: true; speakers: number[] } | { ok: false; message: string };

export async function transcriptSpeakers(request: SpeakerRequest): Promise<SpeakerResult> {
  const decoded = await decodeUpload(request.audio, { pcm16k: request.pcm16k });
  if (!decoded.ok) return { ok: false, message: decoded.message };
  const samples = floatSamples(decoded.samples);
  const rate = decoded.sampleRate;
  const stretches = speechStretches(request.words);
  const measure = (startMs: number, endMs: number) => {
    const from = Math.max(0, Math.floor((startMs / 1000) * rate));
    const to = Math.min(samples.length, Math.ceil((endMs / 1000) * rate));
    const features = to > from ? analyseSpeaker(samples.subarray(from, to), rate) : null;
    return features ? { vector: speakerVector(features), voicedSeconds: features.voicedSeconds } : null;
  };
  const measured = stretches.map((stretch) => measure(stretch.startMs, stretch.endMs));
  // Neighbouring stretches too short to measure alone (a short reply cut at its pauses) are measured together.
  for (let i = 0; i < stretches.length; i++) {
    if (measured[i]) continue;
    let last = i;
    while (last + 1 < stretches.length && !measured[last + 1]) last++;
    if (last > i) {
      const together = measure(stretches[i]!.startMs, stretches[last]!.endMs);
      if (together) for (let k = i; k <= last; k++) measured[k] = together;
    }
    i = last;
  }
  return { ok: true, speakers: wordSpeakers(request.words.length, stretches, measured, request.numSpeakers) };
}

export type AudioEventRequest = { audio: Uint8Array; pcm16k: boolean };
export type AudioEventResult = { ok: true; events: AudioEvent[] } | { ok: false; message: string };

/** The audio events (music, applause, noise) of a transcribed upload (decision 0057). */
export async function transcriptAudioEvents(request: AudioEventRequest): Promise<AudioEventResult> {
  const decoded = await decodeUpload(request.audio, { pcm16k: request.pcm16k });
  if (!decoded.ok) return { ok: false, message: decoded.message };
  return { ok: true, events: detectAudioEvents(floatSamples(decoded.samples), decoded.sampleRate) };
}
