// Strangers must not lock owners out, and sign-up must not tell who has an account (docs/decisions/0017, 0018).
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ADDRESS_FREE_FAILURES, addressDelaySeconds, SIGN_UP_MAILS_PER_RECIPIENT, TOO_MANY_ATTEMPTS } from "../../../app/accounts/rules/throttle";
import { base32Encode, totpCode } from "../../../app/accounts/rules/totp";
import { api, form, mailCount, mailedLink, ORIGIN, sessionCookieFrom, signUp, STRONG_PASSWORD, waitForNewMail } from "./helpers";

const now = () => Math.floor(Date.now() / 1000);

function signIn(email: string, password: string, ip: string, redirect?: string) {
  return SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email, password, ...(redirect ? { redirect } : {}) }, { ip }));
}

/** Opens a link (GET) from a client address. */
function open(link: string, ip: string) {
  return SELF.fetch(link, { headers: { "x-parlance-client-ip": ip } });
}

/** A reset link with a code nobody was sent. */
function badResetLink(userId?: string) {
  return `${ORIGIN}/app/action?mode=resetPassword&oobCode=${"0".repeat(48)}&lang=en${userId ? `&userId=${userId}` : ""}`;
}

/** The page as any two answers would render it: without the per-response CSP nonce. */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

/** Ends an address's wait without waiting: moves its last failure back by that long. */
async function waitOut(ip: string, seconds: number) {
  await env.DB.prepare("UPDATE auth_throttle SET last_at = last_at - ? WHERE key = ?").bind(seconds, `address:${ip}`).run();
}

async function userId(email: string): Promise<string> {
  return (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<string>("id"))!;
}

/** Waits for the next message to an address (mail goes out after the answer) and returns it. */
async function nextMail(to: string, before: number): Promise<{ subject: string; text: string }> {
  for (let i = 0; i < 50 && (await mailCount(to)) <= before; i++) await new Promise((resolve) => setTimeout(resolve, 20));
  const mail = await env.DB.prepare('SELECT subject, text FROM dev_mailbox WHERE "to" = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').bind(to).first<{ subject: string; text: string }>();
  if (!mail || (await mailCount(to)) <= before) throw new Error(`no new mail to ${to}`);
  return mail;
}

describe("sign-in throttling: strangers cannot lock an owner out", () => {
  it("8 wrong passwords from different addresses: the owner's right password is not refused but finishes from the e-mailed link", async () => {
    const email = "target@example.com";
    await signUp(email);
    for (let i = 0; i < 8; i++) expect((await signIn(email, `Guess-${i}!pass`, `203.0.113.${i + 1}`)).status).toBe(401);

    const before = await mailCount(email);
    const right = await signIn(email, STRONG_PASSWORD, "192.0.2.50", "/app/subscription");
    expect(right.status).toBe(200);
    expect(right.headers.get("set-cookie")).toBeNull();
    const rightPage = await right.text();
    expect(rightPage).toContain("If the password was right, we have e-mailed you a link: open it to finish signing in.");
    // From now on a wrong password gets exactly the same answer: a guess learns nothing, and mails nothing.
    const wrong = await signIn(email, "Another-guess1!", "192.0.2.51", "/app/subscription");
    expect(wrong.status).toBe(200);
    expect(withoutNonce(await wrong.text())).toBe(withoutNonce(rightPage));

    const link = await waitForNewMail(email, before, "verifySignInRequest");
    expect(new URL(link).searchParams.get("userId")).toBe(await userId(email));
    const mail = await nextMail(email, before);
    expect(mail.subject).toBe("Finish signing in to Parlance");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await mailCount(email)).toBe(before + 1);

    // Opening the link only asks (mail scanners open links too); the sign-in completes on the button.
    const page = await open(link, "192.0.2.50");
    expect(await page.text()).toContain("Finish signing in");
    expect(page.headers.get("set-cookie")).toBeNull();
    const finished = await SELF.fetch(link, form({}, { ip: "192.0.2.50" }));
    expect(finished.status).toBe(302);
    expect(finished.headers.get("location")).toBe("/app/subscription");
    expect((await api("/v1/user", { cookie: sessionCookieFrom(finished) })).status).toBe(200);
    // Once only.
    const reused = await SELF.fetch(link, form({}, { ip: "192.0.2.50" }));
    expect(reused.status).toBe(400);
    expect(reused.headers.get("set-cookie")).toBeNull();
    expect(await (await open(link, "192.0.2.50")).text()).toContain("your link is either expired or invalid");
  });

  it("answers the same for an address without an account, so the e-mailed step tells no one who has one", async () => {
    const answers: string[] = [];
    for (const email of ["nobody-here@example.com", "somebody-here@example.com"]) {
      if (email.startsWith("somebody")) await signUp(email);
      for (let i = 0; i < 8; i++) expect((await signIn(email, `Guess-${i}!pass`, `203.0.113.${50 + i}`)).status).toBe(401);
      const response = await signIn(email, "Guess-9!pass", "192.0.2.60");
      expect(response.status).toBe(200);
      answers.push(withoutNonce(await response.text()));
    }
    expect(answers[0]).toBe(answers[1]);
  });

  it("an e-mailed sign-in to an account with two-factor on still asks for its code", async () => {
    const email = "totp-target@example.com";
    await signUp(email);
    const secret = base32Encode(new Uint8Array(20).fill(7));
    await env.DB.prepare("UPDATE users SET totp_secret = ?, totp_enabled_at = 1 WHERE email = ?").bind(secret, email).run();
    for (let i = 0; i < 8; i++) await signIn(email, `Guess-${i}!pass`, `203.0.113.${20 + i}`);
    const before = await mailCount(email);
    expect((await signIn(email, STRONG_PASSWORD, "192.0.2.70")).status).toBe(200);
    const link = await waitForNewMail(email, before, "verifySignInRequest");

    const step = await SELF.fetch(link, form({}, { ip: "192.0.2.70" }));
    expect(step.status).toBe(200);
    expect(step.headers.get("set-cookie")).toBeNull();
    const pending = (await step.text()).match(/name="pending" value="([0-9a-f]{48})"/)![1]!;
    const done = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ intent: "mfa", pending, code: await totpCode(secret, now()), redirect: "/app/usage" }, { ip: "192.0.2.70" }));
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/app/usage");
  });

  it("20 failures from one address slow that address down with growing waits, and block no other address", async () => {
    await signUp("bystander@example.com");
    const attacker = "198.51.100.7";
    const waits: number[] = [];
    let failures = 0;
    while (failures < 20) {
      const response = await signIn(`victim-${failures}@example.com`, "Wrong-pass1!", attacker);
      if (response.status === 429) {
        expect(await response.text()).toContain(TOO_MANY_ATTEMPTS);
        const wait = Number(response.headers.get("retry-after"));
        // The wait counts from the last failure; a second may have passed since.
        expect(addressDelaySeconds(failures) - wait).toBeLessThanOrEqual(1);
        expect(wait).toBeGreaterThan(0);
        waits.push(addressDelaySeconds(failures));
        await waitOut(attacker, addressDelaySeconds(failures));
        continue;
      }
      expect(response.status).toBe(401);
      failures++;
    }
    // Free at first, then each wait twice the one before, up to 15 minutes.
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900, 900, 900]);
    expect(waits.length).toBe(20 - ADDRESS_FREE_FAILURES - 1);

    // That address is refused whatever it tries, the right password too (it is not even looked at)...
    expect((await signIn("bystander@example.com", STRONG_PASSWORD, attacker)).status).toBe(429);
    // ...while every other address signs in as before, to any account, the ones tried included.
    const elsewhere = await signIn("bystander@example.com", STRONG_PASSWORD, "192.0.2.99");
    expect(elsewhere.status).toBe(302);
    expect((await signIn("victim-0@example.com", "Wrong-pass1!", "192.0.2.98")).status).toBe(401);
  });

  it("a two-factor sign-in takes five wrong codes, then starts again from the password; the account is not refused", async () => {
    const email = "totp-guess@example.com";
    await signUp(email);
    const secret = base32Encode(new Uint8Array(20).fill(9));
    await env.DB.prepare("UPDATE users SET totp_secret = ?, totp_enabled_at = 1 WHERE email = ?").bind(secret, email).run();
    const pendingOf = async (response: Response) => (await response.text()).match(/name="pending" value="([0-9a-f]{48})"/)![1]!;
    const pending = await pendingOf(await signIn(email, STRONG_PASSWORD, "192.0.2.80"));
    const code = (value: string, ip: string) => SELF.fetch(`${ORIGIN}/app/sign-in`, form({ intent: "mfa", pending, code: value }, { ip }));
    for (let i = 0; i < 5; i++) expect((await code("000000", `203.0.113.${200 + i}`)).status).toBe(401);
    const spent = await code(await totpCode(secret, now()), "192.0.2.80");
    expect(spent.status).toBe(401);
    expect(await spent.text()).toContain("This sign-in has expired. Please sign in again.");
    // From the password again, the owner gets in.
    const again = await pendingOf(await signIn(email, STRONG_PASSWORD, "192.0.2.80"));
    const done = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ intent: "mfa", pending: again, code: await totpCode(secret, now()) }, { ip: "192.0.2.80" }));
    expect(done.status).toBe(302);
  });
});

describe("sign-up tells no one whether an address has an account", () => {
  it("answers an address with an account exactly like a new one, starts no session, and tells the owner by e-mail", async () => {
    await signUp("taken@example.com");
    const ownerMails = await mailCount("taken@example.com");
    const attempt = (email: string) => SELF.fetch(`${ORIGIN}/app/sign-up`, form({ email, password: "Attacker!pass1", agrees_to_terms: "on" }));
    const taken = await attempt("taken@example.com");
    const fresh = await attempt("fresh@example.com");
    for (const response of [taken, fresh]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    const headers = (response: Response) => [...response.headers].filter(([name]) => !["date", "request-id"].includes(name));
    expect(headers(taken)).toEqual(headers(fresh));
    const page = (html: string, email: string) => withoutNonce(html).replaceAll(email, "EMAIL");
    expect(page(await taken.text(), "taken@example.com")).toBe(page(await fresh.text(), "fresh@example.com"));

    // The owner hears of it, with the way in; no link that creates anything.
    const notice = await nextMail("taken@example.com", ownerMails);
    expect(notice.subject).toBe("Someone tried to sign up to Parlance with your e-mail address");
    expect(notice.text).toContain(`${ORIGIN}/app/sign-in`);
    expect(notice.text).toContain(`${ORIGIN}/app/reset-password`);
    expect(notice.text).not.toContain("mode=");
    // The new address got its link instead.
    await mailedLink("fresh@example.com", "verifyEmail");

    // Nothing changed for the existing account: the stranger's password opens nothing, the owner's still does.
    expect((await signIn("taken@example.com", "Attacker!pass1", "192.0.2.90")).status).toBe(401);
    expect((await signIn("taken@example.com", STRONG_PASSWORD, "192.0.2.91")).status).toBe(302);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'taken@example.com'").first("n")).toBe(1);
  });

  it("mails one recipient at most a few times an hour, answering the same after that", async () => {
    const responses: number[] = [];
    for (let i = 0; i < SIGN_UP_MAILS_PER_RECIPIENT + 2; i++) {
      responses.push((await SELF.fetch(`${ORIGIN}/app/sign-up`, form({ email: "flooded@example.com", password: STRONG_PASSWORD, agrees_to_terms: "on" }))).status);
    }
    expect(responses.every((status) => status === 200)).toBe(true);
    for (let i = 0; i < 50 && (await mailCount("flooded@example.com")) < SIGN_UP_MAILS_PER_RECIPIENT; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await mailCount("flooded@example.com")).toBe(SIGN_UP_MAILS_PER_RECIPIENT);
  });
});

describe("e-mailed links are throttled per address and per account, never for everyone", () => {
  it("bad reset links from one person don't block another person's reset", async () => {
    await signUp("reset-victim@example.com");
    const attacker = "198.51.100.20";
    for (let i = 0; i < 8; i++) await open(badResetLink(), attacker);
    // That address now waits, even with a bad code posted instead of opened...
    expect(await (await open(badResetLink(), attacker)).text()).toContain(TOO_MANY_ATTEMPTS);
    const posted = await SELF.fetch(badResetLink(), form({ password: "N3w!password", repeat: "N3w!password" }, { ip: attacker }));
    expect(posted.status).toBe(429);

    // ...while the owner, from their own address, resets as usual.
    const victim = "192.0.2.77";
    await SELF.fetch(`${ORIGIN}/app/reset-password`, form({ email: "reset-victim@example.com" }, { ip: victim }));
    const link = await mailedLink("reset-victim@example.com", "resetPassword");
    expect(await (await open(link, victim)).text()).toContain("Please enter your new Password");
    const changed = await SELF.fetch(link, form({ password: "N3w!password", repeat: "N3w!password" }, { ip: victim }));
    expect(await changed.text()).toContain("Password has been changed");
  });

  it("counts bad links per account they name; the owner's own link still opens", async () => {
    await signUp("named@example.com");
    await signUp("other-named@example.com");
    const named = await userId("named@example.com");
    const answers: string[] = [];
    for (let i = 0; i < 8; i++) answers.push(await (await open(badResetLink(named), `203.0.113.${100 + i}`)).text());
    expect(answers.slice(0, 7).every((html) => html.includes("your link is either expired or invalid") && !html.includes(TOO_MANY_ATTEMPTS))).toBe(true);
    expect(answers[7]).toContain(TOO_MANY_ATTEMPTS);
    // Another account's count is its own.
    expect(await (await open(badResetLink(await userId("other-named@example.com")), "203.0.113.120")).text()).not.toContain(TOO_MANY_ATTEMPTS);

    await SELF.fetch(`${ORIGIN}/app/reset-password`, form({ email: "named@example.com" }, { ip: "192.0.2.78" }));
    const link = await mailedLink("named@example.com", "resetPassword");
    expect(await (await open(link, "192.0.2.78")).text()).toContain("Please enter your new Password");
    const changed = await SELF.fetch(link, form({ password: "N3w!password", repeat: "N3w!password" }, { ip: "192.0.2.78" }));
    expect(await changed.text()).toContain("Password has been changed");
  });

  it("keeps no shared key: nothing is counted under one name for everyone", async () => {
    await open(badResetLink(), "198.51.100.30");
    await signIn("someone@example.com", "Wrong-pass1!", "198.51.100.30");
    const keys = (await env.DB.prepare("SELECT key FROM auth_throttle").all<{ key: string }>()).results.map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((key) => /^(address|account|links|second-factor|mail:sign-(up|in)):.+/.test(key))).toBe(true);
    expect(keys.some((key) => key.includes("reset-code"))).toBe(false);
  });
});
