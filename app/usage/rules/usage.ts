/**
 * Usage statistics (GET /v1/usage/character-stats and the /app/usage page): the workspace's generations
 * counted into time buckets, optionally broken down by voice, model, user, source or API-key use. The
 * commercial API's response shape: a time axis of bucket starts in Unix milliseconds, and one series per key.
 */
import { SOUND_SOURCE, SOUND_USAGE_LABEL } from "~/sound-effects/rules/sound-effects";
import { CONVERSATION_SOURCE, CONVERSATION_USAGE_LABEL } from "~/agents/rules/llm";

export const USAGE_BREAKDOWNS = ["none", "voice", "model", "user", "request_source", "has_api_key", "api_keys"] as const;
export type UsageBreakdown = (typeof USAGE_BREAKDOWNS)[number];

/** credits and tts_characters are the same number here: one credit per character of text. */
export const USAGE_METRICS = ["credits", "tts_characters", "request_count"] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];

export const USAGE_INTERVALS = ["hour", "day", "week", "month", "cumulative"] as const;
export type UsageInterval = (typeof USAGE_INTERVALS)[number];

/** More buckets than this is a request for a window far too fine for its length (e.g. hours over years). */
export const MAX_USAGE_BUCKETS = 2000;

/** The series name when usage is not broken down, as the commercial API names it. */
export const ALL_USAGE = "All";

/** `apiKey`: the name of the key that made the generation; null when none did (the app's own pages). */
export type UsageEvent = { atMs: number; characters: number; voice: string; model: string; user: string; source: string; viaApiKey: boolean; apiKey?: string | null };

/** The api_keys series of generations made without a key (in the app). */
export const WITHOUT_API_KEY = "Without an API key";
export type UsageSeries = { time: number[]; usage: Record<string, number[]> };
export type UsageGrouping = { interval: UsageInterval; bucketSizeSeconds?: number | null };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function startOfInterval(ms: number, interval: Exclude<UsageInterval, "cumulative">): number {
  const date = new Date(ms);
  switch (interval) {
    case "hour":
      return Math.floor(ms / HOUR) * HOUR;
    case "day":
      return Math.floor(ms / DAY) * DAY;
    case "week": {
      // Weeks start on Monday (ISO 8601), in UTC.
      const day = Math.floor(ms / DAY) * DAY;
      return day - ((new Date(day).getUTCDay() + 6) % 7) * DAY;
    }
    case "month":
      return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  }
}

function nextInterval(start: number, interval: Exclude<UsageInterval, "cumulative">): number {
  if (interval === "month") {
    const date = new Date(start);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  }
  return start + (interval === "hour" ? HOUR : interval === "day" ? DAY : 7 * DAY);
}

/**
 * The start of every bucket that overlaps [startMs, endMs]: calendar buckets in UTC, or fixed-size buckets
 * from `startMs` when a bucket size is given; "cumulative" is one bucket for the whole window. Null when there
 * would be more than MAX_USAGE_BUCKETS.
 */
export function usageBuckets(startMs: number, endMs: number, grouping: UsageGrouping): number[] | null {
  if (grouping.bucketSizeSeconds) {
    const size = grouping.bucketSizeSeconds * 1000;
    if (Math.floor((endMs - startMs) / size) + 1 > MAX_USAGE_BUCKETS) return null;
    const starts = [];
    for (let at = startMs; at <= endMs; at += size) starts.push(at);
    return starts;
  }
  if (grouping.interval === "cumulative") return [startMs];
  const interval = grouping.interval;
  const starts = [];
  for (let at = startOfInterval(startMs, interval); at <= endMs; at = nextInterval(at, interval)) {
    starts.push(at);
    if (starts.length > MAX_USAGE_BUCKETS) return null;
  }
  return starts;
}

function breakdownKey(event: UsageEvent, breakdown: UsageBreakdown): string {
  switch (breakdown) {
    case "none":
      return ALL_USAGE;
    case "voice":
      return event.voice;
    case "model":
      return event.model;
    case "user":
      return event.user;
    case "request_source":
      return event.source;
    case "has_api_key":
      return event.viaApiKey ? "true" : "false";
    case "api_keys":
      return event.apiKey ?? WITHOUT_API_KEY;
  }
}

/**
 * Adds the events inside [startMs, endMs] into the buckets, one series per breakdown key, the largest total
 * first. Without a breakdown there is always the one "All" series, zeros included.
 */
export function aggregateUsage(events: UsageEvent[], buckets: number[], window: { startMs: number; endMs: number }, breakdown: UsageBreakdown, metric: UsageMetric): UsageSeries {
  const series = new Map<string, number[]>();
  if (breakdown === "none") series.set(ALL_USAGE, new Array(buckets.length).fill(0));
  for (const event of events) {
    if (event.atMs < window.startMs || event.atMs > window.endMs) continue;
    // The last bucket that starts at or before the event.
    let low = 0;
    let high = buckets.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (buckets[mid]! <= event.atMs) low = mid;
      else high = mid - 1;
    }
    const key = breakdownKey(event, breakdown);
    let values = series.get(key);
    if (!values) series.set(key, (values = new Array(buckets.length).fill(0)));
    values[low]! += metric === "request_count" ? 1 : event.characters;
  }
  const total = (values: number[]) => values.reduce((sum, v) => sum + v, 0);
  const ordered = [...series].sort(([a, x], [b, y]) => total(y) - total(x) || a.localeCompare(b));
  return { time: buckets, usage: Object.fromEntries(ordered) };
}

/** How the usage page names each generation source (history item `source`). */
export const USAGE_SOURCE_LABELS: Record<string, string> = {
  TTS: "Text to speech (app)",
  API: "API",
  Dialogue: "Dialogue",
  OpenAI: "OpenAI-compatible API",
  [SOUND_SOURCE]: SOUND_USAGE_LABEL,
  VoiceIsolator: "Voice isolator",
  [CONVERSATION_SOURCE]: CONVERSATION_USAGE_LABEL,
};

/** The usage page's choices: ranges in days (90 days is shown by week) and breakdowns. */
export const USAGE_PAGE_RANGES = { "7": "Last 7 days", "30": "Last 30 days", "90": "Last 90 days" } as const;
export const USAGE_PAGE_BREAKDOWNS = { none: "Total", voice: "Voice", model: "Model", request_source: "Source", api_keys: "API key", user: "Member" } as const;
export type UsagePageRange = keyof typeof USAGE_PAGE_RANGES;

/** The window of a page range: whole UTC days up to the end of today, and the bucket interval it is shown in. */
export function usagePageWindow(range: UsagePageRange, nowMs: number): { startMs: number; endMs: number; interval: "day" | "week" } {
  const day = 86_400_000;
  const today = Math.floor(nowMs / day) * day;
  const days = Number(range);
  return { startMs: today - (days - 1) * day, endMs: today + day - 1, interval: days > 31 ? "week" : "day" };
}
