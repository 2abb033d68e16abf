/** Staff are identified by their e-mail provider domain (spec §6), configured per deployment. */
export function isStaffEmail(email: string, staffDomain: string | undefined): boolean {
  if (!staffDomain) return false;
  return email.toLowerCase().endsWith(`@${staffDomain.toLowerCase().replace(/^@/, "")}`);
}
