import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DIALOGS } from "~/accounts/rules/account-actions";
import { api, createKey, form, mailCount, mailedLink, mailTo, ORIGIN, sessionCookieFrom, signUp, signUpUnverified, STRONG_PASSWORD, verificationLinkOf, verifyEmailOf, waitForNewMail } from "./helpers";
import { base32Encode, totpCode } from "../../../app/accounts/rules/totp";
import worker from "../../../app/worker";
import { ADDRESS_FREE_FAILURES, addressDelaySeconds, SIGN_UP_MAILS_PER_RECIPIENT, TOO_MANY_ATTEMPTS } from "../../../app/accounts/rules/throttle";

describe("accounts", () => {
  async function count(table: string): Promise<number> {
    const row = await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>();
    return row?.n ?? 0;
  }


  describe("sign-up", () => {
    it("rejects bad input with field errors and writes nothing", async () => {
      const before = await count("users");
      const workspacesBefore = await count("workspaces");
      const cases: [Record<string, string>, string, string][] = [
        [{ email: "not-an-email", password: STRONG_PASSWORD, agrees_to_terms: "on" }, "email", "Enter a valid e-mail address."],
        [{ email: `${"a".repeat(250)}@example.com`, password: STRONG_PASSWORD, agrees_to_terms: "on" }, "email", "That e-mail address is too long."],
        [{ password: STRONG_PASSWORD, agrees_to_terms: "on" }, "email", "Enter your e-mail address."],
        [{ email: "x@example.com", password: STRONG_PASSWORD }, "agrees_to_terms", "Please accept the terms of service and the privacy policy."],
        // The password's refusal: the spec's heading, then every rule on its own line, met or not.
        [{ email: "x@example.com", password: "short", agrees_to_terms: "on" }, "password", "Your password doesn't meet our security requirements:"],
      ];
      for (const [fields, field, message] of cases) {
        const response = await SELF.fetch(`${ORIGIN}/app/sign-up`, form(fields));
        expect(response.status).toBe(400);
        expect(await response.text()).toContain(message.replaceAll("'", "&#x27;"));
        void field;
      }
      expect(await count("users")).toBe(before);
      expect(await count("workspaces")).toBe(workspacesBefore);
    });

    it("lists the password rules one per line, each marked met or not", async () => {
      const html = await (await SELF.fetch(`${ORIGIN}/app/sign-up`, form({ email: "x@example.com", password: "zqxjk", agrees_to_terms: "on" }))).text();
      const rules = [...html.matchAll(/<li[^>]*data-rule="(\w+)"[^>]*data-met="(true|false)"[^>]*>.*?<\/li>/g)].map((m) => [m[1], m[2], m[0].includes("Not met:") ? "Not met" : "Met"]);
      expect(rules).toEqual([
        ["number", "false", "Not met"],
        ["letter", "true", "Met"],
        ["special", "false", "Not met"],
        ["length", "false", "Not met"],
      ]);
      for (const text of ["Your password must contain a number.", "Your password must contain a letter.", "Your password must contain a special character.", "Your password must be more than 8 characters long."]) {
        expect(html).toContain(text);
      }
      expect(html).not.toContain("zqxjk");
    });

    it("creates the user and a free workspace they own as admin, with the edge's privacy default", async () => {
      await signUp("Owner@Example.com", { "x-parlance-privacy-opt-out": "1", "x-parlance-geo-country": "US", "x-parlance-geo-region": "CA" });
      const user = await env.DB.prepare("SELECT * FROM users WHERE email = 'owner@example.com'").first<Record<string, unknown>>();
      expect(user).toMatchObject({ ccpa_opt_out: 1, geo_country: "US", geo_region: "CA" });
      // Created from the e-mailed link, so its address is verified.
      expect(user!.email_verified_at).toBeGreaterThan(0);
      expect(String(user!.password_hash)).toMatch(/^pbkdf2-sha256\$100000\$/);
      const ws = await env.DB.prepare("SELECT * FROM workspaces WHERE owner_id = ?").bind(user!.id).first<Record<string, unknown>>();
      expect(ws).toMatchObject({ tier: "free", status: "free", character_limit: 10000, character_count: 0 });
      const member = await env.DB.prepare("SELECT role FROM workspace_members WHERE user_id = ?").bind(user!.id).first<{ role: string }>();
      expect(member?.role).toBe("admin");
    });

  });

  describe("e-mail verification", () => {
    it("creates the account, verified, only from the e-mailed single-use link; the sign-up itself starts no session", async () => {
      const response = await SELF.fetch(`${ORIGIN}/app/sign-up`, form({ email: "verify@example.com", password: STRONG_PASSWORD, agrees_to_terms: "on" }));
      expect(response.status).toBe(200);
      expect(response.headers.get("set-cookie")).toBeNull();
      expect(await response.text()).toContain("We&#x27;ve sent a message to verify@example.com with the next step.");
      const link = await mailedLink("verify@example.com", "verifyEmail");
      expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'verify@example.com'").first("n")).toBe(0);
      // Until the link is opened, the password opens nothing either.
      expect((await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "verify@example.com", password: STRONG_PASSWORD }))).status).toBe(401);
      expect(new URL(link).searchParams.get("continueUrl")).toBe("/app/home?newUser=true");

      const first = await SELF.fetch(link);
      expect(await first.text()).toContain("Please sign in to verify your email address");
      const row = await env.DB.prepare("SELECT email_verified_at FROM users WHERE email = 'verify@example.com'").first<{ email_verified_at: number | null }>();
      expect(row?.email_verified_at).toBeGreaterThan(0);
      const again = await SELF.fetch(link);
      expect(await again.text()).toContain("your link is either expired or invalid");
      expect((await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "verify@example.com", password: STRONG_PASSWORD }))).status).toBe(302);
    });

    it("rejects an expired code", async () => {
      await SELF.fetch(`${ORIGIN}/app/sign-up`, form({ email: "expired@example.com", password: STRONG_PASSWORD, agrees_to_terms: "on" }));
      const link = await mailedLink("expired@example.com", "verifyEmail");
      await env.DB.prepare("UPDATE pending_sign_ups SET expires_at = 1").run();
      expect(await (await SELF.fetch(link)).text()).toContain("your link is either expired or invalid");
      expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'expired@example.com'").first("n")).toBe(0);
    });

    it("creates one account when two sign-up links of the same address are opened", async () => {
      const signUpAs = (password: string) => SELF.fetch(`${ORIGIN}/app/sign-up`, form({ email: "two-links@example.com", password, agrees_to_terms: "on" }));
      await signUpAs(STRONG_PASSWORD);
      const first = await mailedLink("two-links@example.com", "verifyEmail");
      await signUpAs("Other!pass1");
      let second = first;
      for (let i = 0; i < 50 && second === first; i++) second = await mailedLink("two-links@example.com", "verifyEmail");
      expect(second).not.toBe(first);
      const [a, b] = await Promise.all([SELF.fetch(first), SELF.fetch(second)]);
      const texts = [await a.text(), await b.text()];
      expect(texts.filter((t) => t.includes("Please sign in to verify your email address"))).toHaveLength(1);
      expect(await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'two-links@example.com'").first("n")).toBe(1);
    });

    it("says the address is verified, with no sign-in prompt, when the link is opened where its account is signed in", async () => {
      const cookie = await signUpUnverified("signed-in-verify@example.com");
      const opened = await SELF.fetch(await verificationLinkOf("signed-in-verify@example.com"), { headers: { cookie } });
      const text = await opened.text();
      expect(text).toContain(DIALOGS.emailVerified.title);
      expect(text).not.toContain(DIALOGS.needsVerifyEmail.title);
      const row = await env.DB.prepare("SELECT email_verified_at FROM users WHERE email = 'signed-in-verify@example.com'").first<{ email_verified_at: number | null }>();
      expect(row?.email_verified_at).toBeGreaterThan(0);
    });

    it("still asks to sign in when the link is opened signed out, or signed in as another account", async () => {
      await signUpUnverified("other-verify@example.com");
      const someoneElse = await signUp("someone-else@example.com");
      const asOther = await (await SELF.fetch(await verificationLinkOf("other-verify@example.com"), { headers: { cookie: someoneElse } })).text();
      expect(asOther).toContain(DIALOGS.needsVerifyEmail.title);
      expect(asOther).not.toContain(DIALOGS.emailVerified.title);
      await env.DB.prepare("UPDATE users SET email_verified_at = NULL WHERE email = 'other-verify@example.com'").run();
      const signedOut = await (await SELF.fetch(await verificationLinkOf("other-verify@example.com"))).text();
      expect(signedOut).toContain(DIALOGS.needsVerifyEmail.title);
    });

    it("answers an unknown mode with the spec's error", async () => {
      const response = await SELF.fetch(`${ORIGIN}/app/action?mode=somethingElse&oobCode=abc`);
      expect(await response.text()).toContain("Unknown received for firebase handler");
    });
  });

  describe("sign-in and sessions", () => {
    it("signs in, honours an allowed redirect and ignores a foreign one", async () => {
      await signUp("signin@example.com");
      const good = await SELF.fetch(
        `${ORIGIN}/app/sign-in`,
        form({ email: "signin@example.com", password: STRONG_PASSWORD, redirect: "/app/subscription" }),
      );
      expect(good.status).toBe(302);
      expect(good.headers.get("location")).toBe("/app/subscription");
      const cookie = good.headers.get("set-cookie")!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/Secure/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie).toMatch(/Max-Age=31104000/);
      const evil = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "signin@example.com", password: STRONG_PASSWORD, redirect: "//evil.com" }));
      expect(evil.headers.get("location")).toBe("/app/home");
    });

    it("refuses a wrong password", async () => {
      await signUp("wrong-password@example.com");
      const wrong = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "wrong-password@example.com", password: "Wrong-pass1" }));
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain("Wrong e-mail or password.");
    });

    it("stores sessions hashed and revokes them on sign-out", async () => {
      const cookie = await signUp("signout@example.com");
      const token = cookie.split("=")[1]!;
      const stored = await env.DB.prepare("SELECT token_hash FROM sessions").all<{ token_hash: string }>();
      expect(stored.results.some((r) => r.token_hash === token)).toBe(false);
      expect((await api("/v1/user", { cookie })).status).toBe(200);
      const out = await SELF.fetch(`${ORIGIN}/app/sign-out`, { method: "POST", headers: { cookie, origin: ORIGIN, host: "parlance.test" }, redirect: "manual" });
      expect(out.status).toBe(302);
      expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/);
      expect((await api("/v1/user", { cookie })).status).toBe(401);
    });

    it("refuses cookie-authenticated mutations from another origin", async () => {
      const cookie = await signUp("csrf@example.com");
      const response = await SELF.fetch(`${ORIGIN}/v1/user/api-keys`, {
        method: "POST",
        headers: { cookie, origin: "https://evil.test", "content-type": "application/json" },
        body: JSON.stringify({ name: "x" }),
      });
      expect(response.status).toBe(403);
      expect(await env.DB.prepare("SELECT count(*) AS n FROM api_keys JOIN users ON users.id = api_keys.user_id WHERE users.email = 'csrf@example.com'").first("n")).toBe(0);
    });
  });

  describe("password reset", () => {
    it("answers the same whether or not the address exists", async () => {
      await signUp("reset-exists@example.com");
      const known = await SELF.fetch(`${ORIGIN}/app/reset-password`, form({ email: "reset-exists@example.com" }));
      const unknown = await SELF.fetch(`${ORIGIN}/app/reset-password`, form({ email: "nobody@example.com" }));
      expect(known.status).toBe(unknown.status);
      const strip = (html: string) => html.replace(/nonce="[^"]*"/g, "");
      expect(strip(await known.text())).toContain("If a user with this email exists");
      expect(strip(await unknown.text())).toContain("If a user with this email exists");
      expect(await env.DB.prepare("SELECT count(*) AS n FROM dev_mailbox WHERE \"to\" = 'nobody@example.com'").first("n")).toBe(0);
    });

    it("changes the password once with the mailed code and signs out old sessions", async () => {
      const oldCookie = await signUp("reset@example.com");
      await SELF.fetch(`${ORIGIN}/app/reset-password`, form({ email: "reset@example.com" }));
      const link = await mailedLink("reset@example.com", "resetPassword");
      expect(await (await SELF.fetch(link)).text()).toContain("Please enter your new Password");

      const mismatch = await SELF.fetch(link, form({ password: "N3w!password", repeat: "other" }));
      expect(await mismatch.text()).toContain("Your passwords do not match");
      const weak = await SELF.fetch(link, form({ password: "weakweak", repeat: "weakweak" }));
      expect(await weak.text()).toContain("Your password must contain a number.");

      const done = await SELF.fetch(link, form({ password: "N3w!password", repeat: "N3w!password" }));
      expect(await done.text()).toContain("Password has been changed");
      expect((await api("/v1/user", { cookie: oldCookie })).status).toBe(401);

      const signIn = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email: "reset@example.com", password: "N3w!password" }));
      expect(signIn.status).toBe(302);
      expect(await (await SELF.fetch(link)).text()).toContain("An error occured");
    });
  });

  describe("API keys and /v1/user", () => {
    it("answers 401 invalid_api_key without a key or with a wrong one", async () => {
      for (const key of [undefined, "sk_" + "0".repeat(48), "garbage"]) {
        const response = await api("/v1/user", { key });
        expect(response.status).toBe(401);
        expect(await response.json()).toMatchObject({ detail: { status: "invalid_api_key" } });
      }
    });

    it("creates a key shown once, authenticates with it and lists it by preview", async () => {
      const cookie = await signUp("keys@example.com");
      const key = await createKey(cookie, "CI");
      expect(key).toMatch(/^sk_[0-9a-f]{48}$/);
      const stored = await env.DB.prepare("SELECT key_hash, preview FROM api_keys WHERE user_id = (SELECT id FROM users WHERE email = 'keys@example.com')").first<{ key_hash: string; preview: string }>();
      expect(stored!.key_hash).not.toContain(key.slice(3));
      const user = (await (await api("/v1/user", { key })).json()) as Record<string, unknown>;
      expect(user).toMatchObject({ email: "keys@example.com", xi_api_key_preview: stored!.preview, is_api_key_hashed: true });
      expect(JSON.stringify(user)).not.toContain(key);
      const subscription = await (await api("/v1/user/subscription", { key })).json();
      expect(subscription).toMatchObject({ tier: "free", status: "free", character_limit: 10000, character_count: 0 });
      const list = (await (await api("/v1/user/api-keys", { key })).json()) as { api_keys: { name: string; preview: string }[] };
      expect(list.api_keys).toEqual([expect.objectContaining({ name: "CI", preview: stored!.preview })]);
      expect(JSON.stringify(list)).not.toContain(key);
    });

    it("renames and deletes keys; a deleted key stops working", async () => {
      const cookie = await signUp("keys2@example.com");
      const key = await createKey(cookie);
      const { api_keys } = (await (await api("/v1/user/api-keys", { cookie })).json()) as { api_keys: { key_id: string }[] };
      const id = api_keys[0]!.key_id;
      expect((await api(`/v1/user/api-keys/${id}`, { method: "PATCH", cookie, json: { name: "renamed" } })).status).toBe(200);
      expect((await api(`/v1/user/api-keys/${id}`, { method: "DELETE", cookie })).status).toBe(200);
      expect((await api("/v1/user", { key })).status).toBe(401);
    });

    it("validates bodies with 422 details and writes nothing", async () => {
      const cookie = await signUp("keys3@example.com");
      const cases: RequestInit[] = [
        { body: "{not json", headers: { "content-type": "application/json" } },
        { body: JSON.stringify({}), headers: { "content-type": "application/json" } },
        { body: JSON.stringify({ name: "" }), headers: { "content-type": "application/json" } },
        { body: JSON.stringify({ name: "x".repeat(101) }), headers: { "content-type": "application/json" } },
      ];
      for (const init of cases) {
        const response = await api("/v1/user/api-keys", { ...init, method: "POST", cookie });
        expect(response.status).toBe(422);
        const body = (await response.json()) as { detail: { loc: unknown[]; msg: string }[] };
        expect(Array.isArray(body.detail)).toBe(true);
        expect(body.detail[0]!.msg).toBeTruthy();
      }
      const keys = await env.DB.prepare("SELECT count(*) AS n FROM api_keys JOIN users ON users.id = api_keys.user_id WHERE users.email = 'keys3@example.com'").first("n");
      expect(keys).toBe(0);
    });
  });

  describe("onboarding checklist", () => {
    it("completes an item once, when its event first happens", async () => {
      const cookie = await signUp("onboarding@example.com");
      await createKey(cookie);
      const state = (await (await api("/v1/user/onboarding", { cookie })).json()) as { items: { onboarding_checklist_item_id: string; is_completed: boolean }[] };
      expect(state.items.find((i) => i.onboarding_checklist_item_id === "generate_api_key")?.is_completed).toBe(true);
      const first = (await (await api("/v1/user/onboarding/update", { method: "POST", cookie, json: { item_id: "create_dub" } })).json()) as { newly_completed: boolean };
      const second = (await (await api("/v1/user/onboarding/update", { method: "POST", cookie, json: { item_id: "create_dub" } })).json()) as { newly_completed: boolean };
      expect([first.newly_completed, second.newly_completed]).toEqual([true, false]);
      expect((await api("/v1/user/onboarding/update", { method: "POST", cookie, json: { item_id: "nope" } })).status).toBe(422);
    });
  });

  describe("regional rules", () => {
    it("gates the app for an Illinois request until the terms are accepted", async () => {
      const cookie = await signUp("bipa@example.com");
      const illinois = { cookie, "x-parlance-biometric-terms": "1" };
      expect(await (await SELF.fetch(`${ORIGIN}/app/home`, { headers: illinois })).text()).toContain('data-testid="bipa-gate"');
      expect(await (await SELF.fetch(`${ORIGIN}/app/home`, { headers: { cookie } })).text()).not.toContain('data-testid="bipa-gate"');
      expect((await api("/v1/user/accept-bipa-terms", { method: "POST", cookie })).status).toBe(200);
      expect(await (await SELF.fetch(`${ORIGIN}/app/home`, { headers: illinois })).text()).not.toContain('data-testid="bipa-gate"');
    });
  });


  describe("product updates", () => {
    it("mails an opt-out link on subscribing; following it opts out once", async () => {
      const response = await SELF.fetch(`${ORIGIN}/app/sign-up`, form({ email: "updates@example.com", password: STRONG_PASSWORD, agrees_to_terms: "on", agrees_to_product_updates: "on" }));
      expect(response.status).toBe(200);
      // The account, and its subscription, begin when the sign-up link is opened.
      await SELF.fetch(await mailedLink("updates@example.com", "verifyEmail"));
      const link = await mailedLink("updates@example.com", "optOutOfUpdates");
      expect(await (await SELF.fetch(link)).text()).toContain("We have opted you out of receiving product updates.");
      expect(await env.DB.prepare("SELECT agrees_to_product_updates AS v FROM users WHERE email = 'updates@example.com'").first("v")).toBe(0);
      expect(await (await SELF.fetch(link)).text()).toContain("An error occurred while trying to opt you out from receiving product updates, please try again.");
    });
  });

  describe("support access", () => {
    it("staff request access; the signed-in owner grants it from the e-mailed link, once", async () => {
      const ownerCookie = await signUp("owner-support@example.com");
      const outsiderCookie = await signUp("outsider@example.com");
      const staffCookie = await signUp("agent@support.parlance.local");
      // Staff: an operator's role and a verified address on the staff domain (tests/workers/app/accounts.test.ts ("support-staff")).
      await verifyEmailOf("agent@support.parlance.local");
      await env.DB.prepare("UPDATE users SET staff_role = 'support' WHERE email = 'agent@support.parlance.local'").run();
      expect((await api("/v1/support/sign-in-requests", { method: "POST", cookie: outsiderCookie, json: { email: "owner-support@example.com" } })).status).toBe(403);
      expect((await api("/v1/support/sign-in-requests", { method: "POST", cookie: staffCookie, json: { email: "owner-support@example.com" } })).status).toBe(202);
      const link = await mailedLink("owner-support@example.com", "verifySignInRequest");
      expect(await (await SELF.fetch(link)).text()).toContain("Do you really want to grant our support team temporary access to your account?");
      const grant = (cookie: string) => SELF.fetch(link, { ...form({}), headers: { ...(form({}).headers as Record<string, string>), cookie } });
      expect((await grant(outsiderCookie)).status).toBe(403);
      const granted = await grant(ownerCookie);
      expect(granted.status).toBe(200);
      expect(await env.DB.prepare("SELECT support_access_until AS v FROM users WHERE email = 'owner-support@example.com'").first<number>("v")).toBeGreaterThan(Date.now() / 1000);
      expect((await grant(ownerCookie)).status).toBe(400);
    });
  });
});

describe("account-settings", () => {
  const now = () => Math.floor(Date.now() / 1000);

  function settings(cookie: string, fields: Record<string, string>) {
    const init = form(fields);
    return SELF.fetch(`${ORIGIN}/app/settings?index`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
  }

  async function enableTwoFactor(cookie: string): Promise<{ secret: string; backupCodes: string[] }> {
    const begin = await (await settings(cookie, { intent: "begin-2fa" })).text();
    const secret = begin.match(/data-testid="totp-secret">([A-Z2-7]+)</)?.[1];
    if (!secret) throw new Error("no secret shown");
    const confirmed = await (await settings(cookie, { intent: "confirm-2fa", code: await totpCode(secret, now()) })).text();
    const backupCodes = [...confirmed.matchAll(/<li>([0-9a-f]{10})<\/li>/g)].map((m) => m[1]!);
    return { secret, backupCodes };
  }

  describe("two-factor sign-in", () => {
    it("needs a current code (or a backup code, once) after the password", async () => {
      const email = "twofactor@example.com";
      const cookie = await signUp(email);
      const { secret, backupCodes } = await enableTwoFactor(cookie);
      expect(backupCodes).toHaveLength(8);

      const step1 = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email, password: STRONG_PASSWORD }));
      expect(step1.status).toBe(200);
      expect(step1.headers.get("set-cookie")).toBeNull();
      const pending = (await step1.text()).match(/name="pending" value="([0-9a-f]{48})"/)?.[1];
      expect(pending).toBeTruthy();

      const wrong = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ intent: "mfa", pending: pending!, code: "000000" }));
      expect(wrong.status).toBe(401);
      const right = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ intent: "mfa", pending: pending!, code: await totpCode(secret, now()) }));
      expect(right.status).toBe(302);
      sessionCookieFrom(right);
      // The pending sign-in is used up.
      expect((await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ intent: "mfa", pending: pending!, code: await totpCode(secret, now()) }))).status).toBe(401);

      const again = (await (await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email, password: STRONG_PASSWORD }))).text()).match(/name="pending" value="([0-9a-f]{48})"/)![1]!;
      expect((await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ intent: "mfa", pending: again, code: backupCodes[0]! }))).status).toBe(302);
      const third = (await (await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email, password: STRONG_PASSWORD }))).text()).match(/name="pending" value="([0-9a-f]{48})"/)![1]!;
      expect((await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ intent: "mfa", pending: third, code: backupCodes[0]! }))).status).toBe(401);
    });

    it("never lets a session alone change the enrolled factor: begin, replace and disable need a current code", async () => {
      const email = "twofactor-keep@example.com";
      const cookie = await signUp(email);
      const { secret, backupCodes } = await enableTwoFactor(cookie);

      for (const fields of [{ intent: "begin-2fa" }, { intent: "begin-2fa", code: "000000" }, { intent: "disable-2fa", code: "000000" }] as Record<string, string>[]) {
        const refused = await settings(cookie, fields);
        expect(refused.status, JSON.stringify(fields)).toBe(403);
        expect(await refused.text()).not.toContain('data-testid="totp-secret"');
      }
      // The factor still guards sign-in: the password alone is not enough.
      const step1 = await SELF.fetch(`${ORIGIN}/app/sign-in`, form({ email, password: STRONG_PASSWORD }));
      expect(step1.headers.get("set-cookie")).toBeNull();
      expect(await step1.text()).toMatch(/name="pending" value="[0-9a-f]{48}"/);

      // With a current code (here a backup code) the owner may replace it.
      const replaced = await (await settings(cookie, { intent: "begin-2fa", code: backupCodes[1]! })).text();
      const newSecret = replaced.match(/data-testid="totp-secret">([A-Z2-7]+)</)?.[1];
      expect(newSecret).toBeTruthy();
      expect(newSecret).not.toBe(secret);
    });

    it("applies the same rules to creating API keys through /v1: a session with a current code, never an API key", async () => {
      const cookie = await signUp("twofactor-api-keys@example.com");
      const key = await createKey(cookie);
      const byKey = await api("/v1/user/api-keys", { method: "POST", key, json: { name: "from a key" } });
      expect(byKey.status).toBe(403);
      expect(((await byKey.json()) as { detail: { status: string } }).detail.status).toBe("forbidden");

      const { secret } = await enableTwoFactor(cookie);
      const noCode = await api("/v1/user/api-keys", { method: "POST", cookie, json: { name: "no code" } });
      expect(noCode.status).toBe(403);
      expect(((await noCode.json()) as { detail: { status: string } }).detail.status).toBe("second_factor_required");
      const withCode = await api("/v1/user/api-keys", { method: "POST", cookie, json: { name: "with code", code: await totpCode(secret, now()) } });
      expect(withCode.status).toBe(201);
      const listed = (await (await api("/v1/user/api-keys", { cookie })).json()) as { api_keys: { name: string }[] };
      expect(listed.api_keys.map((k) => k.name).sort()).toEqual(["test key", "with code"]);
    });

    it("makes creating an API key in the page a sensitive action", async () => {
      const cookie = await signUp("twofactor-keys@example.com");
      const { secret } = await enableTwoFactor(cookie);
      const post = (fields: Record<string, string>) => {
        const init = form(fields);
        return SELF.fetch(`${ORIGIN}/app/settings/api-keys`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
      };
      expect((await post({ intent: "create", name: "no code" })).status).toBe(403);
      const ok = await post({ intent: "create", name: "with code", code: await totpCode(secret, now()) });
      expect(ok.status).toBe(200);
      expect(await ok.text()).toMatch(/sk_[0-9a-f]{48}/);
    });
  });

  describe("e-mail change", () => {
    it("confirms with the link sent to the new address, and can be reverted from the old one", async () => {
      const cookie = await signUp("old-address@example.com");
      expect((await settings(cookie, { intent: "change-email", new_email: "new-address@example.com", password: "wrong" })).status).toBe(403);
      const sent = await settings(cookie, { intent: "change-email", new_email: "new-address@example.com", password: STRONG_PASSWORD });
      expect(sent.status).toBe(200);
      const mailTo = async (to: string) =>
        (await env.DB.prepare("SELECT text FROM dev_mailbox WHERE \"to\" = ? ORDER BY created_at DESC, rowid DESC LIMIT 1").bind(to).first<string>("text"))!;
      const confirm = (await mailTo("new-address@example.com")).match(/internalCode=([0-9a-f]{48})&isReverting=false/)?.[1];
      const revert = (await mailTo("old-address@example.com")).match(/internalCode=([0-9a-f]{48})&isReverting=true/)?.[1];
      expect(confirm && revert).toBeTruthy();

      expect((await api(`/v1/user/email?verification_code=${"0".repeat(48)}&is_reverting=false`, { method: "PUT", cookie })).status).toBe(400);
      expect((await api(`/v1/user/email?verification_code=${confirm}&is_reverting=false`, { method: "PUT", cookie })).status).toBe(200);
      expect(((await (await api("/v1/user", { cookie })).json()) as { email: string }).email).toBe("new-address@example.com");
      expect((await api(`/v1/user/email?verification_code=${confirm}&is_reverting=false`, { method: "PUT", cookie })).status).toBe(400);
      expect((await api(`/v1/user/email?verification_code=${revert}&is_reverting=true`, { method: "PUT", cookie })).status).toBe(200);
      expect(((await (await api("/v1/user", { cookie })).json()) as { email: string }).email).toBe("old-address@example.com");
    });

    it("applies the mailed link in the main screen's loader, once, then redirects with the outcome only", async () => {
      const cookie = await signUp("page-old@example.com");
      expect((await settings(cookie, { intent: "change-email", new_email: "page-new@example.com", password: STRONG_PASSWORD })).status).toBe(200);
      const mailTo = async (to: string) =>
        (await env.DB.prepare("SELECT text FROM dev_mailbox WHERE \"to\" = ? ORDER BY created_at DESC, rowid DESC LIMIT 1").bind(to).first<string>("text"))!;
      const confirm = (await mailTo("page-new@example.com")).match(/\/app\/home\?(internalCode=[0-9a-f]{48}&isReverting=false)/)?.[1];
      const revert = (await mailTo("page-old@example.com")).match(/\/app\/home\?(internalCode=[0-9a-f]{48}&isReverting=true)/)?.[1];
      expect(confirm && revert).toBeTruthy();
      const land = (query: string, headers: Record<string, string> = { cookie }) => SELF.fetch(`${ORIGIN}/app/home?${query}`, { headers, redirect: "manual" });
      const outcome = (response: Response) => (response.status === 302 ? response.headers.get("location") : `status ${response.status}`);
      const email = async () => ((await (await api("/v1/user", { cookie })).json()) as { email: string }).email;

      // Signed out, the link goes through sign-in and comes back whole; nothing is redeemed on the way.
      const signedOut = await land(confirm!, {});
      expect(signedOut.status).toBe(302);
      expect(decodeURIComponent(signedOut.headers.get("location")!)).toContain(`/app/home?${confirm}`);

      expect(outcome(await land("internalCode=not-a-code&isReverting=false"))).toBe("/app/home?emailChange=malformed");
      expect(outcome(await land(`internalCode=${"0".repeat(48)}&isReverting=false`))).toBe("/app/home?emailChange=expired");
      expect(outcome(await land(confirm!))).toBe("/app/home?emailChange=updated");
      expect(await email()).toBe("page-new@example.com");
      // The same link again (a reload before the redirect, say) changes nothing more.
      expect(outcome(await land(confirm!))).toBe("/app/home?emailChange=expired");
      expect(outcome(await land(revert!))).toBe("/app/home?emailChange=updated");
      expect(await email()).toBe("page-old@example.com");

      // The outcome page itself renders; without isReverting the code is the account dialogs' and is left alone.
      expect((await land("emailChange=updated")).status).toBe(200);
      expect((await land(`internalCode=${"0".repeat(48)}`)).status).toBe(200);
    });
  });

  describe("account deletion", () => {
    it("needs the password, then removes the user, their workspace, history and audio", async () => {
      const cookie = await signUp("leaving@example.com");
      const key = await createKey(cookie);
      const spoken = await api("/v1/text-to-speech/pv01aria000000000000", { method: "POST", key, json: { text: "Goodbye." } });
      expect(spoken.status).toBe(200);
      const ws = (await (await api("/v1/workspace", { key })).json()) as { workspace_id: string };
      expect((await env.MEDIA.list({ prefix: `history/${ws.workspace_id}/` })).objects).toHaveLength(1);

      expect((await settings(cookie, { intent: "delete-account", password: "wrong", confirm: "DELETE" })).status).toBe(403);
      expect((await settings(cookie, { intent: "delete-account", password: STRONG_PASSWORD, confirm: "nope" })).status).toBe(400);
      const deleted = await settings(cookie, { intent: "delete-account", password: STRONG_PASSWORD, confirm: "DELETE" });
      expect(deleted.status).toBe(302);

      for (const table of ["users", "workspaces", "history_items", "api_keys", "sessions", "workspace_members"]) {
        const column = table === "users" ? "email" : null;
        const query = column
          ? env.DB.prepare(`SELECT count(*) AS n FROM users WHERE email = 'leaving@example.com'`)
          : env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${table === "workspaces" ? "id" : "workspace_id"} = ?`).bind(ws.workspace_id);
        if (table === "sessions") continue;
        expect([table, await query.first("n")]).toEqual([table, 0]);
      }
      expect((await env.MEDIA.list({ prefix: `history/${ws.workspace_id}/` })).objects).toHaveLength(0);
      expect((await api("/v1/user", { key })).status).toBe(401);
      expect((await api("/v1/user", { cookie })).status).toBe(401);
    });
  });
});

describe("dev-mailbox", () => {
  /** The app worker as deployed with another ENVIRONMENT (the test project's wrangler.toml says development). */
  async function fetchAs(environment: string, path: string): Promise<Response> {
    const ctx = createExecutionContext();
    const response = await worker.fetch(new Request(`${ORIGIN}${path}`), { ...(env as unknown as Env), ENVIRONMENT: environment }, ctx);
    await waitOnExecutionContext(ctx);
    return response;
  }

  describe("/dev/mailbox", () => {
    it("shows the e-mail sent in development", async () => {
      await signUp("mailbox-dev@example.com");
      const page = await SELF.fetch(`${ORIGIN}/dev/mailbox`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("mailbox-dev@example.com");
      expect((await fetchAs("development", "/dev/mailbox")).status).toBe(200);
      const data = await fetchAs("development", "/dev/mailbox.data");
      expect(data.status).toBe(200);
      expect(await data.text()).toContain("mailbox-dev@example.com");
    });

    it("answers 404 outside development, with none of the mail", async () => {
      await signUp("mailbox-prod@example.com");
      for (const environment of ["production", "staging", ""]) {
        const response = await fetchAs(environment, "/dev/mailbox");
        expect(response.status, environment).toBe(404);
        const body = await response.text();
        expect(body).not.toContain("mailbox-prod@example.com");
        expect(body).not.toContain("Dev mailbox");
        // Its data request too (what the page's client navigation asks for, single fetch).
        const data = await fetchAs(environment, "/dev/mailbox.data");
        expect(data.status, environment).toBe(404);
        expect(await data.text()).not.toContain("mailbox-prod@example.com");
      }
    });
  });
});

describe("sms-second-factor", () => {
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
});

describe("throttle", () => {
  // Strangers must not lock owners out, and sign-up must not tell who has an account (docs/decisions/0017, 0018).
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
});

describe("support-staff", () => {
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
      // On the staff domain, never verified: the issue's attack (only an account from before decision 0018 can be).
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
});

export { sessionCookieFrom };
