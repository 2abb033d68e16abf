// Studio: a 10,000-word project converted on the running stack (the queue consumer, chapters in parallel), as a
// multiple of real time (seconds of audio per wall-clock second; the target is at least 20x), against the
// baseline of a single text-to-speech request's speed in the same run. Then one edited paragraph reconverted,
// against converting the whole project and against that paragraph as a single request.
// Run alone with `node bench/studio-10k.mjs` (builds and starts a stack), or as part of `npm run bench`.
// STUDIO_BENCH_WORDS sets the book's size (default 10,000; a multiple of 1,000). The consumer is a worker of its
// own (queues/studio), but locally every worker of the stack shares one workerd thread (decision 0058), so while it
// encodes a request can wait: each poll's answer time is measured, each poll has its own timeout and is sent
// again, and the whole conversion has a deadline.
/* global AbortSignal, FormData */
import { execFile } from "node:child_process";
import { ROOT } from "../scripts/stack.mjs";
import { benchSession } from "../scripts/dev-accounts.mjs";
import { isMain, onOwnStack } from "./standalone.mjs";

const VOICE = "pv01aria000000000000";
const WORDS = Number(process.env.STUDIO_BENCH_WORDS ?? 10_000);
const CHAPTERS = WORDS / 1000;
const POLL_TIMEOUT_MS = 20_000;
const DEADLINE_MS = 30 * 60_000;
const PARAGRAPH_WORDS = 100;
// Standard quality: 128 kbps constant bitrate, so a file's bytes give its length.
const KBPS = 128;
const SENTENCES = [
  "The keeper climbed the narrow stairs before the light went out over the harbour.",
  "Boats came home one by one, their lanterns swinging in the evening wind.",
  "She wrote the names of the missing in a book that nobody else was allowed to read.",
  "In the morning the sea was calm again, as if the storm had never happened.",
  "Gulls argued over the nets while the fishermen counted what the night had left them.",
  "Somewhere below, a door banged twice and then was still.",
  "He had promised to return before the first frost, and the first frost had come.",
  "The radio spoke of weather further north, of ice and of ships that would not sail.",
];

/** A deterministic 10,000-word book: ten chapters of 100-word paragraphs. */
function book() {
  const words = SENTENCES.join(" ").split(" ");
  let at = 0;
  const paragraph = () => {
    const out = [];
    while (out.length < PARAGRAPH_WORDS) out.push(words[at++ % words.length]);
    return out.join(" ").replace(/[^.]$/, (c) => `${c}.`);
  };
  return Array.from({ length: CHAPTERS }, (_, c) => ({
    name: `Chapter ${c + 1}`,
    blocks: Array.from({ length: WORDS / CHAPTERS / PARAGRAPH_WORDS }, () => ({ sub_type: "p", nodes: [{ type: "tts_node", voice_id: VOICE, text: paragraph() }] })),
  }));
}

const seconds = (bytes) => (bytes * 8) / (KBPS * 1000);

function sql(stateDir, command) {
  return new Promise((resolve, reject) =>
    execFile("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", stateDir, "--json", "--command", command], { cwd: ROOT, encoding: "utf8" }, (error, out, stderr) => (error ? reject(new Error(stderr)) : resolve(out))),
  );
}

export async function studioBench(base, stateDir) {
  const name = `studio-${Date.now()}`;
  const cookie = await benchSession(base, name);
  const keyResponse = await fetch(`${base}/v1/user/api-keys`, { method: "POST", headers: { cookie, origin: base, "content-type": "application/json" }, body: JSON.stringify({ name: "bench" }) });
  const key = (await keyResponse.json()).xi_api_key;
  // The Studio API and 10,000 words need a paid plan's quota: set as an operator would.
  await sql(stateDir, `UPDATE workspaces SET tier = 'pro', status = 'active', character_limit = 1000000 WHERE owner_id = (SELECT id FROM users WHERE email LIKE 'bench-${name}-%@example.com')`);
  const headers = { "xi-api-key": key };
  const json = async (path, init = {}) => {
    const response = await fetch(`${base}${path}`, { ...init, headers: { ...headers, ...(init.body && typeof init.body === "string" ? { "content-type": "application/json" } : {}) } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const content = book();

  // Baseline: single text-to-speech requests (one paragraph each, the first chapter's), their speed as a multiple of real time.
  const tts = async (text) => {
    const started = performance.now();
    const response = await fetch(`${base}/v1/text-to-speech/${VOICE}?output_format=mp3_44100_128`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify({ text }) });
    if (!response.ok) throw new Error(`text to speech: ${response.status} ${await response.text()}`);
    const bytes = (await response.arrayBuffer()).byteLength;
    return { audio: seconds(bytes), wall: (performance.now() - started) / 1000 };
  };
  await tts(SENTENCES[0]); // warm the isolates
  const single = [];
  for (const block of content[0].blocks) single.push(await tts(block.nodes[0].text));
  const singleAudio = single.reduce((s, r) => s + r.audio, 0);
  const singleWall = single.reduce((s, r) => s + r.wall, 0);

  const form = new FormData();
  form.append("name", "Bench book");
  form.append("from_content_json", JSON.stringify(content));
  const { project } = await json("/v1/studio/projects", { method: "POST", body: form });
  const id = project.project_id;
  let unanswered = 0;
  const pollMs = [];
  const until = async () => {
    const deadline = performance.now() + DEADLINE_MS;
    while (performance.now() < deadline) {
      const asked = performance.now();
      const p = await json(`/v1/studio/projects/${id}`, { signal: AbortSignal.timeout(POLL_TIMEOUT_MS) }).then((answer) => {
        pollMs.push(performance.now() - asked);
        return answer;
      }).catch((error) => {
        // A poll unanswered in time, or whose connection the local stack dropped mid-conversion: ask again.
        if (error?.name !== "TimeoutError" && !String(error?.message).includes("fetch failed")) throw error;
        unanswered++;
        return null;
      });
      if (p && p.state === "default" && p.chapters.every((c) => c.state === "default")) return p;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`the conversion did not finish within ${DEADLINE_MS / 60_000} minutes (${unanswered} polls unanswered or dropped)`);
  };
  const started = performance.now();
  await json(`/v1/studio/projects/${id}/convert`, { method: "POST" });
  const converted = await until();
  const wholeWall = (performance.now() - started) / 1000;
  const failed = converted.chapters.filter((c) => c.last_conversion_error).length;
  const { snapshots } = await json(`/v1/studio/projects/${id}/snapshots`);
  const audio = await fetch(`${base}/v1/studio/projects/${id}/snapshots/${snapshots[0].project_snapshot_id}/stream`, { method: "POST", headers });
  const wholeAudio = seconds((await audio.arrayBuffer()).byteLength);

  // One paragraph edited and reconverted alone.
  const chapterId = converted.chapters[0].chapter_id;
  const chapter = await json(`/v1/studio/projects/${id}/chapters/${chapterId}`);
  const blocks = chapter.content.blocks.map((b) => ({ block_id: b.block_id, sub_type: b.sub_type, nodes: b.nodes.map((n) => ({ type: "tts_node", voice_id: n.voice_id, text: n.text })) }));
  blocks[2].nodes[0].text = blocks[2].nodes[0].text.replace("keeper", "old keeper");
  await json(`/v1/studio/projects/${id}/chapters/${chapterId}`, { method: "POST", body: JSON.stringify({ content: { blocks } }) });
  const editStarted = performance.now();
  await json(`/v1/studio/projects/${id}/chapters/${chapterId}/convert?block_id=${blocks[2].block_id}`, { method: "POST" });
  await until();
  const editWall = (performance.now() - editStarted) / 1000;
  const paragraphAlone = await tts(blocks[2].nodes[0].text);
  pollMs.sort((a, b) => a - b);
  const polls = { count: pollMs.length, medianMs: pollMs[Math.floor(pollMs.length / 2)] ?? 0, p95Ms: pollMs[Math.floor(pollMs.length * 0.95)] ?? 0, maxMs: pollMs.at(-1) ?? 0 };
  return { words: WORDS, chapters: CHAPTERS, unanswered, polls, failed, wholeAudio, wholeWall, singleAudio, singleWall, editWall, paragraphAlone };
}

export function printStudioBench(r) {
  const x = (audio, wall) => (audio / wall).toFixed(1);
  console.log(`\nStudio: a ${r.words.toLocaleString("en")}-word project (${r.chapters} chapters) converted through the queue on the running stack (x real time = audio seconds per wall second; target at least 20x)`);
  console.table([
    { work: "whole project, chapters in parallel", "audio s": r.wholeAudio.toFixed(0), "wall s": r.wholeWall.toFixed(1), "x real time": x(r.wholeAudio, r.wholeWall) },
    { work: "baseline: single TTS requests, one paragraph each (chapter 1)", "audio s": r.singleAudio.toFixed(0), "wall s": r.singleWall.toFixed(1), "x real time": x(r.singleAudio, r.singleWall) },
  ]);
  if (r.failed) console.log(`${r.failed} chapters reported a failure`);
  console.log(`progress polls while converting: ${r.polls.count} answered, median ${r.polls.medianMs.toFixed(0)} ms, p95 ${r.polls.p95Ms.toFixed(0)} ms, max ${r.polls.maxMs.toFixed(0)} ms`);
  if (r.unanswered) console.log(`${r.unanswered} progress polls went unanswered for ${POLL_TIMEOUT_MS / 1000} s or were dropped while the consumer worked (local: one workerd thread)`);
  const whole = r.wholeAudio / r.wholeWall;
  console.log(`whole project / single request speed: ${(whole / (r.singleAudio / r.singleWall)).toFixed(2)}x; ${whole >= 20 ? "meets" : "MISSES"} the 20x target`);
  console.log(`one edited paragraph reconverted: ${r.editWall.toFixed(2)} s (queue and snapshots included) vs ${r.wholeWall.toFixed(1)} s for the whole project (${((r.editWall / r.wholeWall) * 100).toFixed(1)}%), vs ${r.paragraphAlone.wall.toFixed(2)} s for that paragraph as a single request`);
}

if (isMain(import.meta.url)) await onOwnStack(async (stack, stateDir) => printStudioBench(await studioBench(stack.url, stateDir)), { statePrefix: "bench-studio-", skipWhenUnchanged: true });
