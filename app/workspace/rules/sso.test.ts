import { describe, expect, it } from "vitest";
import { authorizationUrl, discoveryUrl, emailDomain, issuerOf, parseDiscovery, pkceChallenge, signJwt, txtRecordsOf, verifyIdToken } from "./sso";

async function rsaKey() {
  const pair = (await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey("jwk", pair.publicKey);
  return { key: pair.privateKey, jwk: { kty: "RSA", n: jwk.n, e: jwk.e, kid: "k1", use: "sig", alg: "RS256" } };
}

const NOW = 1_800_000_000;
const claims = { iss: "https://idp.example", sub: "u1", aud: "client", exp: NOW + 300, iat: NOW, nonce: "n1", email: "ada@example.com", email_verified: true };
const expected = (jwks: unknown) => ({ jwks, issuer: "https://idp.example", clientId: "client", nonce: "n1", now: NOW });

describe("verifyIdToken", () => {
  it("accepts a token signed by the provider's key with the right claims, and refuses every wrong one", async () => {
    const { key, jwk } = await rsaKey();
    const other = await rsaKey();
    const jwks = { keys: [jwk] };
    expect(await verifyIdToken(await signJwt(claims, key, "k1"), expected(jwks))).toMatchObject({ ok: true, claims: { email: "ada@example.com" } });
    expect(await verifyIdToken(await signJwt(claims, other.key, "k1"), expected(jwks))).toEqual({ ok: false, reason: "signature" });
    expect(await verifyIdToken(await signJwt({ ...claims, aud: "someone-else" }, key, "k1"), expected(jwks))).toEqual({ ok: false, reason: "audience" });
    expect(await verifyIdToken(await signJwt({ ...claims, exp: NOW - 120 }, key, "k1"), expected(jwks))).toEqual({ ok: false, reason: "expired" });
    expect(await verifyIdToken(await signJwt({ ...claims, nonce: "n2" }, key, "k1"), expected(jwks))).toEqual({ ok: false, reason: "nonce" });
    expect(await verifyIdToken(await signJwt({ ...claims, iss: "https://evil.example" }, key, "k1"), expected(jwks))).toEqual({ ok: false, reason: "issuer" });
    expect(await verifyIdToken(await signJwt(claims, key, "k2"), expected(jwks))).toEqual({ ok: false, reason: "unknown_key" });
    // Claims changed after signing: the signature no longer matches.
    const [h, , s] = (await signJwt(claims, key, "k1")).split(".");
    const tampered = btoa(JSON.stringify({ ...claims, email: "eve@example.com" })).replace(/=+$/, "");
    expect(await verifyIdToken(`${h}.${tampered}.${s}`, expected(jwks))).toEqual({ ok: false, reason: "signature" });
    // "none" and HMAC are never accepted, whatever the header says.
    const none = `${btoa(JSON.stringify({ alg: "none" }))}.${btoa(JSON.stringify(claims))}.`.replace(/=/g, "");
    expect(await verifyIdToken(none, expected(jwks))).toEqual({ ok: false, reason: "algorithm" });
    expect(await verifyIdToken("not-a-token", expected(jwks))).toEqual({ ok: false, reason: "malformed" });
  });
});

describe("OIDC helpers", () => {
  it("builds the PKCE S256 challenge of RFC 7636's example", async () => {
    expect(await pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
  });

  it("reads the issuer from an issuer or discovery URL and checks the discovered issuer", () => {
    expect(discoveryUrl("https://idp.example/")).toBe("https://idp.example/.well-known/openid-configuration");
    expect(issuerOf("https://idp.example/.well-known/openid-configuration")).toBe("https://idp.example");
    const doc = { issuer: "https://idp.example", authorization_endpoint: "https://idp.example/a", token_endpoint: "https://idp.example/t", jwks_uri: "https://idp.example/j" };
    expect(parseDiscovery(doc, "https://idp.example")).toMatchObject(doc);
    expect(parseDiscovery(doc, "https://other.example")).toBeNull();
    expect(parseDiscovery({ ...doc, jwks_uri: undefined }, "https://idp.example")).toBeNull();
  });

  it("asks for code with PKCE, state and nonce", () => {
    const url = new URL(authorizationUrl("https://idp.example/a?x=1", { clientId: "c", redirectUri: "https://app/cb", state: "s", nonce: "n", codeChallenge: "ch" }));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ x: "1", response_type: "code", client_id: "c", state: "s", nonce: "n", code_challenge: "ch", code_challenge_method: "S256", scope: "openid email profile" });
  });

  it("finds e-mail domains and TXT answers of DNS-over-HTTPS", () => {
    expect(emailDomain("Ada@Example.COM")).toBe("example.com");
    expect(emailDomain("nobody")).toBeNull();
    expect(emailDomain("a@localhost")).toBeNull();
    const answer = { Status: 0, Answer: [{ name: "_x.example.com.", type: 16, TTL: 60, data: '"part-one" "part-two"' }, { name: "_x.example.com", type: 5, data: "cname." }] };
    expect(txtRecordsOf(answer, "_x.example.com")).toEqual(["part-onepart-two"]);
    expect(txtRecordsOf({ Status: 3 }, "_x.example.com")).toEqual([]);
  });
});
