import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, form, ORIGIN, sessionCookieFrom, signUp, STRONG_PASSWORD } from "./helpers";

const NUMBER = "+447700900123";

function settings(cookie: string, fields: Record<string, string>) {
  const init = form(fields);
  return SELF.fetch(`${ORIGIN}/app/settings?index`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
}

/** The newest code the dev stand-in of Twilio accepted for `to`, and how many texts it holds for it. */
async function lastTexted(to: string): Promise<{ code: string | null; count: number; from: string | null }> {
  const rows = await env.DB.prepare('SELECT body, "from" FROM dev_text_messages WHERE "to" = ? ORDER BY created_at DESC, rowid DESC').bind(to).all<{ body: string; from: string }>();
  return { code: rows.results[0]?.body.match(/^(\d{6}) is your/)?.[1] ?? null, count: rows.results.length, from: rows.results[0]?.from ?? null };
}

/** Lets the next code go out at once (one a minute otherwise). */
async function allowResend(email: string) {
  await env.DB.prepare("UPDATE users SET sms_code_sent_at = NULL WHERE email = ?").bind(email).run();
}

async function enableSms(cookie: string, number = NUMBER): Promise<string[]> {
  const begin = await settings(cookie, { intent: "begin-sms", phone_number: number });
  expect(begin.status).toBe(200);
  const confirmed = await settings(cookie, { intent: "confirm-sms", code: (await lastTexted(number)).code! });
  expect(confirmed.status).toBe(200);
  return [...(await confirmed.text()).matchAll(/<li>([0-9a-f]{10})<\/li>/g)].map((m) => m[1]!);
}

async function pendingSignIn(email: string): Promise<{ pending: string; html: string }> {
  const html = await (await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email, password: STRONG_PASSWORD }))).text();
  return { pending: html.match(/name="pending" value="([0-9a-f]{48})"/)![1]!, html };
}

describe("texted second factor (Twilio's protocol, answered by the dev stand-in)", () => {
  it("adds a number only after a code texted to it comes back, then guards sign-in with texted codes", async () => {
    const email = "sms-factor@example.com";
    const cookie = await signUp(email);
    const bad = await settings(cookie, { intent: "begin-sms", phone_number: "07700 900123" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("international form");
    expect((await lastTexted("07700900123")).count).toBe(0);

    const begin = await settings(cookie, { intent: "begin-sms", phone_number: "+44 7700 900123" });
    expect(begin.status).toBe(200);
    expect(await begin.text()).toContain("We texted a code to +44 ••••••••23.");
    const texted = await lastTexted(NUMBER);
    expect(texted).toMatchObject({ count: 1, from: "+15005550006" });
    // Not on until the code comes back: the password alone still signs in.
    expect((await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email, password: STRONG_PASSWORD }))).status).toBe(302);
    expect((await settings(cookie, { intent: "confirm-sms", code: texted.code === "000000" ? "111111" : "000000" })).status).toBe(400);
    const confirmed = await settings(cookie, { intent: "confirm-sms", code: texted.code! });
    const backupCodes = [...(await confirmed.text()).matchAll(/<li>([0-9a-f]{10})<\/li>/g)].map((m) => m[1]!);
    expect(backupCodes).toHaveLength(8);

    const user = (await (await api("/v1/user", { cookie })).json()) as { sms_mfa_factor: { phone_number: string; enabled_at_unix: number } | null };
    expect(user.sms_mfa_factor?.phone_number).toBe("+44 ••••••••23");
    expect(JSON.stringify(user)).not.toContain("7700900123");

    const { pending, html } = await pendingSignIn(email);
    expect(html).toContain("Text a code to +44 ••••••••23");
    await allowResend(email);
    const sent = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ intent: "mfa-sms", pending }));
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("We texted a code to");
    // One a minute: a second ask at once is refused and sends nothing.
    const again = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ intent: "mfa-sms", pending }));
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(0);
    const { code, count } = await lastTexted(NUMBER);
    expect(count).toBe(2);
    const right = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ intent: "mfa", pending, code: code! }));
    expect(right.status).toBe(302);
    sessionCookieFrom(right);
    // A texted code works once.
    const next = await pendingSignIn(email);
    expect((await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ intent: "mfa", pending: next.pending, code: code! }))).status).toBe(401);
  });

  it("withdraws a texted code after five wrong tries, and refuses an expired one", async () => {
    const email = "sms-guess@example.com";
    const cookie = await signUp(email);
    await enableSms(cookie, "+14155550100");
    await allowResend(email);
    const { pending } = await pendingSignIn(email);
    expect((await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ intent: "mfa-sms", pending }))).status).toBe(200);
    const { code } = await lastTexted("+14155550100");
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) await settings(cookie, { intent: "disable-sms", code: wrong });
    // The right code no longer works: it was withdrawn.
    expect((await settings(cookie, { intent: "disable-sms", code: code! })).status).toBe(403);

    await allowResend(email);
    expect((await settings(cookie, { intent: "send-sms-code" })).status).toBe(200);
    const fresh = (await lastTexted("+14155550100")).code!;
    await env.DB.prepare("UPDATE users SET sms_code_expires_at = unixepoch() - 1 WHERE email = ?").bind(email).run();
    expect((await settings(cookie, { intent: "disable-sms", code: fresh })).status).toBe(403);
  });

  it("asks for a texted code before a sensitive action, and turns off only with one", async () => {
    const email = "sms-sensitive@example.com";
    const cookie = await signUp(email);
    const backupCodes = await enableSms(cookie, "+33612345678");
    expect((await api("/v1/user/api-keys", { method: "POST", cookie, json: { name: "no code" } })).status).toBe(403);
    await allowResend(email);
    const sent = await settings(cookie, { intent: "send-sms-code" });
    expect(sent.status).toBe(200);
    const { code } = await lastTexted("+33612345678");
    expect((await api("/v1/user/api-keys", { method: "POST", cookie, json: { name: "with texted code", code } })).status).toBe(201);

    // Adding an authenticator beside texted codes is a change of factor: refused without a code.
    expect((await settings(cookie, { intent: "begin-2fa" })).status).toBe(403);
    expect((await settings(cookie, { intent: "disable-sms", code: "123" })).status).toBe(400);
    expect((await settings(cookie, { intent: "disable-sms", code: backupCodes[0]! })).status).toBe(200);
    // Off: the password alone signs in again, and the backup codes went with the only factor.
    expect((await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email, password: STRONG_PASSWORD }))).status).toBe(302);
    const row = await env.DB.prepare("SELECT backup_code_hashes, sms_phone_number FROM users WHERE email = ?").bind(email).first();
    expect(row).toEqual({ backup_code_hashes: null, sms_phone_number: null });
    expect((await settings(cookie, { intent: "send-sms-code" })).status).toBe(400);
  });

  it("shows the texts on the dev mailbox page", async () => {
    const email = "sms-mailbox@example.com";
    const cookie = await signUp(email);
    await settings(cookie, { intent: "begin-sms", phone_number: "+4915112345678" });
    const page = await (await SELF.fetch(`${ORIGIN}/dev/mailbox`)).text();
    expect(page).toContain("+4915112345678");
    expect(page).toMatch(/\d{6} is your .* sign-in code/);
  });
});
