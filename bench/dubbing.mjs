// Dubbing (issue #21): a 60-second two-speaker clip made by the platform's own voices (two premade voices over a
// background bed of hum and soft noise) dubbed from English into Spanish on the running stack with the embedded
// engines, through the queue worker (queues/dubbing). Reported: the whole pipeline's time against the clip's
// duration (target: faster than real time), each line's duration against its source segment (target within
// 10%; the line as spoken after the rate fit, before the time-stretch that then makes it exact, and the line in
// the mix), and where the time goes per step (the pipeline's own log line "dub timings").
// Run alone with `node bench/dubbing.mjs` (builds and starts a stack), or as part of `npm run bench`.
/* global AbortSignal, FormData, Blob */
import { execFile } from "node:child_process";
import { ROOT } from "../scripts/stack.mjs";
import { benchSession } from "../scripts/dev-accounts.mjs";
import { isMain, onOwnStack, wav } from "./standalone.mjs";

const RATE = 22050;
const CLIP_SECONDS = 60;
const GAP_SECONDS = 0.8;
const SPEAKERS = ["pv02roger00000000000", "pv01aria000000000000"];
// Short everyday lines the embedded English-to-Spanish translator knows most words of.
const LINES = [
  "The weather today is sunny and warm in the city.",
  "I want to visit the old house near the river.",
  "My brother works in a big hospital every day.",
  "We can eat dinner at the small restaurant tonight.",
  "The children are playing in the park with their friends.",
  "She reads a new book every week in the morning.",
  "The train to the mountains leaves at nine o'clock.",
  "I need to buy bread, milk and water for the house.",
  "The teacher speaks slowly so the students understand.",
  "Our family lives in a white house with a garden.",
  "The doctor says that I must drink more water.",
  "They walk to the beach when the sun goes down.",
  "The market opens early on Saturday and Sunday.",
  "I like to listen to music while I cook dinner.",
  "The black dog sleeps under the table in the kitchen.",
  "We will travel to the city next month by car.",
];
const POLL_MS = 250;
const DEADLINE_MS = 15 * 60_000;

function sql(stateDir, command) {
  return new Promise((resolve, reject) =>
    execFile("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", stateDir, "--json", "--command", command], { cwd: ROOT, encoding: "utf8" }, (error, out, stderr) => (error ? reject(new Error(stderr)) : resolve(out))),
  );
}

/** The clip: lines alternating between the two voices with pauses, cut to 60 s, over a bed of hum and noise. */
async function makeClip(base, key) {
  const total = CLIP_SECONDS * RATE;
  const samples = new Int16Array(total);
  let at = Math.round(0.5 * RATE);
  let spoken = 0;
  for (let i = 0; at < total - RATE; i++) {
    const response = await fetch(`${base}/v1/text-to-speech/${SPEAKERS[i % 2]}?output_format=pcm_22050`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ text: LINES[i % LINES.length] }) });
    if (!response.ok) throw new Error(`text to speech: ${response.status} ${await response.text()}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const line = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 1);
    // Only whole lines: one that would run past the end is left out (the clip ends in the bed).
    if (at + line.length > total - RATE / 2) break;
    samples.set(line, at);
    at += line.length + Math.round(GAP_SECONDS * RATE);
    spoken++;
  }
  // The background bed: a 100 Hz hum with its second harmonic and soft deterministic noise, about -32 dBFS.
  let seed = 1;
  for (let i = 0; i < total; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const noise = (seed / 0x7fffffff - 0.5) * 300;
    const bed = 500 * Math.sin((2 * Math.PI * 100 * i) / RATE) + 200 * Math.sin((2 * Math.PI * 200 * i) / RATE) + noise;
    samples[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i] + bed)));
  }
  return { wav: wav(samples, RATE), seconds: total / RATE, lines: spoken };
}

export async function dubbingBench(base, stateDir, stackOutput) {
  const name = `dubbing-${Date.now()}`;
  const cookie = await benchSession(base, name);
  const keyResponse = await fetch(`${base}/v1/user/api-keys`, { method: "POST", headers: { cookie, origin: base, "content-type": "application/json" }, body: JSON.stringify({ name: "bench" }) });
  const key = (await keyResponse.json()).xi_api_key;
  // Raw PCM output and a minute of dubbing need a paid plan: set as an operator would.
  await sql(stateDir, `UPDATE workspaces SET tier = 'pro', status = 'active', character_limit = 1000000 WHERE owner_id = (SELECT id FROM users WHERE email LIKE 'bench-${name}-%@example.com')`);
  const clip = await makeClip(base, key);

  const body = new FormData();
  body.append("file", new Blob([clip.wav], { type: "audio/wav" }), "conversation.wav");
  body.append("source_lang", "en");
  body.append("target_lang", "es");
  body.append("num_speakers", "2");
  body.append("name", "Dubbing bench");
  const started = performance.now();
  const created = await fetch(`${base}/v1/dubbing`, { method: "POST", headers: { "xi-api-key": key }, body });
  if (!created.ok) throw new Error(`POST /v1/dubbing: ${created.status} ${await created.text()}`);
  const { dubbing_id: id } = await created.json();
  // Each progress message as the pages see it, with when it was first seen (a poll every 250 ms).
  const seen = [];
  let dub = null;
  let slowestPollMs = 0;
  while (performance.now() - started < DEADLINE_MS) {
    const asked = performance.now();
    const response = await fetch(`${base}/v1/dubbing/${id}`, { headers: { "xi-api-key": key }, signal: AbortSignal.timeout(30_000) }).catch(() => null);
    if (response?.ok) {
      slowestPollMs = Math.max(slowestPollMs, performance.now() - asked);
      dub = await response.json();
      if (seen.at(-1)?.message !== dub.progress_message) seen.push({ message: dub.progress_message, at: (performance.now() - started) / 1000 });
      if (dub.status !== "dubbing") break;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  const wall = (performance.now() - started) / 1000;
  if (dub?.status !== "dubbed") throw new Error(`the dub ended ${dub?.status ?? "unanswered"} after ${wall.toFixed(0)} s: ${dub?.error ?? ""}`);
  // The pipeline's own timings: one log line per dub (queues/dubbing/pipeline.ts).
  const line = stackOutput()
    .split("\n")
    .map((l) => l.slice(l.indexOf("{")))
    .filter((l) => l.includes('"dub timings"') && l.includes(id))
    .at(-1);
  const timings = line ? JSON.parse(line) : null;
  return { clip: { seconds: clip.seconds, lines: clip.lines }, wall, seen, slowestPollMs, timings: timings && { totalMs: timings.total_ms, steps: JSON.parse(timings.steps), lines: JSON.parse(timings.lines), speakers: timings.speakers } };
}

export function printDubbingBench(r) {
  console.log(`\nDubbing: a ${r.clip.seconds.toFixed(0)}-second clip, ${r.clip.lines} lines by two premade voices over a background bed, English to Spanish with the embedded engines, through the queue worker (target: faster than real time; lines within 10% of their segments)`);
  const pipeline = r.timings ? r.timings.totalMs / 1000 : null;
  console.table([
    { measure: "upload to dubbed (client, polls every 250 ms)", seconds: r.wall.toFixed(1), "x real time": (r.clip.seconds / r.wall).toFixed(2) },
    ...(pipeline ? [{ measure: "pipeline in the worker (decode to mix)", seconds: pipeline.toFixed(1), "x real time": (r.clip.seconds / pipeline).toFixed(2) }] : []),
  ]);
  console.log(`${r.clip.seconds / r.wall >= 1 ? "meets" : "MISSES"} the faster-than-real-time target; slowest progress poll answered in ${r.slowestPollMs.toFixed(0)} ms`);
  if (!r.timings) {
    console.log("no 'dub timings' log line from the pipeline: per-step times from the progress messages instead");
    console.table(r.seen.map((s, i) => ({ step: s.message, "seen at s": s.at.toFixed(1), "s until next": ((r.seen[i + 1]?.at ?? r.wall) - s.at).toFixed(1) })));
    return;
  }
  const total = r.timings.totalMs;
  console.log(`speakers found: ${r.timings.speakers}`);
  console.table(r.timings.steps.map(([step, ms]) => ({ step, "s": (ms / 1000).toFixed(2), "share": `${((ms / total) * 100).toFixed(0)}%` })));
  const deviation = (a, b) => ((a - b) / b) * 100;
  console.table(
    r.timings.lines.map((l) => ({
      line: l.id,
      speaker: l.speaker,
      "segment s": l.segment.toFixed(2),
      "spoken s (rate fitted)": l.spoken.toFixed(2),
      "spoken vs segment": `${deviation(l.spoken, l.segment).toFixed(1)}%`,
      "line in the mix s": l.line.toFixed(2),
      "mix vs segment": `${deviation(l.line, l.segment).toFixed(1)}%`,
    })),
  );
  const spokenWithin = r.timings.lines.filter((l) => l.spoken > 0 && Math.abs(deviation(l.spoken, l.segment)) <= 10).length;
  const mixWithin = r.timings.lines.filter((l) => Math.abs(deviation(l.line, l.segment)) <= 10).length;
  console.log(`lines within 10% of their segment: ${mixWithin} of ${r.timings.lines.length} in the mix; ${spokenWithin} of ${r.timings.lines.length} as spoken before the time-stretch`);
}

if (isMain(import.meta.url)) await onOwnStack(async (stack, stateDir) => printDubbingBench(await dubbingBench(stack.url, stateDir, stack.output)), { statePrefix: "bench-dubbing-", skipWhenUnchanged: true });
