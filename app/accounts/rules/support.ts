/**
 * Support staff (spec: "identified by a provider e-mail domain"; issue 16, item 13). The domain alone is not
 * enough: anyone can sign up with an address on it. A person is staff only when all three hold:
 * - an operator gave their account a staff role (`users.staff_role`, set with wrangler d1 execute; README),
 * - their address is verified,
 * - their address is on the deployment's STAFF_EMAIL_DOMAIN (no domain configured: nobody is staff).
 */
export const STAFF_ROLES = ["support"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The address is on the configured staff domain, exactly (no look-alike or longer domain). */
export function isStaffEmail(email: string, staffDomain: string | undefined): boolean {
  if (!staffDomain) return false;
  return email.toLowerCase().endsWith(`@${staffDomain.toLowerCase().replace(/^@/, "")}`);
}

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? "");
}

export type StaffCandidate = { email: string; emailVerifiedAt: number | null; staffRole: string | null };

/** Whether this account is support staff: role set by an operator, verified address, on the staff domain. */
export function isStaff(user: StaffCandidate, staffDomain: string | undefined): boolean {
  return isStaffRole(user.staffRole) && user.emailVerifiedAt !== null && isStaffEmail(user.email, staffDomain);
}

/** Whether an account holder's grant of support access is live at `now` (unix seconds). */
export function hasLiveSupportGrant(supportAccessUntil: number | null, now: number): boolean {
  return supportAccessUntil !== null && supportAccessUntil > now;
}

export const SUPPORT_TEXTS = {
  notStaff: "Only support staff can do this.",
  noGrant: "The account holder has not granted support access, or the grant has expired.",
} as const;
