/**
 * Workspace analytics (decision 0088): POST /v1/workspace/analytics/query/usage-by-product-over-time and
 * POST /v1/workspace/analytics/requests answer tables (columns, column_types, column_units, rows) computed from the
 * usage ledger, the same events the usage page and /v1/usage/character-stats count.
 */
import { SOUND_SOURCE } from "~/sound-effects/rules/sound-effects";
import { CONVERSATION_SOURCE } from "~/agents/rules/llm";

/** One ledger event as analytics sees it. */
export type AnalyticsEvent = {
  id: string;
  atMs: number;
  credits: number;
  source: string;
  model: string;
  voiceId: string;
  voiceName: string;
  userId: string;
  userLabel: string | null;
  apiKeyId: string | null;
  apiKeyName: string | null;
};

/** The product each generation source belongs to; an unknown source names its own product. */
const PRODUCT_TYPES: Record<string, string> = {
  TTS: "text_to_speech",
  API: "text_to_speech",
  OpenAI: "text_to_speech",
  Dialogue: "text_to_dialogue",
  [SOUND_SOURCE]: "sound_effects",
  STS: "speech_to_speech",
  VoiceIsolator: "audio_isolation",
  [CONVERSATION_SOURCE]: "conversational_ai",
  Dubbing: "dubbing",
  Voiceover: "voiceover",
};
export function productTypeOf(source: string): string {
  return PRODUCT_TYPES[source] ?? source.replace(/([a-z])([A-Z])/g, "$1_$2").replace(/[^A-Za-z0-9]+/g, "_").toLowerCase();
}

type ColumnType = "String" | "Int" | "DateTime" | "Bool";
type Cell = string | number | boolean | null;

/** The columns of a request row, and how each reads from an event. */
const REQUEST_COLUMNS: Record<string, { type: ColumnType; unit?: "credits"; value: (e: AnalyticsEvent) => Cell }> = {
  timestamp: { type: "DateTime", value: (e) => new Date(e.atMs).toISOString() },
  request_id: { type: "String", value: (e) => e.id },
  product_type: { type: "String", value: (e) => productTypeOf(e.source) },
  request_source: { type: "String", value: (e) => e.source },
  model: { type: "String", value: (e) => e.model },
  voice_id: { type: "String", value: (e) => e.voiceId || null },
  voice_name: { type: "String", value: (e) => e.voiceName || null },
  user_id: { type: "String", value: (e) => e.userId },
  user_label: { type: "String", value: (e) => e.userLabel },
  api_key_id: { type: "String", value: (e) => e.apiKeyId },
  api_key_name: { type: "String", value: (e) => e.apiKeyName },
  via_api_key: { type: "Bool", value: (e) => e.apiKeyId !== null },
  credits: { type: "Int", unit: "credits", value: (e) => e.credits },
};

/**
 * What usage may be grouped by here, with the display column appended after the others. The ledger keeps the API
 * key's id, not a hash of the key: hashed_xi_api_key groups by that id (with the key's name as its label).
 */
const GROUP_BYS: Record<string, { column: string; label?: string }> = {
  product_type: { column: "product_type" },
  model: { column: "model" },
  voice_id: { column: "voice_id", label: "voice_name" },
  user_id: { column: "user_id", label: "user_label" },
  actor: { column: "user_label" },
  request_source: { column: "request_source" },
  hashed_xi_api_key: { column: "api_key_id", label: "api_key_name" },
};
export const ANALYTICS_GROUP_BYS = Object.keys(GROUP_BYS);

export const FILTER_OPERATIONS = ["in", "not_in", "le", "ge", "lt", "gt", "eq", "neq"] as const;
export type ColumnFilter = { column: string; operation: (typeof FILTER_OPERATIONS)[number]; values: Cell[] };

export type AnalyticsTable = { columns: string[]; column_types: ColumnType[]; column_units: ("credits" | null)[]; rows: Cell[][] };

export const ANALYTICS_TEXTS = {
  groupBy: (name: string) => `Usage cannot be grouped by ${name} here; choose from ${ANALYTICS_GROUP_BYS.join(", ")}.`,
  filterColumn: (name: string) => `No column ${name} to filter on; choose from ${Object.keys(REQUEST_COLUMNS).join(", ")}.`,
  timeZone: (zone: string) => `${zone} is not an IANA time zone (such as Europe/London or UTC).`,
  window: "end_time must not be before start_time.",
  needsTime: "Send start_time or end_time (Unix milliseconds).",
  tooManyBuckets: (max: number) => `The range holds more than ${max} buckets of interval_seconds: choose a larger interval or a shorter range.`,
};

/** The first filter or group-by that names nothing here, as its message; null when all are known. */
export function analyticsProblem(query: { groupBy?: string[]; filters?: ColumnFilter[] }): string | null {
  const unknownGroup = query.groupBy?.find((g) => !(g in GROUP_BYS));
  if (unknownGroup) return ANALYTICS_TEXTS.groupBy(unknownGroup);
  const unknownColumn = query.filters?.find((f) => !(f.column in REQUEST_COLUMNS));
  return unknownColumn ? ANALYTICS_TEXTS.filterColumn(unknownColumn.column) : null;
}

function compare(a: Cell, b: Cell): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a ?? "").localeCompare(String(b ?? ""));
}

function passes(cell: Cell, filter: ColumnFilter): boolean {
  const same = (v: Cell) => (typeof cell === "number" && typeof v === "string" ? cell === Number(v) : String(cell) === String(v));
  const first = filter.values[0] ?? null;
  switch (filter.operation) {
    case "in":
      return filter.values.some(same);
    case "not_in":
      return !filter.values.some(same);
    case "eq":
      return same(first);
    case "neq":
      return !same(first);
    case "lt":
      return cell !== null && compare(cell, first) < 0;
    case "le":
      return cell !== null && compare(cell, first) <= 0;
    case "gt":
      return cell !== null && compare(cell, first) > 0;
    case "ge":
      return cell !== null && compare(cell, first) >= 0;
  }
}

/** Whether an event passes every filter (on the request columns). */
export function matchesFilters(event: AnalyticsEvent, filters: ColumnFilter[]): boolean {
  return filters.every((f) => {
    const column = REQUEST_COLUMNS[f.column];
    return column !== undefined && passes(column.value(event), f);
  });
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
/** 1970-01-05, the first Monday after the epoch: weeks start on Mondays. */
const FIRST_MONDAY = 4 * DAY;
export const MAX_ANALYTICS_BUCKETS = 2000;
export const DEFAULT_INTERVAL_SECONDS = 86_400;

/** How far a time zone is ahead of UTC at `ms` (DST included); throws RangeError for an unknown zone. */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  if (timeZone === "UTC") return 0;
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second")) - Math.floor(ms / 1000) * 1000;
}

/**
 * The start of the bucket holding `ms`, as the SDK describes interval_seconds: week multiples are calendar weeks from
 * Monday local midnight, other whole days start at local midnight, whole hours up to a day at local hours; any
 * other size is anchored in UTC.
 */
export function bucketStart(ms: number, intervalSeconds: number, timeZone = "UTC"): number {
  const size = intervalSeconds * 1000;
  const local = size % HOUR === 0 && (size <= DAY || size % DAY === 0);
  const offset = local ? zoneOffsetMs(ms, timeZone) : 0;
  const anchor = size % WEEK === 0 ? FIRST_MONDAY : 0;
  return Math.floor((ms + offset - anchor) / size) * size + anchor - offset;
}

export type UsageByProductQuery = { startMs: number; endMs: number; intervalSeconds: number; groupBy: string[]; filters: ColumnFilter[]; timeZone: string };

/**
 * Credits per bucket and group (product_type by default): one row for each bucket and group that has usage,
 * oldest bucket first and the larger usage first within it; the groups' display columns come after credits.
 */
export function usageByProductTable(events: AnalyticsEvent[], query: UsageByProductQuery): AnalyticsTable {
  const groups = (query.groupBy.length ? query.groupBy : ["product_type"]).map((g) => GROUP_BYS[g]!);
  const labels = groups.flatMap((g) => (g.label ? [g.label] : []));
  const sums = new Map<string, { bucket: number; keys: Cell[]; labels: Cell[]; credits: number }>();
  for (const event of events) {
    if (event.atMs < query.startMs || event.atMs > query.endMs || !matchesFilters(event, query.filters)) continue;
    const bucket = bucketStart(event.atMs, query.intervalSeconds, query.timeZone);
    const keys = groups.map((g) => REQUEST_COLUMNS[g.column]!.value(event));
    const id = JSON.stringify([bucket, keys]);
    const row = sums.get(id) ?? { bucket, keys, labels: labels.map((l) => REQUEST_COLUMNS[l]!.value(event)), credits: 0 };
    row.credits += event.credits;
    sums.set(id, row);
  }
  const rows = [...sums.values()].sort((a, b) => a.bucket - b.bucket || b.credits - a.credits || compare(a.keys.join("\u0000"), b.keys.join("\u0000")));
  return {
    columns: ["time_bucket", ...groups.map((g) => g.column), "credits", ...labels],
    column_types: ["DateTime", ...groups.map(() => "String" as const), "Int", ...labels.map(() => "String" as const)],
    column_units: [null, ...groups.map(() => null), "credits", ...labels.map(() => null)],
    rows: rows.map((r) => [new Date(r.bucket).toISOString(), ...r.keys, r.credits, ...r.labels]),
  };
}

export const REQUESTS_DEFAULT_LIMIT = 100;
export const REQUESTS_MAX_LIMIT = 1000;

export type RequestsQuery = { filters: ColumnFilter[]; search?: string; sort: "asc" | "desc"; limit: number };

/** The requests (ledger events) that pass the filters and the search (any text column), sorted by time, at most `limit`. */
export function requestsTable(events: AnalyticsEvent[], query: RequestsQuery): AnalyticsTable {
  const names = Object.keys(REQUEST_COLUMNS);
  const needle = query.search?.trim().toLowerCase();
  const found = events
    .filter((e) => matchesFilters(e, query.filters))
    .map((e) => names.map((n) => REQUEST_COLUMNS[n]!.value(e)))
    .filter((cells) => !needle || cells.some((c) => typeof c === "string" && c.toLowerCase().includes(needle)));
  const at = names.indexOf("timestamp");
  found.sort((a, b) => (query.sort === "asc" ? 1 : -1) * compare(a[at]!, b[at]!));
  return {
    columns: names,
    column_types: names.map((n) => REQUEST_COLUMNS[n]!.type),
    column_units: names.map((n) => REQUEST_COLUMNS[n]!.unit ?? null),
    rows: found.slice(0, query.limit),
  };
}

/** The default order: descending when only end_time bounds the window (newest before it), else ascending. */
export function requestsSort(sort: "asc" | "desc" | undefined, window: { startMs?: number; endMs?: number }): "asc" | "desc" {
  return sort ?? (window.endMs !== undefined ? "desc" : "asc");
}
