import { z } from "zod";
import { keyScope } from "../../../core/workspace/key-scopes";
import { apiKeyName } from "~/accounts/rules/api-keys";

/** The SDK's documented default: "a workspace can have up to 20 service accounts". */
export const MAX_SERVICE_ACCOUNTS = 20;
export const MAX_KEY_CHARACTER_LIMIT = 1_000_000_000;

export const serviceAccountName = z.string().trim().min(1, "Enter a name for the service account.").max(100, "At most 100 characters.");
/** "all", or the scopes the key may use (at least one). */
export const keyPermissions = z.union([z.literal("all"), z.array(keyScope).min(1, "Choose at least one permission, or all.").max(60)]);
export const keyCharacterLimit = z.number().int().min(1).max(MAX_KEY_CHARACTER_LIMIT);
export const serviceKeyCreate = z.object({ name: apiKeyName, permissions: keyPermissions, character_limit: keyCharacterLimit.nullish(), third_party_disable_allowed: z.boolean().nullish() });

/** What the service accounts page and API say. */
export const SERVICE_ACCOUNT_TEXTS = {
  intro: "Service accounts belong to the workspace, not to a person: give a backend its own key, limited to what it needs.",
  adminsOnly: "Only workspace admins can manage service accounts and their keys.",
  notByServiceAccount: "A service account cannot manage service accounts.",
  notFound: "Service account not found.",
  keyNotFound: "API key not found.",
  limit: `A workspace can have up to ${MAX_SERVICE_ACCOUNTS} service accounts.`,
  created: (name: string) => `Copy the new key “${name}” now. It will not be shown again.`,
  empty: "No service accounts yet",
  emptyHint: "Create one for each system that calls the API on the workspace's behalf.",
  allPermissions: "All permissions",
  noCap: "No monthly cap",
} as const;

/** The scopes offered on the page, grouped by what people recognise (the API takes any scope). */
export const SCOPE_CHOICES = [
  { scope: "text_to_speech", label: "Text to speech" },
  { scope: "voices_read", label: "Voices: read" },
  { scope: "voices_write", label: "Voices: change" },
  { scope: "create_instant_voice_clone", label: "Instant voice cloning" },
  { scope: "speech_history_read", label: "History: read" },
  { scope: "speech_history_write", label: "History: change" },
  { scope: "sound_generation", label: "Sound effects" },
  { scope: "audio_isolation", label: "Voice isolator" },
  { scope: "models_read", label: "Models: read" },
  { scope: "user_read", label: "User and usage: read" },
] as const;
