import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, createKey, form, mailTo, signUp, signUpUnverified, verifyEmailOf } from "./helpers";

/**
 * Issue 16, item 13: staff are recognised by an operator's role, a verified address and the staff domain
 * (STAFF_EMAIL_DOMAIN is support.parlance.local in wrangler.toml), never by the domain alone; and the owner's
 * grant is what the staff console's read checks.
 */
const setRole = (email: string, role: string | null) => env.DB.prepare("UPDATE users SET staff_role = ? WHERE email = ?").bind(role, email).run();

async function staffMember(email: string): Promise<string> {
  const cookie = await signUp(email);
  await verifyEmailOf(email);
  await setRole(email, "support");
  return cookie;
}

const requestAccess = (cookie: string, email: string) => api("/v1/support/sign-in-requests", { method: "POST", cookie, json: { email } });
const readAccount = (auth: { cookie?: string; key?: string }, email: string) => api(`/v1/support/accounts?email=${encodeURIComponent(email)}`, auth);

/** The owner grants support access from the e-mailed link, signed in, as the account-action page does. */
async function grant(ownerEmail: string, ownerCookie: string): Promise<void> {
  const link = (await mailTo(ownerEmail, "mode=verifySignInRequest")).match(/https?:\/\/\S*mode=verifySignInRequest\S*/)![0];
  const init = form({});
  const response = await SELF.fetch(link, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: ownerCookie } });
  expect(response.status).toBe(200);
}

describe("who is support staff", () => {
  it("an address on the staff domain is not enough: unverified, without the role, or off the domain is refused", async () => {
    await signUp("staff-target@example.com");
    // On the staff domain, never verified: the attack (only an account from before decision 0018 can be).
    const squatter = await signUpUnverified("squatter@support.parlance.local");
    expect((await requestAccess(squatter, "staff-target@example.com")).status).toBe(403);
    await setRole("squatter@support.parlance.local", "support");
    expect((await requestAccess(squatter, "staff-target@example.com")).status).toBe(403);
    // Verified on the domain, but no role from an operator.
    const noRole = await signUp("no-role@support.parlance.local");
    await verifyEmailOf("no-role@support.parlance.local");
    const refused = await requestAccess(noRole, "staff-target@example.com");
    expect(refused.status).toBe(403);
    await expect(refused.json()).resolves.toMatchObject({ detail: { status: "forbidden" } });
    // A role that is not a staff role.
    await setRole("no-role@support.parlance.local", "root");
    expect((await requestAccess(noRole, "staff-target@example.com")).status).toBe(403);
    // Role and verified address, but not on the staff domain.
    const offDomain = await signUp("helper@example.com");
    await verifyEmailOf("helper@example.com");
    await setRole("helper@example.com", "support");
    expect((await requestAccess(offDomain, "staff-target@example.com")).status).toBe(403);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM dev_mailbox WHERE \"to\" = 'staff-target@example.com' AND instr(text, 'verifySignInRequest') > 0").first("n")).toBe(0);

    // All three: staff.
    const staff = await staffMember("agent-a@support.parlance.local");
    expect((await requestAccess(staff, "staff-target@example.com")).status).toBe(202);
  });
});

describe("the staff console's read of an account", () => {
  it("answers only while the holder's grant is live, and only to staff", async () => {
    const ownerCookie = await signUp("console-owner@example.com");
    const staff = await staffMember("agent-b@support.parlance.local");
    const staffKey = await createKey(staff, "console");
    const outsider = await signUp("console-outsider@example.com");

    // No grant yet, and an address without an account: the same refusal.
    const before = await readAccount({ cookie: staff }, "console-owner@example.com");
    expect(before.status).toBe(403);
    const noAccount = await readAccount({ cookie: staff }, "nobody-here@example.com");
    expect(noAccount.status).toBe(403);
    expect(await noAccount.json()).toEqual(await before.json());

    // Requested, but not granted yet: still refused.
    expect((await requestAccess(staff, "console-owner@example.com")).status).toBe(202);
    expect((await readAccount({ cookie: staff }, "console-owner@example.com")).status).toBe(403);

    await grant("console-owner@example.com", ownerCookie);
    const granted = await readAccount({ cookie: staff }, "console-owner@example.com");
    expect(granted.status).toBe(200);
    const account = (await granted.json()) as Record<string, unknown> & { workspaces: { role: string; is_owner: boolean; tier: string }[] };
    // Signed up through the e-mailed link (decision 0018), so the address is verified.
    expect(account).toMatchObject({ email: "console-owner@example.com", is_email_verified: true, two_factor_enabled: false });
    expect(account.support_access_until_unix).toBeGreaterThan(Date.now() / 1000);
    expect(account.workspaces).toEqual([expect.objectContaining({ role: "admin", is_owner: true, tier: "free" })]);
    const text = JSON.stringify(account);
    for (const secret of ["password", "totp", "backup", "hash"]) expect(text).not.toContain(secret);
    // The staff member's API key reads it too; anyone else is not staff, grant or not.
    expect((await readAccount({ key: staffKey }, "console-owner@example.com")).status).toBe(200);
    const notStaff = await readAccount({ cookie: outsider }, "console-owner@example.com");
    expect(notStaff.status).toBe(403);
    await expect(notStaff.json()).resolves.toMatchObject({ detail: { status: "forbidden" } });
    expect((await readAccount({}, "console-owner@example.com")).status).toBe(401);
    // A staff member whose role the operator removed is refused at once.
    await setRole("agent-b@support.parlance.local", null);
    expect((await readAccount({ cookie: staff }, "console-owner@example.com")).status).toBe(403);
    await setRole("agent-b@support.parlance.local", "support");

    // The grant ends: refused again, with the reason.
    await env.DB.prepare("UPDATE users SET support_access_until = unixepoch() - 1 WHERE email = 'console-owner@example.com'").run();
    const expired = await readAccount({ cookie: staff }, "console-owner@example.com");
    expect(expired.status).toBe(403);
    await expect(expired.json()).resolves.toMatchObject({ detail: { status: "support_access_not_granted" } });
  });

  it("refuses a malformed address with 422", async () => {
    const staff = await staffMember("agent-c@support.parlance.local");
    expect((await api("/v1/support/accounts?email=not-an-email", { cookie: staff })).status).toBe(422);
    expect((await api("/v1/support/accounts", { cookie: staff })).status).toBe(422);
  });
});
