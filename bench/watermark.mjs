// The generated-audio watermark (decision 0078, core/audio/watermark.ts). Platform clips: the embedded engine (the
// speech worker's code), 120 sentences over 4 voices, marked at the engine's rate, delivered as 44.1 kHz, then passed
// on as a listener might: MP3 at 64 kbps (this repo's LAME) decoded by this repo's minimp3, and the same resampled to
// 16 kHz or 22.05 kHz and back (this repo's resampler). Audio not made here, through the same MP3 round trip: the
// native `espeak-ng` command when installed, real recordings (LibriVox, cut in 4 s pieces), white and pink noise,
// tones, and the platform's own speech unmarked (the control: only the mark should tell the two apart). Also the
// mark's cost per second of audio against synthesis time. Run alone with `node bench/watermark.mjs`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../scripts/stack.mjs";
import { loadBundle } from "./bundle.mjs";
import { createEmbeddedSynthesizer } from "./espeak.mjs";
import { isMain } from "./standalone.mjs";

const SUBJECTS = ["The river", "Our new office", "My grandmother", "The morning train", "A small boat", "The city council", "This recipe", "The old lighthouse", "Every student", "The weather report"];
const PREDICATES = [
  "was quieter than anyone expected on a cold Tuesday in November.",
  "needs a little more time, a lot more patience and one good idea.",
  "tells a story about courage, friendship and the sea at night.",
  "opens at nine in the morning and closes at half past five.",
  "will be discussed again next week, after the budget is approved.",
  "turned out to be the best part of the whole long journey home.",
  "is made with flour, butter, two eggs and a pinch of salt.",
  "has not changed much in forty years, except for the new paint.",
  "should be read aloud slowly, with a pause after every sentence.",
  "reminds me of summer holidays by the lake when I was young.",
  "was described in great detail by the reporter on the evening news.",
  "can wait until tomorrow, because the shops are already closed.",
];
const VOICES = ["en-us+f3", "en-us+m3", "en-us+f2", "en-us+m7"];
const NATIVE_VOICES = ["en-us", "en-gb", "en-us+f4", "en+m2", "en-gb-scotland", "en-us+klatt"];
const DELIVERY_RATE = 44100;
const LIBRIVOX = join(ROOT, "node_modules/.cache/parlance-pocketsphinx/pocketsphinx/test/data/librivox");

const texts = () => SUBJECTS.flatMap((s, i) => PREDICATES.map((p, j) => ({ text: `${s} ${p}`, voice: VOICES[(i + j) % VOICES.length] })));

function lcg(seed) {
  let x = seed;
  return () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 0x100000000 - 0.5;
}

export async function watermarkBench() {
  const dir = mkdtempSync(join(tmpdir(), "bench-watermark-"));
  try {
    const m = await loadBundle(
      dir,
      "watermark",
      `export * from ${JSON.stringify(join(ROOT, "core/audio/watermark.ts"))};
export { resample } from ${JSON.stringify(join(ROOT, "core/audio/pcm.ts"))};
export { createMp3Stream } from ${JSON.stringify(join(ROOT, "core/audio/mp3.ts"))};
export { decodeMp3 } from ${JSON.stringify(join(ROOT, "core/audio/mp3-decoder.ts"))};`,
    );
    const synth = await createEmbeddedSynthesizer(dir);
    const mp3RoundTrip = async (samples, rate) => {
      const stream = await m.createMp3Stream(rate, 64);
      const bytes = Buffer.concat([stream.encode(samples), stream.finish()]);
      return m.decodeMp3(new Uint8Array(bytes));
    };
    const roundTrip = (samples, rate, via) => m.resample(m.resample(samples, rate, via), via, rate);

    let synthSeconds = 0;
    let embedSeconds = 0;
    let audioSeconds = 0;
    let encodeSeconds = 0;
    const clean = [];
    const positives = { "MP3 64 kbps": [], "MP3, then 16 kHz and back": [], "MP3, then 22.05 kHz and back": [] };
    for (const { text, voice } of texts()) {
      let started = performance.now();
      const { samples, sampleRate } = await synth.speak({ text, voice, rate: 175, pitch: 50, range: 50 });
      synthSeconds += (performance.now() - started) / 1000;
      started = performance.now();
      const marked = m.embedWatermark(samples, sampleRate);
      embedSeconds += (performance.now() - started) / 1000;
      audioSeconds += samples.length / sampleRate;
      // The rest of generation: the default output format (mp3_44100_128), resampling included.
      started = performance.now();
      const stream = await m.createMp3Stream(DELIVERY_RATE, 128);
      stream.encode(m.resample(marked, sampleRate, DELIVERY_RATE));
      stream.finish();
      encodeSeconds += (performance.now() - started) / 1000;
      const delivered = await mp3RoundTrip(m.resample(marked, sampleRate, DELIVERY_RATE), DELIVERY_RATE);
      positives["MP3 64 kbps"].push(m.detectWatermark(delivered.samples, delivered.sampleRate));
      positives["MP3, then 16 kHz and back"].push(m.detectWatermark(roundTrip(delivered.samples, delivered.sampleRate, 16000), delivered.sampleRate));
      positives["MP3, then 22.05 kHz and back"].push(m.detectWatermark(roundTrip(delivered.samples, delivered.sampleRate, 22050), delivered.sampleRate));
      clean.push({ samples, sampleRate });
    }

    const negatives = [];
    const negative = async (group, samples, rate) => {
      const decoded = await mp3RoundTrip(samples, rate);
      negatives.push({ group, ...m.detectWatermark(decoded.samples, decoded.sampleRate) });
    };
    for (const { samples, sampleRate } of clean) await negative("platform speech, unmarked (control)", m.resample(samples, sampleRate, DELIVERY_RATE), DELIVERY_RATE);
    const native = spawnSync("espeak-ng", ["--version"], { encoding: "utf8" }).status === 0;
    if (native) {
      for (const [i, { text }] of texts().slice(0, 48).entries()) {
        const out = join(dir, "native.wav");
        spawnSync("espeak-ng", ["-v", NATIVE_VOICES[i % NATIVE_VOICES.length], "-w", out, text]);
        const bytes = readFileSync(out);
        await negative("native espeak-ng command", new Int16Array(bytes.buffer.slice(bytes.byteOffset + 44, bytes.byteOffset + bytes.byteLength - ((bytes.byteLength - 44) % 2))), bytes.readUInt32LE(24));
      }
    }
    if (existsSync(LIBRIVOX)) {
      for (const name of ["0870", "0880", "0890", "0920", "0930"]) {
        const bytes = readFileSync(join(LIBRIVOX, `sense_and_sensibility_01_austen_64kb-${name}.wav`));
        const all = new Int16Array(bytes.buffer.slice(bytes.byteOffset + 44, bytes.byteOffset + bytes.byteLength - ((bytes.byteLength - 44) % 2)));
        for (let start = 0; start + 2 * 16000 <= all.length; start += 4 * 16000) await negative("real recordings (LibriVox, 4 s pieces)", all.slice(start, start + 4 * 16000), 16000);
      }
    }
    for (let seed = 1; seed <= 20; seed++) {
      const rate = [22050, 44100, 16000, 24000][seed % 4];
      const next = lcg(seed * 7919);
      await negative("white noise", Int16Array.from({ length: 5 * rate }, () => next() * 12000), rate);
      // Pink: Paul Kellet's economy filter over white noise.
      let [b0, b1, b2] = [0, 0, 0];
      await negative("pink noise", Int16Array.from({ length: 5 * rate }, () => {
        const w = next();
        b0 = 0.99765 * b0 + w * 0.099046;
        b1 = 0.963 * b1 + w * 0.2965164;
        b2 = 0.57 * b2 + w * 1.0526913;
        return (b0 + b1 + b2 + w * 0.1848) * 5000;
      }), rate);
      const f = 110 * seed + 37;
      await negative("tones (and a tone with harmonics)", Int16Array.from({ length: 5 * rate }, (_, i) => Math.sin((2 * Math.PI * f * i) / rate) * 8000 + (seed % 2 ? 0 : Math.sin((6 * Math.PI * f * i) / rate) * 2000)), rate);
    }
    return { positives, negatives, native, audioSeconds, synthSeconds, embedSeconds, encodeSeconds, threshold: m.WATERMARK_THRESHOLD, level: m.WATERMARK_DB };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printWatermarkBench({ positives, negatives, native, audioSeconds, synthSeconds, embedSeconds, encodeSeconds, threshold, level }) {
  const round = (v) => Number(v.toFixed(2));
  console.log(`\nGenerated-audio watermark (${level} dB under the 1-4 kHz level; detected at score ≥ ${threshold}): platform clips after MP3 at 64 kbps (target ≥ 99%)`);
  console.table(Object.entries(positives).map(([copy, rows]) => ({ copy, detected: `${rows.filter((r) => r.probability >= 0.5).length}/${rows.length}`, "min score": round(Math.min(...rows.map((r) => r.score))), "median score": round([...rows].map((r) => r.score).sort((a, b) => a - b)[rows.length >> 1]) })));
  console.log(`Audio not made here, after the same MP3 round trip: false positives (target ≤ 1%)${native ? "" : "; the native espeak-ng command is not installed, so it is missing"}`);
  const groups = [...new Set(negatives.map((n) => n.group))];
  console.table(groups.map((g) => {
    const rows = negatives.filter((n) => n.group === g);
    return { audio: g, "false positives": `${rows.filter((r) => r.probability >= 0.5).length}/${rows.length}`, "max score": round(Math.max(...rows.map((r) => r.score))) };
  }));
  const all = Object.values(positives).flat();
  const detected = all.filter((r) => r.probability >= 0.5).length;
  const falsePositives = negatives.filter((n) => n.probability >= 0.5).length;
  console.log(
    `detection ${((100 * detected) / all.length).toFixed(1)}% of ${all.length}; false positives ${((100 * falsePositives) / negatives.length).toFixed(1)}% (${falsePositives} of ${negatives.length}); ` +
      `embedding costs ${((1000 * embedSeconds) / audioSeconds).toFixed(2)} ms per second of audio, ${((100 * embedSeconds) / synthSeconds).toFixed(1)}% of synthesis time, ${((100 * embedSeconds) / (synthSeconds + encodeSeconds)).toFixed(1)}% of synthesis plus MP3 encoding (${audioSeconds.toFixed(0)} s of audio)`,
  );
}

if (isMain(import.meta.url)) printWatermarkBench(await watermarkBench());
