// Crawling a web site into the knowledge base (decision 0065): from a seed page, the links on the same origin are
// followed breadth first, each page read with the public-URL check and added as a URL document in a new folder,
// until the page or depth limit; progress is kept on the crawl's row and a cancelled crawl stops at the next page.
import { database } from "../../../db/client";
import * as knowledge from "../../../db/repositories/knowledge";
import type { KnowledgeCrawlRow } from "../../../db/repositories/knowledge";
import { publicUrlProblem } from "../../../core/http/public-fetch";
import type { Actor } from "~/accounts/accounts.server";
import { newId } from "~/accounts/accounts.server";
import { log } from "~/common/log.server";
import { crawlLinks, crawlPattern, KNOWLEDGE_LIMITS, KNOWLEDGE_TEXTS } from "~/agents/rules/knowledge";
import { createFolder, documentFromPage, readPage } from "./knowledge.server";
import type { AgentRefusal } from "./agents.server";

type Env = { DB: D1Database; MEDIA?: R2Bucket; ENVIRONMENT?: string };
type Viewer = Pick<Actor, "membership" | "user">;
export type { KnowledgeCrawlRow };

export type CrawlInput = { url: string; maxPages?: number | null; maxDepth?: number | null; pattern?: string | null; parentFolderId?: string | null };

/** Starts a crawl: its folder is made now, the pages are read after the answer (`waitUntil`). */
export async function startCrawl(env: Env, viewer: Viewer, input: CrawlInput, waitUntil: (work: Promise<unknown>) => void): Promise<{ ok: true; crawl: KnowledgeCrawlRow } | { ok: false; refusal: AgentRefusal }> {
  const problem = publicUrlProblem(input.url, "url", env.ENVIRONMENT !== "production");
  if (problem) return { ok: false, refusal: { httpStatus: 400, status: "invalid_url", message: problem } };
  const pattern = crawlPattern(input.pattern);
  if (!pattern.ok) return { ok: false, refusal: { httpStatus: 422, status: "invalid_request", message: KNOWLEDGE_TEXTS.crawlPattern } };
  const folder = await createFolder(env, viewer, { name: new URL(input.url).host, parentFolderId: input.parentFolderId });
  if (!folder.ok) return folder;
  const now = Date.now();
  const crawl: KnowledgeCrawlRow = {
    id: newId("crawl"),
    workspaceId: viewer.membership.workspace.id,
    seedUrl: input.url,
    pattern: input.pattern ?? null,
    maxPages: Math.min(input.maxPages ?? 20, KNOWLEDGE_LIMITS.crawlPages),
    maxDepth: Math.min(input.maxDepth ?? 2, KNOWLEDGE_LIMITS.crawlDepth),
    rootFolderId: folder.document.id,
    status: "queued",
    pagesIdentified: 1,
    pagesScraped: 0,
    pagesSkipped: 0,
    pagesFailed: 0,
    createdAt: now,
    updatedAt: now,
  };
  await knowledge.insertCrawl(database(env.DB), crawl);
  waitUntil(
    runCrawl(env, viewer, crawl, pattern.pattern).catch(async (error) => {
      log("error", "knowledge crawl failed", { crawl_id: crawl.id, error: String(error) });
      await knowledge.updateCrawl(database(env.DB), crawl.id, { status: "failed", updatedAt: Date.now() });
    }),
  );
  return { ok: true, crawl };
}

async function runCrawl(env: Env, viewer: Viewer, crawl: KnowledgeCrawlRow, pattern: RegExp | null): Promise<void> {
  const db = database(env.DB);
  const origin = new URL(crawl.seedUrl).origin;
  const queue: { url: string; depth: number }[] = [{ url: crawl.seedUrl, depth: 0 }];
  const seen = new Set([crawl.seedUrl]);
  const counts = { pagesIdentified: 1, pagesScraped: 0, pagesSkipped: 0, pagesFailed: 0 };
  if (!(await knowledge.updateCrawl(db, crawl.id, { status: "processing", updatedAt: Date.now() }))) return;
  while (queue.length && counts.pagesScraped < crawl.maxPages) {
    const { url, depth } = queue.shift()!;
    const page = await readPage(env, url);
    if (!page.ok) counts.pagesFailed++;
    else {
      const added = await documentFromPage(env, viewer, { url, page, parentFolderId: crawl.rootFolderId });
      if (added.ok) counts.pagesScraped++;
      else counts.pagesSkipped++; // a page with no text, or the index is full
      if (page.html && depth < crawl.maxDepth) {
        for (const link of crawlLinks(page.raw, page.url, origin, pattern)) {
          if (seen.has(link)) continue;
          seen.add(link);
          queue.push({ url: link, depth: depth + 1 });
        }
      }
    }
    counts.pagesIdentified = seen.size;
    // A cancelled crawl keeps its status: the update is refused and the crawl stops here.
    if (!(await knowledge.updateCrawl(db, crawl.id, { ...counts, updatedAt: Date.now() }))) return;
  }
  await knowledge.updateCrawl(db, crawl.id, { ...counts, status: counts.pagesScraped ? "succeeded" : "failed", updatedAt: Date.now() });
}

export async function findCrawl(env: Env, viewer: Pick<Actor, "membership">, id: string): Promise<KnowledgeCrawlRow | null> {
  return (await knowledge.findCrawl(database(env.DB), viewer.membership.workspace.id, id)) ?? null;
}

export async function listCrawls(env: Env, viewer: Pick<Actor, "membership">, query: { pageSize: number; cursor?: string; ids?: string[] }) {
  const before = query.cursor && /^\d+$/.test(query.cursor) ? Number(query.cursor) : undefined;
  const rows = await knowledge.listCrawls(database(env.DB), viewer.membership.workspace.id, { pageSize: query.pageSize + 1, before, ids: query.ids });
  const page = rows.slice(0, query.pageSize);
  return { crawls: page, nextCursor: rows.length > query.pageSize ? String(page.at(-1)!.createdAt) : null };
}

/** Cancels a crawl still running; the pages already added stay. */
export async function cancelCrawl(env: Env, viewer: Pick<Actor, "membership">, id: string): Promise<KnowledgeCrawlRow | null> {
  const crawl = await findCrawl(env, viewer, id);
  if (!crawl) return null;
  if (crawl.status === "queued" || crawl.status === "processing") await knowledge.updateCrawl(database(env.DB), id, { status: "cancelled", updatedAt: Date.now() });
  return findCrawl(env, viewer, id);
}

/** A crawl as the API gives it. */
export function crawlJson(crawl: KnowledgeCrawlRow) {
  return {
    id: crawl.id,
    type: "discovery" as const,
    seed_url: crawl.seedUrl,
    pattern: crawl.pattern ?? undefined,
    max_pages: crawl.maxPages,
    max_depth: crawl.maxDepth,
    auto_discover: true,
    status: crawl.status,
    pages_identified: crawl.pagesIdentified,
    pages_scraped: crawl.pagesScraped,
    pages_skipped: crawl.pagesSkipped,
    pages_failed: crawl.pagesFailed,
    root_folder_id: crawl.rootFolderId,
    created_at: Math.floor(crawl.createdAt / 1000),
    updated_at: Math.floor(crawl.updatedAt / 1000),
  };
}
