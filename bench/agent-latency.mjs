// The voice round trip of a conversation with an agent, on the running stack with the embedded engines: from the
// end of the user's speech (the last audio chunk sent) to the agent's first audio byte, median and p95 over 20
// turns, against the time of the same text-to-speech request alone (POST /stream of the agent's answer, to its
// first byte) in the same run. The user's speech is PocketSphinx's own recording "go forward ten meters" followed
// by the silence that ends the turn (700 ms of it are part of every turn: voice activity waits that long).
// Target: median at most 800 ms. Run alone with `node bench/agent-latency.mjs` (starts its own stack).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { WebSocket } from "undici";
import { ROOT } from "../scripts/stack.mjs";
import { benchApiKey } from "../scripts/dev-accounts.mjs";
import { isMain, onOwnStack, timedRead } from "./standalone.mjs";

const TURNS = 20;
const VOICE = "pv01aria000000000000";
const ANSWER = "To go forward ten meters, press the green arrow twice.";
const CHUNK_BYTES = 3200; // 100 ms of 16 kHz 16-bit PCM, as browsers send it
const SILENCE_BYTES = 32000; // one second

const sorted = (values) => [...values].sort((a, b) => a - b);
const median = (values) => sorted(values)[Math.floor(values.length / 2)];
const p95 = (values) => sorted(values)[Math.min(values.length - 1, Math.ceil(values.length * 0.95) - 1)];

async function api(base, key, path, body) {
  const response = await fetch(`${base}${path}`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Speaks `turns` times in one conversation; per turn, ms from the last chunk sent to the first audio after it. */
function converse(base, key, agentId, speech, turns) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/v1/convai/conversation?agent_id=${agentId}`, { headers: { "xi-api-key": key } });
    const times = [];
    let sentAt = null;
    const speak = () => {
      for (let at = 0; at < speech.byteLength; at += CHUNK_BYTES) ws.send(JSON.stringify({ user_audio_chunk: speech.subarray(at, at + CHUNK_BYTES).toString("base64") }));
      sentAt = performance.now();
    };
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ type: "conversation_initiation_client_data" }));
      speak();
    });
    ws.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "error") reject(new Error(message.error));
      if (message.type !== "audio" || sentAt === null) return;
      times.push(performance.now() - sentAt);
      sentAt = null;
      if (times.length === turns) return ws.close(1000, "done");
      // The next turn once this answer has been sent whole (the agent speaks ~3 s; barge-in is not measured here).
      setTimeout(speak, 4000);
    });
    ws.addEventListener("close", (event) => (times.length === turns ? resolve(times) : reject(new Error(`closed after ${times.length} turns: ${event.reason}`))));
  });
}

/** The same answer's text to speech alone: ms to the first byte of POST /stream. */
async function speechAlone(base, key) {
  const started = performance.now();
  const response = await fetch(`${base}/v1/text-to-speech/${VOICE}/stream?output_format=pcm_16000`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ text: ANSWER }) });
  return (await timedRead(response, started)).first;
}

export async function agentLatencyBench(base) {
  const key = await benchApiKey(base, "agent-latency");
  const recording = readFileSync(join(ROOT, "node_modules/.cache/parlance-pocketsphinx/pocketsphinx/test/data/goforward.raw"));
  const speech = Buffer.concat([recording, Buffer.alloc(SILENCE_BYTES)]);
  const document = await api(base, key, "/v1/convai/knowledge-base/text", { text: ANSWER, name: "Robot manual" });
  const agent = await api(base, key, "/v1/convai/agents/create", { name: "Latency bench", conversation_config: { agent: { first_message: "", prompt: { prompt: "", knowledge_base: [{ type: "text", id: document.id, name: "Robot manual" }] } } } });
  // Warm: the recogniser loads its model on first use.
  await converse(base, key, agent.agent_id, speech, 1);
  const turns = await converse(base, key, agent.agent_id, speech, TURNS);
  const alone = [];
  for (let i = 0; i < TURNS; i++) alone.push(await speechAlone(base, key));
  return { turns, alone };
}

export function printAgentLatencyBench({ turns, alone }) {
  const ms = (v) => v.toFixed(0);
  console.log(`\nAgent voice round trip: end of the user's speech to the agent's first audio (${TURNS} turns; target median <= 800 ms)`);
  console.table([
    { what: "baseline: the answer's text to speech alone (POST /stream, first byte)", "median ms": ms(median(alone)), "p95 ms": ms(p95(alone)) },
    { what: "conversation turn (voice activity, speech to text, answer, first sentence spoken)", "median ms": ms(median(turns)), "p95 ms": ms(p95(turns)) },
  ]);
  console.log(`agent turn: median ${ms(median(turns))} ms, ${(median(turns) / median(alone)).toFixed(1)}x the speech alone: ${median(turns) <= 800 ? "meets" : "MISSES"} the 800 ms target`);
}

if (isMain(import.meta.url)) await onOwnStack(async (stack) => printAgentLatencyBench(await agentLatencyBench(stack.url)));
