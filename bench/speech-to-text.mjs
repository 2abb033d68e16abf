// Speech to text benchmark: the embedded recogniser (PocketSphinx in WebAssembly inside the speech worker, on the
// running stack through POST /v1/speech-to-text) against the native PocketSphinx of Debian (`pocketsphinx_continuous`,
// package pocketsphinx, the same 5prealpha release and US English model) on the same WAV files, in the same run:
// real-time factor (processing seconds per audio second; wall time for the API, which includes HTTP and decoding)
// and word error rate, over sentences spoken by the premade voices (texts known) and over real recordings with
// known words (PocketSphinx's LibriVox test data). The figures are printed as they are.
/* global FormData, Blob */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, freePort, prepareState, ROOT, startStack } from "../scripts/stack.mjs";
import { loadBundle } from "./bundle.mjs";

const SENTENCES = [
  "The weather today is sunny and warm in the city.",
  "Please call me when you get home tonight.",
  "I would like a cup of coffee with milk.",
  "We are going to the market on Saturday morning.",
];
const LIBRIVOX = join(ROOT, "node_modules/.cache/parlance-pocketsphinx/pocketsphinx/test/data/librivox");
/** Where Debian's pocketsphinx-en-us package puts the same model. */
const NATIVE_MODEL = "/usr/share/pocketsphinx/model/en-us";

/** Native PocketSphinx on one WAV: its words and wall seconds; null when the package is not installed. */
function native(file) {
  const started = performance.now();
  const run = spawnSync("pocketsphinx_continuous", ["-infile", file, "-hmm", `${NATIVE_MODEL}/en-us`, "-lm", `${NATIVE_MODEL}/en-us.lm.bin`, "-dict", `${NATIVE_MODEL}/cmudict-en-us.dict`, "-logfn", "/dev/null"], { encoding: "utf8" });
  if (run.error || run.status !== 0) return null;
  return { text: run.stdout.trim().split("\n").join(" "), seconds: (performance.now() - started) / 1000 };
}

/** Runs the benchmark on `base` and scores it: what bench/run.mjs prints. */
export async function speechToTextBench(base) {
  return scoreSpeechToText(await measure(base));
}

async function measure(base) {
  const dir = mkdtempSync(join(tmpdir(), "bench-stt-"));
  const { wavFile } = await loadBundle(dir, "wav", `export { wavFile } from ${JSON.stringify(join(ROOT, "core/audio/wav.ts"))};`);
  // An account as the browser tests make one (sign-up, the mailed verification link, sign-in, an API key).
  const { signUpOverHttp, createApiKeyOverHttp } = await loadBundle(dir, "http", `export { signUpOverHttp, createApiKeyOverHttp } from ${JSON.stringify(join(ROOT, "tests/e2e/http.ts"))};`);
  const key = await createApiKeyOverHttp(base, await signUpOverHttp(base, `bench-stt-${Date.now()}@example.com`), "bench");
  const headers = { "xi-api-key": key };
  const { voices } = await (await fetch(`${base}/v1/voices`, { headers })).json();
  const premade = voices.filter((v) => v.category === "premade" && (v.labels?.language ?? "en") === "en").slice(0, 4);

  // The corpus: [group, reference text, WAV file, audio seconds].
  const corpus = [];
  for (const voice of premade) {
    for (const [i, text] of SENTENCES.entries()) {
      const response = await fetch(`${base}/v1/text-to-speech/${voice.voice_id}?output_format=pcm_16000`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ text }) });
      const pcm = new Uint8Array(await response.arrayBuffer());
      const samples = new Int16Array(pcm.buffer, 0, pcm.byteLength >> 1);
      const file = join(dir, `${voice.voice_id}-${i}.wav`);
      writeFileSync(file, wavFile(samples, 16000));
      corpus.push({ group: `premade voices (${premade.length}) x ${SENTENCES.length} sentences`, text, file, seconds: samples.length / 16000 });
    }
  }
  const transcripts = readFileSync(join(LIBRIVOX, "transcription"), "utf8").trim().split("\n");
  for (const line of transcripts) {
    const [, text, name] = line.match(/^<s> (.*) <\/s> \((.*)\)$/);
    const file = join(LIBRIVOX, `${name}.wav`);
    corpus.push({ group: "real recordings (LibriVox, 5)", text, file, seconds: (readFileSync(file).byteLength - 44) / 2 / 16000 });
  }

  // The first request loads the model from R2 into the worker (timed on its own), the rest are warm.
  const results = [];
  let load = null;
  for (const item of corpus) {
    const body = new FormData();
    body.append("file", new Blob([readFileSync(item.file)], { type: "audio/wav" }));
    body.append("model_id", "scribe_v1");
    const started = performance.now();
    const response = await fetch(`${base}/v1/speech-to-text`, { method: "POST", headers, body });
    const json = await response.json();
    const seconds = (performance.now() - started) / 1000;
    if (!response.ok) throw new Error(`speech to text answered ${response.status}: ${JSON.stringify(json)}`);
    const first = load === null;
    if (first) load = seconds;
    results.push({ ...item, ours: { text: json.text, seconds: first ? null : seconds }, native: native(item.file) });
  }
  return { results, load };
}

export function printSpeechToTextBench({ results, load }) {
  const groups = [...new Set(results.map((r) => r.group))];
  console.log("\n10. Speech to text: PocketSphinx in WebAssembly in workerd (POST /v1/speech-to-text) against native PocketSphinx (pocketsphinx_continuous), same WAVs");
  const rows = [];
  for (const group of groups) {
    const items = results.filter((r) => r.group === group);
    const audio = items.reduce((s, r) => s + r.seconds, 0);
    const timed = items.filter((r) => r.ours.seconds !== null);
    const oursRtf = timed.reduce((s, r) => s + r.ours.seconds, 0) / timed.reduce((s, r) => s + r.seconds, 0);
    const oursWer = items.reduce((s, r) => s + r.wer.ours * r.words, 0) / items.reduce((s, r) => s + r.words, 0);
    rows.push({ corpus: group, engine: "ours: WebAssembly in workerd, via the API (wall)", "audio s": audio.toFixed(1), RTF: oursRtf.toFixed(3), WER: `${(oursWer * 100).toFixed(0)}%` });
    if (items.every((r) => r.native)) {
      const nativeRtf = items.reduce((s, r) => s + r.native.seconds, 0) / audio;
      const nativeWer = items.reduce((s, r) => s + r.wer.native * r.words, 0) / items.reduce((s, r) => s + r.words, 0);
      rows.push({ corpus: group, engine: "baseline: native pocketsphinx_continuous (wall, incl. loading the model per file)", "audio s": audio.toFixed(1), RTF: nativeRtf.toFixed(3), WER: `${(nativeWer * 100).toFixed(0)}%` });
    } else {
      rows.push({ corpus: group, engine: "baseline: native pocketsphinx_continuous", "audio s": "-", RTF: "-", WER: "not installed: apt-get install pocketsphinx" });
    }
  }
  console.table(rows);
  console.log(`first request (loads the 35 MB model from R2 and initialises the decoder): ${load.toFixed(2)} s`);
  for (const r of results.filter((r) => r.wer.ours > 0.5).slice(0, 3)) console.log(`  e.g. "${r.text}" heard as "${r.ours.text}"`);
}

/** Word error rates per item (the rules' function, loaded once). */
async function scoreSpeechToText(bench) {
  const dir = mkdtempSync(join(tmpdir(), "bench-stt-score-"));
  const { wordErrorRate, comparableWords } = await loadBundle(dir, "score", `export { wordErrorRate, comparableWords } from ${JSON.stringify(join(ROOT, "app/transcription/rules/transcription.ts"))};`);
  for (const r of bench.results) {
    r.words = comparableWords(r.text).length;
    r.wer = { ours: wordErrorRate(r.text, r.ours.text), native: r.native ? wordErrorRate(r.text, r.native.text) : 1 };
  }
  return bench;
}

// `node bench/speech-to-text.mjs`: this benchmark alone, on a stack of its own.
if (process.argv[1]?.endsWith("speech-to-text.mjs")) {
  build({ quiet: true });
  const stateDir = mkdtempSync(join(tmpdir(), "bench-state-"));
  prepareState(stateDir, { quiet: true });
  const stack = await startStack({ port: await freePort(), stateDir, quiet: true });
  try {
    printSpeechToTextBench(await speechToTextBench(stack.url));
  } finally {
    stack.stop();
  }
}
