// Time to the first audio byte for a text whose first sentence is short: POST /v1/text-to-speech/{id}/stream
// and the stream-input WebSocket, on the running stack, against a baseline in the same run: a bare worker's
// round trip (a "hello" worker under wrangler dev) plus the embedded engine synthesising that first sentence
// alone (the same WebAssembly the speech worker runs). Target: within 2x of that sum.
// Run alone with `node bench/stream-latency.mjs` (starts its own stack), or as part of `npm run bench`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WebSocket } from "undici";
import { createEmbeddedSynthesizer } from "./espeak.mjs";
import { startHelloWorker } from "./public-site.mjs";
import { benchApiKey } from "../scripts/dev-accounts.mjs";
import { isMain, onOwnStack, timedRead } from "./standalone.mjs";

const VOICE = "pv01aria000000000000";
const FIRST = "Hi there. ";
const TEXT =
  FIRST +
  "This is the rest of a longer answer, several sentences that take the engine far more time to speak than the first one does. " +
  "A client that streams hears the greeting while the rest is still being made. " +
  "Only the first sentence should stand between the request and the first sound. " +
  "Everything after it is synthesised while the listener is already listening.";
const RUNS = 7;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** POST path, milliseconds to the first body byte and to the end. */
async function post(base, key, path, text) {
  const started = performance.now();
  const response = await fetch(`${base}/v1/text-to-speech/${VOICE}${path}`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ text }) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return timedRead(response, started);
}

/** The stream-input socket as ElevenLabs' examples drive it: open, the first message, the text, the close; ms to the first audio. */
function socket(base, key, text) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/v1/text-to-speech/${VOICE}/stream-input?model_id=eleven_multilingual_v2`);
    let first = null;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ text: " ", xi_api_key: key }));
      ws.send(JSON.stringify({ text, flush: true }));
      ws.send(JSON.stringify({ text: "" }));
    });
    ws.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.error) reject(new Error(`${message.error}: ${message.message}`));
      if (first === null && message.audio) first = performance.now() - started;
    });
    ws.addEventListener("close", () => (first === null ? reject(new Error("no audio before the close")) : resolve({ first, whole: performance.now() - started })));
    ws.addEventListener("error", () => reject(new Error("WebSocket error")));
  });
}

async function roundTrip(url) {
  const times = [];
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    await (await fetch(url)).text();
    times.push(performance.now() - started);
  }
  return median(times.slice(5));
}

async function firstSentenceSynthesis() {
  const dir = mkdtempSync(join(tmpdir(), "bench-latency-"));
  try {
    const synth = await createEmbeddedSynthesizer(dir);
    const times = [];
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      await synth.speak({ text: FIRST, voice: "en-us+f3", rate: 175, pitch: 50, range: 50 });
      times.push(performance.now() - started);
    }
    return median(times.slice(3));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function streamLatencyBench(base) {
  const key = await benchApiKey(base, "latency");
  const hello = await startHelloWorker();
  let bare;
  try {
    bare = await roundTrip(hello.url);
  } finally {
    hello.stop();
  }
  const synthesis = await firstSentenceSynthesis();
  // Warm the isolates and the engine (a fresh isolate's first request compiles everything).
  await post(base, key, "/stream", TEXT);
  await socket(base, key, TEXT);
  const runs = { stream: [], socket: [], alone: [], whole: [] };
  for (let i = 0; i < RUNS; i++) {
    runs.stream.push(await post(base, key, "/stream", TEXT));
    runs.socket.push(await socket(base, key, TEXT));
    runs.alone.push(await post(base, key, "", FIRST));
    runs.whole.push(await post(base, key, "", TEXT));
  }
  return { bare, synthesis, runs };
}

export function printStreamLatencyBench({ bare, synthesis, runs }) {
  const baseline = bare + synthesis;
  const ms = (v) => v.toFixed(1);
  const first = (list) => median(list.map((r) => r.first));
  const whole = (list) => median(list.map((r) => r.whole));
  console.log(`\nTime to the first audio byte, "${FIRST.trim()}" then ${TEXT.length - FIRST.length} more characters (median of ${RUNS}; target within 2x of the baseline)`);
  console.table([
    { what: "baseline: bare worker round trip", "first byte ms": ms(bare), "whole ms": "", "x baseline": "" },
    { what: "baseline: first sentence synthesised alone (embedded engine)", "first byte ms": ms(synthesis), "whole ms": "", "x baseline": "" },
    { what: "baseline: sum", "first byte ms": ms(baseline), "whole ms": "", "x baseline": "1.00" },
    { what: "POST /stream", "first byte ms": ms(first(runs.stream)), "whole ms": ms(whole(runs.stream)), "x baseline": (first(runs.stream) / baseline).toFixed(2) },
    { what: "WebSocket stream-input (connect, send, first audio)", "first byte ms": ms(first(runs.socket)), "whole ms": ms(whole(runs.socket)), "x baseline": (first(runs.socket) / baseline).toFixed(2) },
    { what: "POST (whole), the first sentence alone", "first byte ms": ms(first(runs.alone)), "whole ms": ms(whole(runs.alone)), "x baseline": (first(runs.alone) / baseline).toFixed(2) },
    { what: "POST (whole), all the text", "first byte ms": ms(first(runs.whole)), "whole ms": ms(whole(runs.whole)), "x baseline": (first(runs.whole) / baseline).toFixed(2) },
  ]);
  for (const [name, list] of [["/stream", runs.stream], ["stream-input", runs.socket]]) {
    const ratio = first(list) / baseline;
    console.log(`${name}: first audio after ${ms(first(list))} ms, ${ratio.toFixed(2)}x the baseline: ${ratio <= 2 ? "meets" : "MISSES"} the 2x target`);
  }
}

if (isMain(import.meta.url)) await onOwnStack(async (stack) => printStreamLatencyBench(await streamLatencyBench(stack.url)));
