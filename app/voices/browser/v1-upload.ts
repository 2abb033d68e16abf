// Posting uploads to /v1 from the browser: decoding and measuring audio needs the WebAssembly codecs, which only
// the /v1 layer loads (docs/ARCHITECTURE.md), so the pages send recordings there with the session's cookie.

export type V1Answer<T> = { ok: true; data: T } | { ok: false; error: string };

/** What an error answer says: the API's detail.message, or the validation issues, or the status. */
function errorText(status: number, body: unknown): string {
  const detail = (body as { detail?: { message?: string } | { msg: string }[] } | null)?.detail;
  if (Array.isArray(detail)) return detail.map((issue) => issue.msg).join(" ");
  return detail?.message ?? `The request failed (${status}).`;
}

/** Sends a request to /v1 and reads its JSON answer; never throws (a network failure is an error answer). */
export async function callV1<T>(path: string, init: { method?: string; form?: FormData; json?: unknown } = {}): Promise<V1Answer<T>> {
  try {
    const response = await fetch(path, {
      method: init.method ?? (init.form || init.json !== undefined ? "POST" : "GET"),
      credentials: "same-origin",
      headers: init.json !== undefined ? { "content-type": "application/json" } : undefined,
      body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
    });
    const body: unknown = await response.json().catch(() => null);
    return response.ok ? { ok: true, data: body as T } : { ok: false, error: errorText(response.status, body) };
  } catch {
    return { ok: false, error: "The connection failed. Check it and try again." };
  }
}
