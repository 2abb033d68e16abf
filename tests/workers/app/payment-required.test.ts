import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { STATUS_NOTICES } from "~/billing/rules/billing-texts";
import { api, createKey, signUp } from "./helpers";

const ARIA = "pv01aria000000000000";
const ROGER = "pv02roger00000000000";

/** Every generation path of the API, each with a body it would otherwise speak. */
const GENERATION_PATHS: [string, (key: string) => Parameters<typeof api>[1]][] = [
  [`/v1/text-to-speech/${ARIA}`, (key) => ({ method: "POST", key, json: { text: "Paid plans speak." } })],
  [`/v1/text-to-speech/${ARIA}/stream`, (key) => ({ method: "POST", key, json: { text: "Paid plans speak." } })],
  [`/v1/text-to-speech/${ARIA}/with-timestamps`, (key) => ({ method: "POST", key, json: { text: "Paid plans speak." } })],
  [`/v1/text-to-speech/${ARIA}/stream/with-timestamps`, (key) => ({ method: "POST", key, json: { text: "Paid plans speak." } })],
  ["/v1/text-to-dialogue", (key) => ({ method: "POST", key, json: { inputs: [{ text: "Hi.", voice_id: ARIA }, { text: "Hello.", voice_id: ROGER }] } })],
  ["/v1/text-to-dialogue/stream", (key) => ({ method: "POST", key, json: { inputs: [{ text: "Hi.", voice_id: ARIA }, { text: "Hello.", voice_id: ROGER }] } })],
  ["/v1/audio/speech", (key) => ({ method: "POST", headers: { authorization: `Bearer ${key}` }, json: { model: "tts-1", input: "Paid plans speak.", voice: ARIA } })],
];

async function workspaceOf(key: string): Promise<string> {
  return ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
}

async function spent(workspaceId: string) {
  const row = await env.DB.prepare(
    "SELECT w.character_count AS characters, (SELECT count(*) FROM history_items h WHERE h.workspace_id = w.id) AS items, (SELECT count(*) FROM usage_events u WHERE u.workspace_id = w.id) AS events FROM workspaces w WHERE w.id = ?",
  )
    .bind(workspaceId)
    .first<{ characters: number; items: number; events: number }>();
  return row!;
}

/** Restricted statuses (spec accounts §4.1: payment problems and free_disabled) refuse synthesis with 402. */
describe("generation in a restricted workspace", () => {
  for (const [status, tier] of [["past_due", "creator"], ["incomplete", "creator"], ["free_disabled", "free"]] as const) {
    it(`${status}: every generation path answers 402 payment_required and charges nothing`, async () => {
      const key = await createKey(await signUp(`restricted-${status}@example.com`));
      const workspaceId = await workspaceOf(key);
      await env.DB.prepare("UPDATE workspaces SET tier = ?, status = ? WHERE id = ?").bind(tier, status, workspaceId).run();
      const before = await spent(workspaceId);
      for (const [path, init] of GENERATION_PATHS) {
        const response = await api(path, init(key));
        expect(response.status, path).toBe(402);
        // The OpenAI-compatible route answers in OpenAI's shape (decision 0027).
        const expected = path === "/v1/audio/speech"
          ? { error: { message: STATUS_NOTICES[status], type: "insufficient_quota", code: "payment_required", param: null } }
          : { detail: { status: "payment_required", message: STATUS_NOTICES[status] } };
        expect(await response.json(), path).toEqual(expected);
      }
      expect(await spent(workspaceId)).toEqual(before);

      // Settled (the webhook makes it active again): the same request speaks and is charged.
      await env.DB.prepare("UPDATE workspaces SET status = ? WHERE id = ?").bind(tier === "free" ? "free" : "active", workspaceId).run();
      const [path, init] = GENERATION_PATHS[0]!;
      const spoken = await api(`${path}?output_format=pcm_16000`, init(key));
      expect(spoken.status).toBe(200);
      await spoken.arrayBuffer();
      expect((await spent(workspaceId)).characters).toBe(before.characters + "Paid plans speak.".length);
    });
  }
});
