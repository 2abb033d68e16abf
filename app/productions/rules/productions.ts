/**
 * The productions marketplace's rules (issue 24 item 3, decision 0047): what can be ordered and its price,
 * the task states and who moves them, and the qualification tests with their scoring.
 */

export const PRODUCTION_KINDS = ["studio_project", "dub", "transcript"] as const;
export type ProductionKind = (typeof PRODUCTION_KINDS)[number];

export const KIND_LABELS: Record<ProductionKind, string> = {
  studio_project: "Studio project (audiobook)",
  dub: "Dub",
  transcript: "Transcript",
};

/** The currency of quotes and earnings; amounts are integers in its smallest unit (cents). */
export const PRODUCTION_CURRENCY = "usd";

/** The price rule: a rate per minute of finished audio, with a minimum order. */
export const RATE_PER_MINUTE: Record<ProductionKind, number> = { studio_project: 300, dub: 500, transcript: 100 };
export const MINIMUM_QUOTE = 1000;
/** The producer's share of the quote, in percent (the rest is the platform's review and handling). */
export const PRODUCER_SHARE_PERCENT = 70;
export const MAX_MINUTES = 6000;
/** Days a producer has to deliver after claiming. */
export const TURNAROUND_DAYS: Record<ProductionKind, number> = { studio_project: 14, dub: 7, transcript: 3 };
/** One extension moves the deadline by this much (a customer may extend more than once). */
export const EXTENSION_DAYS = 7;
export const MAX_DELIVERABLE_BYTES = 100 * 1024 * 1024;
export const MAX_FEEDBACK_CHARS = 2000;

export type Quote = { amount: number; producerAmount: number; currency: string; ratePerMinute: number; minutes: number };

export function quoteFor(kind: ProductionKind, minutes: number): Quote {
  const whole = Math.max(1, Math.ceil(minutes));
  const amount = Math.max(MINIMUM_QUOTE, RATE_PER_MINUTE[kind] * whole);
  return { amount, producerAmount: Math.floor((amount * PRODUCER_SHARE_PERCENT) / 100), currency: PRODUCTION_CURRENCY, ratePerMinute: RATE_PER_MINUTE[kind], minutes: whole };
}

/** An amount in the smallest unit, for people: 1234 usd is "$12.34". */
export function formatAmount(amount: number, currency: string = PRODUCTION_CURRENCY): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(amount / 100);
}

/**
 * A task's states: open (waiting for a producer), claimed, submitted (waiting for the customer), returned
 * (with feedback), acknowledged (the producer has read the feedback and is reworking), accepted (final).
 */
export const TASK_STATES = ["open", "claimed", "submitted", "returned", "acknowledged", "accepted"] as const;
export type TaskState = (typeof TASK_STATES)[number];

export const STATE_LABELS: Record<TaskState, string> = {
  open: "Waiting for a producer",
  claimed: "In production",
  submitted: "Delivered, waiting for review",
  returned: "Returned with feedback",
  acknowledged: "Feedback acknowledged, in rework",
  accepted: "Accepted",
};

export type TaskAction = "claim" | "submit" | "acknowledge" | "accept" | "return" | "revoke" | "extend";
/** Who may take an action: the claiming producer, a member of the ordering workspace, or its admin. */
export type TaskRole = "producer" | "customer" | "admin";

const TRANSITIONS: Record<TaskAction, { from: readonly TaskState[]; to: TaskState | "same"; by: TaskRole }> = {
  claim: { from: ["open"], to: "claimed", by: "producer" },
  submit: { from: ["claimed", "acknowledged"], to: "submitted", by: "producer" },
  acknowledge: { from: ["returned"], to: "acknowledged", by: "producer" },
  accept: { from: ["submitted"], to: "accepted", by: "customer" },
  return: { from: ["submitted"], to: "returned", by: "customer" },
  revoke: { from: ["claimed", "submitted", "returned", "acknowledged"], to: "open", by: "admin" },
  extend: { from: ["claimed", "returned", "acknowledged"], to: "same", by: "customer" },
};

/** The states an action may start from (for the conditional UPDATE that makes racing actions safe). */
export function statesFrom(action: TaskAction): readonly TaskState[] {
  return TRANSITIONS[action].from;
}

export function roleFor(action: TaskAction): TaskRole {
  return TRANSITIONS[action].by;
}

/** The state after the action, or null when the action is not allowed from `state`. */
export function nextState(state: TaskState, action: TaskAction): TaskState | null {
  const rule = TRANSITIONS[action];
  if (!rule.from.includes(state)) return null;
  return rule.to === "same" ? state : rule.to;
}

/** What a refused action says, for each action (the task moved on, or was never in that state). */
export const REFUSED: Record<TaskAction, string> = {
  claim: "This task has already been claimed by another producer.",
  submit: "Only a task you are working on can be delivered (acknowledge returned feedback first).",
  acknowledge: "There is no returned feedback to acknowledge on this task.",
  accept: "Only a delivered task can be accepted.",
  return: "Only a delivered task can be returned with feedback.",
  revoke: "Only a claimed task can be revoked.",
  extend: "The deadline can be extended only while a producer is working on the task.",
};

export const DAY_SECONDS = 86_400;

export function deadlineAfterClaim(kind: ProductionKind, claimedAt: number): number {
  return claimedAt + TURNAROUND_DAYS[kind] * DAY_SECONDS;
}

/**
 * The qualification test of each kind (decision 0047): a passage as a machine or a careless producer left it,
 * with slips a producer must catch. The producer returns the corrected text; it is scored word by word against
 * the reference and passes at PASS_PERCENT.
 */
export const QUALIFICATION_TESTS: Record<ProductionKind, { task: string; draft: string; reference: string }> = {
  studio_project: {
    task: "Proofread this narration script before recording: fix the spelling, the repeated word and the wrong homophone.",
    draft: "The lighthouse keeper climbed the the stairs every evening, counting each step untill he reached the lamp. Their he waited for the ships.",
    reference: "The lighthouse keeper climbed the stairs every evening, counting each step until he reached the lamp. There he waited for the ships.",
  },
  dub: {
    task: "Correct this translated dub script: fix the wrong word order, the missing word and the spelling.",
    draft: "We need leave before the train departs, otherwise we will miss the meeting in the citty centre tomorrow morning early.",
    reference: "We need to leave before the train departs, otherwise we will miss the meeting in the city centre early tomorrow morning.",
  },
  transcript: {
    task: "Correct this machine transcript: fix the misheard words and the punctuation of the speaker's question.",
    draft: "Could you send me the quarterly report bye Friday. I want to review the numbers with the hole team before the board meats.",
    reference: "Could you send me the quarterly report by Friday? I want to review the numbers with the whole team before the board meets.",
  },
};

export const PASS_PERCENT = 95;

/** Words for comparison: lower case, punctuation kept on the word (a missing question mark is a mistake). */
function words(text: string): string[] {
  return text.toLowerCase().split(/\s+/).filter(Boolean);
}

/** The answer's score in percent: 100 × (1 − word edit distance / reference words), never below 0. */
export function scoreAnswer(reference: string, answer: string): number {
  const ref = words(reference);
  const hyp = words(answer);
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const row = [i];
    for (let j = 1; j <= hyp.length; j++) row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    previous = row;
  }
  const distance = previous[hyp.length];
  return Math.max(0, Math.round(100 * (1 - distance / ref.length)));
}

export function isProductionKind(value: unknown): value is ProductionKind {
  return typeof value === "string" && (PRODUCTION_KINDS as readonly string[]).includes(value);
}

export const MAX_TITLE_CHARS = 120;
export const MAX_INSTRUCTIONS_CHARS = 4000;
export const MAX_BIO_CHARS = 600;
