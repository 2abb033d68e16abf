// The dubbing tests' media: two lines by two of the platform's voices over a quiet hum, and the upload form.
import { env } from "cloudflare:test";
import type { SynthesisRequest, SynthesisResult } from "../../../core/engines/speech";
import { wavFile } from "../../../core/audio/wav";
import { resample } from "../../../core/audio/pcm";

const speech = env.SPEECH as unknown as {
  synthesize(request: SynthesisRequest): Promise<SynthesisResult>;
};
const RATE = 22050;

/** Two lines by two of the platform's voices, a pause between, over a quiet 100 Hz hum. */
export async function twoSpeakerClip(): Promise<{ wav: Uint8Array; seconds: number }> {
  const lines = [
    {
      text: "The weather today is sunny and warm in the city.",
      engineVoice: "en-us+m3",
      pitch: 40,
    },
    {
      text: "I want to visit the old house near the river.",
      engineVoice: "en-us+f3",
      pitch: 60,
    },
  ];
  const parts: Int16Array[] = [new Int16Array(RATE / 2)];
  for (const line of lines) {
    const spoken = await speech.synthesize({
      text: line.text,
      engineVoice: line.engineVoice,
      rate: 160,
      pitch: line.pitch,
      range: 50,
    });
    parts.push(resample(new Int16Array(spoken.pcm.slice().buffer), spoken.sampleRate, RATE), new Int16Array(RATE));
  }
  const length = parts.reduce((a, p) => a + p.length, 0);
  const samples = new Int16Array(length);
  let at = 0;
  for (const part of parts) {
    samples.set(part, at);
    at += part.length;
  }
  for (let i = 0; i < length; i++) samples[i] = Math.max(-32768, Math.min(32767, samples[i]! + Math.round(300 * Math.sin((2 * Math.PI * 100 * i) / RATE))));
  return { wav: wavFile(samples, RATE), seconds: length / RATE };
}

export function upload(bytes: Uint8Array, fields: Record<string, string>, type = "audio/wav", name = "talk.wav") {
  const body = new FormData();
  body.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  return body;
}

