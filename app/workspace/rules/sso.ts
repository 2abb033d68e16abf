// Single sign-on with OpenID Connect and domain verification by DNS TXT (decision 0045): the texts, the limits
// and the checks of the protocol, pure (WebCrypto only), so the client, the stand-in and the tests share them.

/** How long a sign-in may take at the identity provider before its state is refused. */
export const SSO_STATE_TTL_SECONDS = 600;
/** Clock difference allowed between us and the identity provider for exp and iat. */
export const ID_TOKEN_CLOCK_SKEW_SECONDS = 60;
/** The cookie that ties a sign-in's state to the browser that began it (login CSRF). */
export const SSO_STATE_COOKIE = "parlance_sso_state";
/** Where identity providers send the browser back; register this exact URL at the provider. */
export const SSO_CALLBACK_PATH = "/app/sign-in/sso/callback";
/** The name of the TXT record that proves a domain, under the domain itself. */
export const DOMAIN_TXT_LABEL = "_parlance-verification";
export const DOMAIN_TXT_PREFIX = "parlance-domain-verification=";

export const SSO_TEXTS = {
  enforced: "Your workspace signs you in with single sign-on: use Continue with SSO.",
  noProvider: "No single sign-on is set up for this e-mail address's domain. Sign in with your password.",
  failed: "Single sign-on did not complete. Please try again.",
  expired: "This single sign-on attempt has expired or was already used. Please start again.",
  notMember: "Your account is not a member of this workspace and automatic provisioning is off: ask an admin to invite you.",
  wrongDomain: "The identity provider signed you in with an address outside this workspace's verified domains.",
  unverifiedEmail: "The identity provider did not confirm that your e-mail address is verified.",
  seatsFull: "This workspace has no free seat for a new member: ask an admin.",
  onlyAdmins: "Only workspace admins can change single sign-on and domains.",
  needsVerifiedDomain: "Verify a domain before enforcing single sign-on or provisioning users.",
  domainTaken: "This domain is already verified by another workspace.",
  notVerifiedYet: "The TXT record was not found yet. DNS changes can take a few minutes; try again.",
} as const;

/** The domain of an e-mail address, lower case; null when it has none. */
export function emailDomain(email: string): string | null {
  const at = email.trim().toLowerCase().lastIndexOf("@");
  const domain = at > 0 ? email.trim().toLowerCase().slice(at + 1) : "";
  return isDomainName(domain) ? domain : null;
}

/** A fully qualified domain name of at least two labels (letters, digits, hyphens), no trailing dot. */
export function isDomainName(domain: string): boolean {
  return domain.length <= 253 && /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain);
}

export const domainTxtName = (domain: string) => `${DOMAIN_TXT_LABEL}.${domain}`;
export const domainTxtValue = (token: string) => `${DOMAIN_TXT_PREFIX}${token}`;

/**
 * The TXT strings of a DNS-over-HTTPS JSON answer (RFC 8484's JSON flavour as Cloudflare and Google answer it:
 * Status 0, Answer[] with type 16 and the data quoted, long records split into several quoted strings).
 */
export function txtRecordsOf(answer: unknown, name: string): string[] {
  if (!answer || typeof answer !== "object") return [];
  const { Status, Answer } = answer as { Status?: unknown; Answer?: unknown };
  if (Status !== 0 || !Array.isArray(Answer)) return [];
  const wanted = name.toLowerCase().replace(/\.$/, "");
  return Answer.flatMap((record) => {
    const { name: owner, type, data } = (record ?? {}) as { name?: unknown; type?: unknown; data?: unknown };
    if (type !== 16 || typeof data !== "string" || typeof owner !== "string" || owner.toLowerCase().replace(/\.$/, "") !== wanted) return [];
    const parts = [...data.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1]!.replace(/\\(.)/g, "$1"));
    return [parts.length ? parts.join("") : data];
  });
}

// ---- OpenID Connect ----

export type Discovery = { issuer: string; authorization_endpoint: string; token_endpoint: string; jwks_uri: string; userinfo_endpoint?: string };

/** The discovery document's URL for an issuer (or the URL itself when it already is one). */
export function discoveryUrl(issuerOrDiscovery: string): string {
  const trimmed = issuerOrDiscovery.trim().replace(/\/+$/, "");
  return trimmed.endsWith("/.well-known/openid-configuration") ? trimmed : `${trimmed}/.well-known/openid-configuration`;
}

/** The issuer named by an issuer or discovery URL. */
export function issuerOf(issuerOrDiscovery: string): string {
  return discoveryUrl(issuerOrDiscovery).slice(0, -"/.well-known/openid-configuration".length);
}

/** The discovery document, checked: the endpoints we use, and the issuer it names is the one configured (OIDC Discovery §4.3). */
export function parseDiscovery(document: unknown, expectedIssuer: string): Discovery | null {
  if (!document || typeof document !== "object") return null;
  const d = document as Record<string, unknown>;
  const urls = ["issuer", "authorization_endpoint", "token_endpoint", "jwks_uri"] as const;
  if (!urls.every((key) => typeof d[key] === "string" && /^https?:\/\//.test(d[key] as string))) return null;
  if (d.issuer !== expectedIssuer) return null;
  return {
    issuer: d.issuer as string,
    authorization_endpoint: d.authorization_endpoint as string,
    token_endpoint: d.token_endpoint as string,
    jwks_uri: d.jwks_uri as string,
    ...(typeof d.userinfo_endpoint === "string" ? { userinfo_endpoint: d.userinfo_endpoint } : {}),
  };
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function base64UrlDecode(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) throw new Error("not base64url");
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** PKCE S256 (RFC 7636 §4.2): the challenge of a verifier. */
export async function pkceChallenge(verifier: string): Promise<string> {
  return base64UrlEncode(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

/** The authorization request (OIDC Core §3.1.2.1) with PKCE, state and nonce. */
export function authorizationUrl(
  endpoint: string,
  request: { clientId: string; redirectUri: string; state: string; nonce: string; codeChallenge: string; loginHint?: string },
): string {
  const url = new URL(endpoint);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", request.clientId);
  url.searchParams.set("redirect_uri", request.redirectUri);
  url.searchParams.set("scope", "openid email profile");
  url.searchParams.set("state", request.state);
  url.searchParams.set("nonce", request.nonce);
  url.searchParams.set("code_challenge", request.codeChallenge);
  url.searchParams.set("code_challenge_method", "S256");
  if (request.loginHint) url.searchParams.set("login_hint", request.loginHint);
  return url.toString();
}

export type IdTokenClaims = { iss: string; sub: string; aud: string | string[]; exp: number; iat: number; nonce?: string; email?: string; email_verified?: boolean; name?: string; given_name?: string; azp?: string };

export type IdTokenCheck = { ok: true; claims: IdTokenClaims } | { ok: false; reason: "malformed" | "algorithm" | "unknown_key" | "signature" | "issuer" | "audience" | "expired" | "issued_in_future" | "nonce" };

type Jwk = JsonWebKey & { kid?: string };

/**
 * Verifies an ID token (OIDC Core §3.1.3.7): RS256 only (the header cannot choose "none" or HMAC), signed by a
 * key of the provider's JWKS (by kid), then iss, aud (and azp when several audiences), exp, iat and nonce.
 */
export async function verifyIdToken(token: string, expected: { jwks: unknown; issuer: string; clientId: string; nonce: string; now: number }): Promise<IdTokenCheck> {
  const parts = token.split(".");
  if (parts.length !== 3) return { ok: false, reason: "malformed" };
  let header: { alg?: unknown; kid?: unknown };
  let claims: IdTokenClaims;
  let signature: Uint8Array<ArrayBuffer>;
  try {
    header = JSON.parse(new TextDecoder().decode(base64UrlDecode(parts[0]!)));
    claims = JSON.parse(new TextDecoder().decode(base64UrlDecode(parts[1]!)));
    signature = base64UrlDecode(parts[2]!);
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (header.alg !== "RS256") return { ok: false, reason: "algorithm" };
  const keys = ((expected.jwks as { keys?: unknown } | null)?.keys ?? []) as Jwk[];
  const candidates = Array.isArray(keys) ? keys.filter((k) => k && k.kty === "RSA" && (k.use === undefined || k.use === "sig") && (header.kid === undefined || k.kid === header.kid)) : [];
  if (!candidates.length) return { ok: false, reason: "unknown_key" };
  const signed = new TextEncoder().encode(`${parts[0]}.${parts[1]}`);
  let valid = false;
  for (const jwk of candidates) {
    try {
      const key = await crypto.subtle.importKey("jwk", { kty: "RSA", n: jwk.n, e: jwk.e }, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["verify"]);
      if (await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, signature, signed)) valid = true;
    } catch {
      // A key the runtime cannot import verifies nothing.
    }
    if (valid) break;
  }
  if (!valid) return { ok: false, reason: "signature" };
  if (!claims || typeof claims !== "object") return { ok: false, reason: "malformed" };
  if (claims.iss !== expected.issuer) return { ok: false, reason: "issuer" };
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expected.clientId) || (audiences.length > 1 && claims.azp !== expected.clientId)) return { ok: false, reason: "audience" };
  if (typeof claims.exp !== "number" || claims.exp + ID_TOKEN_CLOCK_SKEW_SECONDS <= expected.now) return { ok: false, reason: "expired" };
  if (typeof claims.iat === "number" && claims.iat - ID_TOKEN_CLOCK_SKEW_SECONDS > expected.now) return { ok: false, reason: "issued_in_future" };
  if (claims.nonce !== expected.nonce) return { ok: false, reason: "nonce" };
  return { ok: true, claims };
}

/** Signs claims as an RS256 JWT (the development identity provider and the tests use it). */
export async function signJwt(claims: object, key: CryptoKey, kid: string): Promise<string> {
  const encode = (value: object) => base64UrlEncode(new TextEncoder().encode(JSON.stringify(value)));
  const body = `${encode({ alg: "RS256", typ: "JWT", kid })}.${encode(claims)}`;
  const signature = await crypto.subtle.sign("RSASSA-PKCS1-v1_5", key, new TextEncoder().encode(body));
  return `${body}.${base64UrlEncode(new Uint8Array(signature))}`;
}
