/**
 * Workspace invites (issue 16, item 2): an invite is accepted only by a verified account of the invited address
 * holding the invite's own token, which only the invite e-mail carries, as the `invite_code` of its link (the
 * spec's name for it in the account-action links and local storage).
 */
export const INVITES_PATH = "/app/settings/workspace-invites";
export const INVITE_CODE_PARAM = "invite_code";

/** Random bytes in an invite token (hex encoded: 48 characters). */
export const INVITE_CODE_BYTES = 24;

/** The link the invite e-mail carries: the invites page with the token, where the invitee accepts. */
export function inviteLink(origin: string, code: string): string {
  const url = new URL(INVITES_PATH, origin);
  url.searchParams.set(INVITE_CODE_PARAM, code);
  return url.toString();
}

/** Whether a value can be an invite token at all (anything else is not looked up). */
export function isInviteCodeShape(code: string | null | undefined): code is string {
  return typeof code === "string" && new RegExp(`^[0-9a-f]{${INVITE_CODE_BYTES * 2}}$`).test(code);
}

export const INVITE_TEXTS = {
  needsVerifiedEmail: "Verify your e-mail address before answering workspace invites: open the link we sent you.",
  notFound: "Invite not found",
  openTheEmailLink: "To accept, open the link in the invitation e-mail.",
  otherAddress: "This invite was sent to another e-mail address. Sign in with that address to answer it.",
} as const;
