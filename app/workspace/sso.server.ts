import type { Database } from "../../db/client";
import { findUserByEmail, normalizeEmail } from "../../db/repositories/users";
import { findMembership, seatUsage } from "../../db/repositories/workspaces";
import {
  addDomain,
  addProvisionedMember,
  consumeSsoState,
  createProvisionedUser,
  deleteDomain,
  deleteIdentityProvider,
  findDomain,
  findIdentityProvider,
  findVerifiedDomain,
  listDomains,
  markDomainVerified,
  storeSsoState,
  updateIdentityProvider,
  upsertIdentityProvider,
  type IdentityProviderRow,
} from "../../db/repositories/sso";
import { hasFreeSeat, isAdmin } from "../../core/workspace/roles";
import { isDevelopment, newId, randomHex, sha256Hex, startSession, type Actor } from "~/accounts/accounts.server";
import { safeRedirectTarget } from "../../core/edge/redirect";
import {
  authorizationUrl,
  discoveryUrl,
  domainTxtName,
  domainTxtValue,
  emailDomain,
  isDomainName,
  issuerOf,
  parseDiscovery,
  pkceChallenge,
  SSO_CALLBACK_PATH,
  SSO_STATE_COOKIE,
  SSO_STATE_TTL_SECONDS,
  SSO_TEXTS,
  txtRecordsOf,
  verifyIdToken,
  type Discovery,
} from "~/workspace/rules/sso";
import { authnRequestXml, certificatePublicKeyPem, checkSamlResponse, redirectBindingUrl, SAML_ACS_PATH, SAML_METADATA_PATH, SAML_STATE_COOKIE, SAML_PATH, SAML_TEXTS } from "~/workspace/rules/saml";
import { DEV_DOH_URL, DEV_IDP_CLIENT_ID, DEV_IDP_CLIENT_SECRET, devDnsOverHttps, devIdentityProvider, devIssuer, devSamlIdentityProvider, isDevIdentityProviderUrl } from "./dev-identity-provider.server";
import { log } from "~/common/log.server";
import { recordAudit } from "./audit-log.server";
import { nowSeconds } from "../../core/clock";

export type SsoRefusal = { ok: false; httpStatus: 400 | 403 | 404 | 409 | 502; status: string; message: string };
const refuse = (httpStatus: SsoRefusal["httpStatus"], status: string, message: string): SsoRefusal => ({ ok: false, httpStatus, status, message });
type Result = { ok: true } | SsoRefusal;

const onlyAdmins = (actor: Actor) => (isAdmin(actor.membership.role) ? null : refuse(403, "forbidden", SSO_TEXTS.onlyAdmins));

/**
 * Every request to an identity provider. In development the local stand-in (a URL under this site's
 * /dev/identity-provider) answers in-process, as devTwilio does; everything else goes out with fetch.
 */
async function idpFetch(env: Env, origin: string, url: string, init?: RequestInit): Promise<Response> {
  const request = new Request(url, init);
  if (isDevelopment(env) && isDevIdentityProviderUrl(url, origin)) return devIdentityProvider(env, request);
  return fetch(request);
}

/** The provider's discovery document, checked against its issuer; null when it cannot be read or is wrong. */
async function discover(env: Env, origin: string, issuer: string): Promise<Discovery | null> {
  try {
    const response = await idpFetch(env, origin, discoveryUrl(issuer), { headers: { accept: "application/json" } });
    return response.ok ? parseDiscovery(await response.json(), issuer) : null;
  } catch {
    return null;
  }
}

// ---- the security page: identity provider and domains ----

export type SecuritySettings = Awaited<ReturnType<typeof securitySettings>>;

/** What the security page and GET /v1/workspace/sso show: never the client secret itself. */
export async function securitySettings(db: Database, actor: Actor, origin: string) {
  const [provider, domains] = await Promise.all([findIdentityProvider(db, actor.membership.workspace.id), listDomains(db, actor.membership.workspace.id)]);
  return {
    callbackUrl: new URL(SSO_CALLBACK_PATH, origin).toString(),
    saml: samlServiceProvider(origin),
    provider: provider ? describeProvider(provider) : null,
    domains: domains.map((d) => ({ domain: d.domain, verified: d.verifiedAt !== null, verifiedAt: d.verifiedAt, txtName: domainTxtName(d.domain), txtValue: domainTxtValue(d.verificationToken) })),
  };
}

function describeProvider(p: IdentityProviderRow) {
  return {
    protocol: p.protocol,
    issuer: p.issuer,
    clientId: p.clientId,
    hasClientSecret: p.clientSecret.length > 0,
    identityProviderEntityId: p.identityProviderEntityId,
    samlSsoUrl: p.samlSsoUrl,
    samlCertificate: p.samlCertificate,
    ssoEnforced: p.ssoEnforced,
    userAutoProvisioning: { enabled: p.autoProvisioningEnabled, enabledAtUnix: p.autoProvisioningEnabledAt, enabledByUserEmail: p.autoProvisioningEnabledByUserEmail },
  };
}

export type IdentityProviderInput = { issuer: string; clientId: string; clientSecret?: string; identityProviderEntityId?: string | null };

/**
 * Saves the workspace's OpenID Connect provider after reading its discovery document (so a typo is refused
 * here, not at the first sign-in). The secret is needed the first time; left empty later, the stored one stays.
 */
export async function saveIdentityProvider(db: Database, env: Env, origin: string, actor: Actor, input: IdentityProviderInput): Promise<Result> {
  const refusal = onlyAdmins(actor);
  if (refusal) return refusal;
  const issuer = issuerOf(input.issuer);
  if (!isDevelopment(env) && !issuer.startsWith("https://")) return refuse(400, "invalid_issuer", "The issuer must be an https URL.");
  const existing = await findIdentityProvider(db, actor.membership.workspace.id);
  const clientSecret = input.clientSecret || existing?.clientSecret;
  if (!clientSecret) return refuse(400, "missing_client_secret", "Enter the client secret the identity provider gave you.");
  if (!(await discover(env, origin, issuer))) {
    return refuse(400, "discovery_failed", `No OpenID Connect discovery document for this issuer at ${discoveryUrl(issuer)} (or it names another issuer).`);
  }
  await upsertIdentityProvider(db, {
    workspaceId: actor.membership.workspace.id,
    protocol: "oidc",
    issuer,
    clientId: input.clientId,
    clientSecret,
    identityProviderEntityId: input.identityProviderEntityId ?? (existing?.protocol === "oidc" ? existing.identityProviderEntityId : null),
    samlSsoUrl: null,
    samlCertificate: null,
  });
  await recordAudit(db, actor, "identity_provider_saved", actor.membership.workspace.id, { protocol: "oidc", issuer, client_id: input.clientId, new_client_secret: Boolean(input.clientSecret) });
  return { ok: true };
}

/** This site as a SAML service provider: the entity ID (its metadata URL) and the ACS URL an admin registers. */
export function samlServiceProvider(origin: string) {
  return { entityId: new URL(SAML_METADATA_PATH, origin).toString(), acsUrl: new URL(SAML_ACS_PATH, origin).toString() };
}

export type SamlProviderInput = { entityId: string; ssoUrl: string; certificate: string };

/**
 * Saves the workspace's SAML 2.0 identity provider (decision 0070), in place of an OpenID Connect one: its
 * entity ID (the Issuer of its responses), its SSO URL (HTTP-Redirect binding) and its signing certificate.
 */
export async function saveSamlIdentityProvider(db: Database, env: Env, actor: Actor, input: SamlProviderInput): Promise<Result> {
  const refusal = onlyAdmins(actor);
  if (refusal) return refusal;
  const ssoUrl = input.ssoUrl.trim();
  let parsed: URL | null = null;
  try {
    parsed = new URL(ssoUrl);
  } catch {
    parsed = null;
  }
  if (!parsed || !(parsed.protocol === "https:" || (isDevelopment(env) && parsed.protocol === "http:"))) return refuse(400, "invalid_sso_url", SAML_TEXTS.badSsoUrl);
  const certificate = input.certificate.trim();
  if (!certificatePublicKeyPem(certificate)) return refuse(400, "invalid_certificate", SAML_TEXTS.badCertificate);
  const entityId = input.entityId.trim();
  if (!entityId) return refuse(400, "invalid_entity_id", SAML_TEXTS.badEntityId);
  await upsertIdentityProvider(db, {
    workspaceId: actor.membership.workspace.id,
    protocol: "saml",
    issuer: entityId,
    identityProviderEntityId: entityId,
    clientId: "",
    clientSecret: "",
    samlSsoUrl: parsed.toString(),
    samlCertificate: certificate,
  });
  await recordAudit(db, actor, "identity_provider_saved", actor.membership.workspace.id, { protocol: "saml", entity_id: entityId, sso_host: parsed.host });
  return { ok: true };
}

/**
 * Enforcement and auto-provisioning, both only with a provider and a verified domain (otherwise nobody could
 * sign in). Turning auto-provisioning on records when and by whom (spec: user_auto_provisioning).
 */
export async function setSsoOptions(db: Database, actor: Actor, options: { ssoEnforced?: boolean; autoProvisioning?: boolean }): Promise<Result> {
  const refusal = onlyAdmins(actor);
  if (refusal) return refusal;
  const workspaceId = actor.membership.workspace.id;
  const provider = await findIdentityProvider(db, workspaceId);
  if (!provider) return refuse(404, "not_found", "Set up an identity provider first.");
  const turningOn = options.ssoEnforced === true || (options.autoProvisioning === true && !provider.autoProvisioningEnabled);
  if (turningOn && !(await listDomains(db, workspaceId)).some((d) => d.verifiedAt !== null)) return refuse(409, "no_verified_domain", SSO_TEXTS.needsVerifiedDomain);
  const provisioning =
    options.autoProvisioning === undefined || options.autoProvisioning === provider.autoProvisioningEnabled
      ? {}
      : options.autoProvisioning
        ? { autoProvisioningEnabled: true, autoProvisioningEnabledAt: nowSeconds(), autoProvisioningEnabledByUserEmail: actor.user.email }
        : { autoProvisioningEnabled: false, autoProvisioningEnabledAt: null, autoProvisioningEnabledByUserEmail: null };
  await updateIdentityProvider(db, workspaceId, { ...(options.ssoEnforced === undefined ? {} : { ssoEnforced: options.ssoEnforced }), ...provisioning });
  await recordAudit(db, actor, "sso_options_changed", workspaceId, { sso_enforced: options.ssoEnforced, auto_provisioning: options.autoProvisioning });
  return { ok: true };
}

export async function removeIdentityProvider(db: Database, actor: Actor): Promise<Result> {
  const refusal = onlyAdmins(actor);
  if (refusal) return refusal;
  if (!(await deleteIdentityProvider(db, actor.membership.workspace.id))) return refuse(404, "not_found", "No identity provider is set up.");
  await recordAudit(db, actor, "identity_provider_removed", actor.membership.workspace.id);
  return { ok: true };
}

export async function addWorkspaceDomain(db: Database, actor: Actor, domain: string): Promise<Result> {
  const refusal = onlyAdmins(actor);
  if (refusal) return refusal;
  const name = domain.trim().toLowerCase().replace(/\.$/, "");
  if (!isDomainName(name)) return refuse(400, "invalid_domain", "Enter a domain name such as example.com.");
  const taken = await findVerifiedDomain(db, name);
  if (taken && taken.domain.workspaceId !== actor.membership.workspace.id) return refuse(409, "domain_taken", SSO_TEXTS.domainTaken);
  await addDomain(db, { workspaceId: actor.membership.workspace.id, domain: name, verificationToken: randomHex(16) });
  await recordAudit(db, actor, "domain_added", name);
  return { ok: true };
}

/** The resolver: DOH_RESOLVER_URL, or in development the in-process stand-in (records set at /dev/dns), else Cloudflare's. */
function dohResolver(env: Env): string {
  if (env.DOH_RESOLVER_URL) return env.DOH_RESOLVER_URL;
  return isDevelopment(env) ? DEV_DOH_URL : "https://cloudflare-dns.com/dns-query";
}

/** Looks the domain's TXT record up through DNS-over-HTTPS (JSON API) and marks it verified when the token is there. */
export async function verifyWorkspaceDomain(db: Database, env: Env, actor: Actor, domain: string): Promise<Result> {
  const refusal = onlyAdmins(actor);
  if (refusal) return refusal;
  const row = await findDomain(db, actor.membership.workspace.id, domain.trim().toLowerCase());
  if (!row) return refuse(404, "not_found", "Add the domain first.");
  if (row.verifiedAt !== null) return { ok: true };
  const resolver = dohResolver(env);
  const url = new URL(resolver);
  url.searchParams.set("name", domainTxtName(row.domain));
  url.searchParams.set("type", "TXT");
  let records: string[];
  try {
    const request = new Request(url, { headers: { accept: "application/dns-json" } });
    if (resolver === DEV_DOH_URL && !isDevelopment(env)) throw new Error("The DNS stand-in exists only in development");
    const response = resolver === DEV_DOH_URL ? await devDnsOverHttps(env, request) : await fetch(request);
    if (!response.ok) throw new Error(`resolver answered ${response.status}`);
    records = txtRecordsOf(await response.json(), domainTxtName(row.domain));
  } catch (error) {
    log("error", "domain verification lookup failed", { domain: row.domain, error: String(error) });
    return refuse(502, "dns_lookup_failed", "The DNS lookup failed. Try again in a moment.");
  }
  if (!records.includes(domainTxtValue(row.verificationToken))) return refuse(409, "not_verified", SSO_TEXTS.notVerifiedYet);
  if (!(await markDomainVerified(db, row.workspaceId, row.domain, nowSeconds()))) return refuse(409, "domain_taken", SSO_TEXTS.domainTaken);
  await recordAudit(db, actor, "domain_verified", row.domain);
  return { ok: true };
}

export async function removeWorkspaceDomain(db: Database, actor: Actor, domain: string): Promise<Result> {
  const refusal = onlyAdmins(actor);
  if (refusal) return refusal;
  const name = domain.trim().toLowerCase();
  if (!(await deleteDomain(db, actor.membership.workspace.id, name))) return refuse(404, "not_found", "Domain not found.");
  await recordAudit(db, actor, "domain_removed", name);
  return { ok: true };
}

// ---- signing in ----

/** find-sso-provider: the workspace whose verified domain the address is on and that has an identity provider. */
export async function findSsoProvider(db: Database, email: string) {
  const domain = emailDomain(email);
  const found = domain ? await findVerifiedDomain(db, domain) : undefined;
  if (!found?.provider) return null;
  return { workspaceId: found.domain.workspaceId, workspaceName: found.workspaceName, protocol: found.provider.protocol, ssoEnforced: found.provider.ssoEnforced, domain: found.domain.domain };
}

/**
 * Enforcement: a member of a workspace that enforces SSO, whose address is on one of its verified domains, may
 * not sign in with a password. The owner may (decision 0045: the way back in when the provider fails).
 */
export async function passwordSignInRefusedBySso(db: Database, email: string): Promise<string | null> {
  const domain = emailDomain(email);
  const found = domain ? await findVerifiedDomain(db, domain) : undefined;
  if (!found?.provider?.ssoEnforced) return null;
  const user = await findUserByEmail(db, email);
  if (!user || user.id === found.ownerId) return null;
  return (await findMembership(db, user.id, found.domain.workspaceId)) ? SSO_TEXTS.enforced : null;
}

/** Sends the browser to the identity provider: the URL, and the cookie that binds the state to this browser. */
export async function beginSsoSignIn(db: Database, env: Env, origin: string, email: string, redirect: string | null): Promise<{ ok: true; location: string; cookie: string } | SsoRefusal> {
  const domain = emailDomain(email);
  const found = domain ? await findVerifiedDomain(db, domain) : undefined;
  if (!found?.provider) return refuse(404, "sso_not_configured", SSO_TEXTS.noProvider);
  if (found.provider.protocol === "saml") return beginSamlSignIn(db, origin, found.provider, redirect);
  const discovery = await discover(env, origin, found.provider.issuer);
  if (!discovery) return refuse(502, "identity_provider_unavailable", SSO_TEXTS.failed);
  const state = randomHex(32);
  const nonce = randomHex(16);
  const codeVerifier = randomHex(32);
  await storeSsoState(db, { stateHash: await sha256Hex(state), workspaceId: found.domain.workspaceId, nonce, codeVerifier, redirect, expiresAt: nowSeconds() + SSO_STATE_TTL_SECONDS });
  const location = authorizationUrl(discovery.authorization_endpoint, {
    clientId: found.provider.clientId,
    redirectUri: new URL(SSO_CALLBACK_PATH, origin).toString(),
    state,
    nonce,
    codeChallenge: await pkceChallenge(codeVerifier),
    loginHint: normalizeEmail(email),
  });
  return { ok: true, location, cookie: `${SSO_STATE_COOKIE}=${state}; Path=${SSO_CALLBACK_PATH}; Max-Age=${SSO_STATE_TTL_SECONDS}; HttpOnly; Secure; SameSite=Lax` };
}

/**
 * SAML: an AuthnRequest by HTTP-Redirect. Its ID is kept as the sign-in's nonce (the Response must answer it),
 * the RelayState is the sign-in's state, bound to this browser by a cookie. The cookie is SameSite=None: the
 * identity provider's page posts the answer from its own site, and a Lax cookie would not come with that POST.
 */
async function beginSamlSignIn(db: Database, origin: string, provider: IdentityProviderRow, redirect: string | null) {
  if (!provider.samlSsoUrl) return refuse(404, "sso_not_configured", SSO_TEXTS.noProvider);
  const state = randomHex(32);
  const requestId = `_${randomHex(20)}`;
  await storeSsoState(db, { stateHash: await sha256Hex(state), workspaceId: provider.workspaceId, nonce: requestId, codeVerifier: "", redirect, expiresAt: nowSeconds() + SSO_STATE_TTL_SECONDS });
  const sp = samlServiceProvider(origin);
  const xml = authnRequestXml({ id: requestId, now: nowSeconds(), destination: provider.samlSsoUrl, spEntityId: sp.entityId, acsUrl: sp.acsUrl });
  return {
    ok: true as const,
    location: await redirectBindingUrl(provider.samlSsoUrl, xml, state),
    cookie: `${SAML_STATE_COOKIE}=${state}; Path=${SAML_PATH}; Max-Age=${SSO_STATE_TTL_SECONDS}; HttpOnly; Secure; SameSite=None`,
  };
}

export const clearedSamlStateCookie = () => `${SAML_STATE_COOKIE}=; Path=${SAML_PATH}; Max-Age=0; HttpOnly; Secure; SameSite=None`;

export const clearedSsoStateCookie = () => `${SSO_STATE_COOKIE}=; Path=${SSO_CALLBACK_PATH}; Max-Age=0; HttpOnly; Secure; SameSite=Lax`;

export type SsoSignIn = { ok: true; userId: string; workspaceId: string; redirect: string | null; provisioned: boolean } | SsoRefusal;

/**
 * The callback: the state is taken out (single use) and must be the one this browser began with; the code is
 * exchanged with the PKCE verifier and the client secret; the ID token is verified against the provider's JWKS
 * (signature, iss, aud, exp, nonce). The address must be verified by the provider and on a verified domain of
 * the workspace; then the member signs in, or with auto-provisioning an account or membership is made.
 */
export async function completeSsoSignIn(db: Database, env: Env, origin: string, input: { code: string | null; state: string | null; cookieState: string | null; error?: string | null }): Promise<SsoSignIn> {
  if (!input.state || !/^[0-9a-f]{64}$/.test(input.state) || input.cookieState !== input.state) return refuse(400, "invalid_state", SSO_TEXTS.expired);
  const pending = await consumeSsoState(db, await sha256Hex(input.state), nowSeconds());
  if (!pending) return refuse(400, "invalid_state", SSO_TEXTS.expired);
  if (input.error || !input.code) return refuse(400, "identity_provider_error", SSO_TEXTS.failed);
  const provider = await findIdentityProvider(db, pending.workspaceId);
  if (provider?.protocol !== "oidc") return refuse(404, "sso_not_configured", SSO_TEXTS.noProvider);
  const discovery = await discover(env, origin, provider.issuer);
  if (!discovery) return refuse(502, "identity_provider_unavailable", SSO_TEXTS.failed);

  let idToken: unknown;
  let jwks: unknown;
  try {
    const token = await idpFetch(env, origin, discovery.token_endpoint, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json", authorization: `Basic ${btoa(`${encodeURIComponent(provider.clientId)}:${encodeURIComponent(provider.clientSecret)}`)}` },
      body: new URLSearchParams({ grant_type: "authorization_code", code: input.code, redirect_uri: new URL(SSO_CALLBACK_PATH, origin).toString(), code_verifier: pending.codeVerifier }),
    });
    if (!token.ok) throw new Error(`token endpoint answered ${token.status}`);
    idToken = ((await token.json()) as { id_token?: unknown }).id_token;
    const keys = await idpFetch(env, origin, discovery.jwks_uri, { headers: { accept: "application/json" } });
    if (!keys.ok) throw new Error(`jwks answered ${keys.status}`);
    jwks = await keys.json();
  } catch (error) {
    log("warn", "sso token exchange failed", { workspace_id: pending.workspaceId, error: String(error) });
    return refuse(502, "identity_provider_unavailable", SSO_TEXTS.failed);
  }
  if (typeof idToken !== "string") return refuse(400, "invalid_id_token", SSO_TEXTS.failed);
  const checked = await verifyIdToken(idToken, { jwks, issuer: provider.issuer, clientId: provider.clientId, nonce: pending.nonce, now: nowSeconds() });
  if (!checked.ok) {
    log("warn", "sso id_token refused", { workspace_id: pending.workspaceId, reason: checked.reason });
    return refuse(400, "invalid_id_token", SSO_TEXTS.failed);
  }
  const { claims } = checked;
  if (typeof claims.email !== "string" || claims.email_verified !== true) return refuse(403, "email_not_verified", SSO_TEXTS.unverifiedEmail);
  const firstName = typeof claims.given_name === "string" ? claims.given_name : typeof claims.name === "string" ? claims.name.split(" ")[0]! : null;
  return signInFromIdentityProvider(db, provider, { email: claims.email, firstName, redirect: pending.redirect });
}

/**
 * What both protocols do with an identity the provider vouched for: the address must be on a verified domain of
 * the workspace that began the sign-in; then the member signs in, or with auto-provisioning an account or
 * membership is made (seats checked as for invites).
 */
async function signInFromIdentityProvider(db: Database, provider: IdentityProviderRow, identity: { email: string; firstName: string | null; redirect: string | null }): Promise<SsoSignIn> {
  const workspaceId = provider.workspaceId;
  const email = normalizeEmail(identity.email);
  const domain = emailDomain(email);
  const verified = domain ? await findVerifiedDomain(db, domain) : undefined;
  if (!verified || verified.domain.workspaceId !== workspaceId) return refuse(403, "domain_not_verified", SSO_TEXTS.wrongDomain);

  const user = await findUserByEmail(db, email);
  if (user?.serviceAccountWorkspaceId) return refuse(403, "forbidden", SSO_TEXTS.notMember);
  if (user && (await findMembership(db, user.id, workspaceId))) return { ok: true, userId: user.id, workspaceId, redirect: identity.redirect, provisioned: false };
  if (!provider.autoProvisioningEnabled) return refuse(403, "not_a_member", SSO_TEXTS.notMember);
  const usage = await seatUsage(db, workspaceId);
  if (!hasFreeSeat(usage.members, usage.invites, verified.maxSeats)) return refuse(403, "seat_limit_reached", SSO_TEXTS.seatsFull);
  if (user) {
    await addProvisionedMember(db, workspaceId, user.id);
    return { ok: true, userId: user.id, workspaceId, redirect: identity.redirect, provisioned: true };
  }
  const userId = newId("user");
  await createProvisionedUser(db, { userId, publicUserId: newId("pub"), email, firstName: identity.firstName?.slice(0, 100) ?? null, workspaceId, emailVerifiedAt: nowSeconds() });
  return { ok: true, userId, workspaceId, redirect: identity.redirect, provisioned: true };
}

/**
 * The SAML Assertion Consumer Service: the RelayState is taken out (single use) and must be the one this
 * browser began with; the Response must be signed by the workspace's configured certificate and answer the
 * AuthnRequest that state sent (decision 0070 lists every check); then the same path as OpenID Connect.
 */
export async function completeSamlSignIn(db: Database, origin: string, input: { samlResponse: string | null; relayState: string | null; cookieState: string | null }): Promise<SsoSignIn> {
  if (!input.relayState || !/^[0-9a-f]{64}$/.test(input.relayState) || input.cookieState !== input.relayState) return refuse(400, "invalid_state", SSO_TEXTS.expired);
  const pending = await consumeSsoState(db, await sha256Hex(input.relayState), nowSeconds());
  if (!pending) return refuse(400, "invalid_state", SSO_TEXTS.expired);
  const provider = await findIdentityProvider(db, pending.workspaceId);
  if (provider?.protocol !== "saml" || !provider.samlCertificate) return refuse(404, "sso_not_configured", SSO_TEXTS.noProvider);
  if (!input.samlResponse) return refuse(400, "identity_provider_error", SSO_TEXTS.failed);
  const sp = samlServiceProvider(origin);
  const checked = checkSamlResponse(input.samlResponse, { certificatePem: provider.samlCertificate, idpEntityId: provider.issuer, spEntityId: sp.entityId, acsUrl: sp.acsUrl, requestId: pending.nonce, now: nowSeconds() });
  if (!checked.ok) {
    log("warn", "saml response refused", { workspace_id: pending.workspaceId, reason: checked.reason });
    return refuse(400, "invalid_saml_response", SSO_TEXTS.failed);
  }
  if (!checked.identity.email) return refuse(403, "email_missing", SAML_TEXTS.noEmail);
  return signInFromIdentityProvider(db, provider, { email: checked.identity.email, firstName: checked.identity.firstName, redirect: pending.redirect });
}

/**
 * The answer of the OpenID Connect callback and the SAML ACS: the sign-in's state cookie cleared, and on success
 * a session and where to go next (the page moves on with a refresh); on refusal its message and status.
 */
export async function ssoSignInAnswer(db: Database, request: Request, result: SsoSignIn, clearedStateCookie: string): Promise<Response> {
  const headers = new Headers({ "Set-Cookie": clearedStateCookie, "Cache-Control": "no-store" });
  if (!result.ok) return Response.json({ ok: false as const, message: result.message }, { status: result.httpStatus === 502 ? 503 : result.httpStatus, headers });
  headers.append("Set-Cookie", await startSession(db, result.userId, request, { method: "sso", workspaceId: result.workspaceId }));
  return Response.json({ ok: true as const, to: safeRedirectTarget(result.redirect, new URL(request.url).origin) }, { headers });
}

/** In development, what the security page offers for the local identity provider stand-in; null elsewhere. */
export function devIdentityProviderSettings(env: Env, origin: string) {
  return isDevelopment(env) ? { issuer: devIssuer(origin), clientId: DEV_IDP_CLIENT_ID, clientSecret: DEV_IDP_CLIENT_SECRET } : null;
}

/** In development, the SAML stand-in's entity ID, SSO URL and certificate for the security page; null elsewhere. */
export async function devSamlIdentityProviderSettings(env: Env, origin: string) {
  return isDevelopment(env) ? devSamlIdentityProvider(env, origin) : null;
}

export { devDnsOverHttps, devDnsRecords, devIdentityProvider, issueDevAuthorizationCode, issueDevSamlResponse, readDevAuthorizeRequest, readDevSamlRequest, setDevDnsRecord } from "./dev-identity-provider.server";
