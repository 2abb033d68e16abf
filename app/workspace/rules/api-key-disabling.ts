// Disabling API keys by their holder (decision 0088): POST /v1/workspaces/api-keys/disable?api_key_name=self turns off
// the key the request came with (a leaked key is switched off by whoever holds it); the workspace's third-party
// disabling policy may forbid that for every key.

/** The confirmation the SDK sends: only the calling key can be disabled this way. */
export const SELF = "self";

/**
 * Whether the holder of a key may disable it: the workspace's override when an admin set one (true or false),
 * else allowed, as the commercial API's default.
 */
export function holderMayDisable(workspaceOverride: boolean | null): boolean {
  return workspaceOverride ?? true;
}

export const API_KEY_DISABLING_TEXTS = {
  needsKey: "Send this request with the API key to disable (xi-api-key header): a browser session has no key to disable.",
  notSelf: "Set api_key_name=self to confirm that the key this request came with is the one to disable.",
  forbiddenByPolicy: "This workspace does not allow API keys to be disabled by their holder: ask a workspace admin to delete or disable the key.",
  policyForbidden: "Only workspace admins and members with the Workspace settings permission can change the API key disabling policy.",
};
