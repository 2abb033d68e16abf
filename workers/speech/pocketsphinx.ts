// PocketSphinx compiled to WebAssembly by scripts/build-pocketsphinx.mjs: a compiled module (wrangler's rule for .wasm)
import sphinxWasm from "./generated/pocketsphinx.wasm";
import { unpackDataArchive } from "./data-archive";
import { MemoryWasi } from "./wasi";
import type { TranscriptionRequest, TranscriptionResult } from "../../core/engines/speech-to-text";
import { decodeUpload } from "../../core/audio/upload";
import { resample } from "../../core/audio/pcm";

/** Where the US English model lives in R2 (too large for a worker bundle: docs/decisions/0030-speech-to-text.md). */
export const SPHINX_MODEL_KEY = "engines/pocketsphinx/en-us.model";
const MOUNT = "/model";
const RATE = 16000;
const FRAME_MS = 10;
/** Utterances are cut at the quietest 10 ms within the last few seconds before this length: the decoder's memory and the search stay small. */
const MAX_UTTERANCE_SECONDS = 20;
const CUT_WINDOW_SECONDS = 5;

type SphinxExports = {
  memory: WebAssembly.Memory;
  _initialize(): void;
  sphinx_init(hmm: number, lm: number, dict: number): number;
  sphinx_decode(samples: number, count: number): number;
  sphinx_result(): number;
  sphinx_alloc(size: number): number;
  sphinx_free(pointer: number): void;
};

/** A recognised word, its time in the utterance (ms) and PocketSphinx's log-probability of it. */
export type SphinxWord = { text: string; startMs: number; endMs: number };

/** The recogniser: one decoder per isolate, made from the model files once. */
export class SphinxRecognizer {
  private constructor(private readonly exports: SphinxExports) {}

  static async create(model: ArrayBuffer): Promise<SphinxRecognizer> {
    const wasi = new MemoryWasi(unpackDataArchive(model), MOUNT);
    const instance = await WebAssembly.instantiate(sphinxWasm as WebAssembly.Module, { wasi_snapshot_preview1: wasi.imports });
    const exports = instance.exports as unknown as SphinxExports;
    wasi.bind(exports.memory);
    exports._initialize();
    const [hmm, lm, dict] = [`${MOUNT}/en-us`, `${MOUNT}/en-us.lm.bin`, `${MOUNT}/cmudict-en-us.dict`].map((path) => writeString(exports, path));
    const status = exports.sphinx_init(hmm!, lm!, dict!);
    if (status !== 0) throw new Error(`PocketSphinx did not initialise (${status}): its model is missing or damaged`);
    return new SphinxRecognizer(exports);
  }

  /** The words of 16 kHz mono speech, fillers and silences left out, times in ms from the start of `samples`. */
  recognize(samples: Int16Array): SphinxWord[] {
    const words: SphinxWord[] = [];
    for (const [start, end] of utterances(samples)) {
      for (const word of this.decode(samples.subarray(start, end))) {
        words.push({ text: word.text, startMs: word.startMs + (start / RATE) * 1000, endMs: word.endMs + (start / RATE) * 1000 });
      }
    }
    return words;
  }

  private decode(samples: Int16Array): SphinxWord[] {
    const sphinx = this.exports;
    const pointer = sphinx.sphinx_alloc(samples.byteLength);
    if (!pointer) throw new Error("PocketSphinx is out of memory");
    new Int16Array(sphinx.memory.buffer, pointer, samples.length).set(samples);
    const length = sphinx.sphinx_decode(pointer, samples.length);
    sphinx.sphinx_free(pointer);
    if (length < 0) throw new Error(`PocketSphinx could not decode the audio (${length})`);
    const text = new TextDecoder().decode(new Uint8Array(sphinx.memory.buffer, sphinx.sphinx_result(), length));
    return parseSegments(text);
  }
}

/** recognize.c's lines "word start_frame end_frame log_probability" to words; sentence marks, silences and noises ([NOISE]) dropped, alternative pronunciations' "(2)" removed. */
export function parseSegments(text: string): SphinxWord[] {
  const words: SphinxWord[] = [];
  for (const line of text.split("\n")) {
    const [word, start, end] = line.split(" ");
    if (!word || start === undefined || end === undefined) continue;
    if (word.startsWith("<") || word.startsWith("[")) continue;
    words.push({ text: word.replace(/\(\d+\)$/, ""), startMs: Number(start) * FRAME_MS, endMs: (Number(end) + 1) * FRAME_MS });
  }
  return words;
}

/** [start, end) sample ranges of at most MAX_UTTERANCE_SECONDS, each cut at the quietest 10 ms near its end. */
export function utterances(samples: Int16Array): [number, number][] {
  const max = MAX_UTTERANCE_SECONDS * RATE;
  const frame = (FRAME_MS * RATE) / 1000;
  const ranges: [number, number][] = [];
  let start = 0;
  while (samples.length - start > max) {
    let cut = start + max;
    let quietest = Infinity;
    for (let at = start + max - CUT_WINDOW_SECONDS * RATE; at + frame <= start + max; at += frame) {
      let energy = 0;
      for (let i = at; i < at + frame; i++) energy += samples[i]! * samples[i]!;
      if (energy < quietest) [quietest, cut] = [energy, at + frame / 2];
    }
    ranges.push([start, cut]);
    start = cut;
  }
  if (samples.length > start) ranges.push([start, samples.length]);
  return ranges;
}

function writeString(exports: SphinxExports, value: string): number {
  const bytes = new TextEncoder().encode(value + "\0");
  const pointer = exports.sphinx_alloc(bytes.length);
  new Uint8Array(exports.memory.buffer).set(bytes, pointer);
  return pointer;
}

/** Why the embedded recogniser cannot run: the model is not in R2 (the start step puts it there). */
export const NO_SPHINX_MODEL = `The embedded speech-to-text model is not installed: put workers/speech/generated/pocketsphinx-en-us.model into the R2 bucket at ${SPHINX_MODEL_KEY} (npm start does it).`;

type ModelBucket = { get(key: string): Promise<{ arrayBuffer(): Promise<ArrayBuffer> } | null> };

let recognizer: Promise<SphinxRecognizer> | null = null;
/** Decoding is synchronous inside the module; requests in one isolate take turns. */
let queue: Promise<unknown> = Promise.resolve();

/** The embedded speech-to-text engine on a bucket holding the model: US English, words timed by the decoder. */
export function pocketSphinxEngine(bucket: ModelBucket | undefined) {
  return {
    transcribe(request: TranscriptionRequest): Promise<TranscriptionResult> {
      const run = queue.then(async () => {
        const decoded = await decodeUpload(request.audio, { pcm16k: request.contentType.startsWith("audio/L16") });
        if (!decoded.ok) throw new Error(decoded.message);
        recognizer ??= loadRecognizer(bucket);
        const samples = resample(decoded.samples, decoded.sampleRate, RATE);
        const words = (await recognizer).recognize(samples);
        return { text: words.map((w) => w.text).join(" "), language: "en", durationMs: (decoded.samples.length / decoded.sampleRate) * 1000, words };
      });
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

async function loadRecognizer(bucket: ModelBucket | undefined): Promise<SphinxRecognizer> {
  const loading = (async () => {
    const object = await bucket?.get(SPHINX_MODEL_KEY);
    if (!object) throw new Error(NO_SPHINX_MODEL);
    return SphinxRecognizer.create(await object.arrayBuffer());
  })();
  // A failed load (no model yet) is tried again on the next request.
  loading.catch(() => (recognizer = null));
  return loading;
}
