import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { base64Encode, inflateRedirectMessage, readAuthnRequest, selfSignedCertificate, signedSamlResponse, toPem } from "~/workspace/rules/saml";
import { adminWithVerifiedDomain, form, ORIGIN, postForm, sessionCookieFrom } from "./helpers";

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
