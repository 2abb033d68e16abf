// Phone numbers, calls and batch calling over Twilio (decision 0060): what is accepted, what Twilio is sent and
// what its media stream says. Pure, apart from the Web Crypto HMAC of a callback's signature.
import { normalisePhoneNumber } from "~/accounts/rules/sms";
import { toBase64 } from "../../../core/base64";

export { normalisePhoneNumber };

export const PHONE_LIMITS = {
  label: 200,
  callName: 200,
  /** Recipients of one batch. */
  recipients: 1000,
  /** Calls of one batch at once: the default, and the most a batch may ask for. */
  concurrency: 2,
  maxConcurrency: 10,
  /** A queue message waits at most this long (Cloudflare Queues' delay limit); a later batch is re-queued. */
  maxDelaySeconds: 43_200,
} as const;

export const PHONE_PROVIDERS = ["twilio"] as const;

export const PHONE_TEXTS = {
  numberNotFound: "Phone number not found.",
  batchNotFound: "Batch call not found.",
  invalidNumber: (number: string) => `${number} is not a phone number in international form (+ and the country code, e.g. +14155550100).`,
  providerNotSupported: (provider: string) => `Only Twilio numbers can be imported here; ${provider} is not supported yet.`,
  duplicateNumber: (number: string) => `${number} is already imported in this workspace.`,
  twilioCredentials: "Twilio refused the account SID and auth token (Twilio error 20003).",
  notOnAccount: (number: string) => `${number} is not a number of this Twilio account.`,
  twilioUnreachable: "Twilio could not be reached; try again in a moment.",
  noAgent: "Assign an agent to this number first, or name one.",
  callPlaced: "Success",
  callRefused: (message: string) => `Twilio refused the call: ${message}`,
  streamRefused: "This media stream is not one this platform started, or it has already been used.",
  noRecipients: "Add at least one recipient.",
  tooManyRecipients: `A batch has at most ${PHONE_LIMITS.recipients} recipients.`,
  recipientNumber: (index: number, number: string) => `Recipient ${index + 1}: ${number || "(empty)"} is not a phone number in international form.`,
  batchFinished: "This batch has finished; nothing is left to cancel.",
  nothingToRetry: "No recipient of this batch failed: nothing to retry.",
  batchRunning: "This batch is still calling; cancel it or wait until it has finished before retrying.",
  signatureInvalid: "The request's X-Twilio-Signature does not match.",
  batchNotFinished: "This batch is still calling: it can be exported once it has finished or been cancelled.",
} as const;

/** Twilio's call statuses, in the order a call goes through them; the last five end it. */
export const CALL_STATUSES = ["queued", "initiated", "ringing", "in-progress", "completed", "busy", "no-answer", "failed", "canceled"] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
const FINAL_CALL_STATUSES = new Set<string>(["completed", "busy", "no-answer", "failed", "canceled"]);
export const isFinalCallStatus = (status: string) => FINAL_CALL_STATUSES.has(status);

export type RecipientStatus = "pending" | "initiated" | "in_progress" | "completed" | "failed" | "cancelled";
export type BatchStatus = "pending" | "in_progress" | "completed" | "failed" | "cancelled";

/** A batch recipient's status from its call's Twilio status. */
export function recipientStatusOfCall(status: string): RecipientStatus {
  if (status === "in-progress") return "in_progress";
  if (status === "completed") return "completed";
  if (isFinalCallStatus(status)) return "failed";
  return "initiated";
}

const OPEN_RECIPIENT = new Set<string>(["pending", "initiated", "in_progress"]);

/**
 * A batch's status from its recipients: cancelled stays cancelled; before its time it is pending; while anyone is
 * pending or being called it is in progress; at the end completed, or failed when no call was completed.
 */
export function batchStatusOf(current: string, recipients: string[], scheduledAt: number, now: number): BatchStatus {
  if (current === "cancelled") return "cancelled";
  if (recipients.some((s) => OPEN_RECIPIENT.has(s))) return scheduledAt > now && recipients.every((s) => s === "pending") ? "pending" : "in_progress";
  return recipients.some((s) => s === "completed") ? "completed" : "failed";
}

export type PhoneNumberFilter = {
  search?: string;
  label?: string;
  phoneNumber?: string;
  provider?: string;
  supportsOutbound?: boolean;
  agentId?: string;
  branchId?: string;
  sortBy: "label" | "phone_number";
  direction: "asc" | "desc";
  pageSize: number;
  cursor?: string;
};

/**
 * A page of numbers (GET /v1/convai/v2/phone-numbers): search matches an id exactly or a label or number as a
 * case-insensitive substring; every number here is a Twilio number that places calls and answers for its agent's
 * live split, never a branch (so a branch_id filter matches none). The cursor is the offset in the sorted list.
 */
export function phoneNumberPage<T extends { id: string; label: string; phoneNumber: string; provider: string; agentId: string | null }>(numbers: T[], query: PhoneNumberFilter): { page: T[]; nextCursor: string | null } {
  const has = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());
  const digits = (text: string) => text.replace(/[^\d]/g, "");
  const kept = numbers.filter(
    (n) =>
      (!query.search || n.id === query.search || has(n.label, query.search) || (digits(query.search) !== "" && digits(n.phoneNumber).includes(digits(query.search)))) &&
      (!query.label || has(n.label, query.label)) &&
      (!query.phoneNumber || digits(n.phoneNumber).includes(digits(query.phoneNumber))) &&
      (!query.provider || n.provider === query.provider) &&
      query.supportsOutbound !== false &&
      (!query.agentId || n.agentId === query.agentId) &&
      !query.branchId,
  );
  const key = (n: T) => (query.sortBy === "label" ? n.label.toLowerCase() : n.phoneNumber);
  const sign = query.direction === "asc" ? 1 : -1;
  kept.sort((a, b) => sign * key(a).localeCompare(key(b)) || a.id.localeCompare(b.id));
  const offset = query.cursor && /^\d+$/.test(query.cursor) ? Number(query.cursor) : 0;
  const end = offset + query.pageSize;
  return { page: kept.slice(offset, end), nextCursor: end < kept.length ? String(end) : null };
}

/** A batch that will call nobody more: only such a batch is exported. */
export const isFinishedBatch = (status: BatchStatus) => status === "completed" || status === "failed" || status === "cancelled";

/** One recipient's line of a batch's export: the call and what its conversation concluded. */
export type BatchExportRow = {
  recipientId: string;
  phoneNumber: string;
  status: string;
  error: string | null;
  conversationId: string | null;
  durationSecs: number | null;
  callSuccessful: string | null;
  summary: string | null;
  /** The recipient's conversation_initiation_client_data (JSON), whose dynamic variables become columns. */
  initiation: Record<string, unknown> | null;
};

export const BATCH_EXPORT_COLUMNS = ["recipient_id", "phone_number", "status", "error", "conversation_id", "call_duration_secs", "call_successful", "transcript_summary"] as const;

/**
 * A CSV cell: quoted when it holds a comma, quote or line break; a text that a spreadsheet would run as a formula
 * (= + - @ first) gets a leading apostrophe, except a phone number in international form.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !/^\+\d+$/.test(text) && typeof value !== "number") text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A finished batch as CSV (GET /v1/convai/batch-calling/{id}/export): a header line, then one line per recipient in
 * the batch's order; each dynamic variable any recipient was given is a column of its own (var_NAME), after the rest.
 */
export function batchExportCsv(rows: BatchExportRow[]): string {
  const variablesOf = (row: BatchExportRow) => {
    const given = row.initiation?.dynamic_variables;
    return typeof given === "object" && given !== null && !Array.isArray(given) ? (given as Record<string, unknown>) : {};
  };
  const names = [...new Set(rows.flatMap((row) => Object.keys(variablesOf(row))))];
  const lines = [[...BATCH_EXPORT_COLUMNS, ...names.map((n) => `var_${n}`)].map(csvCell).join(",")];
  for (const row of rows) {
    const variables = variablesOf(row);
    const cells: (string | number | null)[] = [row.recipientId, row.phoneNumber, row.status, row.error, row.conversationId, row.durationSecs, row.callSuccessful, row.summary];
    for (const name of names) cells.push(variables[name] === undefined || variables[name] === null ? null : typeof variables[name] === "object" ? JSON.stringify(variables[name]) : String(variables[name]));
    lines.push(cells.map(csvCell).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** What a batch's counts say (the API's total_calls_*). */
export function batchCounts(recipients: string[]) {
  return {
    scheduled: recipients.length,
    dispatched: recipients.filter((s) => s !== "pending" && s !== "cancelled").length,
    finished: recipients.filter((s) => s === "completed" || s === "failed").length,
  };
}

const xml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * The TwiML of an agent's call: connect the call's audio to the platform's media-stream WebSocket. Twilio's Stream
 * URL takes no query string, so the call is named by custom parameters (they arrive in the stream's start message).
 */
export function streamTwiml(streamUrl: string, parameters: Record<string, string>): string {
  const params = Object.entries(parameters).map(([name, value]) => `<Parameter name="${xml(name)}" value="${xml(value)}"/>`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="${xml(streamUrl)}">${params}</Stream></Connect></Response>`;
}

/** Reads `<Connect><Stream url>` and its parameters back from TwiML (the stand-in does what Twilio does with it). */
export function readStreamTwiml(twiml: string): { url: string; parameters: Record<string, string> } | null {
  const unxml = (text: string) => text.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  const stream = twiml.match(/<Connect>\s*<Stream\s+[^>]*?url="([^"]+)"[^>]*?(?:\/>|>([\s\S]*?)<\/Stream>)/);
  if (!stream) return null;
  const parameters: Record<string, string> = {};
  for (const p of (stream[2] ?? "").matchAll(/<Parameter\s+name="([^"]*)"\s+value="([^"]*)"\s*\/>/g)) parameters[unxml(p[1]!)] = unxml(p[2]!);
  return { url: unxml(stream[1]!), parameters };
}

/**
 * Twilio's request signature (X-Twilio-Signature): HMAC-SHA1 with the auth token over the full URL followed by
 * each POST parameter's name and value, sorted by name; base64.
 */
export async function twilioSignature(authToken: string, url: string, params: Record<string, string>): Promise<string> {
  const data = url + Object.keys(params).sort().map((k) => k + params[k]).join("");
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(authToken), { name: "HMAC", hash: "SHA-1" }, false, ["sign"]);
  return toBase64(new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(data))));
}

/** Compares two signatures in time independent of where they differ. */
export function sameSignature(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Twilio Media Streams' messages, as Twilio sends them to the platform. */
export type MediaStreamMessage =
  | { event: "connected" }
  | { event: "start"; streamSid: string; callSid: string; customParameters: Record<string, string> }
  | { event: "media"; payload: Uint8Array }
  | { event: "mark"; name: string }
  | { event: "stop" }
  | { event: "other" };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Reads one media-stream message; anything malformed is an error that ends the stream with its reason. */
export function parseMediaStreamMessage(data: string | ArrayBuffer): { ok: true; message: MediaStreamMessage } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = typeof data === "string" ? JSON.parse(data) : undefined;
  } catch {
    value = undefined;
  }
  if (!isObject(value) || typeof value.event !== "string") return { ok: false, error: "Media stream messages must be JSON objects with an event." };
  switch (value.event) {
    case "connected":
      return { ok: true, message: { event: "connected" } };
    case "start": {
      const start = isObject(value.start) ? value.start : {};
      const streamSid = typeof value.streamSid === "string" ? value.streamSid : start.streamSid;
      if (typeof streamSid !== "string" || typeof start.callSid !== "string") return { ok: false, error: "start needs streamSid and callSid." };
      const custom = isObject(start.customParameters) ? start.customParameters : {};
      const customParameters = Object.fromEntries(Object.entries(custom).filter((e): e is [string, string] => typeof e[1] === "string"));
      return { ok: true, message: { event: "start", streamSid, callSid: start.callSid, customParameters } };
    }
    case "media": {
      const payload = isObject(value.media) ? value.media.payload : undefined;
      if (typeof payload !== "string" || !/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) return { ok: false, error: "media needs a base64 payload of 8 kHz mu-law." };
      const binary = atob(payload);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      return { ok: true, message: { event: "media", payload: bytes } };
    }
    case "mark":
      return { ok: true, message: { event: "mark", name: isObject(value.mark) && typeof value.mark.name === "string" ? value.mark.name : "" } };
    case "stop":
      return { ok: true, message: { event: "stop" } };
    default:
      // dtmf and any later additions: understood as nothing to do.
      return { ok: true, message: { event: "other" } };
  }
}

/** The messages the platform sends Twilio on a bidirectional stream. */
export const mediaStreamMessages = {
  media: (streamSid: string, muLaw: Uint8Array) => ({ event: "media", streamSid, media: { payload: toBase64(muLaw) } }),
  mark: (streamSid: string, name: string) => ({ event: "mark", streamSid, mark: { name } }),
  clear: (streamSid: string) => ({ event: "clear", streamSid }),
};

/** Twilio sends and expects 20 ms frames: 160 bytes of 8 kHz mu-law. */
export const MEDIA_FRAME_BYTES = 160;

export type RecipientInput = { phoneNumber: string; initiation: Record<string, unknown> | null };

/**
 * A CSV of recipients (the batch-calling page): a header line naming `phone_number` (or `phone`), one recipient a
 * line. Columns first_message and language override the agent's for that call; every other column is kept as the
 * recipient's dynamic variables. Bad lines are listed with their line number and reason.
 */
export function parseRecipientsCsv(text: string): { recipients: RecipientInput[]; problems: { line: number; reason: string }[] } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = splitCsvLine(lines[0] ?? "").map((h) => h.trim().toLowerCase());
  const numberColumn = header.findIndex((h) => h === "phone_number" || h === "phone");
  if (numberColumn < 0) return { recipients: [], problems: [{ line: 1, reason: "The first line must name the columns, one of them phone_number." }] };
  const recipients: RecipientInput[] = [];
  const problems: { line: number; reason: string }[] = [];
  lines.slice(1).forEach((line, i) => {
    if (!line.trim()) return;
    const cells = splitCsvLine(line);
    const raw = (cells[numberColumn] ?? "").trim();
    const number = normalisePhoneNumber(raw);
    if (!number) return problems.push({ line: i + 2, reason: `${raw || "(empty)"} is not a phone number in international form.` });
    const agent: Record<string, string> = {};
    const variables: Record<string, string> = {};
    header.forEach((name, column) => {
      const value = (cells[column] ?? "").trim();
      if (column === numberColumn || !value || !name) return;
      if (name === "first_message" || name === "language") agent[name] = value;
      else variables[name] = value;
    });
    const initiation: Record<string, unknown> = {};
    if (Object.keys(agent).length) initiation.conversation_config_override = { agent };
    if (Object.keys(variables).length) initiation.dynamic_variables = variables;
    recipients.push({ phoneNumber: number, initiation: Object.keys(initiation).length ? initiation : null });
  });
  return { recipients, problems };
}

/** One CSV line's cells (double quotes enclose commas; "" is a quote). */
function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (ch === "," && !quoted) {
      cells.push(cell);
      cell = "";
    } else {
      cell += ch;
    }
  }
  cells.push(cell);
  return cells;
}

/** The conversation overrides a call carries (conversation_initiation_client_data), as the conversation socket reads them. */
export function initiationOverrides(initiation: Record<string, unknown> | null): { firstMessage?: string; language?: string; prompt?: string } {
  const override = isObject(initiation?.conversation_config_override) ? initiation.conversation_config_override : {};
  const agent = isObject(override.agent) ? override.agent : {};
  const prompt = isObject(agent.prompt) ? agent.prompt : {};
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  return { firstMessage: str(agent.first_message), language: str(agent.language), prompt: str(prompt.prompt) };
}
