import { describe, expect, it } from "vitest";
import { base64Encode, checkSamlResponse, selfSignedCertificate, signedSamlResponse, toPem } from "~/workspace/rules/saml";

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
