// Development-only stand-ins for the outside protocols of single sign-on (decision 0045), like devTwilio and
// workers/stripe-local: an OpenID Connect identity provider (discovery, authorize with a small login form, token
// with PKCE, JWKS, userinfo), a SAML 2.0 identity provider (decision 0070: HTTP-Redirect AuthnRequest in, a signed
// Response by HTTP-POST out, with the same key) and a DNS-over-HTTPS resolver (JSON API) answering from records
// set at /dev/dns.
// The routes that expose them answer 404 outside development, and the clients refuse them there.
import { database, type Database } from "../../db/client";
import { consumeDevOidcCode, deleteDevDnsRecord, devDnsAnswers, devOidcKey, listDevDnsRecords, putDevDnsRecord, storeDevOidcCode, storeDevOidcKey } from "../../db/repositories/sso";
import { randomHex, sha256Hex } from "~/accounts/accounts.server";
import { pkceChallenge, signJwt, SSO_CALLBACK_PATH, verifyIdToken } from "~/workspace/rules/sso";
import { base64Encode, inflateRedirectMessage, readAuthnRequest, SAML_ACS_PATH, SAML_METADATA_PATH, selfSignedCertificate, signedSamlResponse, toPem } from "~/workspace/rules/saml";
import { nowSeconds } from "../../core/clock";

export const DEV_IDP_PATH = "/dev/identity-provider";
/** The stand-in's one client: not a secret (it answers only in development). */
export const DEV_IDP_CLIENT_ID = "parlance-dev";
export const DEV_IDP_CLIENT_SECRET = "parlance-dev-secret";
export const DEV_DOH_URL = "https://dev-dns.invalid/dns-query";
const CODE_TTL_SECONDS = 60;
const TOKEN_TTL_SECONDS = 300;

export const devIssuer = (origin: string) => `${origin}${DEV_IDP_PATH}`;

/**
 * Whether a token URL is the stand-in's token endpoint on a local host: a webhook delivery (a queue message, with no
 * site origin to compare) asks it in-process in development, as a worker cannot fetch its own site (decision 0076).
 */
export function isLocalDevTokenUrl(url: string): boolean {
  const parsed = new URL(url);
  return ["localhost", "127.0.0.1"].includes(parsed.hostname) && parsed.pathname === `${DEV_IDP_PATH}/token`;
}

/** Whether a URL is the stand-in on this site (only then is it answered in-process). */
export function isDevIdentityProviderUrl(url: string, origin: string): boolean {
  const parsed = new URL(url);
  return parsed.origin === origin && parsed.pathname.startsWith(`${DEV_IDP_PATH}/`);
}

const oauthError = (status: number, error: string, description: string) => Response.json({ error, error_description: description }, { status, headers: { "cache-control": "no-store" } });

/** The signing key, made on first use and kept in D1 so tokens stay verifiable across restarts. */
async function signingKey(db: Database): Promise<{ kid: string; key: CryptoKey; publicJwk: JsonWebKey }> {
  const row = await signingKeyRow(db);
  const key = await crypto.subtle.importKey("jwk", JSON.parse(row.privateJwk), { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["sign"]);
  return { kid: row.kid, key, publicJwk: JSON.parse(row.publicJwk) };
}

async function signingKeyRow(db: Database) {
  let row = await devOidcKey(db);
  if (!row) {
    const pair = (await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    const kid = `dev-${randomHex(4)}`;
    const pub = (await crypto.subtle.exportKey("jwk", pair.publicKey)) as JsonWebKey;
    await storeDevOidcKey(db, { kid, privateJwk: JSON.stringify(await crypto.subtle.exportKey("jwk", pair.privateKey)), publicJwk: JSON.stringify({ kty: "RSA", n: pub.n, e: pub.e, kid, use: "sig", alg: "RS256" }) });
    row = (await devOidcKey(db))!;
  }
  return row;
}

// ---- SAML 2.0 (decision 0070) ----

export const DEV_SAML_PATH = `${DEV_IDP_PATH}/saml`;

/**
 * The SAML side of the stand-in signs with the same key as its OpenID Connect side (as one company provider
 * does); its certificate is self-signed and, the signature scheme being deterministic, the same on every call.
 */
async function samlSigning(db: Database): Promise<{ privateKeyPem: string; certificatePem: string }> {
  const row = await signingKeyRow(db);
  const algorithm = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" };
  const privateKey = await crypto.subtle.importKey("jwk", JSON.parse(row.privateJwk), algorithm, true, ["sign"]);
  const publicKey = await crypto.subtle.importKey("jwk", { ...JSON.parse(row.publicJwk), alg: "RS256" }, algorithm, true, ["verify"]);
  const privateKeyPem = toPem("PRIVATE KEY", new Uint8Array((await crypto.subtle.exportKey("pkcs8", privateKey)) as ArrayBuffer));
  return { privateKeyPem, certificatePem: await selfSignedCertificate({ privateKey, publicKey }, "Parlance development identity provider") };
}

/** What an admin enters on the security page for the SAML stand-in: its entity ID, SSO URL and certificate. */
export async function devSamlIdentityProvider(env: Env, origin: string) {
  const { certificatePem } = await samlSigning(database(env.DB));
  return { entityId: `${origin}${DEV_SAML_PATH}`, ssoUrl: `${origin}${DEV_SAML_PATH}`, certificate: certificatePem };
}

export type DevSamlRequest = { id: string; acsUrl: string; spEntityId: string; relayState: string };

/** The AuthnRequest of the HTTP-Redirect binding, or why it is refused (shown: the stand-in posts only to this site's ACS). */
export async function readDevSamlRequest(url: URL): Promise<DevSamlRequest | { error: string }> {
  const encoded = url.searchParams.get("SAMLRequest");
  if (!encoded) return { error: "SAMLRequest is required (HTTP-Redirect binding)." };
  let request: ReturnType<typeof readAuthnRequest> = null;
  try {
    request = readAuthnRequest(await inflateRedirectMessage(encoded));
  } catch {
    request = null;
  }
  if (!request) return { error: "SAMLRequest is not a DEFLATE-encoded AuthnRequest." };
  if (request.acsUrl !== `${url.origin}${SAML_ACS_PATH}` || request.issuer !== `${url.origin}${SAML_METADATA_PATH}`) return { error: `This stand-in answers only this site's service provider (${url.origin}${SAML_METADATA_PATH}).` };
  return { id: request.id, acsUrl: request.acsUrl, spEntityId: request.issuer, relayState: url.searchParams.get("RelayState") ?? "" };
}

/** The login form was sent: the signed Response (base64) the browser posts to the service provider's ACS. */
export async function issueDevSamlResponse(env: Env, origin: string, request: DevSamlRequest, person: { email: string; name: string | null }): Promise<string> {
  const { privateKeyPem } = await samlSigning(database(env.DB));
  const xml = signedSamlResponse({
    privateKeyPem,
    idpEntityId: `${origin}${DEV_SAML_PATH}`,
    spEntityId: request.spEntityId,
    acsUrl: request.acsUrl,
    inResponseTo: request.id,
    email: person.email.trim().toLowerCase(),
    firstName: person.name?.split(" ")[0] ?? null,
    now: nowSeconds(),
    responseId: `_${randomHex(20)}`,
    assertionId: `_${randomHex(20)}`,
    signResponse: true,
  });
  return base64Encode(new TextEncoder().encode(xml));
}

export type DevAuthorizeRequest = { clientId: string; redirectUri: string; state: string; nonce: string | null; codeChallenge: string; loginHint: string };

/** The authorization request as the login form needs it, or the reason it is refused (shown, never redirected: OAuth 2.0 §4.1.2.1). */
export function readDevAuthorizeRequest(url: URL): DevAuthorizeRequest | { error: string } {
  const p = url.searchParams;
  if (p.get("client_id") !== DEV_IDP_CLIENT_ID) return { error: `Unknown client_id: this stand-in has one client, ${DEV_IDP_CLIENT_ID}.` };
  const redirectUri = p.get("redirect_uri") ?? "";
  if (redirectUri !== `${url.origin}${SSO_CALLBACK_PATH}`) return { error: `redirect_uri must be ${url.origin}${SSO_CALLBACK_PATH}.` };
  if (p.get("response_type") !== "code") return { error: "response_type must be code." };
  if (!(p.get("scope") ?? "").split(" ").includes("openid")) return { error: "scope must include openid." };
  const codeChallenge = p.get("code_challenge") ?? "";
  if (p.get("code_challenge_method") !== "S256" || !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) return { error: "PKCE with code_challenge_method S256 is required." };
  return { clientId: DEV_IDP_CLIENT_ID, redirectUri, state: p.get("state") ?? "", nonce: p.get("nonce"), codeChallenge, loginHint: p.get("login_hint") ?? "" };
}

/** The login form was sent: an authorization code for that address, and where the browser goes with it. */
export async function issueDevAuthorizationCode(env: Env, request: DevAuthorizeRequest, person: { email: string; name: string | null }): Promise<string> {
  const code = randomHex(24);
  await storeDevOidcCode(database(env.DB), {
    codeHash: await sha256Hex(code),
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    email: person.email.trim().toLowerCase(),
    name: person.name,
    nonce: request.nonce,
    codeChallenge: request.codeChallenge,
    expiresAt: nowSeconds() + CODE_TTL_SECONDS,
  });
  const back = new URL(request.redirectUri);
  back.searchParams.set("code", code);
  if (request.state) back.searchParams.set("state", request.state);
  return back.toString();
}

function clientOf(request: Request, form: URLSearchParams): { id: string; secret: string } | null {
  const basic = request.headers.get("authorization")?.match(/^Basic (.+)$/);
  if (basic) {
    const [id, secret] = atob(basic[1]!).split(":").map((part) => decodeURIComponent(part ?? ""));
    return id && secret !== undefined ? { id, secret } : null;
  }
  const id = form.get("client_id");
  const secret = form.get("client_secret");
  return id && secret ? { id, secret } : null;
}

/** The stand-in's endpoints other than the login page: discovery, token, JWKS and userinfo. */
export async function devIdentityProvider(env: Pick<Env, "DB">, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const issuer = devIssuer(url.origin);
  const path = url.pathname.slice(DEV_IDP_PATH.length);
  const db = database(env.DB);
  if (request.method === "GET" && path === "/.well-known/openid-configuration") {
    return Response.json({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      userinfo_endpoint: `${issuer}/userinfo`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code", "client_credentials"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: ["RS256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
      code_challenge_methods_supported: ["S256"],
      scopes_supported: ["openid", "email", "profile"],
      claims_supported: ["sub", "email", "email_verified", "name", "given_name"],
    });
  }
  if (request.method === "GET" && path === "/jwks") return Response.json({ keys: [(await signingKey(db)).publicJwk] });
  if (request.method === "POST" && path === "/token") {
    const form = new URLSearchParams([...(await request.formData())].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
    const client = clientOf(request, form);
    if (!client || client.id !== DEV_IDP_CLIENT_ID || client.secret !== DEV_IDP_CLIENT_SECRET) return oauthError(401, "invalid_client", "Client authentication failed.");
    // The client-credentials grant (RFC 6749 §4.4) for OAuth2 webhooks' deliveries in development (decision 0076).
    if (form.get("grant_type") === "client_credentials") {
      const { key, kid } = await signingKey(db);
      const now = nowSeconds();
      const accessToken = await signJwt({ iss: issuer, sub: client.id, aud: form.get("audience") || issuer, exp: now + TOKEN_TTL_SECONDS, iat: now, scope: form.get("scope") ?? "" }, key, kid);
      return Response.json({ access_token: accessToken, token_type: "Bearer", expires_in: TOKEN_TTL_SECONDS }, { headers: { "cache-control": "no-store" } });
    }
    if (form.get("grant_type") !== "authorization_code") return oauthError(400, "unsupported_grant_type", "Only authorization_code and client_credentials.");
    const code = await consumeDevOidcCode(db, await sha256Hex(form.get("code") ?? ""));
    const verifier = form.get("code_verifier") ?? "";
    if (!code || code.expiresAt <= nowSeconds() || code.clientId !== client.id || code.redirectUri !== form.get("redirect_uri")) return oauthError(400, "invalid_grant", "The code is unknown, used, expired or for another redirect_uri.");
    if (!verifier || (await pkceChallenge(verifier)) !== code.codeChallenge) return oauthError(400, "invalid_grant", "PKCE verification failed.");
    const { key, kid } = await signingKey(db);
    const now = nowSeconds();
    const sub = (await sha256Hex(code.email)).slice(0, 24);
    const profile = { email: code.email, email_verified: true, ...(code.name ? { name: code.name, given_name: code.name.split(" ")[0] } : {}) };
    const idToken = await signJwt({ iss: issuer, sub, aud: client.id, exp: now + TOKEN_TTL_SECONDS, iat: now, auth_time: now, ...(code.nonce ? { nonce: code.nonce } : {}), ...profile }, key, kid);
    const accessToken = await signJwt({ iss: issuer, sub, aud: `${issuer}/userinfo`, exp: now + TOKEN_TTL_SECONDS, iat: now, nonce: "access", scope: "openid email profile", ...profile }, key, kid);
    return Response.json({ access_token: accessToken, token_type: "Bearer", expires_in: TOKEN_TTL_SECONDS, id_token: idToken, scope: "openid email profile" }, { headers: { "cache-control": "no-store" } });
  }
  if (request.method === "GET" && path === "/userinfo") {
    const token = request.headers.get("authorization")?.match(/^Bearer (.+)$/)?.[1] ?? "";
    const checked = await verifyIdToken(token, { jwks: { keys: [(await signingKey(db)).publicJwk] }, issuer, clientId: `${issuer}/userinfo`, nonce: "access", now: nowSeconds() });
    if (!checked.ok) return new Response(null, { status: 401, headers: { "www-authenticate": 'Bearer error="invalid_token"' } });
    const { sub, email, email_verified, name, given_name } = checked.claims;
    return Response.json({ sub, email, email_verified, ...(name ? { name, given_name } : {}) });
  }
  return oauthError(404, "not_found", "No such endpoint on the development identity provider.");
}

/** The DNS-over-HTTPS stand-in (Cloudflare's JSON API): TXT answers from the records set at /dev/dns. */
export async function devDnsOverHttps(env: Env, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const name = (url.searchParams.get("name") ?? "").toLowerCase().replace(/\.$/, "");
  const type = (url.searchParams.get("type") ?? "A").toUpperCase();
  if (!name) return Response.json({ Status: 1, Comment: "name is required" }, { status: 400 });
  const records = type === "TXT" ? await devDnsAnswers(database(env.DB), name, "TXT") : [];
  const question = [{ name, type: type === "TXT" ? 16 : 1 }];
  if (!records.length) return Response.json({ Status: 3, TC: false, RD: true, RA: true, AD: false, CD: false, Question: question }, { headers: { "content-type": "application/dns-json" } });
  return Response.json(
    { Status: 0, TC: false, RD: true, RA: true, AD: false, CD: false, Question: question, Answer: records.map((r) => ({ name: `${r.name}.`, type: 16, TTL: 60, data: JSON.stringify(r.value) })) },
    { headers: { "content-type": "application/dns-json" } },
  );
}

export async function devDnsRecords(env: Env) {
  return listDevDnsRecords(database(env.DB));
}

export async function setDevDnsRecord(env: Env, record: { name: string; value: string }, remove = false): Promise<void> {
  const row = { name: record.name.trim().toLowerCase().replace(/\.$/, ""), type: "TXT", value: record.value.trim() };
  await (remove ? deleteDevDnsRecord(database(env.DB), row) : putDevDnsRecord(database(env.DB), row));
}
