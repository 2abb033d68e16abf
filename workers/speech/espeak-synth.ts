import { MemoryWasi } from "./wasi";

/** The entry points of workers/speech/c/synth.c. */
type SynthExports = {
  memory: WebAssembly.Memory;
  _initialize(): void;
  synth_init(path: number): number;
  synth_voice(name: number): number;
  synth_params(rate: number, pitch: number, range: number): void;
  synth_seed(seed: number): void;
  synth_speak(text: number, phonemes: number): number;
  synth_samples(): number;
  synth_words(): number;
  synth_word_count(): number;
  synth_alloc(size: number): number;
  synth_free(pointer: number): void;
};

export type Utterance = { text: string; voice: string; rate: number; pitch: number; range: number; seed?: number | null; phonemes?: boolean };
export type Spoken = { samples: Int16Array; sampleRate: number; words: { position: number; length: number; startMs: number }[] };

const DATA_PATH = "/espeak-ng-data";

/**
 * espeak-ng compiled to WebAssembly (scripts/build-espeak.mjs), reading its data from memory. One instance
 * speaks every utterance; it carries state from one to the next (pitch flutter, filters, its random
 * generator), so a seeded utterance gets a fresh instance whose memory is a copy of the state right after
 * initialisation, with the seed given to espeak-ng's random generator: the same seed speaks the same samples.
 */
export class EspeakSynthesizer {
  private constructor(
    private readonly module: WebAssembly.Module,
    private readonly wasi: MemoryWasi,
    private exports: SynthExports,
    private readonly initialised: Uint8Array,
    readonly sampleRate: number,
  ) {}

  static async create(module: WebAssembly.Module, files: Map<string, Uint8Array>): Promise<EspeakSynthesizer> {
    const wasi = new MemoryWasi(files, DATA_PATH);
    const exports = await instantiate(module, wasi);
    exports._initialize();
    const path = writeString(exports, DATA_PATH);
    const sampleRate = exports.synth_init(path);
    exports.synth_free(path);
    if (sampleRate <= 0) throw new Error("espeak-ng did not initialise: its data is missing or damaged");
    return new EspeakSynthesizer(module, wasi, exports, new Uint8Array(exports.memory.buffer).slice(), sampleRate);
  }

  /** A data file added after initialisation (a lazily read dictionary, `<name>_dict`), for the voices that need it. */
  mount(path: string, bytes: Uint8Array) {
    this.wasi.mount(path, bytes);
  }

  hasFile(path: string): boolean {
    return this.wasi.has(path);
  }

  async speak(utterance: Utterance): Promise<Spoken> {
    const seeded = utterance.seed !== null && utterance.seed !== undefined;
    if (seeded) await this.restoreInitialState();
    const synth = this.exports;
    const voice = writeString(synth, utterance.voice);
    const found = synth.synth_voice(voice);
    synth.synth_free(voice);
    if (found !== 0) throw new Error(`Unknown engine voice ${utterance.voice}`);
    synth.synth_params(utterance.rate, utterance.pitch, utterance.range);
    if (seeded) synth.synth_seed(Math.trunc(utterance.seed!) | 0);
    const text = writeString(synth, utterance.text);
    const count = synth.synth_speak(text, utterance.phonemes ? 1 : 0);
    synth.synth_free(text);
    if (count < 0) throw new Error("espeak-ng could not synthesize the text");
    const samples = new Int16Array(synth.memory.buffer, synth.synth_samples(), count).slice();
    const raw = new Int32Array(synth.memory.buffer, synth.synth_words(), synth.synth_word_count() * 3);
    const words = [];
    for (let i = 0; i < raw.length; i += 3) words.push({ position: raw[i], length: raw[i + 1], startMs: raw[i + 2] });
    return { samples, sampleRate: this.sampleRate, words };
  }

  /** A new instance of the compiled module (no recompilation) with the memory as it was after initialisation. */
  private async restoreInitialState() {
    const exports = await instantiate(this.module, this.wasi);
    const pages = this.initialised.length / 65536 - exports.memory.buffer.byteLength / 65536;
    if (pages > 0) exports.memory.grow(pages);
    new Uint8Array(exports.memory.buffer).set(this.initialised);
    this.exports = exports;
  }
}

async function instantiate(module: WebAssembly.Module, wasi: MemoryWasi): Promise<SynthExports> {
  const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi.imports });
  const exports = instance.exports as unknown as SynthExports;
  wasi.bind(exports.memory);
  return exports;
}

/** Copies a string into the module's memory as NUL-terminated UTF-8; the caller frees it. */
function writeString(exports: SynthExports, value: string): number {
  const bytes = new TextEncoder().encode(value + "\0");
  const pointer = exports.synth_alloc(bytes.length);
  if (!pointer) throw new Error("espeak-ng is out of memory");
  new Uint8Array(exports.memory.buffer).set(bytes, pointer);
  return pointer;
}
