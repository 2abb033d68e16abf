import { describe, expect, it } from "vitest";
import { aggregateUsage, MAX_USAGE_BUCKETS, usageBuckets, usagePageWindow, WITHOUT_API_KEY, type UsageEvent } from "./usage";

const at = (iso: string) => Date.parse(iso);
const event = (iso: string, characters: number, extra: Partial<UsageEvent> = {}): UsageEvent => ({
  atMs: at(iso),
  characters,
  voice: "Aria",
  model: "eleven_multilingual_v2",
  user: "ann@example.com",
  source: "TTS",
  viaApiKey: false,
  ...extra,
});

describe("usageBuckets", () => {
  it("starts calendar buckets at the UTC start of the interval that holds the window's start", () => {
    expect(usageBuckets(at("2026-11-20T10:30:00Z"), at("2026-11-22T23:59:59Z"), { interval: "day" })).toEqual([at("2026-11-20T00:00:00Z"), at("2026-11-21T00:00:00Z"), at("2026-11-22T00:00:00Z")]);
    expect(usageBuckets(at("2026-11-22T10:30:00Z"), at("2026-11-22T12:00:00Z"), { interval: "hour" })).toHaveLength(3);
  });
  it("starts weeks on Monday and months on the first, whatever their length", () => {
    // 2026-11-22 is a Sunday: its week began on Monday the 16th.
    expect(usageBuckets(at("2026-11-22T08:00:00Z"), at("2026-11-23T08:00:00Z"), { interval: "week" })).toEqual([at("2026-11-16T00:00:00Z"), at("2026-11-23T00:00:00Z")]);
    expect(usageBuckets(at("2026-01-15T00:00:00Z"), at("2026-03-02T00:00:00Z"), { interval: "month" })).toEqual([at("2026-01-01T00:00:00Z"), at("2026-02-01T00:00:00Z"), at("2026-03-01T00:00:00Z")]);
  });
  it("makes fixed-size buckets from the window's start, one bucket for cumulative, and refuses too many", () => {
    expect(usageBuckets(1_000, 7_200_999, { interval: "day", bucketSizeSeconds: 3600 })).toEqual([1_000, 3_601_000, 7_201_000].filter((t) => t <= 7_200_999));
    expect(usageBuckets(5, 10_000_000, { interval: "cumulative" })).toEqual([5]);
    expect(usageBuckets(0, (MAX_USAGE_BUCKETS + 5) * 3_600_000, { interval: "hour" })).toBeNull();
    expect(usageBuckets(0, 10 ** 12, { interval: "day", bucketSizeSeconds: 1 })).toBeNull();
  });
});

describe("aggregateUsage", () => {
  const window = { startMs: at("2026-11-20T00:00:00Z"), endMs: at("2026-11-22T23:59:59Z") };
  const buckets = usageBuckets(window.startMs, window.endMs, { interval: "day" })!;
  const events = [
    event("2026-11-20T09:00:00Z", 100),
    event("2026-11-20T23:59:59Z", 50, { voice: "Roger", viaApiKey: true, source: "API" }),
    event("2026-11-22T00:00:00Z", 30, { model: "parlance_formant_v1", user: "bob@example.com" }),
    event("2026-11-19T23:59:59Z", 999),
    event("2026-11-23T00:00:00Z", 999),
  ];

  it("adds characters per bucket into one 'All' series, leaving out what is outside the window", () => {
    expect(aggregateUsage(events, buckets, window, "none", "credits")).toEqual({ time: buckets, usage: { All: [150, 0, 30] } });
    expect(aggregateUsage(events, buckets, window, "none", "request_count").usage).toEqual({ All: [2, 0, 1] });
  });
  it("keeps the zero series when nothing was generated", () => {
    expect(aggregateUsage([], buckets, window, "none", "tts_characters").usage).toEqual({ All: [0, 0, 0] });
    expect(aggregateUsage([], buckets, window, "voice", "credits").usage).toEqual({});
  });
  it("breaks down by voice, model, user, source and API-key use, the largest first", () => {
    expect(aggregateUsage(events, buckets, window, "voice", "credits").usage).toEqual({ Aria: [100, 0, 30], Roger: [50, 0, 0] });
    expect(Object.keys(aggregateUsage(events, buckets, window, "model", "credits").usage)).toEqual(["eleven_multilingual_v2", "parlance_formant_v1"]);
    expect(aggregateUsage(events, buckets, window, "user", "credits").usage).toEqual({ "ann@example.com": [150, 0, 0], "bob@example.com": [0, 0, 30] });
    expect(aggregateUsage(events, buckets, window, "request_source", "request_count").usage).toEqual({ TTS: [1, 0, 1], API: [1, 0, 0] });
    expect(aggregateUsage(events, buckets, window, "has_api_key", "credits").usage).toEqual({ false: [100, 0, 30], true: [50, 0, 0] });
    const keyed = events.map((e) => (e.viaApiKey ? { ...e, apiKey: "CI pipeline" } : e));
    expect(aggregateUsage(keyed, buckets, window, "api_keys", "credits").usage).toEqual({ [WITHOUT_API_KEY]: [100, 0, 30], "CI pipeline": [50, 0, 0] });
  });
});

describe("usagePageWindow", () => {
  it("covers whole UTC days up to the end of today, by day up to a month and by week beyond", () => {
    const now = at("2026-11-23T10:15:00Z");
    expect(usagePageWindow("7", now)).toEqual({ startMs: at("2026-11-17T00:00:00Z"), endMs: at("2026-11-23T23:59:59.999Z"), interval: "day" });
    expect(usagePageWindow("90", now)).toMatchObject({ startMs: at("2026-08-26T00:00:00Z"), interval: "week" });
  });
});
