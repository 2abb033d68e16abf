// Disabling API keys by their holder (decision 0088): POST /v1/workspaces/api-keys/disable?api_key_name=self turns off
// the key the request came with (a leaked key is switched off by whoever holds it); the workspace's third-party
// disabling policy may forbid that for every key.

/** The confirmation the SDK sends: only the calling key can be disabled this way. */
export const SELF = "self";

/**
 * Whether the holder of a key may disable it. A workspace that forbids it forbids it for every key; otherwise the
 * key's own setting (a service account's key) decides, else the workspace's override, else allowed, as the
 * commercial API's default for plans other than Enterprise.
 */
export function holderMayDisable(workspaceOverride: boolean | null, keyOverride: boolean | null = null): boolean {
  if (workspaceOverride === false) return false;
  return keyOverride ?? workspaceOverride ?? true;
}

export const API_KEY_DISABLING_TEXTS = {
  needsKey: "Send this request with the API key to disable (xi-api-key header): a browser session has no key to disable.",
  notSelf: "Set api_key_name=self to confirm that the key this request came with is the one to disable.",
  forbiddenByPolicy: "This workspace does not allow API keys to be disabled by their holder: ask a workspace admin to delete or disable the key.",
  forbiddenForKey: "This key may not be disabled by its holder (set on the service account's key): ask a workspace admin to delete or disable it.",
  policyForbidden: "Only workspace admins and members with the Workspace settings permission can change the API key disabling policy.",
};
