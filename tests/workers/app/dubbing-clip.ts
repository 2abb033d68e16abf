// The dubbing tests' media: two lines by two of the platform's voices over a quiet hum, and the upload form.
import { env } from "cloudflare:test";
import type { SynthesisRequest, SynthesisResult } from "../../../core/engines/speech";
import { wavFile } from "../../../core/audio/wav";
import { bytesFromInt16, resample } from "../../../core/audio/pcm";
import { DUBBING_RATE } from "../../../core/dubbing/decoded";
import type { DubRow } from "../../../db/repositories/dubs";
import { dubbingCredits, type DubSegment, type DubSpeaker } from "../../../core/dubbing/dub-rules";
import { dubLine, lineKey, renderLanguage } from "../../../core/dubbing/dub-audio";

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


/**
 * A finished English to Spanish dub of the two-speaker clip in a workspace, as the pipeline leaves one (its row,
 * the upload, the background and each line spoken by dubLine and mixed by renderLanguage) without running the
 * whole pipeline: that is tests/workers/app/dubbing.test.ts's work, and in the studio's tests it would cost minutes.
 */
export async function seedFinishedDub(workspaceId: string): Promise<string> {
  const { wav, seconds } = await twoSpeakerClip();
  const dubId = `dub_studio${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const prefix = `dubs/${workspaceId}/${dubId}/`;
  await env.MEDIA.put(`${prefix}source`, wav, { httpMetadata: { contentType: "audio/wav" } });
  const length = Math.round(seconds * DUBBING_RATE);
  const background = Int16Array.from({ length }, (_, i) => Math.round(300 * Math.sin((2 * Math.PI * 100 * i) / DUBBING_RATE)));
  await env.MEDIA.put(`${prefix}background.pcm`, bytesFromInt16(background));
  const speakers: DubSpeaker[] = [
    { id: "speaker_0", name: "Speaker 1", voice: { variant: "m3", basePitch: 40, baseRange: 50, rate: 160 }, pitchHz: 110 },
    { id: "speaker_1", name: "Speaker 2", voice: { variant: "f3", basePitch: 60, baseRange: 50, rate: 160 }, pitchHz: 210 },
  ];
  const segments: DubSegment[] = [
    { id: "seg_0", start: 0.5, end: 3, speakerId: "speaker_0", text: "the weather today is sunny and warm in the city", translations: { es: "el tiempo hoy es soleado y cálido en la ciudad" } },
    { id: "seg_1", start: 4, end: 6.5, speakerId: "speaker_1", text: "i want to visit the old house near the river", translations: { es: "quiero visitar la casa vieja cerca del río" } },
  ];
  const now = Math.floor(Date.now() / 1000);
  await env.DB.prepare(
    `INSERT INTO dubs (id, workspace_id, user_id, name, status, created_at, updated_at, source_lang, detected_source_lang, target_lang, source_key, content_type, had_video, duration_seconds, expected_duration, credits, progress, progress_message, segments, speakers)
     VALUES (?1, ?2, (SELECT user_id FROM workspace_members WHERE workspace_id = ?2 LIMIT 1), 'Studio clip', 'dubbed', ?3, ?3, 'en', 'en', 'es', ?4, 'audio/wav', 0, ?5, 5, ?6, 1, 'Dubbed', ?7, ?8)`,
  )
    .bind(dubId, workspaceId, now, `${prefix}source`, seconds, dubbingCredits(seconds), JSON.stringify(segments), JSON.stringify(speakers))
    .run();
  const dub = { id: dubId, workspaceId, startTime: null, endTime: null, hadVideo: false } as unknown as DubRow;
  for (const segment of segments) {
    const { samples } = await dubLine(env, segment.translations.es!, "es", speakers.find((s) => s.id === segment.speakerId)!, Math.round((segment.end - segment.start) * DUBBING_RATE), DUBBING_RATE);
    await env.MEDIA.put(lineKey(dub, "es", segment.id), bytesFromInt16(samples));
  }
  const output = await renderLanguage(env, dub, "es", segments, length, DUBBING_RATE, background, null, null);
  await env.DB.prepare("UPDATE dubs SET outputs = ? WHERE id = ?").bind(JSON.stringify({ es: output }), dubId).run();
  return dubId;
}
