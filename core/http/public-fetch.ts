/**
 * Fetching a URL a user gave (dubbing's source_url): only http(s) on a public host, every redirect hop checked
 * again, a size cap enforced while reading (a lying or missing Content-Length cannot get past it). The host check
 * is the webhooks' one (isInternalHost), by name and literal address; a public name that resolves to a private
 * address is not caught here (Workers' fetch cannot reach private networks in production anyway).
 */
import { isInternalHost } from "../webhooks/webhooks";

export const PUBLIC_FETCH_MAX_REDIRECTS = 3;

/**
 * Why the server will not fetch this URL (`field` names it in the sentence), or null. `allowInternalHosts` is for
 * development only, where the stack fetches its own pages from a loopback address.
 */
export function publicUrlProblem(raw: string, field = "The URL", allowInternalHosts = false): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return `${field} must be a full http(s) URL.`;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return `${field} must be a full http(s) URL.`;
  if (url.username || url.password) return `${field} cannot carry a user name or password.`;
  if (!allowInternalHosts && isInternalHost(url.hostname)) return `${field} must point to a public host, not a private, loopback or local address.`;
  return null;
}

export type PublicFetchResult =
  | { ok: true; bytes: Uint8Array; contentType: string | null; url: string }
  | { ok: false; reason: "invalid_url" | "unreachable" | "too_large"; message: string };

/**
 * Fetches a public URL's body, at most `maxBytes` of it; `fetcher` is the global fetch outside tests and
 * `allowInternalHosts` is for development only (as in publicUrlProblem).
 */
export async function fetchPublic(
  raw: string,
  options: { maxBytes: number; field?: string; timeoutMs?: number; accept?: string; fetcher?: typeof fetch; allowInternalHosts?: boolean },
): Promise<PublicFetchResult> {
  const fetcher = options.fetcher ?? fetch;
  const field = options.field ?? "The URL";
  let target = raw;
  for (let hop = 0; hop <= PUBLIC_FETCH_MAX_REDIRECTS; hop++) {
    const problem = publicUrlProblem(target, field, options.allowInternalHosts);
    if (problem) return { ok: false, reason: "invalid_url", message: problem };
    let response: Response;
    try {
      response = await fetcher(target, { redirect: "manual", signal: AbortSignal.timeout(options.timeoutMs ?? 30_000), headers: options.accept ? { accept: options.accept } : {} });
    } catch {
      return { ok: false, reason: "unreachable", message: `${target} could not be fetched.` };
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      target = new URL(location, target).toString();
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, reason: "unreachable", message: `${target} answered ${response.status}.` };
    }
    const tooLarge = { ok: false as const, reason: "too_large" as const, message: `${target} is larger than ${options.maxBytes} bytes, the most accepted.` };
    const declared = Number(response.headers.get("content-length"));
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      await response.body?.cancel();
      return tooLarge;
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > options.maxBytes) {
          await reader.cancel();
          return tooLarge;
        }
        chunks.push(value);
      }
    }
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    return { ok: true, bytes, contentType: response.headers.get("content-type"), url: target };
  }
  return { ok: false, reason: "unreachable", message: `More than ${PUBLIC_FETCH_MAX_REDIRECTS} redirects from ${raw}.` };
}
