// The SMS second factor's rules (decision 0044): which numbers are accepted, how a number is shown, the texted
// code and how long it lives.
import { PRODUCT_NAME } from "../../../core/brand";

export const SMS_CODE_DIGITS = 6;
/** A texted code works for ten minutes, once. */
export const SMS_CODE_TTL_SECONDS = 600;
/** Wrong tries against one texted code before it is withdrawn (a million codes, five guesses). */
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** One code a minute per account: texts cost money and a flood of them is abuse. */
export const SMS_RESEND_SECONDS = 60;

export const PHONE_NUMBER_INVALID = "Enter the number in international form, starting with + and the country code, e.g. +44 7700 900123.";
export const SMS_RESEND_TOO_SOON = "A code was sent less than a minute ago. Wait a moment before asking for another.";
export const SMS_NOT_SENT = "The text message could not be sent. Try again in a few minutes, or use a backup code.";

/**
 * E.164: "+", a country code not starting with 0, 8 to 15 digits in all. Spaces, dots, dashes and brackets are
 * dropped, and so is the trunk "(0)" people write after the country code ("+44 (0)7700 ...").
 */
export function normalisePhoneNumber(input: string): string | null {
  const compact = input.trim().replace("(0)", "").replace(/[\s.\-()]/g, "");
  return /^\+[1-9]\d{7,14}$/.test(compact) ? compact : null;
}

/** The number as pages show it: the country code and the last two digits, the rest hidden. */
export function maskPhoneNumber(e164: string): string {
  const digits = e164.slice(1);
  const country = digits.length > 10 ? digits.slice(0, digits.length - 10) : digits.slice(0, 1);
  return `+${country} ${"•".repeat(Math.max(0, digits.length - country.length - 2))}${digits.slice(-2)}`;
}

/** A code of SMS_CODE_DIGITS digits, uniformly drawn (rejection sampling: no modulo bias). */
export function newSmsCode(): string {
  const limit = 10 ** SMS_CODE_DIGITS;
  const ceiling = Math.floor(2 ** 32 / limit) * limit;
  for (;;) {
    const [value] = crypto.getRandomValues(new Uint32Array(1));
    if (value! < ceiling) return String(value! % limit).padStart(SMS_CODE_DIGITS, "0");
  }
}

export function smsCodeMessage(code: string): string {
  return `${code} is your ${PRODUCT_NAME} sign-in code. It expires in ${SMS_CODE_TTL_SECONDS / 60} minutes. Never share it: we will not ask for it.`;
}

/** Seconds until another code may be sent (0: now). */
export function smsResendWait(sentAt: number | null, now: number): number {
  return sentAt === null ? 0 : Math.max(0, sentAt + SMS_RESEND_SECONDS - now);
}

/** What sending a code came to (app/accounts/server/two-factor.server.ts). */
export type TextedCodeOutcome = { outcome: "sent"; to: string } | { outcome: "wait"; seconds: number } | { outcome: "failed" } | { outcome: "unavailable" };

/** How a page answers a texted code's outcome: the same words and statuses wherever a code was asked for. */
export function textedCodeAnswer(texted: TextedCodeOutcome): { status: number; notice?: string; error?: string; retryAfter?: number } {
  switch (texted.outcome) {
    case "sent":
      return { status: 200, notice: `We texted a code to ${maskPhoneNumber(texted.to)}.` };
    case "wait":
      return { status: 429, error: SMS_RESEND_TOO_SOON, retryAfter: texted.seconds };
    case "failed":
      return { status: 503, error: SMS_NOT_SENT };
    case "unavailable":
      return { status: 400, error: "This account has no number for texted codes." };
  }
}
