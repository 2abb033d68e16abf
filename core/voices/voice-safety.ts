import { z } from "zod";

/** A voice's safety control (spec: Voice.safety_control): BAN blocks it, CAPTCHA asks for a check first. */
export const SAFETY_CONTROLS = ["BAN", "CAPTCHA"] as const;
export type SafetyControl = (typeof SAFETY_CONTROLS)[number];
export const safetyControlSchema = z.enum(SAFETY_CONTROLS);

export type SafetyDialog = "voiceBlocked" | "voiceCaptcha";

/**
 * Which dialog choosing or playing a voice opens: none on the page's first load (a restored selection is
 * not a choice) and none again for a voice the person has already seen one for.
 */
export function safetyDialogFor(voice: { voiceId: string; safetyControl: SafetyControl | null | undefined }, seen: ReadonlySet<string>, firstLoad: boolean): SafetyDialog | null {
  if (firstLoad || !voice.safetyControl || seen.has(voice.voiceId)) return null;
  return voice.safetyControl === "BAN" ? "voiceBlocked" : "voiceCaptcha";
}

/** Whether a voice may generate speech at all (the API refuses a blocked voice). */
export function voiceUsable(safetyControl: SafetyControl | null | undefined): boolean {
  return safetyControl !== "BAN";
}

export const VOICE_BLOCKED_TITLE = "This voice is unavailable";
export function voiceBlockedText(voiceName: string): string {
  return `${voiceName} has been blocked by our safety team and can no longer be used to generate or play speech.`;
}
export const VOICE_BLOCKED_API_MESSAGE = "This voice has been blocked by our safety team and cannot be used.";

export const VOICE_CAPTCHA_TITLE = "Verify to use this voice";
export function voiceCaptchaText(voiceName: string): string {
  return `${voiceName} needs a quick check before it can be used. Type the characters shown to continue.`;
}
export const VOICE_CAPTCHA_WRONG = "The characters do not match. Try again.";
export const VOICE_CAPTCHA_EXPIRED = "That picture has expired. Here is a new one.";
export const VOICE_CAPTCHA_UNAVAILABLE = "The check could not be loaded. Try again.";
export const VOICE_CAPTCHA_IMAGE_ALT = "Five characters drawn in a picture. To hear them instead, use Listen to the characters.";

/** The server's challenge for the voiceCaptcha check (decision 0023): characters that are easy to read (no 0/O, 1/l/I). */
export const CAPTCHA_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const CAPTCHA_LENGTH = 5;
export function captchaChallenge(random: () => number): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[Math.floor(random() * CAPTCHA_ALPHABET.length)]).join("");
}
export function captchaSolved(challenge: string, answer: string): boolean {
  return answer.replace(/\s+/g, "").toUpperCase() === challenge;
}

/** Where the voices a person has already seen a safety dialog for are kept (per browser session). */
export const SEEN_VOICES_STORAGE_KEY = "parlance.voiceSafetySeen";
