// The synthesizer exactly as the speech worker runs it: the WebAssembly build and data archive written by
// scripts/build-espeak.mjs (`npm run build`), over the in-memory WASI.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { ENGINE_LANGUAGES, engineVoiceFor } from "../../core/voices/voice-rules";
import { PREMADE_VOICES } from "./premade-voices";
import { unpackDataArchive } from "../../workers/speech/data-archive";
import { EspeakSynthesizer } from "../../workers/speech/espeak-synth";
import { applyRules, withDefaults } from "../../core/pronunciation/rules";
import { ENGINE_LANGUAGE_CATALOGUE } from "../../core/voices/engine-languages";
import { dictionaryOfVoice, readDictionary, readManifest } from "../../workers/speech/espeak-dictionaries";

const generated = (name: string) => readFileSync(fileURLToPath(new URL(`../../workers/speech/generated/${name}`, import.meta.url)));
const module = new WebAssembly.Module(generated("espeak-ng.wasm"));
const archive = generated("espeak-ng.data");
const files = () => unpackDataArchive(archive.buffer.slice(archive.byteOffset, archive.byteOffset + archive.byteLength));

const manifest = readManifest(files());
const pack = generated("espeak-ng-dictionaries.pack");
// The pack as R2 holds it: a range read answers that dictionary's bytes.
const bucket = {
  get: async (key: string, options: { range: { offset: number; length: number } }) =>
    key === manifest.pack ? { arrayBuffer: async () => pack.buffer.slice(pack.byteOffset + options.range.offset, pack.byteOffset + options.range.offset + options.range.length) } : null,
} as unknown as R2Bucket;
/** What the worker does before speaking a voice whose dictionary is not bundled (workers/speech/espeak.ts). */
async function mountFor(synth: EspeakSynthesizer, voice: string) {
  const dictionary = dictionaryOfVoice(voice, manifest.voices)!;
  if (manifest.dictionaries[dictionary] && !synth.hasFile(`${dictionary}_dict`)) synth.mount(`${dictionary}_dict`, await readDictionary(bucket, dictionary, manifest));
}

const rms = (samples: Int16Array) => Math.sqrt(samples.reduce((sum, s) => sum + s * s, 0) / samples.length);
const utterance = { voice: "en-us+f3", rate: 175, pitch: 50, range: 50 };

describe("espeak-ng in WebAssembly", () => {
  let synth: EspeakSynthesizer;
  beforeAll(async () => {
    synth = await EspeakSynthesizer.create(module, files());
  });

  it("speaks English at 22.05 kHz with a word event per word", async () => {
    const text = "Hello world, this is Parlance speaking.";
    const { samples, sampleRate, words } = await synth.speak({ ...utterance, text });
    expect(sampleRate).toBe(22050);
    expect(samples.length / sampleRate).toBeGreaterThan(1);
    expect(rms(samples)).toBeGreaterThan(500);
    expect(words.map((w) => text.substr(w.position - 1, w.length))).toEqual(["Hello", "world", "this", "is", "Parlance", "speaking"]);
    expect(words.map((w) => w.startMs)).toEqual([...words.map((w) => w.startMs)].sort((a, b) => a - b));
  });

  it("speaks with every engine voice of every premade voice, in every language", async () => {
    const voices = new Set(PREMADE_VOICES.flatMap((voice) => [engineVoiceFor(voice), ...ENGINE_LANGUAGES.map((language) => engineVoiceFor(voice, language))]));
    expect(voices.size).toBeGreaterThan(ENGINE_LANGUAGES.length * 2);
    for (const voice of voices) {
      await mountFor(synth, voice);
      const { samples } = await synth.speak({ ...utterance, voice, text: "Uno, due, tre, quattro." });
      expect(rms(samples), voice).toBeGreaterThan(500);
    }
  });

  it("is slower at a lower rate", async () => {
    const text = "The quick brown fox jumps over the lazy dog.";
    const slow = await synth.speak({ ...utterance, text, rate: 120 });
    const fast = await synth.speak({ ...utterance, text, rate: 250 });
    expect(slow.samples.length).toBeGreaterThan(fast.samples.length * 1.5);
  });

  it("repeats a seeded utterance exactly, even after other speech, and another seed differs", async () => {
    const text = "Seeds make speech repeatable.";
    const first = await synth.speak({ ...utterance, text, seed: 42 });
    await synth.speak({ ...utterance, voice: "fr", text: "Bonjour à tous." });
    const again = await synth.speak({ ...utterance, text, seed: 42 });
    const other = await synth.speak({ ...utterance, text, seed: 43 });
    expect(Buffer.from(again.samples.buffer).equals(Buffer.from(first.samples.buffer))).toBe(true);
    expect(Buffer.from(other.samples.buffer).equals(Buffer.from(first.samples.buffer))).toBe(false);
  });

  it("speaks a pronunciation rule's phonemes: IPA and ARPAbet of a word sound exactly as the word", async () => {
    const spoken = async (text: string, phonemes = false) => Buffer.from((await synth.speak({ ...utterance, text, seed: 7, phonemes })).samples.buffer);
    const hello = await spoken("hello");
    for (const [phoneme, alphabet] of [["həˈloʊ", "ipa"], ["HH AH0 L OW1", "cmu-arpabet"]]) {
      const applied = applyRules("hello", [withDefaults({ type: "phoneme", string_to_replace: "hello", phoneme, alphabet })], true);
      expect(applied.phonemes).toBe(true);
      expect((await spoken(applied.text, true)).equals(hello)).toBe(true);
    }
    // Without the flag the brackets are text, and a different pronunciation is different audio.
    expect((await spoken("[[h@l'oU]]")).equals(hello)).toBe(false);
    expect((await spoken("say [[t@m'A:toU]] now", true)).equals(await spoken("say tomato now"))).toBe(false);
  });

  it("refuses a voice it does not have", async () => {
    await expect(synth.speak({ ...utterance, voice: "tlh", text: "Qapla'" })).rejects.toThrow("Unknown engine voice tlh");
  });

  it("does not start without its data", async () => {
    await expect(EspeakSynthesizer.create(module, new Map())).rejects.toThrow("did not initialise");
  });
});

describe("languages read on first use (decision 0059)", () => {
  it("names the dictionary each voice loads", () => {
    expect(dictionaryOfVoice("hu+f3", manifest.voices)).toBe("hu");
    expect(dictionaryOfVoice("nb", manifest.voices)).toBe("no");
    expect(dictionaryOfVoice("vi-vn-x-south", manifest.voices)).toBe("vi");
    expect(dictionaryOfVoice("cmn", manifest.voices)).toBe("cmn");
    expect(dictionaryOfVoice("en-us+m3", manifest.voices)).toBe("en");
    expect(manifest.bundled.en).toBeGreaterThan(0);
    expect(manifest.dictionaries.en).toBeUndefined();
  });

  it("speaks Hungarian, Norwegian, Vietnamese and Japanese once their dictionary is mounted, unlike English", async () => {
    const synth = await EspeakSynthesizer.create(module, files());
    const english = await synth.speak({ ...utterance, text: "Egy kettő három", seed: 3 });
    for (const [voice, text] of [["hu", "Egy kettő három négy öt"], ["nb", "En to tre fire fem"], ["vi", "Một hai ba bốn năm"], ["ja", "いち、に、さん、し、ご"]] as const) {
      const dictionary = dictionaryOfVoice(voice, manifest.voices)!;
      expect(synth.hasFile(`${dictionary}_dict`)).toBe(false);
      synth.mount(`${dictionary}_dict`, await readDictionary(bucket, dictionary, manifest));
      const { samples } = await synth.speak({ ...utterance, voice, text, seed: 3 });
      expect(rms(samples), voice).toBeGreaterThan(500);
      expect(Buffer.from(samples.buffer).equals(Buffer.from(english.samples.buffer))).toBe(false);
    }
  });

  it("speaks every dialect of the language catalogue, each with its dictionary (without it, not the language's words)", async () => {
    const synth = await EspeakSynthesizer.create(module, files());
    const withoutDictionary = await synth.speak({ ...utterance, voice: "hu", text: "1 2 3", seed: 5 });
    for (const language of ENGINE_LANGUAGE_CATALOGUE) {
      for (const dialect of language.dialects) {
        const dictionary = dictionaryOfVoice(dialect.voice, manifest.voices)!;
        if (!synth.hasFile(`${dictionary}_dict`)) synth.mount(`${dictionary}_dict`, await readDictionary(bucket, dictionary, manifest));
        // Three voices read no digits: a word of their own instead.
        const text = { chr: "ᎣᏏᏲ", cv: "Салам", sjn: "mae govannen" }[dialect.voice] ?? "1 2 3";
        const { samples } = await synth.speak({ ...utterance, voice: dialect.voice, text });
        expect(rms(samples), dialect.voice).toBeGreaterThan(300);
      }
    }
    const hungarian = await synth.speak({ ...utterance, voice: "hu", text: "1 2 3", seed: 5 });
    expect(hungarian.samples.length).not.toBe(withoutDictionary.samples.length);
  });

  it("says which object to install when the pack is not in R2", async () => {
    await expect(readDictionary(undefined, "hu", manifest)).rejects.toThrow(manifest.pack);
  });
});

describe("the data archive", () => {
  it("holds the phoneme tables, a dictionary per language and the voice variants", () => {
    const names = [...files().keys()];
    for (const name of ["phontab", "phonindex", "phondata", "intonations", "en_dict", "de_dict", "fr_dict", "es_dict", "it_dict", "pt_dict", "voices/!v/f3", "lang/gmw/en-US"]) {
      expect(names).toContain(name);
    }
  });

  it("refuses an archive whose index runs past its end", () => {
    const index = new TextEncoder().encode(JSON.stringify([["phontab", 100]]));
    const bytes = new Uint8Array(4 + index.length + 10);
    new DataView(bytes.buffer).setUint32(0, index.length, true);
    bytes.set(index, 4);
    expect(() => unpackDataArchive(bytes.buffer)).toThrow("phontab runs past the end");
  });
});
