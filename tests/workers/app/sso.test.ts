import { env, SELF } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { signJwt } from "~/workspace/rules/sso";
import { adminWithVerifiedDomain, form, ORIGIN, postForm, sessionCookieFrom, signUp, STRONG_PASSWORD } from "./helpers";
import { base64Encode, checkSamlResponse, inflateRedirectMessage, readAuthnRequest, selfSignedCertificate, signedSamlResponse, toPem } from "~/workspace/rules/saml";

describe("sso", () => {
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
});

describe("sso-saml", () => {
  // SAML 2.0 single sign-on (decision 0070): through the development stand-in, and a hostile identity provider
  // played by this test with keys of its own.
  const SP_ENTITY_ID = `${ORIGIN}/app/sign-in/sso/saml/metadata`;
  const ACS = `${ORIGIN}/app/sign-in/sso/saml/acs`;
  const DEV_SAML = `${ORIGIN}/dev/identity-provider/saml`;

  const security = (cookie: string, fields: Record<string, string>) => postForm("/app/workspace/security?index", fields, cookie);

  async function keyPair() {
    const keys = (await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const privateKeyPem = toPem("PRIVATE KEY", new Uint8Array((await crypto.subtle.exportKey("pkcs8", keys.privateKey)) as ArrayBuffer));
    return { privateKeyPem, certificatePem: await selfSignedCertificate(keys, "test IdP") };
  }

  /** Continue with SSO: the AuthnRequest the browser carries to the identity provider, and the cookie binding it. */
  async function beginSaml(email: string) {
    const begun = await postForm("/app/sign-in", { intent: "sso", email });
    expect(begun.status, await begun.clone().text()).toBe(302);
    const location = new URL(begun.headers.get("location")!);
    const setCookie = begun.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/parlance_saml_state=[0-9a-f]{64}; Path=\/app\/sign-in\/sso\/saml;.*HttpOnly; Secure; SameSite=None/);
    const relayState = location.searchParams.get("RelayState")!;
    const request = readAuthnRequest(await inflateRedirectMessage(location.searchParams.get("SAMLRequest")!))!;
    expect(request).toMatchObject({ issuer: SP_ENTITY_ID, acsUrl: ACS });
    return { location, relayState, requestId: request.id, cookie: `parlance_saml_state=${setCookie.match(/parlance_saml_state=([0-9a-f]{64})/)![1]}` };
  }

  /** The identity provider's page posts the answer to the ACS from its own site (HTTP-POST binding). */
  function postToAcs(fields: Record<string, string>, cookie: string, origin = "https://idp.saml-test.example") {
    const init = form(fields);
    return SELF.fetch(ACS, { ...init, headers: { ...(init.headers as Record<string, string>), origin, cookie } });
  }

  const encode = (xml: string) => base64Encode(new TextEncoder().encode(xml));
  const userByEmail = (email: string) => env.DB.prepare("SELECT u.id, u.first_name, m.workspace_id, m.role FROM users u LEFT JOIN workspace_members m ON m.user_id = u.id WHERE u.email = ?").bind(email).first<Record<string, unknown>>();

  describe("SAML single sign-on through the development identity provider", () => {
    it("configures the stand-in, provisions a new user from its signed response and signs them in; the answer is used once", async () => {
      const domain = "acme-saml.test";
      const { cookie, workspaceId } = await adminWithVerifiedDomain(domain);
      const page = await (await SELF.fetch(`${ORIGIN}/app/workspace/security`, { headers: { cookie } })).text();
      expect(page).toContain(SP_ENTITY_ID);
      expect(page).toContain(ACS);
      const certificate = page.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/)![0];
      // Bad input: refused beside its field.
      const bad = await security(cookie, { intent: "save-saml-provider", saml_entity_id: DEV_SAML, saml_sso_url: DEV_SAML, saml_certificate: "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----" });
      expect(bad.status).toBe(400);
      expect(await bad.text()).toContain("signing certificate in PEM");
      expect((await security(cookie, { intent: "save-saml-provider", saml_entity_id: DEV_SAML, saml_sso_url: "not a url", saml_certificate: certificate })).status).toBe(400);
      const saved = await security(cookie, { intent: "save-saml-provider", saml_entity_id: DEV_SAML, saml_sso_url: DEV_SAML, saml_certificate: certificate });
      expect(saved.status, await saved.clone().text()).toBe(200);
      expect((await security(cookie, { intent: "options", auto_provisioning: "on" })).status).toBe(200);
      expect(await env.DB.prepare("SELECT protocol, issuer, identity_provider_entity_id, auto_provisioning_enabled FROM workspace_identity_providers WHERE workspace_id = ?").bind(workspaceId).first()).toEqual({
        protocol: "saml",
        issuer: DEV_SAML,
        identity_provider_entity_id: DEV_SAML,
        auto_provisioning_enabled: 1,
      });
      // The service provider's metadata names the same entity ID and ACS.
      const metadata = await SELF.fetch(SP_ENTITY_ID);
      expect(metadata.headers.get("content-type")).toContain("samlmetadata+xml");
      expect(await metadata.text()).toContain(`entityID="${SP_ENTITY_ID}"`);

      const sso = await beginSaml(`Lin@${domain}`);
      expect(sso.location.origin + sso.location.pathname).toBe(DEV_SAML);
      expect((await SELF.fetch(sso.location)).status).toBe(200);
      const login = await SELF.fetch(sso.location, form({ email: `lin@${domain}`, name: "Lin Chen" }));
      expect(login.status).toBe(200);
      const html = await login.text();
      const samlResponse = html.match(/name="SAMLResponse" value="([A-Za-z0-9+/=]+)"/)![1]!;
      expect(html).toContain(`action="${ACS}"`);
      expect(html).toContain(`name="RelayState" value="${sso.relayState}"`);

      const done = await postToAcs({ SAMLResponse: samlResponse, RelayState: sso.relayState }, sso.cookie);
      expect(done.status, await done.clone().text()).toBe(200);
      expect(await done.text()).toContain('http-equiv="refresh"');
      const session = sessionCookieFrom(done);
      expect(await userByEmail(`lin@${domain}`)).toMatchObject({ first_name: "Lin", workspace_id: workspaceId, role: "editor" });
      expect((await SELF.fetch(`${ORIGIN}/v1/user`, { headers: { cookie: session } })).status).toBe(200);

      // The same answer again: the RelayState and its request are gone.
      const replay = await postToAcs({ SAMLResponse: samlResponse, RelayState: sso.relayState }, sso.cookie);
      expect(replay.status).toBe(400);
      expect(replay.headers.get("set-cookie") ?? "").not.toContain("parlance_session=");
      // An answer to a request begun in another browser (no matching cookie) is refused.
      const other = await beginSaml(`lin@${domain}`);
      expect((await postToAcs({ SAMLResponse: samlResponse, RelayState: other.relayState }, `parlance_saml_state=${"0".repeat(64)}`)).status).toBe(400);
      // Nothing to read at the ACS with a GET: where to start instead.
      expect(await (await SELF.fetch(ACS)).text()).toContain("Start single sign-on from the sign-in page");
    });

    it("refuses an AuthnRequest for another service provider at the stand-in", async () => {
      const response = await SELF.fetch(`${DEV_SAML}?SAMLRequest=bm90LWRlZmxhdGU%3D&RelayState=x`);
      expect(response.status).toBe(400);
    });
  });

  describe("SAML responses from a hostile identity provider", () => {
    const IDP = "https://idp.saml-test.example/entity";
    const domain = "hostile-saml.test";
    let idp: Awaited<ReturnType<typeof keyPair>>;
    let stranger: Awaited<ReturnType<typeof keyPair>>;
    let otherWorkspace: { relayState: string; cookie: string; requestId: string } | null = null;

    beforeAll(async () => {
      [idp, stranger] = await Promise.all([keyPair(), keyPair()]);
      const { cookie } = await adminWithVerifiedDomain(domain);
      expect((await security(cookie, { intent: "save-saml-provider", saml_entity_id: IDP, saml_sso_url: "https://idp.saml-test.example/sso", saml_certificate: idp.certificatePem })).status).toBe(200);
      expect((await security(cookie, { intent: "options", auto_provisioning: "on" })).status).toBe(200);
      // Another workspace with its own identity provider (the stranger's key) and its own domain.
      const second = await adminWithVerifiedDomain("second-saml.test");
      expect((await security(second.cookie, { intent: "save-saml-provider", saml_entity_id: "https://second-idp.example", saml_sso_url: "https://second-idp.example/sso", saml_certificate: stranger.certificatePem })).status).toBe(200);
      expect((await security(second.cookie, { intent: "options", auto_provisioning: "on" })).status).toBe(200);
      otherWorkspace = await beginSaml("someone@second-saml.test");
    });

    const answer = (requestId: string, over: Partial<Parameters<typeof signedSamlResponse>[0]> = {}) =>
      signedSamlResponse({
        privateKeyPem: idp.privateKeyPem,
        idpEntityId: IDP,
        spEntityId: SP_ENTITY_ID,
        acsUrl: ACS,
        inResponseTo: requestId,
        email: `eve@${domain}`,
        now: Math.floor(Date.now() / 1000),
        responseId: `_r${requestId}`,
        assertionId: `_a${requestId}`,
        ...over,
      });

    async function attempt(make: (requestId: string) => string, email = `eve@${domain}`) {
      const sso = await beginSaml(email);
      expect(sso.location.origin).toBe("https://idp.saml-test.example");
      return postToAcs({ SAMLResponse: encode(make(sso.requestId)), RelayState: sso.relayState }, sso.cookie);
    }

    it("refuses a forged signature, a tampered or wrapped assertion, a wrong audience, an expired answer and an unknown request id", async () => {
      // Signed by a key that is not the configured certificate's.
      expect((await attempt((id) => answer(id, { privateKeyPem: stranger.privateKeyPem }))).status).toBe(400);
      // A correctly signed answer whose subject was changed afterwards.
      expect((await attempt((id) => answer(id).replaceAll(`eve@${domain}`, `boss@${domain}`))).status).toBe(400);
      // Signature wrapping: a forged assertion for another person beside the validly signed one.
      const wrapped = (id: string) => {
        const xml = answer(id);
        const signed = xml.match(/<saml:Assertion[\s\S]*<\/saml:Assertion>/)![0];
        const forged = signed.replace(`ID="_a${id}"`, 'ID="_forged"').replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, "").replaceAll(`eve@${domain}`, `boss@${domain}`);
        return xml.replace(signed, `${forged}<samlp:Extensions>${signed}</samlp:Extensions>`);
      };
      expect((await attempt(wrapped)).status).toBe(400);
      expect((await attempt((id) => answer(id, { spEntityId: "https://someone-else.example/sp" }))).status).toBe(400);
      expect((await attempt((id) => answer(id, { now: Math.floor(Date.now() / 1000) - 3600 }))).status).toBe(400);
      expect((await attempt(() => answer("_not-our-request"))).status).toBe(400);
      expect((await attempt((id) => answer(id, { idpEntityId: "https://another-idp.example" }))).status).toBe(400);
      // Signed correctly, but for an address outside the workspace's verified domains.
      expect((await attempt((id) => answer(id, { email: "eve@gmail.com" }))).status).toBe(403);
      for (const email of [`eve@${domain}`, `boss@${domain}`, "eve@gmail.com"]) expect(await userByEmail(email)).toBeNull();
    });

    it("refuses another workspace's identity provider, and signs in the well-made answer once", async () => {
      // The other workspace's provider signs an answer to our request: not our certificate.
      const theirs = await attempt((id) => answer(id, { privateKeyPem: stranger.privateKeyPem, idpEntityId: "https://second-idp.example" }));
      expect(theirs.status).toBe(400);
      // Our provider asserting an address of the other workspace's domain, answering that workspace's request.
      const cross = await postToAcs({ SAMLResponse: encode(answer(otherWorkspace!.requestId, { email: "someone@second-saml.test" })), RelayState: otherWorkspace!.relayState }, otherWorkspace!.cookie);
      expect(cross.status).toBe(400);
      // And our provider may not sign anyone into the other workspace's domain through our own sign-in.
      expect((await attempt((id) => answer(id, { email: "someone@second-saml.test" }))).status).toBe(403);
      expect(await userByEmail("someone@second-saml.test")).toBeNull();

      const sso = await beginSaml(`eve@${domain}`);
      const good = encode(answer(sso.requestId, { signResponse: true }));
      const ok = await postToAcs({ SAMLResponse: good, RelayState: sso.relayState }, sso.cookie);
      expect(ok.status, await ok.clone().text()).toBe(200);
      expect(ok.headers.get("set-cookie")).toContain("parlance_session=");
      expect(await userByEmail(`eve@${domain}`)).toMatchObject({ role: "editor" });
      const replay = await postToAcs({ SAMLResponse: good, RelayState: sso.relayState }, sso.cookie);
      expect(replay.status).toBe(400);
    });
  });
});

describe("saml-signature", () => {
  // Decision 0070: xml-crypto and @xmldom/xmldom run in workerd (nodejs_compat): this file runs inside workerd.
  describe("SAML signatures in workerd (xml-crypto)", () => {
    it("verifies a signed assertion and refuses a tampered or wrapped one", async () => {
      const keys = (await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
      const privateKeyPem = toPem("PRIVATE KEY", new Uint8Array((await crypto.subtle.exportKey("pkcs8", keys.privateKey)) as ArrayBuffer));
      const certificatePem = await selfSignedCertificate(keys, "workerd IdP");
      const now = Math.floor(Date.now() / 1000);
      const common = { idpEntityId: "https://idp.test", spEntityId: "https://sp.test/meta", acsUrl: "https://sp.test/acs" };
      const xml = signedSamlResponse({ privateKeyPem, ...common, inResponseTo: "_r", email: "ada@acme.test", now, responseId: "_resp", assertionId: "_a" });
      const check = (doc: string) => checkSamlResponse(base64Encode(new TextEncoder().encode(doc)), { certificatePem, ...common, requestId: "_r", now });
      expect(check(xml)).toMatchObject({ ok: true, identity: { email: "ada@acme.test" } });
      expect(check(xml.replaceAll("ada@acme.test", "eve@acme.test"))).toEqual({ ok: false, reason: "no valid signature over the Response or the Assertion" });
      const assertion = xml.match(/<saml:Assertion[\s\S]*<\/saml:Assertion>/)![0];
      const forged = assertion.replace('ID="_a"', 'ID="_f"').replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, "").replaceAll("ada@", "eve@");
      expect(check(xml.replace(assertion, forged.replace("</saml:Subject>", `</saml:Subject>${assertion}`))).ok).toBe(false);
    });
  });
});
