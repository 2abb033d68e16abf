import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TRY_IT_GLOBAL, TRY_IT_GLOBAL_LIMIT_MESSAGE, TRY_IT_MAX_CHARACTERS, TRY_IT_PER_VISITOR, TRY_IT_VISITOR_LIMIT_MESSAGE, tryItWindowStart } from "../../../app/marketing/rules/try-it";
import { ORIGIN } from "./helpers";

const ARIA = "pv01aria000000000000";

function tryIt(json: unknown, visitor: string, headers: Record<string, string> = { origin: ORIGIN }) {
  return SELF.fetch(`${ORIGIN}/v1/try-it`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-parlance-client-ip": visitor, ...headers },
    body: JSON.stringify(json),
  });
}
async function rows(table: string): Promise<number> {
  return (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<number>("n")) ?? 0;
}

describe("try-it box for visitors", () => {
  it("speaks a short text for a visitor, charging nobody and keeping nothing", async () => {
    const before = await rows("history_items");
    const response = await tryIt({ text: "Hello from the home page.", voice_id: ARIA }, "203.0.113.1");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const audio = new Uint8Array(await response.arrayBuffer());
    expect(audio.byteLength).toBeGreaterThan(1000);
    expect(audio[0] === 0xff || String.fromCharCode(...audio.slice(0, 3)) === "ID3").toBe(true);
    expect(await rows("history_items")).toBe(before);
  });

  it("works only from this site's own pages", async () => {
    expect((await tryIt({ text: "Hi", voice_id: ARIA }, "203.0.113.2", {})).status).toBe(403);
    expect((await tryIt({ text: "Hi", voice_id: ARIA }, "203.0.113.2", { origin: "https://elsewhere.example" })).status).toBe(403);
  });

  it("refuses long text and unknown voices", async () => {
    expect((await tryIt({ text: "a".repeat(TRY_IT_MAX_CHARACTERS + 1), voice_id: ARIA }, "203.0.113.3")).status).toBe(422);
    expect((await tryIt({ text: "   ", voice_id: ARIA }, "203.0.113.3")).status).toBe(422);
    expect((await tryIt({ text: "Hi", voice_id: "nope" }, "203.0.113.3")).status).toBe(404);
  });

  it("limits each visitor per hour, with a clear message, without affecting others", async () => {
    for (let i = 0; i < TRY_IT_PER_VISITOR - 1; i++) expect((await tryIt({ text: "Hi.", voice_id: ARIA }, "198.51.100.7")).status).toBe(200);
    expect((await tryIt({ text: "Hi.", voice_id: ARIA }, "198.51.100.7")).status).toBe(200);
    const refused = await tryIt({ text: "Hi.", voice_id: ARIA }, "198.51.100.7");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ detail: { status: "rate_limit_exceeded", message: TRY_IT_VISITOR_LIMIT_MESSAGE } });
    expect((await tryIt({ text: "Hi.", voice_id: ARIA }, "198.51.100.8")).status).toBe(200);
  });

  it("limits the whole site per hour", async () => {
    const windowStart = tryItWindowStart(Math.floor(Date.now() / 1000));
    await env.DB.prepare("INSERT INTO rate_counters (key, window_start, count) VALUES ('try-it:global', ?, ?) ON CONFLICT DO UPDATE SET count = excluded.count")
      .bind(windowStart, TRY_IT_GLOBAL)
      .run();
    const refused = await tryIt({ text: "Hi.", voice_id: ARIA }, "192.0.2.99");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { detail: { message: string } }).detail.message).toBe(TRY_IT_GLOBAL_LIMIT_MESSAGE);
  });
});
