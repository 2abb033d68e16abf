import { env, SELF } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signJwt } from "~/workspace/rules/sso";
import { adminWithVerifiedDomain, form, ORIGIN, postForm, sessionCookieFrom, signUp, STRONG_PASSWORD } from "./helpers";

const DEV_ISSUER = `${ORIGIN}/dev/identity-provider`;

const post = postForm;
const security = (cookie: string, fields: Record<string, string>) => post("/app/workspace/security?index", fields, cookie);

async function workspaceOf(email: string): Promise<string> {
  return (await env.DB.prepare("SELECT active_workspace_id AS id FROM users WHERE email = ?").bind(email).first<string>("id"))!;
}

/** An admin whose workspace verified `domain` (TXT published on the dev DNS stand-in) and has an identity provider. */
async function workspaceWithSso(domain: string, provider: { issuer: string; clientId: string; secret: string }, options: Record<string, string> = {}) {
  const { admin, cookie, workspaceId } = await adminWithVerifiedDomain(domain);
  const saved = await security(cookie, { intent: "save-provider", issuer: provider.issuer, client_id: provider.clientId, client_secret: provider.secret });
  expect(saved.status, await saved.clone().text()).toBe(200);
  if (Object.keys(options).length) expect((await security(cookie, { intent: "options", ...options })).status).toBe(200);
  return { admin, cookie, workspaceId };
}

/** Continue with SSO: where the browser is sent and the state cookie it carries. */
async function beginSso(email: string) {
  const begun = await post("/app/sign-in", { intent: "sso", email });
  expect(begun.status, await begun.clone().text()).toBe(302);
  const location = new URL(begun.headers.get("location")!);
  const stateCookie = begun.headers.get("set-cookie")!.match(/parlance_sso_state=([0-9a-f]{64})/)![1]!;
  return { location, state: location.searchParams.get("state")!, nonce: location.searchParams.get("nonce")!, cookie: `parlance_sso_state=${stateCookie}` };
}

const callback = (query: string, cookie: string) => SELF.fetch(`${ORIGIN}/app/sign-in/sso/callback?${query}`, { headers: { cookie }, redirect: "manual" });

describe("single sign-on through the development identity provider", () => {
  it("verifies a domain by DNS TXT, provisions a new user from the provider and signs them in; a state is used once", async () => {
    const { workspaceId, admin } = await workspaceWithSso("acme-sso.test", { issuer: DEV_ISSUER, clientId: "parlance-dev", secret: "parlance-dev-secret" }, { auto_provisioning: "on" });
    const provider = await env.DB.prepare("SELECT * FROM workspace_identity_providers WHERE workspace_id = ?").bind(workspaceId).first<Record<string, unknown>>();
    expect(provider).toMatchObject({ issuer: DEV_ISSUER, auto_provisioning_enabled: 1, auto_provisioning_enabled_by_user_email: admin });
    expect(provider!.auto_provisioning_enabled_at).toBeGreaterThan(0);
    // The page never shows the secret again.
    expect(await (await SELF.fetch(`${ORIGIN}/app/workspace/security`, { headers: { cookie: (await signInCookie(admin))! } })).text()).not.toContain("parlance-dev-secret\"");

    const sso = await beginSso("Grace@acme-sso.test");
    expect(sso.location.pathname).toBe("/dev/identity-provider/authorize");
    expect(Object.fromEntries(sso.location.searchParams)).toMatchObject({ client_id: "parlance-dev", response_type: "code", code_challenge_method: "S256", login_hint: "grace@acme-sso.test", redirect_uri: `${ORIGIN}/app/sign-in/sso/callback` });
    expect((await SELF.fetch(sso.location)).status).toBe(200);
    const login = await SELF.fetch(sso.location, { ...form({ email: "grace@acme-sso.test", name: "Grace Hopper" }) });
    expect(login.status).toBe(302);
    const back = new URL(login.headers.get("location")!);
    expect(back.searchParams.get("state")).toBe(sso.state);

    const done = await callback(back.search.slice(1), sso.cookie);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('http-equiv="refresh"');
    const session = sessionCookieFrom(done);
    const user = await env.DB.prepare("SELECT u.first_name, u.email_verified_at, u.active_workspace_id, m.role FROM users u JOIN workspace_members m ON m.user_id = u.id WHERE u.email = ?").bind("grace@acme-sso.test").first<Record<string, unknown>>();
    expect(user).toMatchObject({ first_name: "Grace", active_workspace_id: workspaceId, role: "editor" });
    const me = await SELF.fetch(`${ORIGIN}/v1/user`, { headers: { cookie: session } });
    expect(((await me.json()) as { subscription?: unknown; user_id?: string }).user_id).toBeTruthy();

    // The same answer from the provider again: the state is gone.
    const replay = await callback(back.search.slice(1), sso.cookie);
    expect(replay.status).toBe(400);
    expect(replay.headers.get("set-cookie") ?? "").not.toContain("parlance_session=");
    // A state begun in another browser (no matching cookie) is refused too.
    const other = await beginSso("grace@acme-sso.test");
    expect((await callback(`code=x&state=${other.state}`, "parlance_sso_state=" + "0".repeat(64))).status).toBe(400);
  });

  it("without auto-provisioning refuses an unknown person; enforcement refuses members' passwords but not the owner's", async () => {
    const domain = "enforced-sso.test";
    const { cookie } = await workspaceWithSso(domain, { issuer: DEV_ISSUER, clientId: "parlance-dev", secret: "parlance-dev-secret" }, { sso_enforced: "on" });
    const sso = await beginSso(`stranger@${domain}`);
    const login = await SELF.fetch(sso.location, form({ email: `stranger@${domain}` }));
    const refused = await callback(new URL(login.headers.get("location")!).search.slice(1), sso.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("not a member of this workspace");
    expect(await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(`stranger@${domain}`).first()).toBeNull();

    // A member on the domain (joined by invite) may no longer use a password.
    const member = `member@${domain}`;
    await signUp(member);
    const workspaceId = await workspaceOf(`admin@${domain}`);
    await env.DB.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) SELECT ?, id, 'editor' FROM users WHERE email = ?").bind(workspaceId, member).run();
    const password = await post("/app/sign-in", { email: member, password: STRONG_PASSWORD });
    expect(password.status).toBe(403);
    expect(await password.text()).toContain("Your workspace signs you in with single sign-on");
    // The owner keeps the password (the way back in if the provider fails).
    expect((await post("/app/sign-in", { email: `admin@${domain}`, password: STRONG_PASSWORD })).status).toBe(302);
    // The member signs in through the provider instead.
    const memberSso = await beginSso(member);
    const memberLogin = await SELF.fetch(memberSso.location, form({ email: member }));
    expect((await callback(new URL(memberLogin.headers.get("location")!).search.slice(1), memberSso.cookie)).status).toBe(200);
    // Turning enforcement off lets passwords in again.
    await security(cookie, { intent: "options" });
    expect((await post("/app/sign-in", { email: member, password: STRONG_PASSWORD })).status).toBe(302);
  });

  it("refuses SSO for a domain nobody verified, and a domain another workspace verified", async () => {
    const none = await post("/app/sign-in", { intent: "sso", email: "someone@unconfigured.test" });
    expect(none.status).toBe(404);
    expect(await none.text()).toContain("No single sign-on is set up");
    const cookie = await signUp("other-admin@elsewhere.test");
    const taken = await security(cookie, { intent: "add-domain", domain: "acme-sso.test" });
    expect([200, 409]).toContain(taken.status);
    if (taken.status === 200) expect((await security(cookie, { intent: "verify-domain", domain: "acme-sso.test" })).status).toBe(409);
    expect((await security(cookie, { intent: "add-domain", domain: "not a domain" })).status).toBe(400);
  });
});

async function signInCookie(email: string): Promise<string | null> {
  const response = await post("/app/sign-in", { email, password: STRONG_PASSWORD });
  return response.status === 302 ? sessionCookieFrom(response) : null;
}

describe("ID tokens from a hostile identity provider", () => {
  const IDP = "https://idp.test";
  let key: CryptoKey;
  let otherKey: CryptoKey;
  let jwk: JsonWebKey;
  /** What the next token response carries, given the nonce the sign-in sent. */
  let nextToken: (nonce: string) => Promise<string>;
  let lastNonce = "";

  beforeAll(async () => {
    const pair = (await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const other = (await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    key = pair.privateKey;
    otherKey = other.privateKey;
    const pub = await crypto.subtle.exportKey("jwk", pair.publicKey);
    jwk = { kty: "RSA", n: pub.n, e: pub.e, kid: "k1", use: "sig", alg: "RS256" } as JsonWebKey;
    const realFetch = globalThis.fetch;
    // The provider stands in only inside this test: its discovery, JWKS and a token endpoint we control.
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      if (url.origin !== IDP) return realFetch(input, init);
      if (url.pathname === "/.well-known/openid-configuration") return Response.json({ issuer: IDP, authorization_endpoint: `${IDP}/authorize`, token_endpoint: `${IDP}/token`, jwks_uri: `${IDP}/jwks` });
      if (url.pathname === "/jwks") return Response.json({ keys: [jwk] });
      if (url.pathname === "/token") {
        const body = await request.formData();
        if (!body.get("code_verifier")) return Response.json({ error: "invalid_request" }, { status: 400 });
        return Response.json({ access_token: "a", token_type: "Bearer", id_token: await nextToken(lastNonce) });
      }
      return new Response(null, { status: 404 });
    });
    await workspaceWithSso("hostile-idp.test", { issuer: IDP, clientId: "our-client", secret: "s3cret" }, { auto_provisioning: "on" });
  });
  afterAll(() => vi.restoreAllMocks());

  const now = () => Math.floor(Date.now() / 1000);
  const claims = (nonce: string) => ({ iss: IDP, sub: "u1", aud: "our-client", exp: now() + 300, iat: now(), nonce, email: "eve@hostile-idp.test", email_verified: true });

  async function attempt(token: (nonce: string) => Promise<string>) {
    nextToken = token;
    const sso = await beginSso("eve@hostile-idp.test");
    lastNonce = sso.nonce;
    return callback(`code=c&state=${sso.state}`, sso.cookie);
  }

  it("accepts a well-made token, and refuses a forged signature, a wrong audience, an expired token and a wrong nonce", async () => {
    expect((await attempt((nonce) => signJwt(claims(nonce), otherKey, "k1"))).status).toBe(400);
    expect((await attempt((nonce) => signJwt({ ...claims(nonce), aud: "someone-else" }, key, "k1"))).status).toBe(400);
    expect((await attempt((nonce) => signJwt({ ...claims(nonce), exp: now() - 600, iat: now() - 900 }, key, "k1"))).status).toBe(400);
    expect((await attempt(() => signJwt(claims("not-the-nonce"), key, "k1"))).status).toBe(400);
    expect((await attempt((nonce) => signJwt({ ...claims(nonce), email_verified: false }, key, "k1"))).status).toBe(403);
    expect((await attempt((nonce) => signJwt({ ...claims(nonce), email: "eve@gmail.com" }, key, "k1"))).status).toBe(403);
    expect(await env.DB.prepare("SELECT id FROM users WHERE email IN ('eve@hostile-idp.test', 'eve@gmail.com')").first()).toBeNull();
    const good = await attempt((nonce) => signJwt(claims(nonce), key, "k1"));
    expect(good.status).toBe(200);
    expect(good.headers.get("set-cookie")).toContain("parlance_session=");
  });
});
