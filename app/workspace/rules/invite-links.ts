/**
 * The workspace's invite link (issue 23 item 6, decision 0061): one per workspace, made, rotated and turned off by
 * those who may invite (admins and members with the Workspace settings permission). A signed-in person with a
 * verified address who opens it joins as an editor while it lasts and a seat is free, by the rules of an e-mailed
 * invite (decision 0020): the code stands in for the e-mailed token, the verified address is still needed.
 */
import { INVITE_CODE_BYTES, INVITES_PATH, isInviteCodeShape } from "./invites";

/** The invites page takes the link's code in this parameter (the sign-in redirect keeps it, as the invite_code). */
export const JOIN_CODE_PARAM = "join_code";

/** How long a new link lasts, in days; the page offers these. */
export const INVITE_LINK_DAYS = [1, 7, 30] as const;
export const DEFAULT_INVITE_LINK_DAYS = 7;
/** The longest a link may last (the API takes any whole number of days up to it). */
export const INVITE_LINK_MAX_DAYS = 30;

/** The code is as long as an invite's token (48 hex characters); only its SHA-256 is kept. */
export const INVITE_LINK_CODE_BYTES = INVITE_CODE_BYTES;
export const isInviteLinkCodeShape = isInviteCodeShape;

/** The link to share: the invites page with the code, where a signed-in person joins. */
export function inviteLinkUrl(origin: string, code: string): string {
  const url = new URL(INVITES_PATH, origin);
  url.searchParams.set(JOIN_CODE_PARAM, code);
  return url.toString();
}

/** When a link made at `now` for `days` stops working. */
export function inviteLinkExpiry(now: number, days: number): number {
  return now + days * 86_400;
}

export function isInviteLinkLive(link: { expiresAt: number }, now: number): boolean {
  return link.expiresAt > now;
}

export const INVITE_LINK_TEXTS = {
  title: "Invite link",
  description: "Anyone signed in with a verified e-mail address who opens this link joins as an editor, while a seat is free. Make a new one to stop the old one.",
  none: "No invite link. Make one to share with your team.",
  created: "Copy the link now: it is shown only once. Making a new link stops this one.",
  revoked: "The invite link is turned off.",
  active: (expires: string) => `A link is active until ${expires}.`,
  expired: (expired: string) => `The link expired on ${expired}.`,
  forbidden: "Only workspace admins and members with the Workspace settings permission can manage the invite link.",
  notFound: "This invite link is not valid: it may have expired or been turned off. Ask a workspace admin for a new one.",
  noLink: "This workspace has no invite link.",
  alreadyMember: "You are already a member of this workspace.",
  invitePending: "You have an invite to this workspace already: open the link in the invitation e-mail to accept it with its role.",
  serviceAccount: "Service accounts cannot join workspaces.",
  joined: (workspace: string) => `You joined ${workspace}.`,
  joinTitle: (workspace: string) => `Join ${workspace}`,
  joinBody: "You join as an editor. You can leave the workspace at any time from its members page.",
} as const;
