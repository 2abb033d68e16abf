import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createKey, mailedInviteCode, signUp, verifyEmailOf } from "./helpers";

const ARIA = "pv01aria000000000000";
const ROGER = "pv02roger00000000000";
type Series = { time: number[]; usage: Record<string, number[]> };

const DAY = 86_400_000;
const today = () => Math.floor(Date.now() / DAY) * DAY;
const window = () => ({ start_unix: String(today() - 6 * DAY), end_unix: String(today() + DAY - 1) });

function stats(auth: { key?: string; cookie?: string }, query: Record<string, string>) {
  return api(`/v1/usage/character-stats?${new URLSearchParams(query)}`, auth);
}
async function speak(auth: { key?: string; cookie?: string }, voice: string, text: string) {
  const response = await api(`/v1/text-to-speech/${voice}?output_format=pcm_16000`, { method: "POST", ...auth, json: { text } });
  expect(response.status).toBe(200);
  return response.headers.get("history-item-id")!;
}

let owner: { key: string; cookie: string };
let editor: { key: string; cookie: string };
let stranger: { key: string };

beforeAll(async () => {
  const ownerCookie = await signUp("usage-owner@example.com");
  owner = { cookie: ownerCookie, key: await createKey(ownerCookie) };
  const editorCookie = await signUp("usage-editor@example.com");
  editor = { cookie: editorCookie, key: "" };
  stranger = { key: await createKey(await signUp("usage-stranger@example.com")) };
  const ws = (await (await api("/v1/workspace", { key: owner.key })).json()) as { workspace_id: string };
  await env.DB.prepare("UPDATE workspaces SET max_seats = 3 WHERE id = ?").bind(ws.workspace_id).run();
  expect((await api("/v1/workspace/invites/add", { method: "POST", key: owner.key, json: { email: "usage-editor@example.com" } })).status).toBe(201);
  await verifyEmailOf("usage-editor@example.com");
  const invite_code = await mailedInviteCode("usage-editor@example.com");
  expect((await api("/v1/workspace/invites/accept", { method: "POST", cookie: editorCookie, json: { workspace_id: ws.workspace_id, invite_code } })).status).toBe(200);

  await speak({ key: owner.key }, ARIA, "Twenty characters!!");
  const deleted = await speak({ cookie: owner.cookie }, ROGER, "Ten chars.");
  await speak({ cookie: editor.cookie }, ARIA, "Editor.");
  await speak({ key: stranger.key }, ARIA, "Someone else's words.");
  // Deleting a history item refunds nothing: its usage stays.
  expect((await api(`/v1/history/${deleted}`, { method: "DELETE", key: owner.key })).status).toBe(200);
});

describe("GET /v1/usage/character-stats", () => {
  it("counts the caller's own characters per day, today's bucket last, in the SDK's shape", async () => {
    const response = await stats({ key: owner.key }, window());
    expect(response.status).toBe(200);
    const body = (await response.json()) as Series;
    expect(body.time).toHaveLength(7);
    expect(body.time.at(-1)).toBe(today());
    expect(body.usage).toEqual({ All: [0, 0, 0, 0, 0, 0, 19 + 10] });
  });

  it("gives admins the whole workspace, broken down by user, voice, source or API-key use, and never another workspace", async () => {
    const by = async (breakdown_type: string, metric = "credits") =>
      ((await (await stats({ key: owner.key }, { ...window(), include_workspace_metrics: "true", breakdown_type, metric, aggregation_interval: "cumulative" })).json()) as Series).usage;
    expect(await by("none")).toEqual({ All: [36] });
    expect(await by("user")).toEqual({ "usage-owner@example.com": [29], "usage-editor@example.com": [7] });
    expect(await by("voice")).toEqual({ Aria: [26], Roger: [10] });
    expect(await by("has_api_key")).toEqual({ false: [17], true: [19] });
    expect(await by("api_keys")).toEqual({ "test key": [19], "Without an API key": [17] });
    expect(await by("request_source", "request_count")).toEqual({ TTS: [2], API: [1] });
    expect(await by("model")).toEqual({ parlance_multilingual_v1: [36] });
  });

  it("shows an editor only their own usage and refuses them the workspace's", async () => {
    const own = (await (await stats({ cookie: editor.cookie }, { ...window(), aggregation_interval: "cumulative" })).json()) as Series;
    expect(own.usage).toEqual({ All: [7] });
    const denied = await stats({ cookie: editor.cookie }, { ...window(), include_workspace_metrics: "true" });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ detail: { status: "forbidden" } });
  });

  it("refuses bad windows, unknown breakdowns and too many buckets with clear errors", async () => {
    const cases: [Record<string, string>, number][] = [
      [{ end_unix: window().end_unix }, 422],
      [{ ...window(), end_unix: window().start_unix }, 422],
      [{ ...window(), start_unix: "-5" }, 422],
      [{ ...window(), breakdown_type: "groups" }, 422],
      [{ ...window(), breakdown_type: "user" }, 422],
      [{ ...window(), metric: "ttfb_p95" }, 422],
      [{ ...window(), aggregation_interval: "fortnight" }, 422],
      [{ start_unix: "0", end_unix: String(today()), aggregation_interval: "hour" }, 400],
    ];
    for (const [query, status] of cases) {
      const response = await stats({ key: owner.key }, query);
      expect(response.status, JSON.stringify(query)).toBe(status);
      expect(await response.json()).toHaveProperty("detail");
    }
    expect((await stats({ key: "sk_" + "0".repeat(48) }, window())).status).toBe(401);
  });
});
