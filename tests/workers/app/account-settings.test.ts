import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { totpCode } from "../../../app/accounts/rules/totp";
import { api, createKey, form, ORIGIN, sessionCookieFrom, signUp, STRONG_PASSWORD } from "./helpers";

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
