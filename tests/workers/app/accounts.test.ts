import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DIALOGS } from "~/accounts/rules/account-actions";
import { api, createKey, form, mailedLink, ORIGIN, sessionCookieFrom, signUp, signUpUnverified, STRONG_PASSWORD, verificationLinkOf, verifyEmailOf } from "./helpers";

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

export { sessionCookieFrom };

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
    // Staff: an operator's role and a verified address on the staff domain (tests/workers/app/support-staff.test.ts).
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
