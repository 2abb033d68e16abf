import { z } from "zod";

/** API keys look like the commercial service's: `sk_` and 48 hex characters. */
export const API_KEY_PATTERN = /^sk_[0-9a-f]{48}$/;
export const API_KEY_HEADER = "xi-api-key";
export const MAX_API_KEY_NAME = 100;

/** What lists show instead of the key: its first characters and last four. */
export function apiKeyPreview(key: string): string {
  return `${key.slice(0, 5)}…${key.slice(-4)}`;
}

export const apiKeyName = z.string().trim().min(1, "Enter a name for the key.").max(MAX_API_KEY_NAME, `At most ${MAX_API_KEY_NAME} characters.`);

/** What the API keys page says (one place, so the page and its tests agree). */
export const API_KEY_TEXTS = {
  intro: "Send a key in the xi-api-key header to use the API. A key is shown once, when it is created.",
  created: (name: string) => `Copy your new key “${name}” now. It will not be shown again.`,
  copied: "API key copied to clipboard",
  notFound: "API key not found.",
  empty: "No API keys yet",
  emptyHint: "Create a key to call the API from your own code.",
  deleteTitle: "Delete this API key?",
  deleteText: (name: string) => `Anything using “${name}” stops working at once. This cannot be undone.`,
  neverUsed: "Never",
  disabled: "Disabled",
  disabledHint: "Disabled with POST /v1/workspaces/api-keys/disable: requests with it are refused until you enable it.",
} as const;

/** What a request with a turned-off key is told (decision 0088): it exists, and who can turn it back on. */
export const API_KEY_DISABLED = "This API key is disabled. Its owner (or, for a service account's key, a workspace admin) can enable it again; until then use another key.";
