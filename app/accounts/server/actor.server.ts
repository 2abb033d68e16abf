import type { UserRow } from "../../../db/repositories/users";
import type { Membership } from "../../../db/repositories/workspaces";

export type { UserRow };

/**
 * Who acts, for every server module: a user in one of their workspaces, signed in through the browser
 * session or an API key (a service account will be a third way in). The /v1 layer builds one in
 * `requireCaller`, the pages get one from `requireViewer`; the server modules below both take it.
 */
export type Actor = {
  user: UserRow;
  membership: Membership;
  via: "session" | "api_key";
  /** The API key the request came with; null for the browser session. */
  apiKeyId: string | null;
  /**
   * The key's own limits: the scopes it may use (null: all its owner may do) and its monthly credit cap. Absent
   * for the session. The owner is a person or a service account (`user.serviceAccountWorkspaceId` set).
   */
  key?: { scopes: readonly string[] | null; characterLimit: number | null; thirdPartyDisableAllowed: boolean | null };
};

/** Whether a service account acts (a user of one workspace that never signs in, decision 0034). */
export function isServiceAccount(actor: Actor): boolean {
  return actor.user.serviceAccountWorkspaceId !== null;
}
