import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, createKey, ORIGIN, signUp } from "./helpers";
import { SLOW_SPEECH_MARKER } from "../../engines/protocol-stand-ins";

const ARIA = "pv01aria000000000000";
// Each sentence holds the speech stand-in's marker: it answers each after 250 ms, so the test sees the slot taken.
const LONG_TEXT = Array.from({ length: 12 }, (_, i) => `This is sentence number ${i + 1} of a text that ${SLOW_SPEECH_MARKER}.`).join(" ");

async function workspaceId(key: string): Promise<string> {
  return ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
}
async function slotsHeld(workspace: string): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM generation_slots WHERE workspace_id = ?").bind(workspace).first<number>("n")) ?? 0;
}
async function characterCount(workspace: string): Promise<number> {
  return (await env.DB.prepare("SELECT character_count AS n FROM workspaces WHERE id = ?").bind(workspace).first<number>("n")) ?? -1;
}
async function historyCount(workspace: string): Promise<number> {
  return (await env.DB.prepare("SELECT count(*) AS n FROM history_items WHERE workspace_id = ?").bind(workspace).first<number>("n")) ?? 0;
}
/** Waits until `check` holds (the worker finishes an aborted generation after the client has gone). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("condition not reached in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("concurrency slots", () => {
  it("are released at once when a client aborts a stream after its first chunk, and nothing is charged", async () => {
    const key = await createKey(await signUp("aborting@example.com"));
    const workspace = await workspaceId(key);
    // The free plan allows two generations at a time: two abandoned streams must not use them up.
    for (const path of ["stream", "stream/with-timestamps"]) {
      const controller = new AbortController();
      const response = await SELF.fetch(`${ORIGIN}/v1/text-to-speech/${ARIA}/${path}`, {
        method: "POST",
        headers: { "xi-api-key": key, "content-type": "application/json" },
        body: JSON.stringify({ text: LONG_TEXT }),
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const first = await reader.read();
      expect(first.done).toBe(false);
      controller.abort();
      await reader.cancel().catch(() => undefined);
    }
    await eventually(async () => (await slotsHeld(workspace)) === 0);
    const after = await api(`/v1/text-to-speech/${ARIA}/stream`, { method: "POST", key, json: { text: "Still speaking." } });
    expect(after.status).toBe(200);
    expect((await after.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    // Only the finished generation is charged and kept.
    expect(await characterCount(workspace)).toBe("Still speaking.".length);
    expect(await historyCount(workspace)).toBe(1);
    expect(await slotsHeld(workspace)).toBe(0);
  }, 30_000);

  it("are released when the reader alone cancels the body", async () => {
    const key = await createKey(await signUp("cancelling@example.com"));
    const workspace = await workspaceId(key);
    for (let i = 0; i < 3; i++) {
      const response = await api(`/v1/text-to-speech/${ARIA}/stream`, { method: "POST", key, json: { text: LONG_TEXT } });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      expect((await reader.read()).done).toBe(false);
      await reader.cancel();
      await eventually(async () => (await slotsHeld(workspace)) === 0);
    }
    expect(await characterCount(workspace)).toBe(0);
    expect(await historyCount(workspace)).toBe(0);
  }, 30_000);

  it("are released when a client gives up on a whole-file request before the audio is made, charging nothing", async () => {
    const key = await createKey(await signUp("impatient@example.com"));
    const workspace = await workspaceId(key);
    for (let i = 0; i < 2; i++) {
      await eventually(async () => (await slotsHeld(workspace)) === 0);
      const controller = new AbortController();
      // The configured speech server (a stand-in outside the worker) makes each sentence: the test can watch
      // the slot being taken, then leave.
      const pending = SELF.fetch(`${ORIGIN}/v1/text-to-speech/${ARIA}?output_format=pcm_24000`, {
        method: "POST",
        headers: { "xi-api-key": key, "content-type": "application/json" },
        body: JSON.stringify({ text: LONG_TEXT, model_id: "parlance_openai_compatible_v1" }),
        signal: controller.signal,
      });
      await eventually(async () => (await slotsHeld(workspace)) > 0);
      controller.abort();
      await expect(pending).rejects.toThrow();
    }
    await eventually(async () => (await slotsHeld(workspace)) === 0);
    expect(await characterCount(workspace)).toBe(0);
    expect(await historyCount(workspace)).toBe(0);
    const after = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text: "Now it works." } });
    expect(after.status).toBe(200);
  }, 60_000);
});
