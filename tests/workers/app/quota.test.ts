import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "../../../db/client";
import { acquireSlot } from "../../../db/repositories/generation-slots";
import { QuotaExhausted, recordGeneration, type HistoryRow } from "../../../db/repositories/history";
import { api, createKey, signUp } from "./helpers";

const ARIA = "pv01aria000000000000";

async function workspaceId(key: string): Promise<string> {
  return ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
}
async function counts(workspace: string): Promise<{ charged: number; history: number; usage: number; slots: number }> {
  const row = await env.DB.prepare(
    `SELECT (SELECT character_count FROM workspaces WHERE id = ?1) AS charged,
            (SELECT count(*) FROM history_items WHERE workspace_id = ?1) AS history,
            (SELECT count(*) FROM usage_events WHERE workspace_id = ?1) AS usage,
            (SELECT count(*) FROM generation_slots WHERE workspace_id = ?1) AS slots`,
  )
    .bind(workspace)
    .first<{ charged: number; history: number; usage: number; slots: number }>();
  return row!;
}

function historyRow(workspaceId: string, userId: string, id: string): HistoryRow {
  return {
    id,
    workspaceId,
    userId,
    requestId: `request-${id}`,
    voiceId: ARIA,
    voiceName: "Aria",
    voiceCategory: "premade",
    modelId: "parlance_multilingual_v1",
    text: "0123456789",
    dialogue: null,
    dateUnix: Math.floor(Date.now() / 1000),
    characterCountChangeFrom: 0,
    characterCountChangeTo: 10,
    contentType: "audio/mpeg",
    outputFormat: "mp3_44100_128",
    settings: "{}",
    feedback: null,
    source: "API",
    audioKey: `history/${workspaceId}/${id}.mp3`,
    audioBytes: 1,
    durationMs: 1,
    alignment: "{}",
  };
}

describe("quota", () => {
  it("is never overspent by concurrent requests against a nearly exhausted quota", async () => {
    const key = await createKey(await signUp("burst@example.com"));
    const workspace = await workspaceId(key);
    // A plan that allows ten generations at a time, with 35 of its 500000 credits left: three of eight fit.
    await env.DB.prepare("UPDATE workspaces SET tier = 'pro', status = 'active', character_limit = 500000, character_count = 499965 WHERE id = ?").bind(workspace).run();
    const text = "Ten chars.";
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text } }).then(async (r) => ({ status: r.status, body: await r.text() }))),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 401, 401, 401, 401, 401]);
    for (const refused of answers.filter((a) => a.status === 401)) expect(JSON.parse(refused.body)).toMatchObject({ detail: { status: "quota_exceeded" } });
    expect(await counts(workspace)).toEqual({ charged: 499995, history: 3, usage: 3, slots: 0 });
  }, 60_000);

  it("refuses a second generation while the first still holds the last credits, and frees them when it ends", async () => {
    const key = await createKey(await signUp("reserved@example.com"));
    const workspace = await workspaceId(key);
    await env.DB.prepare("UPDATE workspaces SET character_count = 9980 WHERE id = ?").bind(workspace).run();
    const db = database(env.DB);
    const now = Math.floor(Date.now() / 1000);
    const slot = (requestId: string) => acquireSlot(db, { workspaceId: workspace, requestId, limit: 2, characters: 15, beyondLimit: 0, nowSeconds: now });
    expect(await slot("first")).toMatchObject({ acquired: true, active: 1 });
    // A free slot, but the first generation's 15 characters leave only 5.
    expect(await slot("second")).toEqual({ acquired: false, reason: "quota", active: 1, remaining: 5 });
    const refused = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text: "Fifteen chars.." } });
    expect(refused.status).toBe(401);
    await env.DB.prepare("DELETE FROM generation_slots WHERE request_id = 'first'").run();
    const spoken = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text: "Fifteen chars.." } });
    expect(spoken.status).toBe(200);
    expect(await counts(workspace)).toMatchObject({ charged: 9995, history: 1, slots: 0 });
  });

  it("charges only within the remaining quota, in the charge's own statement: otherwise nothing is written", async () => {
    const key = await createKey(await signUp("charge@example.com"));
    const workspace = await workspaceId(key);
    const userId = (await env.DB.prepare("SELECT owner_id FROM workspaces WHERE id = ?").bind(workspace).first<string>("owner_id"))!;
    await env.DB.prepare("UPDATE workspaces SET character_count = 9995 WHERE id = ?").bind(workspace).run();
    const db = database(env.DB);
    await env.DB.prepare("INSERT INTO generation_slots (request_id, workspace_id, started_at, reserved_characters) VALUES ('request-over', ?, 0, 10)").bind(workspace).run();
    // Whatever was checked before, 9995 + 10 is past 10000: refused, and nothing of the batch remains.
    await expect(recordGeneration(db, historyRow(workspace, userId, "over"), { characters: 10, beyondLimit: 0 }, null)).rejects.toBeInstanceOf(QuotaExhausted);
    expect(await counts(workspace)).toEqual({ charged: 9995, history: 0, usage: 0, slots: 1 });
    // Within the quota: charged, recorded, and the slot's reservation ends with it.
    await env.DB.prepare("UPDATE workspaces SET character_count = 9990 WHERE id = ?").bind(workspace).run();
    await recordGeneration(db, historyRow(workspace, userId, "over"), { characters: 10, beyondLimit: 0 }, null);
    expect(await counts(workspace)).toEqual({ charged: 10000, history: 1, usage: 1, slots: 0 });
    // No limit (an unlimited extension): always charged.
    await recordGeneration(db, historyRow(workspace, userId, "unlimited"), { characters: 10, beyondLimit: null }, null);
    expect((await counts(workspace)).charged).toBe(10010);
  });

  it("refuses a generation whose quota shrank while its audio was made, charging nothing and freeing its slot", async () => {
    const key = await createKey(await signUp("shrinking@example.com"));
    const workspace = await workspaceId(key);
    const response = await api(`/v1/text-to-speech/${ARIA}/stream`, { method: "POST", key, json: { text: "First sentence here. And a second one. And a third one to finish." } });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    // A downgrade lands mid-generation: the charge at the end no longer fits.
    await env.DB.prepare("UPDATE workspaces SET character_limit = 10 WHERE id = ?").bind(workspace).run();
    await expect((async () => {
      for (;;) if ((await reader.read()).done) return;
    })()).rejects.toThrow();
    expect(await counts(workspace)).toEqual({ charged: 0, history: 0, usage: 0, slots: 0 });
    expect((await env.MEDIA.list({ prefix: `history/${workspace}/` })).objects).toHaveLength(0);
  });
});
