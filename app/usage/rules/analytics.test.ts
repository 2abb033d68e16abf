import { describe, expect, it } from "vitest";
import { analyticsProblem, bucketStart, productTypeOf, requestsSort, requestsTable, usageByProductTable, zoneOffsetMs, type AnalyticsEvent } from "./analytics";

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 23, 10); // a Monday, 10:00 UTC
const event = (over: Partial<AnalyticsEvent>): AnalyticsEvent => ({ id: "e", atMs: T0, credits: 10, source: "API", model: "m1", voiceId: "v1", voiceName: "Ada", userId: "u1", userLabel: "a@x.test", apiKeyId: null, apiKeyName: null, ...over });

describe("workspace analytics", () => {
  it("names products after sources", () => {
    expect(productTypeOf("TTS")).toBe("text_to_speech");
    expect(productTypeOf("SFX")).toBe("sound_effects");
    expect(productTypeOf("SomethingNew")).toBe("something_new");
  });

  it("buckets by UTC, by local midnight, and by Monday weeks", () => {
    expect(bucketStart(T0, 86_400)).toBe(Date.UTC(2026, 10, 23));
    expect(bucketStart(T0 + 3 * DAY, 604_800)).toBe(Date.UTC(2026, 10, 23));
    expect(zoneOffsetMs(T0, "America/New_York")).toBe(-5 * 3_600_000);
    expect(bucketStart(Date.UTC(2026, 10, 23, 3), 86_400, "America/New_York")).toBe(Date.UTC(2026, 10, 22, 5));
    expect(bucketStart(T0 + 90_000, 900, "America/New_York")).toBe(T0 + 900_000 * Math.floor(90_000 / 900_000));
    expect(() => zoneOffsetMs(T0, "Mars/Olympus")).toThrow(RangeError);
  });

  it("sums credits per bucket and product, with labels after credits", () => {
    const events = [event({ id: "a" }), event({ id: "b", source: "SFX", credits: 40 }), event({ id: "c", atMs: T0 + DAY, credits: 5 }), event({ id: "d", atMs: T0 - 30 * DAY })];
    const table = usageByProductTable(events, { startMs: T0 - DAY, endMs: T0 + 2 * DAY, intervalSeconds: 86_400, groupBy: [], filters: [], timeZone: "UTC" });
    expect(table.columns).toEqual(["time_bucket", "product_type", "credits"]);
    expect(table.column_units).toEqual([null, null, "credits"]);
    expect(table.rows).toEqual([
      ["2026-11-23T00:00:00.000Z", "sound_effects", 40],
      ["2026-11-23T00:00:00.000Z", "text_to_speech", 10],
      ["2026-11-24T00:00:00.000Z", "text_to_speech", 5],
    ]);
    const byUser = usageByProductTable(events, { startMs: T0 - DAY, endMs: T0 + 2 * DAY, intervalSeconds: 604_800, groupBy: ["user_id"], filters: [{ column: "product_type", operation: "eq", values: ["text_to_speech"] }], timeZone: "UTC" });
    expect(byUser.columns).toEqual(["time_bucket", "user_id", "credits", "user_label"]);
    expect(byUser.rows).toEqual([["2026-11-23T00:00:00.000Z", "u1", 15, "a@x.test"]]);
  });

  it("lists requests, filtered, searched and sorted", () => {
    const events = [event({ id: "a" }), event({ id: "b", atMs: T0 + 1, apiKeyId: "key_1", apiKeyName: "Backend", credits: 3 }), event({ id: "c", atMs: T0 + 2, source: "SFX" })];
    const ids = (t: { columns: string[]; rows: unknown[][] }) => t.rows.map((r) => r[t.columns.indexOf("request_id")]);
    expect(ids(requestsTable(events, { filters: [], sort: "desc", limit: 2 }))).toEqual(["c", "b"]);
    expect(ids(requestsTable(events, { filters: [{ column: "via_api_key", operation: "eq", values: [true] }], sort: "asc", limit: 10 }))).toEqual(["b"]);
    expect(ids(requestsTable(events, { filters: [{ column: "credits", operation: "lt", values: [5] }], sort: "asc", limit: 10 }))).toEqual(["b"]);
    expect(ids(requestsTable(events, { filters: [], search: "backend", sort: "asc", limit: 10 }))).toEqual(["b"]);
    expect(requestsSort(undefined, { endMs: 1 })).toBe("desc");
    expect(requestsSort(undefined, { startMs: 1 })).toBe("asc");
  });

  it("names the first unknown group or filter column", () => {
    expect(analyticsProblem({ groupBy: ["model", "region"] })).toMatch(/region/);
    expect(analyticsProblem({ filters: [{ column: "nope", operation: "eq", values: [] }] })).toMatch(/nope/);
    expect(analyticsProblem({ groupBy: ["voice_id"], filters: [{ column: "model", operation: "in", values: ["m1"] }] })).toBeNull();
  });
});
