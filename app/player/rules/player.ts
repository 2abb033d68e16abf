import { KEYBOARD_SKIP_SECONDS } from "../../../core/audio/waveform";

/** The global player's rules (spec accounts §4.7, §5, §9). */
export const PLAYER_SPEEDS = [0.8, 1, 1.2, 1.5, 2] as const;
export const SKIP_SECONDS = 10;
// Shared with the public share page's seek surface.
export { KEYBOARD_SKIP_SECONDS };
export const PROGRESS_TICK_MS = 25;
export const PLAYER_HEIGHT = "5rem";
/** Feedback controls appear after this much playback, or at the end. */
export const FEEDBACK_AFTER_SECONDS = 3;
/** Duration estimate for text not yet spoken. */
export const WORDS_PER_MINUTE = 140;

/** Finding a generated item: one poll after 1 s, then up to 10 tries 5 s apart. */
export const HISTORY_POLL_DELAYS_MS = [1000, ...Array.from({ length: 10 }, () => 5000)];
export const ITEM_NOT_FOUND = "This generation could not be found in your history yet. It will appear there once it is saved.";

export function estimateDurationMs(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return Math.round((words / WORDS_PER_MINUTE) * 60_000);
}

export function clampTime(seconds: number, duration: number): number {
  return Math.min(Math.max(0, seconds), Number.isFinite(duration) && duration > 0 ? duration : Math.max(0, seconds));
}

export function showFeedbackControls(currentTime: number, ended: boolean): boolean {
  return ended || currentTime >= FEEDBACK_AFTER_SECONDS;
}

/** Keyboard shortcuts never fire while the user types in a field. */
export function isTypingTarget(target: { tagName?: string; isContentEditable?: boolean } | null): boolean {
  if (!target) return false;
  return Boolean(target.isContentEditable) || ["INPUT", "TEXTAREA", "SELECT"].includes((target.tagName ?? "").toUpperCase());
}

export type PlayerKeyAction = { type: "toggle" } | { type: "seekBy"; seconds: number } | null;

export function keyAction(key: string): PlayerKeyAction {
  if (key === " " || key === "Spacebar") return { type: "toggle" };
  if (key === "ArrowLeft") return { type: "seekBy", seconds: -KEYBOARD_SKIP_SECONDS };
  if (key === "ArrowRight") return { type: "seekBy", seconds: KEYBOARD_SKIP_SECONDS };
  return null;
}

// Feedback (spec §3 payload, §5 rules, §8 texts).
export const FEEDBACK_MIN_LENGTH = 20;
export const FEEDBACK_MAX_LENGTH = 200;
/** Positive feedback on a longer text does not open the dialog. */
export const POSITIVE_DIALOG_MAX_TEXT = 400;
export const FEEDBACK_TOO_SHORT = "Feedback must be at least 20 characters long";
export const FEEDBACK_SUBMITTED = "Your feedback has been submitted. Thank you";
export const FEEDBACK_ALREADY_REVIEWED = "This feedback cannot be changed as it was already reviewed.";
export const FEEDBACK_ISSUES = ["emotions", "inaccurate_clone", "glitches", "audio_quality", "other"] as const;

export type Feedback = {
  thumbs_up: boolean;
  feedback: string;
  emotions: boolean;
  inaccurate_clone: boolean;
  glitches: boolean;
  audio_quality: boolean;
  other: boolean;
  review_status?: "not_reviewed" | "reviewed";
};

/** Negative feedback always opens the dialog; positive only when the item's text is at most 400 characters. */
export function opensFeedbackDialog(thumbsUp: boolean, itemTextLength: number): boolean {
  return !thumbsUp || itemTextLength <= POSITIVE_DIALOG_MAX_TEXT;
}

/** A thumbs click saves only when it changes the value. */
export function thumbsChanged(previous: boolean | null | undefined, next: boolean): boolean {
  return previous !== next;
}

/** Feedback length as the rules count it: characters (not UTF-16 units), without surrounding spaces. */
export function feedbackLength(text: string): number {
  return [...text.trim()].length;
}

/**
 * The live counter under the feedback text, shown from the start so the minimum is known before Submit:
 * the minimum until it is reached, then the maximum.
 */
export function feedbackCounterText(text: string): string {
  const length = feedbackLength(text);
  return length < FEEDBACK_MIN_LENGTH ? `${length}/${FEEDBACK_MIN_LENGTH} characters minimum` : `${length}/${FEEDBACK_MAX_LENGTH} characters`;
}

export function feedbackTextError(text: string): string | null {
  const length = feedbackLength(text);
  if (length === 0) return null;
  if (length < FEEDBACK_MIN_LENGTH) return FEEDBACK_TOO_SHORT;
  if (length > FEEDBACK_MAX_LENGTH) return `Feedback must be at most ${FEEDBACK_MAX_LENGTH} characters long`;
  return null;
}
