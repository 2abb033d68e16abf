/** Plain-HTTP helpers for end-to-end tests: a real account and API key on the running stack. */
export const STRONG_PASSWORD = "Str0ng!pass";

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export async function signUpOverHttp(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/app/sign-up`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: baseUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password: STRONG_PASSWORD, agrees_to_terms: "on" }),
  });
  const cookie = response.headers.get("set-cookie")?.match(/parlance_session=[0-9a-f]{64}/)?.[0];
  if (response.status !== 302 || !cookie) throw new Error(`sign-up failed: ${response.status}`);
  return cookie;
}

export async function createApiKeyOverHttp(baseUrl: string, cookie: string, name = "e2e"): Promise<string> {
  const response = await fetch(`${baseUrl}/v1/user/api-keys`, {
    method: "POST",
    headers: { cookie, origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ name }),
  });
  if (response.status !== 201) throw new Error(`key creation failed: ${response.status}`);
  return ((await response.json()) as { xi_api_key: string }).xi_api_key;
}
