// Studio's import from a URL: the page is fetched by the server (redirects followed by hand, each hop checked), then
// read like an uploaded document. In production private and loopback hosts are refused by name and address.
import { publicUrlProblem } from "../../../core/http/public-fetch";
import { documentKind, parseDocument, type DocumentKind } from "~/studio/rules/documents";
import type { NewContent, StudioRefusal } from "~/studio/server/projects.server";
import { DOCUMENT_MAX_BYTES } from "../../../core/studio/studio-rules";

const MAX_REDIRECTS = 3;
const TIMEOUT_MS = 15_000;

export type FetchedDocument = { ok: true; kind: DocumentKind; bytes: Uint8Array } | { ok: false; status: string; message: string };

/** Why the server will not fetch this URL, or null; `field` names the URL as the asker knows it (the API's from_url, the page's "The URL"). */
export function importUrlProblem(raw: string, production: boolean, field = "from_url"): string | null {
  return publicUrlProblem(raw, field, !production);
}

export async function fetchDocument(env: Env, raw: string, field = "from_url"): Promise<FetchedDocument> {
  const production = env.ENVIRONMENT === "production";
  let target = raw;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const problem = importUrlProblem(target, production, field);
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

/** A project's content from a URL: the page fetched (each hop checked) and split into chapters like an upload. */
export async function contentFromUrl(env: Env, raw: string, fallbackName: string, field = "from_url"): Promise<{ ok: true; content: NewContent } | { ok: false; refusal: StudioRefusal }> {
  const fetched = await fetchDocument(env, raw, field);
  if (!fetched.ok) return { ok: false, refusal: { httpStatus: 400, status: fetched.status, message: fetched.message } };
  const parsed = parseDocument(fetched.kind, fetched.bytes, fallbackName);
  if (!parsed.ok) return { ok: false, refusal: { httpStatus: 400, status: "invalid_document", message: parsed.message } };
  return { ok: true, content: { kind: "document", chapters: parsed.chapters, sourceType: fetched.kind } };
}
