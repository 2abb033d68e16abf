// Workspace auth connections (decision 0066): the credentials an agent's webhook tool authenticates with, named by
// the tool's api_schema.auth_connection ({auth_connection_id}). Pure: the request shapes, which fields are secret,
// the headers a connection adds and the OAuth2 client-credentials token request (RFC 6749 §4.4).
import { z } from "zod";

/** The kinds this server can authenticate with; the SDK's others need keys or certificates it does not hold. */
export const AUTH_TYPES = ["oauth2_client_credentials", "bearer_auth", "basic_auth", "custom_header_auth"] as const;
export type AuthType = (typeof AUTH_TYPES)[number];
/** Kinds the SDK knows that are refused with a reason (no private-key signing or client certificates here). */
export const UNSUPPORTED_AUTH_TYPES = ["oauth2_jwt", "private_key_jwt", "mtls"] as const;

export const AUTH_CONNECTION_TEXTS = {
  forbidden: "Only workspace admins and members with the Workspace settings permission can manage auth connections.",
  notFound: "Auth connection not found.",
  unsupported: (type: string) =>
    `auth_type ${type} is not supported on this server: it signs no JWTs with private keys and holds no client certificates. Use oauth2_client_credentials, bearer_auth, basic_auth or custom_header_auth.`,
  typeChange: (from: string) => `An auth connection keeps its auth_type (${from}); make a new connection for another kind.`,
  inUse: (agents: string[]) => `The auth connection is used by the tools of ${agents.join(", ")}: remove it from them first.`,
  missingAtCall: (tool: string) => `The ${tool} tool's auth connection no longer exists.`,
  tokenFailed: (tool: string, why: string) => `The ${tool} tool could not get an access token: ${why}.`,
  tokenUrl: "token_url must be a full https URL of a public host.",
} as const;

const name = z.string().trim().min(1, "Enter a name.").max(100);
const provider = z.string().trim().max(100).default("custom");
const secret = z.string().min(1).max(4000);
const headerName = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/, "header_name must be a valid HTTP header name.")
  .refine((h) => !["host", "content-length", "transfer-encoding", "connection"].includes(h.toLowerCase()), "That header is set by the HTTP client.");
const stringMap = z.record(z.string().max(200), z.string().max(2000));

export const createAuthConnection = z.discriminatedUnion("auth_type", [
  z.object({
    auth_type: z.literal("oauth2_client_credentials"),
    name,
    provider,
    client_id: z.string().trim().min(1).max(500),
    client_secret: secret,
    token_url: z.string().trim().url().max(2000),
    scopes: z.array(z.string().trim().min(1).max(200)).max(50).optional(),
    extra_params: stringMap.optional(),
    basic_auth_in_header: z.boolean().optional(),
    custom_headers: stringMap.optional(),
  }),
  z.object({ auth_type: z.literal("bearer_auth"), name, provider, token: secret }),
  z.object({ auth_type: z.literal("basic_auth"), name, provider, username: z.string().min(1).max(500), password: secret }),
  z.object({ auth_type: z.literal("custom_header_auth"), name, provider, header_name: headerName, token: secret }),
]);
export type CreateAuthConnection = z.infer<typeof createAuthConnection>;

/** The SDK's update bodies: the kind again, then only the fields to change (name and token URL stay). */
export const updateAuthConnection = z.discriminatedUnion("auth_type", [
  z.object({
    auth_type: z.literal("oauth2_client_credentials"),
    provider: provider.optional(),
    client_id: z.string().trim().min(1).max(500).optional(),
    client_secret: secret.optional(),
    scopes: z.array(z.string().trim().min(1).max(200)).max(50).optional(),
    extra_params: stringMap.optional(),
    basic_auth_in_header: z.boolean().optional(),
    custom_headers: stringMap.optional(),
  }),
  z.object({ auth_type: z.literal("bearer_auth"), provider: provider.optional(), token: secret.optional() }),
  z.object({ auth_type: z.literal("basic_auth"), provider: provider.optional(), username: z.string().min(1).max(500).optional(), password: secret.optional() }),
]);
export type UpdateAuthConnection = z.infer<typeof updateAuthConnection>;

type Fields = Record<string, unknown>;
const SECRET_FIELDS = ["client_secret", "token", "password"] as const;

/** A request body split into what the API may show and what it never does (name, provider and kind apart). */
export function splitFields(body: Fields): { settings: Fields; secrets: Fields } {
  const settings: Fields = {};
  const secrets: Fields = {};
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || key === "auth_type" || key === "name" || key === "provider") continue;
    if ((SECRET_FIELDS as readonly string[]).includes(key)) secrets[key] = value;
    else settings[key] = value;
  }
  return { settings, secrets };
}

/** The credentials a connection holds, as a tool call needs them. */
export type Credentials =
  | { authType: "oauth2_client_credentials"; clientId: string; clientSecret: string; tokenUrl: string; scopes: string[]; extraParams: Record<string, string>; basicAuthInHeader: boolean; customHeaders: Record<string, string> }
  | { authType: "bearer_auth"; token: string }
  | { authType: "basic_auth"; username: string; password: string }
  | { authType: "custom_header_auth"; headerName: string; token: string };

const s = (v: unknown) => (typeof v === "string" ? v : "");
const map = (v: unknown): Record<string, string> => (v && typeof v === "object" ? (v as Record<string, string>) : {});

export function credentialsOf(authType: string, settings: Fields, secrets: Fields): Credentials | null {
  switch (authType) {
    case "oauth2_client_credentials":
      return {
        authType,
        clientId: s(settings.client_id),
        clientSecret: s(secrets.client_secret),
        tokenUrl: s(settings.token_url),
        scopes: Array.isArray(settings.scopes) ? settings.scopes.map(s) : [],
        extraParams: map(settings.extra_params),
        basicAuthInHeader: settings.basic_auth_in_header === true,
        customHeaders: map(settings.custom_headers),
      };
    case "bearer_auth":
      return { authType, token: s(secrets.token) };
    case "basic_auth":
      return { authType, username: s(settings.username), password: s(secrets.password) };
    case "custom_header_auth":
      return { authType, headerName: s(settings.header_name), token: s(secrets.token) };
    default:
      return null;
  }
}

const basic = (user: string, password: string) => `Basic ${btoa(unescape(encodeURIComponent(`${user}:${password}`)))}`;

/** The token request of the client-credentials grant: a form POST, the client authenticated in the body or by Basic. */
export function tokenRequest(c: Extract<Credentials, { authType: "oauth2_client_credentials" }>): { url: string; init: RequestInit } {
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  if (c.scopes.length) form.set("scope", c.scopes.join(" "));
  for (const [key, value] of Object.entries(c.extraParams)) if (!form.has(key)) form.set(key, value);
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
  if (c.basicAuthInHeader) headers.authorization = basic(encodeURIComponent(c.clientId), encodeURIComponent(c.clientSecret));
  else {
    form.set("client_id", c.clientId);
    form.set("client_secret", c.clientSecret);
  }
  return { url: c.tokenUrl, init: { method: "POST", headers, body: form.toString(), redirect: "manual" } };
}

/** The token answer (RFC 6749 §5.1): a bearer access token and how long it lasts, or why it is not usable. */
export function readTokenAnswer(json: unknown, nowSeconds: number): { ok: true; token: string; expiresAt: number } | { ok: false; why: string } {
  const body = map(json) as Record<string, unknown>;
  if (typeof body.access_token !== "string" || !body.access_token) return { ok: false, why: typeof body.error === "string" ? `the token server answered ${body.error}` : "the answer had no access_token" };
  if (typeof body.token_type === "string" && body.token_type.toLowerCase() !== "bearer") return { ok: false, why: `token_type ${body.token_type} is not bearer` };
  const lifetime = typeof body.expires_in === "number" && body.expires_in > 0 ? body.expires_in : 3600;
  // Renewed a minute early, so a token does not expire while a tool call is on its way.
  return { ok: true, token: body.access_token, expiresAt: nowSeconds + Math.max(lifetime - 60, 1) };
}

/** The headers a connection adds to a tool's request, given an access token for the client-credentials kind. */
export function authHeaders(c: Credentials, accessToken?: string): Record<string, string> {
  switch (c.authType) {
    case "oauth2_client_credentials":
      return { ...c.customHeaders, authorization: `Bearer ${accessToken ?? ""}` };
    case "bearer_auth":
      return { authorization: `Bearer ${c.token}` };
    case "basic_auth":
      return { authorization: basic(c.username, c.password) };
    case "custom_header_auth":
      return { [c.headerName]: c.token };
  }
}

/** The connection id a webhook tool names (api_schema.auth_connection.auth_connection_id), or null. */
export function authConnectionIdOf(apiSchema: unknown): string | null {
  if (!apiSchema || typeof apiSchema !== "object") return null;
  const locator = (apiSchema as { auth_connection?: unknown }).auth_connection;
  if (!locator || typeof locator !== "object") return null;
  const id = (locator as { auth_connection_id?: unknown }).auth_connection_id;
  return typeof id === "string" && id ? id : null;
}
