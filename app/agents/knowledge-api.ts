import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AuthedEnv } from "~/api/auth";
import { requireAgentsCaller } from "~/agents/api-access";
import { apiError, validationError } from "~/api/errors";
import { formText, readMultipart } from "~/api/multipart";
import { valid } from "~/api/validation";
import {
  addedJson,
  agentsUsing,
  attachToAgent,
  buildIndex,
  cancelCrawl,
  crawlJson,
  createFolder,
  deleteDocument,
  dependentAgentJson,
  documentChunk,
  documentChunks,
  documentFromFile,
  documentFromText,
  documentFromUrl,
  documentIndexes,
  documentJson,
  documentSummaryJson,
  dropIndex,
  findCrawl,
  findAgent,
  findDocument,
  foldersOf,
  indexOverview,
  knowledgeContext,
  listCrawls,
  listDocuments,
  moveDocuments,
  refreshDocument,
  replaceFile,
  searchKnowledge,
  sourceFile,
  sourceFileLink,
  startCrawl,
  updateDocument,
  type AgentRefusal,
  type DependentAgent,
  type DependentBranch,
  type KnowledgeDocumentRow,
} from "~/agents/agents.server";
import { AGENT_LIMITS, AGENT_TEXTS, offsetPage } from "~/agents/rules/agents";
import { KNOWLEDGE_LIMITS, KNOWLEDGE_TEXTS } from "~/agents/rules/knowledge";
import { doc, id, pageQuery, queryFlag, queryList, refused } from "./api-schemas";

const documentParam = z.object({ documentation_id: id });
const folderField = { parent_folder_id: z.string().max(100).nullish() };
const name = z.string().max(AGENT_LIMITS.name);
const documentIds = z.array(id).min(1).max(KNOWLEDGE_LIMITS.bulk);
const types = z.array(z.enum(["file", "url", "text", "folder"]));

/**
 * /v1/convai/knowledge-base: documents from text, files and pages, folders, the lexical index of their passages
 * (decisions 0037, 0065), search and crawls. The source-file link opens without the key (it carries its token).
 */
export const knowledgeBaseApi = new Hono<AuthedEnv>();

type Outcome = { ok: true; document: KnowledgeDocumentRow } | { ok: false; refusal: AgentRefusal };

/** Answers with what was added: its id, name and folder path. */
async function added(c: Context<AuthedEnv>, result: Outcome) {
  if (!result.ok) return refused(c, result.refusal);
  return c.json(addedJson(result.document, { folders: await foldersOf(c.env, c.get("caller")) }));
}

knowledgeBaseApi.get(
  "/:documentation_id/source-file",
  doc("A document's source file, through a link from source-file-url (no key: the link's token admits it)", {
    success: { contentTypes: ["application/octet-stream", "text/plain"], description: "The file as uploaded, or a text document's text" },
    responses: { 404: "not_found: unknown document, or the link is invalid or has expired" },
  }),
  valid("param", documentParam),
  valid("query", z.object({ token: z.string().max(100) })),
  async (c) => {
    const file = await sourceFile(c.env, c.req.valid("param").documentation_id, c.req.valid("query").token);
    if (!file) return apiError(c, 404, "not_found", KNOWLEDGE_TEXTS.sourceLinkInvalid);
    return new Response(file.body, { headers: { "content-type": file.contentType, "content-disposition": `attachment; filename="${file.filename.replace(/["\\\r\n]/g, "_")}"`, "cache-control": "private, no-store" } });
  },
);

knowledgeBaseApi.use("*", requireAgentsCaller);

knowledgeBaseApi.post(
  "/",
  doc("Add a document from a URL or a file (multipart), optionally to an agent's knowledge base", {
    success: { description: "JSON: id, name, folder_path" },
    responses: { 400: "invalid_file_type, file_too_large, url_unreachable, invalid_content_type", 404: "not_found: the agent" },
  }),
  valid("query", z.object({ agent_id: id.optional() })),
  async (c) => {
    const form = await readMultipart(c, "a url or a file");
    if (form instanceof Response) return form;
    const file = form.get("file");
    const url = formText(form, "url");
    const label = formText(form, "name");
    if (!(file instanceof File) && !url) return validationError(c, [{ loc: ["body"], msg: KNOWLEDGE_TEXTS.addNeedsSource, type: "missing" }]);
    const caller = c.get("caller");
    const agentId = c.req.valid("query").agent_id;
    if (agentId && !(await findAgent(c.env, caller, agentId))) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
    const result = file instanceof File ? await documentFromFile(c.env, caller, { file, name: label }) : await documentFromUrl(c.env, caller, { url: url!, name: label });
    if (result.ok && agentId) {
      const attached = await attachToAgent(c.env, caller, agentId, result.document);
      if (!attached.ok) return refused(c, attached.refusal);
    }
    return added(c, result);
  },
);

knowledgeBaseApi.post(
  "/text",
  doc("Add a knowledge-base document from text", { success: { description: "JSON: id, name, folder_path" }, responses: { 400: "the text is empty, folder_not_found" } }),
  valid("json", z.object({ text: z.string().min(1, "text must not be empty.").max(AGENT_LIMITS.documentCharacters), name: name.nullish(), ...folderField })),
  async (c) => {
    const body = c.req.valid("json");
    return added(c, await documentFromText(c.env, c.get("caller"), { text: body.text, name: body.name, parentFolderId: body.parent_folder_id }));
  },
);

knowledgeBaseApi.post(
  "/url",
  doc("Add a knowledge-base document from a web page (read once, now: public hosts only)", {
    success: { description: "JSON: id, name, folder_path" },
    responses: { 400: "invalid_url, url_unreachable, invalid_content_type, folder_not_found" },
  }),
  valid("json", z.object({ url: z.url({ protocol: /^https?$/, error: "url must be an http(s) URL." }), name: name.nullish(), ...folderField })),
  async (c) => {
    const body = c.req.valid("json");
    return added(c, await documentFromUrl(c.env, c.get("caller"), { url: body.url, name: body.name, parentFolderId: body.parent_folder_id }));
  },
);

knowledgeBaseApi.post(
  "/file",
  doc("Add a knowledge-base document from a text or HTML file (the original is kept)", { success: { description: "JSON: id, name, folder_path" }, responses: { 400: "invalid_file_type, file_too_large, folder_not_found" } }),
  async (c) => {
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("file");
    if (!form || !(file instanceof File)) return validationError(c, [{ loc: ["body", "file"], msg: "Expected a multipart/form-data body with a file", type: "missing" }]);
    return added(c, await documentFromFile(c.env, c.get("caller"), { file, name: formText(form, "name"), parentFolderId: formText(form, "parent_folder_id") }));
  },
);

knowledgeBaseApi.post(
  "/folder",
  doc("Create a folder", { success: { description: "JSON: id, name, folder_path" }, responses: { 400: "folder_not_found: the parent" } }),
  valid("json", z.object({ name: name.min(1, "name must not be empty."), ...folderField })),
  async (c) => {
    const body = c.req.valid("json");
    return added(c, await createFolder(c.env, c.get("caller"), { name: body.name, parentFolderId: body.parent_folder_id }));
  },
);

knowledgeBaseApi.get(
  "/",
  doc("List knowledge-base documents and folders, newest first (folders_first orders each page)", { success: { description: "JSON: documents, next_cursor, has_more" } }),
  valid(
    "query",
    pageQuery.extend({
      parent_folder_id: id.optional(),
      ancestor_folder_id: id.optional(),
      types: queryList.pipe(types).optional(),
      folders_first: queryFlag.optional(),
      show_only_owned_documents: queryFlag.optional(),
      created_by_user_id: id.optional(),
      sort_direction: z.enum(["asc", "desc"]).optional(),
      // Documents are listed by creation only (decision 0065).
      sort_by: z.enum(["created_at"]).optional(),
    }),
  ),
  async (c) => {
    const q = c.req.valid("query");
    const caller = c.get("caller");
    const page = await listDocuments(c.env, caller, {
      pageSize: q.page_size,
      search: q.search,
      cursor: q.cursor,
      parentFolderId: q.parent_folder_id,
      ancestorFolderId: q.ancestor_folder_id,
      types: q.types,
      foldersFirst: q.folders_first,
      onlyOwn: q.show_only_owned_documents,
      createdBy: q.created_by_user_id,
      ascending: q.sort_direction === "asc",
    });
    const context = await knowledgeContext(c.env, caller, page.documents);
    return c.json({ documents: page.documents.map((d) => documentSummaryJson(d, caller, context)), next_cursor: page.nextCursor, has_more: page.nextCursor !== null });
  },
);

knowledgeBaseApi.get(
  "/summaries",
  doc("Summaries of documents by id (each a success or a failure)", { success: { description: "JSON: document id → {status, data} or {status, error_code, error_status, error_message}" } }),
  valid("query", z.object({ document_ids: queryList })),
  async (c) => {
    const caller = c.get("caller");
    const ids = c.req.valid("query").document_ids;
    const rows = (await Promise.all(ids.map((documentId) => findDocument(c.env, caller, documentId)))).filter((d) => d !== null);
    const context = await knowledgeContext(c.env, caller, rows);
    return c.json(
      Object.fromEntries(
        ids.map((documentId) => {
          const row = rows.find((d) => d.id === documentId);
          return [documentId, row ? { status: "success", data: documentSummaryJson(row, caller, context) } : { status: "failure", error_code: 404, error_status: "not_found", error_message: AGENT_TEXTS.documentNotFound }];
        }),
      ),
    );
  },
);

knowledgeBaseApi.get(
  "/search",
  doc("Search the text of every document (the lexical index: BM25 over the passages)", { success: { description: "JSON: results (document, search_snippet, score), next_cursor" } }),
  valid("query", z.object({ query: z.string().min(1).max(500), page_size: z.coerce.number().int().min(1).max(AGENT_LIMITS.pageSize).default(30), cursor: z.string().max(20).optional(), types: queryList.pipe(types).optional() })),
  async (c) => {
    const q = c.req.valid("query");
    const caller = c.get("caller");
    const found = await searchKnowledge(c.env, caller, { query: q.query, pageSize: q.page_size, cursor: q.cursor, types: q.types });
    const context = await knowledgeContext(
      c.env,
      caller,
      found.results.map((r) => r.document),
    );
    return c.json({ results: found.results.map((r) => ({ document: documentSummaryJson(r.document, caller, context), search_snippet: r.snippet, score: r.score })), next_cursor: found.nextCursor });
  },
);

knowledgeBaseApi.get("/rag-index", doc("The workspace's index: bytes of passages used and allowed", { success: { description: "JSON: total_used_bytes, total_max_bytes, models" } }), async (c) =>
  c.json(await indexOverview(c.env, c.get("caller"))),
);

knowledgeBaseApi.post(
  "/rag-index",
  doc("Get or build the indexes of several documents (the lexical index, whatever model is named)", { success: { description: "JSON: document id → {status, data} or a failure" } }),
  valid("json", z.object({ items: z.array(z.object({ document_id: id, create_if_missing: z.boolean().default(true), model: z.string().max(100).optional() })).min(1).max(KNOWLEDGE_LIMITS.bulk) })),
  async (c) => {
    const entries = [];
    for (const item of c.req.valid("json").items) {
      const result = await buildIndex(c.env, c.get("caller"), item.document_id, item.create_if_missing);
      entries.push([item.document_id, result.ok ? { status: "success", data: result.index } : { status: "failure", error_code: result.refusal.httpStatus, error_status: result.refusal.status, error_message: result.refusal.message }]);
    }
    return c.json(Object.fromEntries(entries));
  },
);

knowledgeBaseApi.post(
  "/dependent-agents",
  doc("The agents that use any of these documents on any branch or draft", { success: { description: "JSON: agents, branches, has_more, next_cursor" } }),
  valid("json", z.object({ document_ids: documentIds, page_size: z.number().int().min(1).max(AGENT_LIMITS.pageSize).default(30), cursor: z.string().max(20).nullish(), dependent_type: z.string().max(20).nullish() })),
  async (c) => {
    const body = c.req.valid("json");
    return c.json(agentsPage(await agentsUsing(c.env, c.get("caller"), body.document_ids), body.page_size, body.cursor));
  },
);

/** The agents that use documents, a page of them, with every branch using them (decision 0085). */
function agentsPage(users: { agents: DependentAgent[]; branches: DependentBranch[] }, size: number, cursor: string | null | undefined) {
  const page = offsetPage(users.agents.map((a) => dependentAgentJson(a)), size, cursor);
  return { agents: page.items, branches: users.branches, has_more: page.nextCursor !== null, next_cursor: page.nextCursor ?? undefined };
}

knowledgeBaseApi.post(
  "/bulk-move",
  doc("Move documents and folders into a folder (move_to absent: to the top)", { success: { description: "Empty JSON" }, responses: { 400: "folder_not_found, a folder into itself", 404: "not_found" } }),
  valid("json", z.object({ document_ids: documentIds, move_to: id.nullish() })),
  async (c) => {
    const body = c.req.valid("json");
    const moved = await moveDocuments(c.env, c.get("caller"), body.document_ids, body.move_to ?? null);
    return moved.ok ? c.json({}) : refused(c, moved.refusal);
  },
);

knowledgeBaseApi.post(
  "/bulk-delete",
  doc("Delete documents and folders (force: also those agents use)", { success: { description: "JSON: document id → {status: success, data: {id}} or a failure" } }),
  valid("json", z.object({ document_ids: documentIds, force: z.boolean().default(false) })),
  async (c) => {
    const body = c.req.valid("json");
    const entries = [];
    for (const documentId of body.document_ids) {
      const deleted = await deleteDocument(c.env, c.get("caller"), documentId, body.force);
      entries.push([documentId, deleted.ok ? { status: "success", data: { id: documentId } } : { status: "failure", error_code: deleted.refusal.httpStatus, error_status: deleted.refusal.status, error_message: deleted.refusal.message }]);
    }
    return c.json(Object.fromEntries(entries));
  },
);

const crawlParam = z.object({ crawl_job_id: id });

knowledgeBaseApi.post(
  "/crawl",
  doc("Crawl a web site into a new folder: same-origin links followed breadth first, public hosts only", {
    success: { description: "JSON: id, type, root_folder_id, status, created_at, folder_path" },
    responses: { 400: "invalid_url, folder_not_found" },
  }),
  valid(
    "json",
    z.object({
      url: z.url({ protocol: /^https?$/, error: "url must be an http(s) URL." }),
      max_pages: z.number().int().min(1).max(KNOWLEDGE_LIMITS.crawlPages).nullish(),
      max_depth: z.number().int().min(0).max(KNOWLEDGE_LIMITS.crawlDepth).nullish(),
      pattern: z.string().max(500).nullish(),
      ...folderField,
    }),
  ),
  async (c) => {
    const body = c.req.valid("json");
    const started = await startCrawl(c.env, c.get("caller"), { url: body.url, maxPages: body.max_pages, maxDepth: body.max_depth, pattern: body.pattern, parentFolderId: body.parent_folder_id }, (work) =>
      c.executionCtx.waitUntil(work),
    );
    if (!started.ok) return refused(c, started.refusal);
    const crawl = crawlJson(started.crawl);
    return c.json({ id: crawl.id, type: crawl.type, root_folder_id: crawl.root_folder_id, status: crawl.status, created_at: crawl.created_at, folder_path: [] });
  },
);

knowledgeBaseApi.get(
  "/crawl",
  doc("List crawls, newest first", { success: { description: "JSON: crawl_jobs, next_cursor" } }),
  valid("query", z.object({ page_size: z.coerce.number().int().min(1).max(AGENT_LIMITS.pageSize).default(30), cursor: z.string().max(40).optional(), include_job_ids: queryList.optional() })),
  async (c) => {
    const q = c.req.valid("query");
    const listed = await listCrawls(c.env, c.get("caller"), { pageSize: q.page_size, cursor: q.cursor, ids: q.include_job_ids });
    return c.json({ crawl_jobs: listed.crawls.map(crawlJson), next_cursor: listed.nextCursor ?? undefined });
  },
);

knowledgeBaseApi.get("/crawl/:crawl_job_id", doc("Get a crawl and its progress", { success: { description: "JSON: the crawl" }, responses: { 404: "not_found" } }), valid("param", crawlParam), async (c) => {
  const crawl = await findCrawl(c.env, c.get("caller"), c.req.valid("param").crawl_job_id);
  return crawl ? c.json(crawlJson(crawl)) : apiError(c, 404, "not_found", KNOWLEDGE_TEXTS.crawlNotFound);
});

knowledgeBaseApi.post(
  "/crawl/:crawl_job_id/cancel",
  doc("Cancel a crawl (the pages already added stay)", { success: { description: "JSON: the crawl" }, responses: { 404: "not_found" } }),
  valid("param", crawlParam),
  async (c) => {
    const crawl = await cancelCrawl(c.env, c.get("caller"), c.req.valid("param").crawl_job_id);
    return crawl ? c.json(crawlJson(crawl)) : apiError(c, 404, "not_found", KNOWLEDGE_TEXTS.crawlNotFound);
  },
);

/** One document as GET answers it. */
async function documentAnswer(c: Context<AuthedEnv>, result: Outcome) {
  if (!result.ok) return refused(c, result.refusal);
  const caller = c.get("caller");
  return c.json(documentJson(result.document, caller, await knowledgeContext(c.env, caller, [result.document])));
}

knowledgeBaseApi.get(
  "/:documentation_id",
  doc("Get a document with its text, or a folder with its counts", { success: { description: "JSON: the document" }, responses: { 404: "not_found" } }),
  valid("param", documentParam),
  async (c) => {
    const document = await findDocument(c.env, c.get("caller"), c.req.valid("param").documentation_id);
    return documentAnswer(c, document ? { ok: true, document } : { ok: false, refusal: { httpStatus: 404, status: "not_found", message: AGENT_TEXTS.documentNotFound } });
  },
);

knowledgeBaseApi.patch(
  "/:documentation_id",
  doc("Rename a document or folder; a text document's content can be replaced (its passages are made again)", { success: { description: "JSON: the document" }, responses: { 400: "content of a document that is not text", 404: "not_found" } }),
  valid("param", documentParam),
  valid("json", z.object({ name: name.nullish(), content: z.string().max(AGENT_LIMITS.documentCharacters).nullish() })),
  async (c) => documentAnswer(c, await updateDocument(c.env, c.get("caller"), c.req.valid("param").documentation_id, c.req.valid("json"))),
);

knowledgeBaseApi.delete(
  "/:documentation_id",
  doc("Delete a document, or a folder with everything in it (force: also when agents use it)", { success: { description: "Empty JSON" }, responses: { 400: "document_in_use", 404: "not_found" } }),
  valid("param", documentParam),
  valid("query", z.object({ force: queryFlag.optional() })),
  async (c) => {
    const deleted = await deleteDocument(c.env, c.get("caller"), c.req.valid("param").documentation_id, c.req.valid("query").force === true);
    return deleted.ok ? c.json({}) : refused(c, deleted.refusal);
  },
);

knowledgeBaseApi.get(
  "/:documentation_id/content",
  doc("A document's extracted text", { success: { contentTypes: ["text/plain"], description: "The text agents answer from" }, responses: { 400: "a folder", 404: "not_found" } }),
  valid("param", documentParam),
  async (c) => {
    const document = await findDocument(c.env, c.get("caller"), c.req.valid("param").documentation_id);
    if (!document) return apiError(c, 404, "not_found", AGENT_TEXTS.documentNotFound);
    if (document.type === "folder") return apiError(c, 400, "invalid_request", KNOWLEDGE_TEXTS.folderHasNoText);
    return c.text(document.content, 200, { "content-type": "text/plain; charset=utf-8" });
  },
);

knowledgeBaseApi.get(
  "/:documentation_id/chunks",
  doc("A document's passages (its lexical index), in order", { success: { description: "JSON: chunks (id, name, content), next_cursor" }, responses: { 404: "not_found" } }),
  valid("param", documentParam),
  valid("query", z.object({ embedding_model: z.string().max(100).optional(), page_size: z.coerce.number().int().min(1).max(AGENT_LIMITS.pageSize).default(30), cursor: z.string().max(20).optional() })),
  async (c) => {
    const q = c.req.valid("query");
    const chunks = await documentChunks(c.env, c.get("caller"), c.req.valid("param").documentation_id, { pageSize: q.page_size, cursor: q.cursor });
    return chunks ? c.json(chunks) : apiError(c, 404, "not_found", AGENT_TEXTS.documentNotFound);
  },
);

knowledgeBaseApi.get(
  "/:documentation_id/chunk/:chunk_id",
  doc("One passage of a document", { success: { description: "JSON: id, name, content" }, responses: { 404: "not_found" } }),
  valid("param", documentParam.extend({ chunk_id: z.string().min(1).max(20) })),
  valid("query", z.object({ embedding_model: z.string().max(100).optional() })),
  async (c) => {
    const found = await documentChunk(c.env, c.get("caller"), c.req.valid("param").documentation_id, c.req.valid("param").chunk_id);
    return found.ok ? c.json(found.chunk) : refused(c, found.refusal);
  },
);

knowledgeBaseApi.get(
  "/:documentation_id/source-file-url",
  doc("A link to the document's source: a file's original or a text's text (15 minutes, no key needed), or a page's URL", { success: { description: "JSON: signed_url" }, responses: { 404: "not_found" } }),
  valid("param", documentParam),
  async (c) => {
    const link = await sourceFileLink(c.env, c.get("caller"), c.req.valid("param").documentation_id, new URL(c.req.url).origin);
    return link.ok ? c.json({ signed_url: link.url }) : refused(c, link.refusal);
  },
);

knowledgeBaseApi.patch(
  "/:documentation_id/update-file",
  doc("Replace a file document's file (read again, its passages made again)", { success: { description: "JSON: the document" }, responses: { 400: "invalid_file_type, not a file document", 404: "not_found" } }),
  valid("param", documentParam),
  async (c) => {
    const form = await readMultipart(c, "a file");
    if (form instanceof Response) return form;
    const file = form.get("file");
    if (!(file instanceof File)) return validationError(c, [{ loc: ["body", "file"], msg: "Field required: the new file", type: "missing" }]);
    return documentAnswer(c, await replaceFile(c.env, c.get("caller"), c.req.valid("param").documentation_id, file));
  },
);

knowledgeBaseApi.post(
  "/:documentation_id/refresh",
  doc("Read a URL document's page again now", { success: { description: "JSON: the document" }, responses: { 400: "not a URL document, url_unreachable", 404: "not_found" } }),
  valid("param", documentParam),
  async (c) => documentAnswer(c, await refreshDocument(c.env, c.get("caller"), c.req.valid("param").documentation_id)),
);

knowledgeBaseApi.get(
  "/:documentation_id/dependent-agents",
  doc("The agents that use a document (or anything in a folder) on any branch or draft", { success: { description: "JSON: agents, branches, has_more, next_cursor" }, responses: { 404: "not_found" } }),
  valid("param", documentParam),
  valid("query", z.object({ page_size: z.coerce.number().int().min(1).max(AGENT_LIMITS.pageSize).default(30), cursor: z.string().max(20).optional(), dependent_type: z.string().max(20).optional() })),
  async (c) => {
    const documentId = c.req.valid("param").documentation_id;
    if (!(await findDocument(c.env, c.get("caller"), documentId))) return apiError(c, 404, "not_found", AGENT_TEXTS.documentNotFound);
    const q = c.req.valid("query");
    return c.json(agentsPage(await agentsUsing(c.env, c.get("caller"), [documentId]), q.page_size, q.cursor));
  },
);

knowledgeBaseApi.post(
  "/:documentation_id/move",
  doc("Move a document or folder into a folder (move_to absent: to the top)", { success: { description: "Empty JSON" }, responses: { 400: "folder_not_found, a folder into itself", 404: "not_found" } }),
  valid("param", documentParam),
  valid("json", z.object({ move_to: id.nullish() })),
  async (c) => {
    const moved = await moveDocuments(c.env, c.get("caller"), [c.req.valid("param").documentation_id], c.req.valid("json").move_to ?? null);
    return moved.ok ? c.json({}) : refused(c, moved.refusal);
  },
);

knowledgeBaseApi.get(
  "/:documentation_id/rag-index",
  doc("A document's indexes: its lexical passages, when built", { success: { description: "JSON: indexes" }, responses: { 404: "not_found" } }),
  valid("param", documentParam),
  async (c) => {
    const indexes = await documentIndexes(c.env, c.get("caller"), c.req.valid("param").documentation_id);
    return indexes ? c.json(indexes) : apiError(c, 404, "not_found", AGENT_TEXTS.documentNotFound);
  },
);

knowledgeBaseApi.post(
  "/:documentation_id/rag-index",
  doc("Build a document's index (its passages, from its text) if it has none", { success: { description: "JSON: the index" }, responses: { 404: "not_found" } }),
  valid("param", documentParam),
  valid("json", z.object({ model: z.string().max(100).optional() })),
  async (c) => {
    const built = await buildIndex(c.env, c.get("caller"), c.req.valid("param").documentation_id);
    return built.ok ? c.json(built.index) : refused(c, built.refusal);
  },
);

knowledgeBaseApi.delete(
  "/:documentation_id/rag-index/:rag_index_id",
  doc("Drop a document's index: agents no longer find its text until it is built again", { success: { description: "JSON: the index as it was" }, responses: { 404: "not_found" } }),
  valid("param", documentParam.extend({ rag_index_id: id })),
  async (c) => {
    const params = c.req.valid("param");
    const dropped = await dropIndex(c.env, c.get("caller"), params.documentation_id, params.rag_index_id);
    return dropped.ok ? c.json(dropped.index) : refused(c, dropped.refusal);
  },
);
