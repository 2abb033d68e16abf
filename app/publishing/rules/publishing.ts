// Direct publishing (issue 24, decision 0046): a finished Studio project published as a read in the reader
// catalogue. The states and their transitions, the metadata a read needs, capacity per plan, and the metrics.
import { standardTierFor, type StandardTier, type Tier } from "../../../core/billing/plans";
import type { WorkspaceRole } from "../../../core/workspace/roles";

export const READ_STATES = ["draft", "in_review", "published", "unpublished"] as const;
export type ReadState = (typeof READ_STATES)[number];

/** What a member asks of a read; each moves it along one edge of the state machine. */
export const READ_ACTIONS = ["submit", "approve", "return", "unpublish"] as const;
export type ReadAction = (typeof READ_ACTIONS)[number];

export type Refusal = { httpStatus: 400 | 403 | 404 | 409; status: string; message: string };

/**
 * The transitions (decision 0046): an editor submits a draft or an unpublished read for review; a workspace admin
 * approves it (published) or returns it (draft); the submitter may also take it back (return); a published read
 * is unpublished by an editor and must pass review again to come back.
 */
const TRANSITIONS: Record<ReadAction, { from: readonly ReadState[]; to: ReadState; role: WorkspaceRole }> = {
  submit: { from: ["draft", "unpublished"], to: "in_review", role: "editor" },
  approve: { from: ["in_review"], to: "published", role: "admin" },
  return: { from: ["in_review"], to: "draft", role: "editor" },
  unpublish: { from: ["published"], to: "unpublished", role: "editor" },
};

export const ACTION_LABELS: Record<ReadAction, string> = {
  submit: "Submit for review",
  approve: "Approve and publish",
  return: "Return to draft",
  unpublish: "Unpublish",
};

export const STATE_LABELS: Record<ReadState, string> = {
  draft: "Draft",
  in_review: "In review",
  published: "Published",
  unpublished: "Unpublished",
};

/** The state an action leads to, or why it may not be taken (the role is checked here, the actor's identity by the caller). */
export function transition(state: ReadState, action: ReadAction, role: WorkspaceRole, isSubmitter: boolean): { ok: true; to: ReadState } | { ok: false; refusal: Refusal } {
  const edge = TRANSITIONS[action];
  if (!edge.from.includes(state)) {
    return { ok: false, refusal: { httpStatus: 409, status: "invalid_read_state", message: `A read that is ${STATE_LABELS[state].toLowerCase()} cannot be ${actionPast(action)}.` } };
  }
  // Taking one's own submission back needs no admin; returning someone else's is the reviewer's call.
  const needsAdmin = edge.role === "admin" || (action === "return" && !isSubmitter);
  if (needsAdmin && role !== "admin") {
    return { ok: false, refusal: { httpStatus: 403, status: "review_requires_admin", message: "Only a workspace admin can review a read (approve it, or return someone else's submission)." } };
  }
  return { ok: true, to: edge.to };
}

/** The actions a member in `role` can take on a read in `state` (for the page's buttons). */
export function availableActions(state: ReadState, role: WorkspaceRole, isSubmitter: boolean): ReadAction[] {
  return READ_ACTIONS.filter((action) => transition(state, action, role, isSubmitter).ok);
}

function actionPast(action: ReadAction): string {
  return { submit: "submitted for review", approve: "approved", return: "returned to draft", unpublish: "unpublished" }[action];
}

/** States that hold one of the plan's publishing slots. */
export const CAPACITY_STATES: readonly ReadState[] = ["in_review", "published"];

/** Reads a workspace may have in review or published at once, per plan (decision 0046). */
export const PUBLISHING_CAPACITY: Record<StandardTier, number> = {
  free: 1,
  starter: 3,
  creator: 10,
  pro: 25,
  growing_business: 100,
  scale_2024_08_10: 250,
};

export function publishingCapacity(tier: Tier): number {
  return PUBLISHING_CAPACITY[standardTierFor(tier)];
}

export function capacityRefusal(capacity: number): Refusal {
  return {
    httpStatus: 403,
    status: "publishing_capacity_reached",
    message: `Your plan allows ${capacity} read${capacity === 1 ? "" : "s"} in review or published at once. Unpublish a read or upgrade your plan to publish more.`,
  };
}

export const TERMS_REFUSAL: Refusal = {
  httpStatus: 403,
  status: "publishing_terms_not_agreed",
  message: "Agree to the publishing payouts terms before submitting a read (POST /v1/publishing/terms, or on the publishing page).",
};

export const READ_NOT_FOUND = (readId: string): Refusal => ({ httpStatus: 404, status: "read_not_found", message: `A read with the read_id ${readId} was not found.` });
export const PROJECT_NOT_FOUND = (projectId: string): Refusal => ({ httpStatus: 404, status: "project_not_found", message: `A Studio project with the project_id ${projectId} was not found.` });
export const READ_EXISTS: Refusal = { httpStatus: 409, status: "read_exists", message: "This project already has a read; open it on the publishing page." };

/** The book metadata a read takes from its project. */
export type ReadMetadata = {
  title: string;
  author: string;
  description: string;
  genres: string[];
  language: string | null;
  matureContent: boolean;
  isbn: string | null;
  hasCover: boolean;
  /** Whether the project has a finished conversion (a project snapshot) to play. */
  hasAudio: boolean;
};

export const DESCRIPTION_MIN = 20;

/** Every required field that is missing or wrong, named as the project's settings name it; empty when publishable. */
export function missingMetadata(meta: ReadMetadata): string[] {
  const missing: string[] = [];
  if (!meta.title.trim()) missing.push("title");
  if (!meta.author.trim()) missing.push("author");
  if (meta.description.trim().length < DESCRIPTION_MIN) missing.push(`description (at least ${DESCRIPTION_MIN} characters)`);
  if (meta.genres.length === 0) missing.push("genres (at least one)");
  if (!meta.language) missing.push("language");
  if (!meta.hasCover) missing.push("cover image");
  if (meta.isbn && !validIsbn(meta.isbn)) missing.push("isbn_number (not a valid ISBN-10 or ISBN-13)");
  if (!meta.hasAudio) missing.push("a finished conversion of the whole project");
  return missing;
}

export function metadataRefusal(missing: string[]): Refusal {
  return { httpStatus: 400, status: "read_metadata_missing", message: `The project cannot be published yet; set in its settings: ${missing.join(", ")}.` };
}

/** ISBN-10 or ISBN-13 with its check digit (hyphens and spaces ignored). */
export function validIsbn(value: string): boolean {
  const s = value.replace(/[\s-]/g, "").toUpperCase();
  if (/^\d{13}$/.test(s)) {
    const sum = [...s].reduce((n, d, i) => n + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
    return sum % 10 === 0;
  }
  if (/^\d{9}[\dX]$/.test(s)) {
    const sum = [...s].reduce((n, d, i) => n + (d === "X" ? 10 : Number(d)) * (10 - i), 0);
    return sum % 11 === 0;
  }
  return false;
}

// Metrics: counted per read and UTC day from the listening page, with no cookie and nothing about the listener.

export const METRIC_EVENTS = ["play", "listen", "complete"] as const;
export type MetricEvent = { type: "play" } | { type: "listen"; seconds: number } | { type: "complete" };

/** The page reports listening at least this often; one report counts at most LISTEN_REPORT_MAX_MS. */
export const LISTEN_REPORT_SECONDS = 15;
export const LISTEN_REPORT_MAX_MS = 60_000;
export const METRIC_EVENT_MAX_BYTES = 200;

export function parseMetricEvent(text: string): MetricEvent | null {
  if (text.length > METRIC_EVENT_MAX_BYTES) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const e = value as { type?: unknown; seconds?: unknown } | null;
  if (e?.type === "play") return { type: "play" };
  if (e?.type === "complete") return { type: "complete" };
  if (e?.type === "listen" && typeof e.seconds === "number" && Number.isFinite(e.seconds) && e.seconds > 0) return { type: "listen", seconds: e.seconds };
  return null;
}

/** What one event adds to the day's counts. */
export function metricIncrement(event: MetricEvent): { listens: number; listenMs: number; completions: number } {
  return {
    listens: event.type === "play" ? 1 : 0,
    listenMs: event.type === "listen" ? Math.min(LISTEN_REPORT_MAX_MS, Math.round(event.seconds * 1000)) : 0,
    completions: event.type === "complete" ? 1 : 0,
  };
}

/** Completion rate: completions per listen, 0 without listens, never above 1. */
export function completionRate(listens: number, completions: number): number {
  return listens === 0 ? 0 : Math.min(1, completions / listens);
}

export const GENRE_MAX = 10;
export const COLLECTION_NAME_MAX = 100;
export const COLLECTION_READS_MAX = 100;

export function collectionName(name: string): string | null {
  const trimmed = name.trim();
  return trimmed.length === 0 || trimmed.length > COLLECTION_NAME_MAX ? null : trimmed;
}
