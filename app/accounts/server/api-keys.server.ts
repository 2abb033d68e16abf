import type { Database } from "../../../db/client";
import { insertApiKey } from "../../../db/repositories/api-keys";
import { completeItem } from "../../../db/repositories/onboarding";
import { apiKeyPreview } from "~/accounts/rules/api-keys";
import { newId, randomHex, sha256Hex } from "./tokens.server";

/** Creates a key and returns it in plain text: the only moment it exists outside the caller's hands. */
export async function createApiKey(db: Database, workspaceId: string, userId: string, name: string) {
  const key = `sk_${randomHex(24)}`;
  const id = newId("key");
  const preview = apiKeyPreview(key);
  await insertApiKey(db, { id, workspaceId, userId, name, keyHash: await sha256Hex(key), preview });
  // Creating a key reveals it: that completes the onboarding item generate_api_key (once).
  await completeItem(db, userId, "generate_api_key");
  return { id, key, preview, name };
}
