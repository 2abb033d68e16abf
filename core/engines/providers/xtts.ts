// A neural cloning server speaking the protocol of Coqui's XTTS streaming server (coqui-ai/xtts-streaming-server,
// decision 0051): POST /clone_speaker with a reference recording (multipart `wav_file`) answers the speaker's
// conditioning ({gpt_cond_latent, speaker_embedding}); POST /tts_stream with that conditioning, the text and the
// language answers the speech as 24 kHz 16-bit mono PCM (add_wav_header false). The platform keeps the
// conditioning per cloned voice (R2) and sends it with every synthesis. The protocol has no speed: the voice
// settings' speed (the request's rate against 175, as OpenAI's speed) is applied to the answer by WSOLA, which
// keeps the pitch (decision 0057).
import type { AudioFile } from "../audio";
import type { SpeechEngine } from "../speech";
import { accepted, bearer, platformFetch, type Fetch } from "./http";
import { timeStretch } from "../../audio/time-stretch";

/** The request rate (espeak-ng words per minute) that is speed 1: the cloned voice's own pace on the server. */
const NORMAL_RATE = 175;

/** The server's output: XTTS v2 speaks at 24 kHz. */
export const XTTS_RATE = 24000;

/** What /clone_speaker answers: the speaker's conditioning, kept as the server gave it. */
export type XttsSpeaker = { gpt_cond_latent: number[][]; speaker_embedding: number[] };

/** The languages the XTTS v2 model speaks (its server refuses others); the platform's six are among them. */
export const XTTS_LANGUAGES = ["en", "de", "fr", "es", "it", "pl", "pt", "tr", "ru", "nl", "cs", "ar", "zh-cn", "ja", "hu", "ko"] as const;

export type XttsServer = { baseUrl: string; apiKey?: string };

/** A cloning speech engine: learns a speaker from a recording, then speaks as it. */
export type CloningSpeechEngine = SpeechEngine & { cloneSpeaker(reference: AudioFile): Promise<XttsSpeaker> };

const endpoint = (server: XttsServer, path: string) => `${server.baseUrl.replace(/\/+$/, "")}/${path}`;

function isSpeaker(value: unknown): value is XttsSpeaker {
  const v = value as Partial<XttsSpeaker> | null;
  return (
    Array.isArray(v?.gpt_cond_latent) &&
    v.gpt_cond_latent.every((row) => Array.isArray(row) && row.every((x) => typeof x === "number")) &&
    Array.isArray(v.speaker_embedding) &&
    v.speaker_embedding.length > 0 &&
    v.speaker_embedding.every((x) => typeof x === "number")
  );
}

export function xttsSpeech(server: XttsServer, fetcher: Fetch = platformFetch): CloningSpeechEngine {
  return {
    async cloneSpeaker(reference) {
      const form = new FormData();
      const type = reference.contentType.split(";")[0]!.trim() || "application/octet-stream";
      form.set("wav_file", new Blob([reference.audio as Uint8Array<ArrayBuffer>], { type }), "reference.wav");
      const response = await accepted(await fetcher(endpoint(server, "clone_speaker"), { method: "POST", headers: bearer(server.apiKey), body: form }), "cloning server");
      const speaker: unknown = await response.json().catch(() => null);
      if (!isSpeaker(speaker)) throw new Error("cloning server answered /clone_speaker without gpt_cond_latent and speaker_embedding");
      return speaker;
    },
    async synthesize(request) {
      if (!request.clonedSpeaker) throw new Error("The cloning server speaks cloned voices only: this voice has no conditioning from it.");
      const language = request.language && (XTTS_LANGUAGES as readonly string[]).includes(request.language) ? request.language : "en";
      const body = { text: request.text, language, speaker_embedding: request.clonedSpeaker.speaker_embedding, gpt_cond_latent: request.clonedSpeaker.gpt_cond_latent, add_wav_header: false };
      const response = await accepted(
        await fetcher(endpoint(server, "tts_stream"), { method: "POST", headers: { "content-type": "application/json", ...bearer(server.apiKey) }, body: JSON.stringify(body) }),
        "cloning server",
      );
      const bytes = new Uint8Array(await response.arrayBuffer());
      const spoken = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength - (bytes.byteLength % 2)));
      const speed = request.rate / NORMAL_RATE;
      const paced = Math.abs(speed - 1) < 0.01 ? spoken : timeStretch(spoken, XTTS_RATE, speed);
      const pcm = new Uint8Array(paced.buffer, paced.byteOffset, paced.byteLength);
      return { pcm, sampleRate: XTTS_RATE, durationMs: (pcm.byteLength / 2 / XTTS_RATE) * 1000, words: [] };
    },
  };
}
