import { DOMParser } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";

/**
 * SAML 2.0 for single sign-on (decision 0070): the AuthnRequest we send by HTTP-Redirect, and the checks of the
 * Response the identity provider posts back. Signatures are checked by xml-crypto (exclusive C14N, RSA through
 * node:crypto under nodejs_compat); everything read afterwards comes from the signed element xml-crypto returns,
 * never from the posted document, so a wrapped (unsigned) copy of an assertion is never looked at.
 */

export const SAML_PATH = "/app/sign-in/sso/saml";
export const SAML_ACS_PATH = `${SAML_PATH}/acs`;
export const SAML_METADATA_PATH = `${SAML_PATH}/metadata`;
/** The cookie that ties a SAML sign-in's RelayState to the browser that began it (login CSRF). */
export const SAML_STATE_COOKIE = "parlance_saml_state";
/** Clock difference allowed between us and the identity provider for NotBefore and NotOnOrAfter. */
export const SAML_CLOCK_SKEW_SECONDS = 60;

export const SAML_TEXTS = {
  badSsoUrl: "Enter the identity provider's SSO URL (HTTP-Redirect binding), an https address.",
  badCertificate: "Paste the identity provider's signing certificate in PEM (-----BEGIN CERTIFICATE----- ...).",
  badEntityId: "Enter the identity provider's entity ID (the Issuer of its responses).",
  noEmail: "The identity provider's answer carries no e-mail address (NameID or an email attribute).",
  startFromSignIn: "This address receives your identity provider's answer. Start single sign-on from the sign-in page.",
} as const;

const NS = {
  protocol: "urn:oasis:names:tc:SAML:2.0:protocol",
  assertion: "urn:oasis:names:tc:SAML:2.0:assertion",
  dsig: "http://www.w3.org/2000/09/xmldsig#",
};
const SUCCESS = "urn:oasis:names:tc:SAML:2.0:status:Success";
const BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer";
const NAMEID_EMAIL = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
/** Only RSA with SHA-256 or SHA-512: SHA-1 signatures and HMAC (key confusion) are refused. */
export const SAML_SIGNATURE_ALGORITHMS = ["http://www.w3.org/2001/04/xmldsig-more#rsa-sha256", "http://www.w3.org/2001/04/xmldsig-more#rsa-sha512"];
const DIGEST_ALGORITHMS = ["http://www.w3.org/2001/04/xmlenc#sha256", "http://www.w3.org/2001/04/xmlenc#sha512"];
/** Attribute names identity providers use for the address (Entra ID/ADFS claim URI, LDAP `mail`, plain `email`). */
const EMAIL_ATTRIBUTES = ["email", "mail", "emailaddress", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress", "urn:oid:0.9.2342.19200300.100.1.3"];

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const isoInstant = (seconds: number) => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");

/** An AuthnRequest for the HTTP-Redirect binding: our entity ID as Issuer, our ACS for an HTTP-POST answer. */
export function authnRequestXml(input: { id: string; now: number; destination: string; spEntityId: string; acsUrl: string }): string {
  return (
    `<samlp:AuthnRequest xmlns:samlp="${NS.protocol}" xmlns:saml="${NS.assertion}" ID="${escapeXml(input.id)}" Version="2.0" IssueInstant="${isoInstant(input.now)}"` +
    ` Destination="${escapeXml(input.destination)}" ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" AssertionConsumerServiceURL="${escapeXml(input.acsUrl)}">` +
    `<saml:Issuer>${escapeXml(input.spEntityId)}</saml:Issuer>` +
    `<samlp:NameIDPolicy Format="${NAMEID_EMAIL}" AllowCreate="true"/>` +
    `</samlp:AuthnRequest>`
  );
}

/** The service provider's metadata: who we are, where responses go, which address format we want. */
export function serviceProviderMetadataXml(sp: { entityId: string; acsUrl: string }): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${escapeXml(sp.entityId)}">` +
    `<md:SPSSODescriptor AuthnRequestsSigned="false" protocolSupportEnumeration="${NS.protocol}">` +
    `<md:NameIDFormat>${NAMEID_EMAIL}</md:NameIDFormat>` +
    `<md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${escapeXml(sp.acsUrl)}" index="0" isDefault="true"/>` +
    `</md:SPSSODescriptor></md:EntityDescriptor>\n`
  );
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

export const base64Encode = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(""));
export const base64Decode = (text: string) => Uint8Array.from(atob(text.replace(/\s+/g, "")), (c) => c.charCodeAt(0));

/** HTTP-Redirect binding: the message DEFLATEd (raw), base64, in SAMLRequest, with the RelayState beside it. */
export async function redirectBindingUrl(ssoUrl: string, xml: string, relayState: string): Promise<string> {
  const url = new URL(ssoUrl);
  url.searchParams.set("SAMLRequest", base64Encode(await pipe(new TextEncoder().encode(xml), new CompressionStream("deflate-raw"))));
  url.searchParams.set("RelayState", relayState);
  return url.toString();
}

/** Reads a SAMLRequest of the HTTP-Redirect binding back into its XML (the development identity provider). */
export async function inflateRedirectMessage(samlRequest: string): Promise<string> {
  return new TextDecoder().decode(await pipe(base64Decode(samlRequest), new DecompressionStream("deflate-raw")));
}

// ---- certificates (PEM / DER) ----

export function pemBody(pem: string): Uint8Array | null {
  const match = pem.match(/-----BEGIN CERTIFICATE-----([A-Za-z0-9+/=\s]+)-----END CERTIFICATE-----/);
  if (!match) return null;
  try {
    return base64Decode(match[1]!);
  } catch {
    return null;
  }
}

export const toPem = (label: string, der: Uint8Array) => `-----BEGIN ${label}-----\n${base64Encode(der).replace(/(.{64})/g, "$1\n").replace(/\n$/, "")}\n-----END ${label}-----\n`;

type DerNode = { tag: number; start: number; contentStart: number; end: number };

/** One DER element at `offset`: its tag, where its content starts and where it ends. */
function derAt(bytes: Uint8Array, offset: number): DerNode {
  const tag = bytes[offset]!;
  let length = bytes[offset + 1]!;
  let contentStart = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new Error("unsupported DER length");
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + bytes[contentStart + i]!;
    contentStart += count;
  }
  const end = contentStart + length;
  if (end > bytes.length) throw new Error("truncated DER");
  return { tag, start: offset, contentStart, end };
}

function derChildren(bytes: Uint8Array, node: DerNode): DerNode[] {
  const children: DerNode[] = [];
  for (let offset = node.contentStart; offset < node.end; ) {
    const child = derAt(bytes, offset);
    children.push(child);
    offset = child.end;
  }
  return children;
}

/**
 * The subject public key (SubjectPublicKeyInfo, PEM) of an X.509 certificate in PEM, which is what the
 * signature is checked with; null when the text is not a certificate.
 */
export function certificatePublicKeyPem(certificatePem: string): string | null {
  const der = pemBody(certificatePem);
  if (!der || der.length < 64) return null;
  try {
    const certificate = derAt(der, 0);
    const tbs = derChildren(der, certificate)[0]!;
    const fields = derChildren(der, tbs);
    // version [0] is optional; then serial, signature algorithm, issuer, validity, subject, subjectPublicKeyInfo.
    const spki = fields[fields[0]!.tag === 0xa0 ? 6 : 5];
    if (certificate.tag !== 0x30 || tbs.tag !== 0x30 || spki?.tag !== 0x30) return null;
    return toPem("PUBLIC KEY", der.slice(spki.start, spki.end));
  } catch {
    return null;
  }
}

// DER encoding, enough for the development identity provider's self-signed certificate.
function derLength(length: number): number[] {
  if (length < 0x80) return [length];
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return [0x80 | bytes.length, ...bytes];
}
const der = (tag: number, ...parts: Uint8Array[]) => {
  const content = parts.reduce((all, part) => [...all, ...part], [] as number[]);
  return new Uint8Array([tag, ...derLength(content.length), ...content]);
};
const seq = (...parts: Uint8Array[]) => der(0x30, ...parts);
const oid = (bytes: number[]) => der(0x06, new Uint8Array(bytes));
const SHA256_WITH_RSA = seq(oid([0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b]), new Uint8Array([0x05, 0x00]));
const commonName = (name: string) => seq(der(0x31, seq(oid([0x55, 0x04, 0x03]), der(0x0c, new TextEncoder().encode(name)))));
const generalizedTime = (iso: string) => der(0x18, new TextEncoder().encode(iso));

/**
 * A self-signed X.509 certificate (RSA, SHA-256) for a WebCrypto RSASSA-PKCS1-v1_5 key pair. The signature of
 * that scheme is deterministic, so the same key always gives the same certificate (nothing else is stored).
 */
export async function selfSignedCertificate(keys: CryptoKeyPair, name: string): Promise<string> {
  const spki = new Uint8Array((await crypto.subtle.exportKey("spki", keys.publicKey)) as ArrayBuffer);
  const tbs = seq(
    der(0xa0, der(0x02, new Uint8Array([0x02]))),
    der(0x02, new Uint8Array([0x01])),
    SHA256_WITH_RSA,
    commonName(name),
    seq(generalizedTime("20250101000000Z"), generalizedTime("20491231235959Z")),
    commonName(name),
    spki,
  );
  const signature = new Uint8Array(await crypto.subtle.sign("RSASSA-PKCS1-v1_5", keys.privateKey, tbs as BufferSource));
  return toPem("CERTIFICATE", seq(tbs, SHA256_WITH_RSA, der(0x03, new Uint8Array([0x00, ...signature]))));
}

// ---- the Response ----

export type SamlExpectations = { certificatePem: string; idpEntityId: string; spEntityId: string; acsUrl: string; requestId: string; now: number };
export type SamlIdentity = { nameId: string; email: string | null; firstName: string | null };
export type SamlCheck = { ok: true; identity: SamlIdentity; inResponseTo: string } | { ok: false; reason: string };

const fail = (reason: string): SamlCheck => ({ ok: false, reason });

function parseXml(xml: string): Document | null {
  // No DTDs at all: no entity expansion, no external references.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) return null;
  let broken = false;
  const doc = new DOMParser({ errorHandler: { warning: () => undefined, error: () => void (broken = true), fatalError: () => void (broken = true) } }).parseFromString(xml, "text/xml");
  return broken || !doc?.documentElement ? null : (doc as unknown as Document);
}

const childrenNS = (parent: Element, ns: string, name: string): Element[] =>
  Array.from(parent.childNodes as unknown as ArrayLike<Node>).filter((n): n is Element => n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === name);
const childNS = (parent: Element | undefined, ns: string, name: string): Element | undefined => (parent ? childrenNS(parent, ns, name)[0] : undefined);
const textOf = (el: Element | undefined) => el?.textContent?.trim() ?? "";
const seconds = (instant: string | null) => {
  const ms = instant ? Date.parse(instant) : NaN;
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
};

/**
 * Checks the enveloped signature that is a child of `element` (the Response or its Assertion) against the
 * configured key, and returns the element as signed (canonical XML, parsed again), or null.
 */
function signedCopy(xml: string, element: Element, publicKeyPem: string): Element | null {
  const signature = childNS(element, NS.dsig, "Signature");
  const id = element.getAttribute("ID");
  if (!signature || !id) return null;
  const signedInfo = childNS(signature, NS.dsig, "SignedInfo");
  const method = childNS(signedInfo, NS.dsig, "SignatureMethod")?.getAttribute("Algorithm") ?? "";
  const references = signedInfo ? childrenNS(signedInfo, NS.dsig, "Reference") : [];
  const digest = childNS(references[0], NS.dsig, "DigestMethod")?.getAttribute("Algorithm") ?? "";
  if (!SAML_SIGNATURE_ALGORITHMS.includes(method) || !DIGEST_ALGORITHMS.includes(digest)) return null;
  // The signature must sign exactly its parent, by the parent's ID.
  if (references.length !== 1 || references[0]!.getAttribute("URI") !== `#${id}`) return null;
  const verifier = new SignedXml({ publicCert: publicKeyPem, getCertFromKeyInfo: () => null });
  try {
    verifier.loadSignature(signature as unknown as Node);
    if (!verifier.checkSignature(xml)) return null;
    const signed = verifier.getSignedReferences();
    if (signed.length !== 1) return null;
    const copy = parseXml(signed[0]!)?.documentElement;
    return copy && copy.namespaceURI === element.namespaceURI && copy.localName === element.localName && copy.getAttribute("ID") === id ? (copy as Element) : null;
  } catch {
    return null;
  }
}

/**
 * The checks of a posted SAMLResponse (base64): a signature by the configured certificate over the Response or
 * the Assertion, the Issuer, Status, Destination, the bearer confirmation (Recipient, InResponseTo, NotOnOrAfter),
 * Conditions (NotBefore, NotOnOrAfter, Audience) and the subject's address.
 */
export function checkSamlResponse(samlResponse: string, expect: SamlExpectations): SamlCheck {
  let xml: string;
  try {
    xml = new TextDecoder("utf-8", { fatal: true }).decode(base64Decode(samlResponse));
  } catch {
    return fail("not base64 UTF-8");
  }
  const doc = parseXml(xml);
  const root = doc?.documentElement;
  if (!doc || !root || root.namespaceURI !== NS.protocol || root.localName !== "Response") return fail("not a SAML Response");
  if (doc.getElementsByTagNameNS(NS.assertion, "EncryptedAssertion").length > 0) return fail("encrypted assertions are not supported");
  const assertions = doc.getElementsByTagNameNS(NS.assertion, "Assertion");
  const assertion = childNS(root, NS.assertion, "Assertion");
  if (assertions.length !== 1 || !assertion) return fail("exactly one assertion, a child of the Response, expected");
  const publicKey = certificatePublicKeyPem(expect.certificatePem);
  if (!publicKey) return fail("the configured certificate cannot be read");

  const signedResponse = signedCopy(xml, root, publicKey);
  const signedAssertion = signedResponse ? childNS(signedResponse, NS.assertion, "Assertion") : signedCopy(xml, assertion, publicKey);
  if (!signedAssertion) return fail("no valid signature over the Response or the Assertion");
  // Response-level values from the signed Response when it is signed; else from the envelope (then the signed
  // assertion's own confirmation data below is what binds the answer to our request).
  const response = signedResponse ?? root;
  const status = childNS(childNS(response, NS.protocol, "Status"), NS.protocol, "StatusCode")?.getAttribute("Value");
  if (status !== SUCCESS) return fail(`status ${status ?? "missing"}`);
  const destination = response.getAttribute("Destination");
  if (destination && destination !== expect.acsUrl) return fail("wrong Destination");
  const responseTo = response.getAttribute("InResponseTo");
  if (responseTo && responseTo !== expect.requestId) return fail("wrong InResponseTo on the Response");

  if (textOf(childNS(signedAssertion, NS.assertion, "Issuer")) !== expect.idpEntityId) return fail("wrong Issuer");
  const responseIssuer = childNS(response, NS.assertion, "Issuer");
  if (responseIssuer && textOf(responseIssuer) !== expect.idpEntityId) return fail("wrong Issuer on the Response");

  const subject = childNS(signedAssertion, NS.assertion, "Subject");
  const confirmation = subject ? childrenNS(subject, NS.assertion, "SubjectConfirmation").find((c) => c.getAttribute("Method") === BEARER) : undefined;
  const data = childNS(confirmation, NS.assertion, "SubjectConfirmationData");
  if (!data) return fail("no bearer subject confirmation");
  if (data.getAttribute("Recipient") !== expect.acsUrl) return fail("wrong Recipient");
  if (data.getAttribute("InResponseTo") !== expect.requestId) return fail("wrong InResponseTo");
  const confirmationEnd = seconds(data.getAttribute("NotOnOrAfter"));
  if (confirmationEnd === null || expect.now >= confirmationEnd + SAML_CLOCK_SKEW_SECONDS) return fail("expired confirmation");

  const conditions = childNS(signedAssertion, NS.assertion, "Conditions");
  if (!conditions) return fail("no Conditions");
  const notBefore = seconds(conditions.getAttribute("NotBefore"));
  const notOnOrAfter = seconds(conditions.getAttribute("NotOnOrAfter"));
  if (notBefore !== null && expect.now < notBefore - SAML_CLOCK_SKEW_SECONDS) return fail("not yet valid");
  if (notOnOrAfter === null || expect.now >= notOnOrAfter + SAML_CLOCK_SKEW_SECONDS) return fail("expired");
  const restrictions = childrenNS(conditions, NS.assertion, "AudienceRestriction");
  // Every AudienceRestriction must name us (SAML core 2.5.1.4).
  if (restrictions.length === 0 || !restrictions.every((r) => childrenNS(r, NS.assertion, "Audience").some((a) => textOf(a) === expect.spEntityId))) return fail("wrong Audience");

  const nameIdElement = childNS(subject, NS.assertion, "NameID");
  const nameId = textOf(nameIdElement);
  if (!nameId) return fail("no NameID");
  const attributes = new Map<string, string>();
  const statement = childNS(signedAssertion, NS.assertion, "AttributeStatement");
  for (const attribute of statement ? childrenNS(statement, NS.assertion, "Attribute") : []) {
    const value = textOf(childNS(attribute, NS.assertion, "AttributeValue"));
    if (value) attributes.set((attribute.getAttribute("Name") ?? "").toLowerCase(), value);
  }
  const emailAttribute = EMAIL_ATTRIBUTES.map((name) => attributes.get(name)).find(Boolean);
  const email = emailAttribute ?? (nameIdElement?.getAttribute("Format") === NAMEID_EMAIL || nameId.includes("@") ? nameId : null);
  const firstName = attributes.get("givenname") ?? attributes.get("firstname") ?? attributes.get("http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname") ?? null;
  return { ok: true, identity: { nameId, email, firstName }, inResponseTo: expect.requestId };
}

/** The fields of an AuthnRequest the development identity provider needs. */
export function readAuthnRequest(xml: string): { id: string; issuer: string; acsUrl: string } | null {
  const root = parseXml(xml)?.documentElement;
  if (!root || root.namespaceURI !== NS.protocol || root.localName !== "AuthnRequest") return null;
  const id = root.getAttribute("ID") ?? "";
  const acsUrl = root.getAttribute("AssertionConsumerServiceURL") ?? "";
  const issuer = textOf(childNS(root, NS.assertion, "Issuer"));
  return id && acsUrl && issuer ? { id, issuer, acsUrl } : null;
}

/**
 * A signed SAML Response as an identity provider sends it (the development stand-in signs with this; tests
 * build hostile variants from it): the Assertion is signed, and the Response too when `signResponse`.
 */
export function signedSamlResponse(input: {
  privateKeyPem: string;
  idpEntityId: string;
  spEntityId: string;
  acsUrl: string;
  inResponseTo: string;
  email: string;
  firstName?: string | null;
  now: number;
  lifetimeSeconds?: number;
  signResponse?: boolean;
  responseId: string;
  assertionId: string;
}): string {
  const lifetime = input.lifetimeSeconds ?? 300;
  const issuer = `<saml:Issuer>${escapeXml(input.idpEntityId)}</saml:Issuer>`;
  const assertion =
    `<saml:Assertion xmlns:saml="${NS.assertion}" ID="${input.assertionId}" Version="2.0" IssueInstant="${isoInstant(input.now)}">${issuer}` +
    `<saml:Subject><saml:NameID Format="${NAMEID_EMAIL}">${escapeXml(input.email)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="${BEARER}"><saml:SubjectConfirmationData InResponseTo="${escapeXml(input.inResponseTo)}" Recipient="${escapeXml(input.acsUrl)}" NotOnOrAfter="${isoInstant(input.now + lifetime)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${isoInstant(input.now - 5)}" NotOnOrAfter="${isoInstant(input.now + lifetime)}"><saml:AudienceRestriction><saml:Audience>${escapeXml(input.spEntityId)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${isoInstant(input.now)}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement><saml:Attribute Name="email"><saml:AttributeValue>${escapeXml(input.email)}</saml:AttributeValue></saml:Attribute>` +
    (input.firstName ? `<saml:Attribute Name="givenName"><saml:AttributeValue>${escapeXml(input.firstName)}</saml:AttributeValue></saml:Attribute>` : "") +
    `</saml:AttributeStatement></saml:Assertion>`;
  const response =
    `<samlp:Response xmlns:samlp="${NS.protocol}" xmlns:saml="${NS.assertion}" ID="${input.responseId}" Version="2.0" IssueInstant="${isoInstant(input.now)}" Destination="${escapeXml(input.acsUrl)}" InResponseTo="${escapeXml(input.inResponseTo)}">` +
    `${issuer}<samlp:Status><samlp:StatusCode Value="${SUCCESS}"/></samlp:Status>${assertion}</samlp:Response>`;
  const sign = (xml: string, id: string, after: string) => {
    const signer = new SignedXml({ privateKey: input.privateKeyPem, signatureAlgorithm: SAML_SIGNATURE_ALGORITHMS[0], canonicalizationAlgorithm: "http://www.w3.org/2001/10/xml-exc-c14n#" });
    signer.addReference({ xpath: `//*[@ID='${id}']`, digestAlgorithm: DIGEST_ALGORITHMS[0], transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", "http://www.w3.org/2001/10/xml-exc-c14n#"] });
    // The signature goes right after the element's Issuer, where the SAML schema puts it.
    signer.computeSignature(xml, { prefix: "ds", location: { reference: `//*[@ID='${id}']/*[local-name(.)='Issuer']`, action: after as "after" } });
    return signer.getSignedXml();
  };
  const withSignedAssertion = sign(response, input.assertionId, "after");
  return input.signResponse ? sign(withSignedAssertion, input.responseId, "after") : withSignedAssertion;
}
