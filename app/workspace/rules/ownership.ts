/**
 * Ownership transfer (issue 23, item 6): the owner hands the workspace to another admin member; the old owner stays
 * an admin. The owner pays for the plan and cannot be removed, so only the owner may give that away.
 */
export const OWNERSHIP_TEXTS = {
  action: "Make owner",
  dialogTitle: "Transfer ownership",
  dialogBody: (email: string, workspace: string) =>
    `${email} becomes the owner of ${workspace}: they manage its plan and cannot be removed. You stay in the workspace as an admin, and only the new owner can hand it back.`,
  confirm: "Transfer ownership",
  cancel: "Keep ownership",
  done: (email: string) => `${email} now owns this workspace. You are an admin.`,
  ownerOnly: "Only the workspace owner can transfer ownership.",
  adminsOnly: "Ownership goes to an admin: make this member an admin first.",
  notMember: "Member not found",
  self: "You already own this workspace.",
  changed: "The workspace changed meanwhile (its owner or this member's role): reload and try again.",
} as const;
