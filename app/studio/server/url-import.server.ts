// Studio's import from a URL: the page is fetched by the server (redirects followed by hand, each hop checked), then
// read like an uploaded document. In production private and loopback hosts are refused by name and address.
import { isInternalHost } from "../../../core/webhooks/webhooks";
import { documentKind, type DocumentKind } from "~/studio/rules/documents";
import { DOCUMENT_MAX_BYTES } from "~/studio/rules/studio";

const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 15_000;

export type FetchedDocument = { ok: true; kind: DocumentKind; bytes: Uint8Array } | { ok: false; status: string; message: string };

/** Why the server will not fetch this URL, or null. */
export function importUrlProblem(raw: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "from_url must be a full http(s) URL.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "from_url must be a full http(s) URL.";
  if (url.username || url.password) return "from_url cannot carry a user name or password.";
  if (production && isInternalHost(url.hostname)) return "from_url must point to a public host, not a private or local address.";
  return null;
}

export async function fetchDocument(env: Env, raw: string): Promise<FetchedDocument> {
  const production = env.ENVIRONMENT === "production";
  let target = raw;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const problem = importUrlProblem(target, production);
    if (problem) return { ok: false, status: "invalid_url", message: problem };
    let response: Response;
    try {
      response = await fetch(target, { redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: "text/html, text/plain, text/markdown, application/epub+zip" } });
    } catch {
      return { ok: false, status: "url_unreachable", message: `The page at ${target} could not be fetched.` };
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      target = new URL(location, target).toString();
      continue;
    }
    if (!response.ok) return { ok: false, status: "url_unreachable", message: `The page at ${target} answered ${response.status}.` };
    const type = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    const kind = documentKind(new URL(target).pathname, type);
    if (!kind) return { ok: false, status: "unsupported_document", message: "The page must be HTML, plain text, Markdown or EPUB." };
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.byteLength > DOCUMENT_MAX_BYTES) return { ok: false, status: "document_too_large", message: `The page must be at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.` };
    return { ok: true, kind, bytes };
  }
  return { ok: false, status: "url_unreachable", message: `More than ${MAX_REDIRECTS} redirects from ${raw}.` };
}
