// Voice changer and forced alignment (decision 0031), timing the code the speech worker runs (core/voice-changer,
// core/alignment, espeak-ng's WebAssembly) in Node:
//  1. Speed of the voice changer in x real time (target at least 5x), against a baseline in the same run: the
//     speaker analysis of the same audio alone (what measuring the voice costs before anything is changed); and the
//     converted speech's median pitch against the target voice's (target within 10%), beside the source's.
//  2. Forced alignment's median word-start error against the engine's own alignment of the same speech (target at
//     most 50 ms), spoken by premade voices other than the aligner's, against a baseline in the same run: word
//     starts spread evenly by character over the recording.
// Run alone with `node bench/speech-to-speech.mjs`, or as part of `npm run bench`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../scripts/stack.mjs";
import { loadBundle } from "./bundle.mjs";
import { createEmbeddedSynthesizer } from "./espeak.mjs";
import { isMain } from "./standalone.mjs";

const SOURCE_TEXT =
  "On a quiet morning in early spring, the old lighthouse keeper walked along the shore, counting the boats that had come home overnight. " +
  "He wrote each name in a small book, and when the last one was in, he went back up the hill for breakfast.";
/** Premade voices (migration 0013's engine parameters): the targets, and the speakers of the alignment set. */
const VOICES = {
  Aria: { espeakVoice: "en-us", variant: "f3", basePitch: 55, externalVoices: {} },
  Roger: { espeakVoice: "en-us", variant: "m3", basePitch: 45, externalVoices: {} },
  Alice: { espeakVoice: "en-gb-x-rp", variant: "f2", basePitch: 52, externalVoices: {} },
  George: { espeakVoice: "en-gb-x-rp", variant: "m1", basePitch: 40, externalVoices: {} },
};
const ALIGNMENT_TEXTS = [
  "The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs.",
  "Text to speech turns written words into spoken audio. It helps people listen to articles, books and messages while they do something else.",
  "Forced alignment finds the moment each word of a known text is spoken, so subtitles and karaoke lines appear on time.",
];

const cpu = async (fn) => {
  const start = process.cpuUsage();
  const result = await fn();
  const used = process.cpuUsage(start);
  return { seconds: (used.user + used.system) / 1e6, result };
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const floats = (samples) => Float32Array.from(samples, (v) => v / 32768);

export async function speechToSpeechBench() {
  const dir = mkdtempSync(join(tmpdir(), "bench-sts-"));
  try {
    const synth = await createEmbeddedSynthesizer(dir);
    const lib = await loadBundle(
      dir,
      "sts",
      `export { convertVoice } from ${JSON.stringify(join(ROOT, "core/voice-changer/convert.ts"))};
export { pitchTrack, medianPitch } from ${JSON.stringify(join(ROOT, "core/voice-changer/pitch-track.ts"))};
export { REFERENCE_SENTENCE, REFERENCE_SEED } from ${JSON.stringify(join(ROOT, "core/voice-changer/reference.ts"))};
export { analyseSpeaker } from ${JSON.stringify(join(ROOT, "core/voices/speaker-analysis.ts"))};
export { alignToRecording } from ${JSON.stringify(join(ROOT, "core/alignment/align.ts"))};
export { engineParameters, engineVoiceFor } from ${JSON.stringify(join(ROOT, "app/voices/rules/voices.ts"))};
export { DEFAULT_VOICE_SETTINGS } from ${JSON.stringify(join(ROOT, "core/voices/voice-settings.ts"))};
export { alignmentFromWords } from ${JSON.stringify(join(ROOT, "app/speech/rules/speech-text.ts"))};
export { ALIGNMENT_VOICE } from ${JSON.stringify(join(ROOT, "app/voice-changer/rules/voice-changer.ts"))};`,
    );
    const speak = (params, text, seed) => synth.speak({ text, voice: params.variant ? `${params.espeakVoice}+${params.variant}` : params.espeakVoice, ...lib.engineParameters(lib.DEFAULT_VOICE_SETTINGS, params), seed });

    // 1. The voice changer: Roger's recording into each other voice.
    const source = await speak(VOICES.Roger, SOURCE_TEXT);
    const sourceFloats = floats(source.samples);
    const seconds = source.samples.length / source.sampleRate;
    const sourcePitch = lib.medianPitch(lib.pitchTrack(sourceFloats, source.sampleRate));
    const analysis = median(await Promise.all([0, 1, 2].map(async () => (await cpu(() => lib.analyseSpeaker(sourceFloats, source.sampleRate))).seconds)));
    const conversions = [];
    for (const name of ["Aria", "Alice", "George"]) {
      const reference = await speak(VOICES[name], lib.REFERENCE_SENTENCE, lib.REFERENCE_SEED);
      const referenceFloats = floats(reference.samples);
      const features = lib.analyseSpeaker(referenceFloats, reference.sampleRate);
      const target = { pitchMedianHz: features.pitchMedianHz, pitchRangeSemitones: features.pitchRangeSemitones, formantScale: features.formantScale };
      const targetPitch = lib.medianPitch(lib.pitchTrack(referenceFloats, reference.sampleRate));
      const runs = [];
      let converted;
      for (let i = 0; i < 3; i++) {
        const run = await cpu(() => lib.convertVoice(sourceFloats, source.sampleRate, target));
        runs.push(run.seconds);
        converted = run.result;
      }
      const outPitch = lib.medianPitch(lib.pitchTrack(converted.samples, source.sampleRate));
      conversions.push({ name, cpu: median(runs), targetPitch, outPitch, lengthKept: converted.samples.length === source.samples.length });
    }

    // 2. Forced alignment: each text spoken by a premade voice, aligned with the aligner's own voice.
    const wordStarts = (text, spoken) => {
      const a = lib.alignmentFromWords(text, spoken.words, (spoken.samples.length / spoken.sampleRate) * 1000);
      return a.characters.flatMap((c, i) => (c !== " " && (i === 0 || a.characters[i - 1] === " ") ? [a.character_start_times_seconds[i]] : []));
    };
    const alignment = [];
    for (const speaker of ["Aria", "George", "Alice"]) {
      for (const text of ALIGNMENT_TEXTS) {
        const spoken = await speak(VOICES[speaker], text);
        const truth = wordStarts(text, spoken);
        const run = await cpu(async () => {
          const reference = await synth.speak({ text, voice: lib.ALIGNMENT_VOICE.engineVoice, rate: lib.ALIGNMENT_VOICE.rate, pitch: lib.ALIGNMENT_VOICE.pitch, range: lib.ALIGNMENT_VOICE.range });
          const times = lib.alignmentFromWords(text, reference.words, (reference.samples.length / reference.sampleRate) * 1000);
          return lib.alignToRecording(
            { samples: floats(spoken.samples), sampleRate: spoken.sampleRate },
            { samples: floats(reference.samples), sampleRate: reference.sampleRate },
            { characters: times.characters, starts: times.character_start_times_seconds, ends: times.character_end_times_seconds },
          );
        });
        const duration = spoken.samples.length / spoken.sampleRate;
        const chars = [...text];
        const evenly = chars.flatMap((c, i) => (c !== " " && (i === 0 || chars[i - 1] === " ") ? [(i / chars.length) * duration] : []));
        for (const [i, word] of run.result.words.entries()) alignment.push({ speaker, error: Math.abs(word.start - truth[i]), baseline: Math.abs(evenly[i] - truth[i]) });
        alignment.push({ speaker, cpu: run.seconds, audio: duration });
      }
    }
    return { seconds, sourcePitch, analysis, conversions, alignment };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printSpeechToSpeechBench({ seconds, sourcePitch, analysis, conversions, alignment }) {
  console.log(`\nVoice changer: Roger's ${seconds.toFixed(1)} s recording (median pitch ${sourcePitch.toFixed(0)} Hz) into other premade voices (x real time = audio seconds per CPU second; target at least 5x; pitch target within 10%)`);
  console.table(
    conversions.map((c) => ({
      target: c.name,
      "x real time": (seconds / c.cpu).toFixed(1),
      "target pitch Hz": c.targetPitch.toFixed(0),
      "output pitch Hz": c.outPitch.toFixed(0),
      "output vs target": `${(((c.outPitch / c.targetPitch) - 1) * 100).toFixed(1)}%`,
      "source vs target (unchanged)": `${(((sourcePitch / c.targetPitch) - 1) * 100).toFixed(1)}%`,
      "length kept": c.lengthKept,
    })),
  );
  const slowest = Math.min(...conversions.map((c) => seconds / c.cpu));
  const worst = Math.max(...conversions.map((c) => Math.abs(c.outPitch / c.targetPitch - 1)));
  console.log(`baseline: the speaker analysis of the same audio alone, ${(seconds / analysis).toFixed(1)}x real time`);
  console.log(`slowest conversion ${slowest.toFixed(1)}x real time (${slowest >= 5 ? "meets" : "MISSES"} 5x); worst output pitch ${(worst * 100).toFixed(1)}% from the target (${worst <= 0.1 ? "meets" : "MISSES"} 10%)`);

  const words = alignment.filter((a) => "error" in a);
  const runs = alignment.filter((a) => "cpu" in a);
  const ms = (v) => `${(v * 1000).toFixed(0)} ms`;
  console.log(`\nForced alignment: ${words.length} words of ${runs.length} recordings by Aria, George and Alice, aligned with the embedded engine's en-us voice (target: median word-start error at most 50 ms)`);
  console.table(
    ["Aria", "George", "Alice"].map((speaker) => {
      const own = words.filter((w) => w.speaker === speaker);
      return { speaker, "median error": ms(median(own.map((w) => w.error))), "90th percentile": ms([...own.map((w) => w.error)].sort((a, b) => a - b)[Math.floor(own.length * 0.9)]), "baseline (even spread) median": ms(median(own.map((w) => w.baseline))) };
    }),
  );
  const overall = median(words.map((w) => w.error));
  const speed = runs.reduce((s, r) => s + r.audio, 0) / runs.reduce((s, r) => s + r.cpu, 0);
  console.log(`all words: median error ${ms(overall)} (${overall <= 0.05 ? "meets" : "MISSES"} 50 ms), baseline (even spread) ${ms(median(words.map((w) => w.baseline)))}; ${speed.toFixed(1)}x real time including the synthesis`);
}

if (isMain(import.meta.url)) printSpeechToSpeechBench(await speechToSpeechBench());
