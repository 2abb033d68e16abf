import { describe, expect, it } from "vitest";
import { tokenUrlProblem, WEBHOOK_TEXTS, webhookCredentials, webhookOAuth2 } from "~/workspace/rules/webhooks";
import { tokenRequest } from "~/workspace/rules/auth-connections";

describe("OAuth2 webhook settings (decision 0076)", () => {
  it("requires the token URL, client id and secret; scope and audience are optional", () => {
    expect(webhookOAuth2.safeParse({ token_url: "https://a.example.com/t", client_id: "c", client_secret: "s" }).success).toBe(true);
    for (const missing of ["token_url", "client_id", "client_secret"]) {
      const input: Record<string, string> = { token_url: "https://a.example.com/t", client_id: "c", client_secret: "s" };
      delete input[missing];
      expect(webhookOAuth2.safeParse(input).success, missing).toBe(false);
    }
  });

  it("holds the token URL to the webhook URL's rules: https and public hosts in production", () => {
    expect(tokenUrlProblem("https://auth.example.com/token", true)).toBeNull();
    expect(tokenUrlProblem("http://auth.example.com/token", true)).toBe(WEBHOOK_TEXTS.tokenUrl);
    expect(tokenUrlProblem("https://10.0.0.1/token", true)).toBe(WEBHOOK_TEXTS.tokenUrl);
    expect(tokenUrlProblem("http://127.0.0.1:8080/token", false)).toBeNull();
    expect(tokenUrlProblem("ftp://auth.example.com/token", false)).toBe(WEBHOOK_TEXTS.tokenUrl);
  });

  it("asks for the token as the auth connections do: client in the body, scope and audience as form fields", () => {
    const { url, init } = tokenRequest(webhookCredentials({ token_url: "https://auth.example.com/token", client_id: "c", scope: "a  b", audience: "https://api.example.com" }, "s"));
    expect(url).toBe("https://auth.example.com/token");
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({ grant_type: "client_credentials", scope: "a b", audience: "https://api.example.com", client_id: "c", client_secret: "s" });
  });
});
