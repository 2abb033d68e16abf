import { describe, expect, it } from "vitest";
import { authConnectionIdOf, authHeaders, createAuthConnection, credentialsOf, readTokenAnswer, splitFields, tokenRequest } from "./auth-connections";

const cc = { authType: "oauth2_client_credentials" as const, clientId: "id:1", clientSecret: "s&2", tokenUrl: "https://auth.example.com/token", scopes: ["a", "b"], extraParams: { audience: "api" }, basicAuthInHeader: false, customHeaders: { "x-tenant": "t1" } };

describe("auth connections", () => {
  it("asks for a client-credentials token with the client in the body, or by Basic with both parts form-encoded (RFC 6749 §2.3.1)", () => {
    const inBody = tokenRequest(cc);
    expect(Object.fromEntries(new URLSearchParams(inBody.init.body as string))).toEqual({ grant_type: "client_credentials", scope: "a b", audience: "api", client_id: "id:1", client_secret: "s&2" });
    const byBasic = tokenRequest({ ...cc, basicAuthInHeader: true });
    expect(new URLSearchParams(byBasic.init.body as string).has("client_secret")).toBe(false);
    expect((byBasic.init.headers as Record<string, string>).authorization).toBe(`Basic ${btoa("id%3A1:s%262")}`);
  });

  it("reads a bearer token answer, renewing a minute early, and refuses other answers with the reason", () => {
    expect(readTokenAnswer({ access_token: "t", token_type: "Bearer", expires_in: 600 }, 1000)).toEqual({ ok: true, token: "t", expiresAt: 1540 });
    expect(readTokenAnswer({ access_token: "t" }, 0)).toMatchObject({ ok: true, expiresAt: 3540 });
    expect(readTokenAnswer({ error: "invalid_client" }, 0)).toEqual({ ok: false, why: "the token server answered invalid_client" });
    expect(readTokenAnswer({ access_token: "t", token_type: "mac" }, 0)).toMatchObject({ ok: false });
    expect(readTokenAnswer(null, 0)).toMatchObject({ ok: false });
  });

  it("adds the headers of each kind", () => {
    expect(authHeaders(cc, "tok")).toEqual({ "x-tenant": "t1", authorization: "Bearer tok" });
    expect(authHeaders({ authType: "bearer_auth", token: "b" })).toEqual({ authorization: "Bearer b" });
    expect(authHeaders({ authType: "basic_auth", username: "ü", password: "p" })).toEqual({ authorization: `Basic ${btoa("\u00c3\u00bc:p")}` });
    expect(authHeaders({ authType: "custom_header_auth", headerName: "X-Key", token: "k" })).toEqual({ "X-Key": "k" });
  });

  it("keeps secrets apart from what the API shows, and reads them back as credentials", () => {
    const body = createAuthConnection.parse({ auth_type: "basic_auth", name: "n", username: "u", password: "p" });
    expect(body.provider).toBe("custom");
    const { settings, secrets } = splitFields(body);
    expect(settings).toEqual({ username: "u" });
    expect(secrets).toEqual({ password: "p" });
    expect(credentialsOf("basic_auth", settings, secrets)).toEqual({ authType: "basic_auth", username: "u", password: "p" });
    expect(credentialsOf("mtls", {}, {})).toBeNull();
  });

  it("finds the connection a webhook tool names", () => {
    expect(authConnectionIdOf({ url: "https://x", auth_connection: { auth_connection_id: "authc_1" } })).toBe("authc_1");
    expect(authConnectionIdOf({ url: "https://x" })).toBeNull();
    expect(authConnectionIdOf({ auth_connection: { auth_connection_id: 3 } })).toBeNull();
  });
});
