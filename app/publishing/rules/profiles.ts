// Public profiles (issue 24 item 5, decision 0046): the handle's rules and how long an old handle redirects.
import { READER_BRAND } from "../../../core/brand";

export const HANDLE_MIN = 3;
export const HANDLE_MAX = 30;
/** Lowercase letters, digits, hyphens and underscores, starting with a letter (so a handle never looks like an id). */
export const HANDLE_PATTERN = /^[a-z][a-z0-9_-]*$/;

/** Words a handle may not be: the site's own paths and names that would mislead visitors. */
export const RESERVED_HANDLES: readonly string[] = [
  "admin", "administrator", "api", "app", "about", "help", "support", "settings", "profiles", "profile", "reads", "reader",
  "publishing", "studio", "voices", "voice-library", "pricing", "privacy", "terms", "safety", "security", "staff", "moderator",
  "official", "root", "system", "null", "undefined", "parlance", "agents", "billing", "login", "sign-in", "sign-up", "me",
];

/** An old handle keeps redirecting to the new one (and stays reserved for its owner) this long. */
export const OLD_HANDLE_REDIRECT_DAYS = 30;
export const OLD_HANDLE_REDIRECT_SECONDS = OLD_HANDLE_REDIRECT_DAYS * 86_400;

export type HandleCheck = { ok: true; handle: string } | { ok: false; status: "handle_invalid" | "handle_reserved"; message: string };

/** A handle as typed, normalised (trimmed, lowercased, a leading @ dropped) and checked. */
export function checkHandle(input: string): HandleCheck {
  const handle = input.trim().replace(/^@/, "").toLowerCase();
  if (handle.length < HANDLE_MIN || handle.length > HANDLE_MAX) {
    return { ok: false, status: "handle_invalid", message: `A handle has ${HANDLE_MIN} to ${HANDLE_MAX} characters.` };
  }
  if (!HANDLE_PATTERN.test(handle)) {
    return { ok: false, status: "handle_invalid", message: "A handle starts with a letter and has only lowercase letters, digits, hyphens and underscores." };
  }
  if (RESERVED_HANDLES.includes(handle)) return { ok: false, status: "handle_reserved", message: `The handle "${handle}" is reserved.` };
  return { ok: true, handle };
}

export const HANDLE_TAKEN = (handle: string) => ({ status: "handle_taken" as const, message: `The handle "${handle}" is taken.` });

export const profilePath = (handle: string) => `/profiles/${handle}`;

/**
 * The reader flavour's origin for a page on the main host (decision 0046): the same host with the reader brand
 * as its first label (reader.example.com, reader.localhost:5173); a host already in the reader flavour stays. An
 * address (127.0.0.1, [::1]: a machine of one's own) has no labels: reader.localhost, which browsers resolve to it.
 */
export function readerOrigin(origin: string): string {
  const url = new URL(origin);
  if (url.hostname.includes(READER_BRAND)) return url.origin;
  const isAddress = /^[\d.]+$/.test(url.hostname) || url.hostname.startsWith("[");
  url.hostname = isAddress ? `${READER_BRAND}.localhost` : `${READER_BRAND}.${url.hostname.replace(/^www\./, "")}`;
  return url.origin;
}

/** The main host's origin from the reader flavour's (the inverse of readerOrigin). */
export function mainOrigin(origin: string): string {
  const url = new URL(origin);
  url.hostname = url.hostname.replace(new RegExp(`^${READER_BRAND}\\.`), "");
  return url.origin;
}
