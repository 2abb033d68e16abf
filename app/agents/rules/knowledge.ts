// The knowledge base's folders, its lexical index as the API describes it, search snippets and crawling
// (decision 0065). Pure.
import { terms } from "../../../core/agents/retrieval";

export const KNOWLEDGE_LIMITS = {
  /** Documents named in one bulk call. */
  bulk: 100,
  /** Passages a search ranks at most (the candidates that share a word with the query). */
  searchCandidates: 2000,
  /** A crawl reads at most this many pages, this many links deep. */
  crawlPages: 50,
  crawlDepth: 5,
  /** Bytes of a web page read at most (URL documents, refreshes and crawls). */
  pageBytes: 2 * 1024 * 1024,
  /** The lexical index of a workspace holds at most this many bytes of passages. */
  indexBytes: 50 * 1024 * 1024,
  /** Characters the knowledge-base size counts as one page. */
  pageCharacters: 2000,
  /** Seconds a source-file link stays valid. */
  sourceLinkSeconds: 15 * 60,
} as const;

/**
 * The embedded index: the passages documents are cut into, ranked by BM25 when an agent answers (decision 0037).
 * It is not an embedding model; the API's rag-index calls describe it under this name whatever model they ask for.
 */
export const LEXICAL_INDEX = { id: "lexical", model: "parlance_lexical_bm25" } as const;

/** The knowledge-base page's own words (the refusals are the API's, AGENT_TEXTS and KNOWLEDGE_TEXTS). */
export const KNOWLEDGE_PAGE_TEXTS = {
  intro: "What your agents answer from: texts, web pages and files, shared by the workspace's agents. Give a document to an agent from its row below.",
  urlExplained: "The page is read once, now, from a public address; it is not kept in step with the site.",
  textMissing: "Enter the text.",
  urlInvalid: "Enter an http or https address.",
  fileMissing: "Choose a file.",
  added: (name: string) => `Added “${name}” to the knowledge base.`,
  deleteAnyway: "Remove it from those agents and delete",
  empty: "No documents yet",
  emptyHint: "Add a text, a web page or a file above.",
  noMatch: "No document has that name",
  agentMissing: "Choose an agent.",
  notAForm: "Send the page's form.",
  alreadyUsed: "That agent already uses this document.",
  attached: (name: string) => `Added “${name}” to the agent: it answers from it from the next conversation.`,
} as const;

export const KNOWLEDGE_TEXTS = {
  folderNotFound: "Folder not found.",
  notAFolder: "The destination is not a folder.",
  moveIntoItself: "A folder cannot be moved into itself or one of its folders.",
  folderHasNoText: "A folder has no text of its own.",
  notRefreshable: "Only documents read from a URL can be refreshed.",
  notAFile: "Only documents uploaded as a file can have their file replaced.",
  contentOnlyText: "Only text documents can have their content replaced; replace a file with update-file and refresh a URL.",
  chunkNotFound: "Chunk not found.",
  indexNotFound: "This document has no index of that id.",
  noSource: "The original file of this document was not kept (it was uploaded before originals were stored).",
  sourceLinkInvalid: "The source-file link is invalid or has expired.",
  crawlNotFound: "Crawl job not found.",
  crawlPattern: "pattern must be a valid regular expression.",
  addNeedsSource: "Send either a url or a file.",
  indexFull: (limit: number) => `The workspace's knowledge index is full (${Math.round(limit / 1024 / 1024)} MB of passages).`,
} as const;

export type Folder = { id: string; name: string; parentFolderId: string | null };

/** The folders above an entity, the top one first (its own id excluded). */
export function folderPath(folders: Folder[], parentFolderId: string | null): { id: string; name: string }[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const path: { id: string; name: string }[] = [];
  const seen = new Set<string>();
  for (let id = parentFolderId; id && !seen.has(id); id = byId.get(id)?.parentFolderId ?? null) {
    seen.add(id);
    const folder = byId.get(id);
    if (!folder) break;
    path.unshift({ id: folder.id, name: folder.name });
  }
  return path;
}

/** A folder and every folder inside it, at any depth. */
export function folderAndDescendants(folders: Folder[], id: string): Set<string> {
  const found = new Set([id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of folders) {
      if (f.parentFolderId && found.has(f.parentFolderId) && !found.has(f.id)) {
        found.add(f.id);
        grew = true;
      }
    }
  }
  return found;
}

/** Why these entities may not move into this folder (null: to the top), or null. */
export function moveProblem(folders: Folder[], ids: string[], target: string | null): string | null {
  if (target === null) return null;
  if (!folders.some((f) => f.id === target)) return KNOWLEDGE_TEXTS.notAFolder;
  for (const id of ids) if (folders.some((f) => f.id === id) && folderAndDescendants(folders, id).has(target)) return KNOWLEDGE_TEXTS.moveIntoItself;
  return null;
}

/** A text cut into plain and matching pieces (words whose stems are among the query's), around the first match. */
export function searchSnippet(text: string, query: string, around = 160): { value: string; is_hit: boolean }[] {
  const wanted = new Set(terms(query));
  const tokens = text.match(/[\p{L}\p{N}]+|[^\p{L}\p{N}]+/gu) ?? [];
  const isHit = (token: string) => /[\p{L}\p{N}]/u.test(token) && terms(token).some((t) => wanted.has(t));
  let offset = 0;
  let first = -1;
  for (const token of tokens) {
    if (isHit(token)) {
      first = offset;
      break;
    }
    offset += token.length;
  }
  const start = first < 0 ? 0 : Math.max(0, first - around / 2);
  const window = text.slice(start, start + around);
  const segments: { value: string; is_hit: boolean }[] = [];
  for (const token of window.match(/[\p{L}\p{N}]+|[^\p{L}\p{N}]+/gu) ?? []) {
    const hit = isHit(token);
    const last = segments.at(-1);
    if (last && last.is_hit === hit && !hit) last.value += token;
    else segments.push({ value: token, is_hit: hit });
  }
  if (start > 0 && segments[0]) segments[0] = { ...segments[0], value: `…${segments[0].value}` };
  if (start + around < text.length && segments.length) segments[segments.length - 1] = { ...segments.at(-1)!, value: `${segments.at(-1)!.value}…` };
  return segments;
}

/** How many pages a knowledge base of so many characters counts as (a started page counts). */
export function knowledgePages(characters: number): number {
  return Math.ceil(characters / KNOWLEDGE_LIMITS.pageCharacters);
}

/**
 * The links of an HTML page a crawl follows: http(s) pages on the seed's own origin, without their fragment, each
 * once, in the order they appear; a pattern (a regular expression) narrows them further.
 */
export function crawlLinks(html: string, pageUrl: string, seedOrigin: string, pattern: RegExp | null): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const href = (match[1] ?? match[2] ?? match[3] ?? "").trim();
    if (!href || href.startsWith("#") || /^(mailto|tel|javascript|data):/i.test(href)) continue;
    let url: URL;
    try {
      url = new URL(href, pageUrl);
    } catch {
      continue;
    }
    url.hash = "";
    if (url.origin !== seedOrigin || !/^https?:$/.test(url.protocol)) continue;
    if (/\.(png|jpe?g|gif|svg|webp|ico|css|js|pdf|zip|mp3|mp4|wav|woff2?)$/i.test(url.pathname)) continue;
    const text = url.toString();
    if (pattern && !pattern.test(text)) continue;
    found.add(text);
  }
  return [...found];
}

/** A crawl's pattern as a regular expression, or an error when it is not one. */
export function crawlPattern(pattern: string | null | undefined): { ok: true; pattern: RegExp | null } | { ok: false } {
  if (!pattern) return { ok: true, pattern: null };
  try {
    return { ok: true, pattern: new RegExp(pattern) };
  } catch {
    return { ok: false };
  }
}
