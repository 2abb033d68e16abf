// What the HTTP providers share: the fetch they use (a test passes a stand-in), where a server's endpoint is,
// and how a refusal becomes an error.

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** The platform's fetch, called unbound (workerd refuses a fetch called as another object's method). */
export const platformFetch: Fetch = (url, init) => fetch(url, init);

/** A server speaking a known protocol, as configured. */
export type HttpServer = { baseUrl: string; apiKey?: string; model: string };

/**
 * An OpenAI-compatible endpoint: servers document their base URL both with and without the /v1 prefix
 * ("http://localhost:8000" or "http://localhost:8000/v1"); both reach `/v1/<path>`.
 */
export function openAiEndpoint(baseUrl: string, path: string): string {
  const base = baseUrl.replace(/\/+$/, "");
  return `${base.endsWith("/v1") ? base : `${base}/v1`}/${path}`;
}

export function bearer(apiKey: string | undefined): Record<string, string> {
  return apiKey ? { authorization: `Bearer ${apiKey}` } : {};
}

/** The response when the server accepted the request; otherwise an error naming the server's status and the start of its answer. */
export async function accepted(response: Response, server: string): Promise<Response> {
  if (response.ok) return response;
  const detail = (await response.text().catch(() => "")).trim().slice(0, 200);
  throw new Error(`${server} answered ${response.status}${detail ? `: ${detail}` : ""}`);
}
