import { describe, expect, it } from "vitest";
import { authnRequestXml, base64Encode, certificatePublicKeyPem, checkSamlResponse, inflateRedirectMessage, readAuthnRequest, redirectBindingUrl, selfSignedCertificate, signedSamlResponse, toPem } from "./saml";

const IDP = "https://idp.example/saml";
const SP = "https://app.example/app/sign-in/sso/saml/metadata";
const ACS = "https://app.example/app/sign-in/sso/saml/acs";
const NOW = 1_800_000_000;

async function idp() {
  const keys = (await crypto.subtle.generateKey({ name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const privateKeyPem = toPem("PRIVATE KEY", new Uint8Array((await crypto.subtle.exportKey("pkcs8", keys.privateKey)) as ArrayBuffer));
  return { keys, privateKeyPem, certificatePem: await selfSignedCertificate(keys, "Test IdP") };
}

const encode = (xml: string) => base64Encode(new TextEncoder().encode(xml));
const base = { idpEntityId: IDP, spEntityId: SP, acsUrl: ACS, inResponseTo: "_req1", email: "ada@acme.test", firstName: "Ada", now: NOW, responseId: "_resp1", assertionId: "_assert1" };

describe("SAML responses", () => {
  it("reads the public key of a certificate, deterministically made", async () => {
    const { keys, certificatePem } = await idp();
    expect(await selfSignedCertificate(keys, "Test IdP")).toBe(certificatePem);
    const spki = toPem("PUBLIC KEY", new Uint8Array((await crypto.subtle.exportKey("spki", keys.publicKey)) as ArrayBuffer));
    expect(certificatePublicKeyPem(certificatePem)).toBe(spki);
    expect(certificatePublicKeyPem("not a certificate")).toBeNull();
  });

  it("round-trips an AuthnRequest through the redirect binding", async () => {
    const xml = authnRequestXml({ id: "_abc", now: NOW, destination: "https://idp.example/sso", spEntityId: SP, acsUrl: ACS });
    const url = new URL(await redirectBindingUrl("https://idp.example/sso?x=1", xml, "relay"));
    expect(url.searchParams.get("RelayState")).toBe("relay");
    expect(url.searchParams.get("x")).toBe("1");
    const back = await inflateRedirectMessage(url.searchParams.get("SAMLRequest")!);
    expect(readAuthnRequest(back)).toEqual({ id: "_abc", issuer: SP, acsUrl: ACS });
  });

  it("accepts a good response (assertion signed, or response signed too) and refuses every tampering", async () => {
    const { privateKeyPem, certificatePem } = await idp();
    const expectations = { certificatePem, idpEntityId: IDP, spEntityId: SP, acsUrl: ACS, requestId: "_req1", now: NOW + 10 };
    const xml = signedSamlResponse({ privateKeyPem, ...base });
    expect(checkSamlResponse(encode(xml), expectations)).toEqual({ ok: true, identity: { nameId: "ada@acme.test", email: "ada@acme.test", firstName: "Ada" }, inResponseTo: "_req1" });
    const both = signedSamlResponse({ privateKeyPem, ...base, signResponse: true });
    expect(checkSamlResponse(encode(both), expectations).ok).toBe(true);

    const refused = (doc: string, over: Partial<typeof expectations> = {}) => {
      const result = checkSamlResponse(encode(doc), { ...expectations, ...over });
      expect(result.ok, JSON.stringify(result)).toBe(false);
      return result.ok ? "" : result.reason;
    };
    // Tampered subject: the digest no longer matches.
    expect(refused(xml.replaceAll("ada@acme.test", "eve@acme.test"))).toMatch(/signature/);
    expect(refused(both.replaceAll("ada@acme.test", "eve@acme.test"))).toMatch(/signature/);
    // Another key's signature.
    const other = await idp();
    expect(refused(signedSamlResponse({ privateKeyPem: other.privateKeyPem, ...base }))).toMatch(/signature/);
    // Checks against our expectations.
    expect(refused(xml, { spEntityId: "https://other.example/sp" })).toMatch(/Audience/);
    expect(refused(xml, { idpEntityId: "https://other-idp.example" })).toMatch(/Issuer/);
    expect(refused(xml, { acsUrl: "https://other.example/acs" })).toMatch(/Destination|Recipient/);
    expect(refused(xml, { requestId: "_other" })).toMatch(/InResponseTo/);
    expect(refused(xml, { now: NOW + 300 + 61 })).toMatch(/expired/);
    expect(refused(xml, { now: NOW - 200 })).toMatch(/not yet valid/);
    expect(refused(xml, { certificatePem: "junk" })).toMatch(/certificate/);
    // SHA-1 is refused even when correctly signed.
    expect(refused(xml.replace("xmldsig-more#rsa-sha256", "xmldsig-more#rsa-sha1"))).toMatch(/signature/);
    // A DOCTYPE is refused outright.
    expect(refused(`<!DOCTYPE x [<!ENTITY e "x">]>${xml}`)).toMatch(/not a SAML/);
  });

  it("defends signature wrapping: only the signed element is read", async () => {
    const { privateKeyPem, certificatePem } = await idp();
    const expectations = { certificatePem, idpEntityId: IDP, spEntityId: SP, acsUrl: ACS, requestId: "_req1", now: NOW + 10 };
    const xml = signedSamlResponse({ privateKeyPem, ...base });
    const signedAssertion = xml.match(/<saml:Assertion[\s\S]*<\/saml:Assertion>/)![0];
    const evil = signedAssertion.replace('ID="_assert1"', 'ID="_evil"').replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, "").replaceAll("ada@acme.test", "eve@acme.test");
    // A forged assertion beside the signed one (the signed one hidden in an Extensions-like wrapper or left as is).
    const beside = xml.replace("<saml:Assertion", `${evil}<saml:Assertion`);
    expect(checkSamlResponse(encode(beside), expectations)).toMatchObject({ ok: false, reason: "exactly one assertion, a child of the Response, expected" });
    const wrapped = xml.replace(signedAssertion, `${evil}`).replace("<samlp:Status>", `<samlp:Extensions>${signedAssertion}</samlp:Extensions><samlp:Status>`);
    expect(checkSamlResponse(encode(wrapped), expectations)).toMatchObject({ ok: false, reason: "exactly one assertion, a child of the Response, expected" });
    // The forged assertion carrying the signed one inside it (the signature's reference still resolves).
    const nested = xml.replace(signedAssertion, evil.replace("</saml:Subject>", `</saml:Subject>${signedAssertion}`));
    expect(checkSamlResponse(encode(nested), expectations)).toMatchObject({ ok: false, reason: "exactly one assertion, a child of the Response, expected" });
    // A response-level wrap: a signed Response moved inside a new unsigned one with a forged assertion.
    const both = signedSamlResponse({ privateKeyPem, ...base, signResponse: true });
    const outer = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_outer" Version="2.0" Destination="${ACS}"><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${evil}<samlp:Extensions>${both}</samlp:Extensions></samlp:Response>`;
    expect(checkSamlResponse(encode(outer), expectations)).toMatchObject({ ok: false, reason: "exactly one assertion, a child of the Response, expected" });
  });
});
