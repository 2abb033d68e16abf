// The knowledge base's lexical index (decision 0065): the passages each document is cut into (what retrieval ranks
// by BM25), page by page; the index's state per document, rebuilt or dropped on request; search over every passage
// of the workspace; and short-lived links to a document's source file.
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/agents";
import * as knowledge from "../../../db/repositories/knowledge";
import { chunkText, rank, terms } from "../../../core/agents/retrieval";
import type { Actor } from "~/accounts/accounts.server";
import { randomHex, sha256Hex } from "~/accounts/accounts.server";
import { AGENT_TEXTS, offsetPage } from "~/agents/rules/agents";
import { KNOWLEDGE_LIMITS, KNOWLEDGE_TEXTS, LEXICAL_INDEX, searchSnippet } from "~/agents/rules/knowledge";
import { findDocument, indexRefusal, type KnowledgeDocumentRow } from "./knowledge.server";
import type { AgentRefusal } from "./agents.server";

type Env = { DB: D1Database; MEDIA?: R2Bucket };
type Viewer = Pick<Actor, "membership">;
const workspaceOf = (viewer: Viewer) => viewer.membership.workspace.id;
const refuse = (httpStatus: 400 | 404, status: string, message: string): { ok: false; refusal: AgentRefusal } => ({ ok: false, refusal: { httpStatus, status, message } });

/** The id a passage has in the API: its position in the document. */
const chunkJson = (document: KnowledgeDocumentRow, chunk: { position: number; text: string }) => ({ id: String(chunk.position), name: `${document.name} (${chunk.position + 1})`, content: chunk.text });

/** A page of a document's passages, in order; the cursor is the next position. */
export async function documentChunks(env: Env, viewer: Viewer, id: string, query: { pageSize: number; cursor?: string }) {
  const document = await findDocument(env, viewer, id);
  if (!document) return null;
  const from = query.cursor && /^\d+$/.test(query.cursor) ? Number(query.cursor) : 0;
  const rows = await knowledge.listChunks(database(env.DB), id, { from, limit: query.pageSize + 1 });
  const page = rows.slice(0, query.pageSize);
  return { chunks: page.map((c) => chunkJson(document, c)), next_cursor: rows.length > query.pageSize ? String(rows[query.pageSize]!.position) : undefined };
}

export async function documentChunk(env: Env, viewer: Viewer, id: string, chunkId: string): Promise<{ ok: true; chunk: ReturnType<typeof chunkJson> } | { ok: false; refusal: AgentRefusal }> {
  const document = await findDocument(env, viewer, id);
  if (!document) return refuse(404, "not_found", AGENT_TEXTS.documentNotFound);
  const chunk = /^\d+$/.test(chunkId) ? await knowledge.findChunk(database(env.DB), id, Number(chunkId)) : undefined;
  return chunk ? { ok: true, chunk: chunkJson(document, chunk) } : refuse(404, "not_found", KNOWLEDGE_TEXTS.chunkNotFound);
}

/** A document's index as the API describes one: the lexical passages, built ("succeeded") or not there. */
function indexJson(document: KnowledgeDocumentRow, usage: { chunks: number; bytes: number } | undefined) {
  const status = document.type === "folder" ? "cannot_index_folder" : usage?.chunks ? "succeeded" : "new";
  return { id: LEXICAL_INDEX.id, model: LEXICAL_INDEX.model, status, progress_percentage: status === "succeeded" ? 100 : 0, document_model_index_usage: { used_bytes: usage?.bytes ?? 0 } };
}

export type IndexResult = { ok: true; index: ReturnType<typeof indexJson> } | { ok: false; refusal: AgentRefusal };

/** A document's indexes: its lexical passages when they exist (none after they were dropped). */
export async function documentIndexes(env: Env, viewer: Viewer, id: string) {
  const document = await findDocument(env, viewer, id);
  if (!document) return null;
  const usage = (await knowledge.chunkUsage(database(env.DB), workspaceOf(viewer), [id])).get(id);
  return { indexes: usage?.chunks ? [indexJson(document, usage)] : [] };
}

/** Builds a document's passages again from its text (whatever embedding model was asked for: decision 0065). */
export async function buildIndex(env: Env, viewer: Viewer, id: string, createIfMissing = true): Promise<IndexResult> {
  const db = database(env.DB);
  const document = await findDocument(env, viewer, id);
  if (!document) return refuse(404, "not_found", AGENT_TEXTS.documentNotFound);
  if (document.type === "folder") return { ok: true, index: indexJson(document, undefined) };
  const usage = (await knowledge.chunkUsage(db, workspaceOf(viewer), [id])).get(id);
  if (usage?.chunks || !createIfMissing) return { ok: true, index: indexJson(document, usage) };
  const chunks = chunkText(document.content);
  const full = await indexRefusal(env, workspaceOf(viewer), chunks);
  if (full) return full;
  await knowledge.replaceChunks(db, id, chunks);
  const built = (await knowledge.chunkUsage(db, workspaceOf(viewer), [id])).get(id);
  return { ok: true, index: indexJson(document, built) };
}

/** Drops a document's passages: agents no longer find its text until the index is built again. */
export async function dropIndex(env: Env, viewer: Viewer, id: string, indexId: string): Promise<IndexResult> {
  const document = await findDocument(env, viewer, id);
  if (!document) return refuse(404, "not_found", AGENT_TEXTS.documentNotFound);
  const usage = (await knowledge.chunkUsage(database(env.DB), workspaceOf(viewer), [id])).get(id);
  if (indexId !== LEXICAL_INDEX.id || !usage?.chunks) return refuse(404, "not_found", KNOWLEDGE_TEXTS.indexNotFound);
  await knowledge.deleteChunks(database(env.DB), id);
  return { ok: true, index: indexJson(document, usage) };
}

/** The workspace's index: the bytes of its passages against what it may hold. */
export async function indexOverview(env: Env, viewer: Viewer) {
  const used = [...(await knowledge.chunkUsage(database(env.DB), workspaceOf(viewer))).values()].reduce((n, u) => n + u.bytes, 0);
  return { total_used_bytes: used, total_max_bytes: KNOWLEDGE_LIMITS.indexBytes, models: [{ model: LEXICAL_INDEX.model, used_bytes: used }] };
}

/**
 * Searches every passage of the workspace's documents: the candidates share a word beginning with the query, and
 * BM25 (the responder's ranking) orders them; each document appears once, with its best passage as the snippet.
 */
export async function searchKnowledge(env: Env, viewer: Viewer, query: { query: string; pageSize: number; cursor?: string; types?: string[] }) {
  const db = database(env.DB);
  const prefixes = [...new Set(terms(query.query).map((t) => t.slice(0, 5)))];
  const candidates = await knowledge.chunksContaining(db, workspaceOf(viewer), prefixes, KNOWLEDGE_LIMITS.searchCandidates);
  const ranked = rank(
    candidates.map((c) => ({ id: `${c.documentId}:${c.position}`, source: c.documentId, text: c.text })),
    query.query,
  );
  const best = new Map<string, (typeof ranked)[number]>();
  for (const passage of ranked) if (!best.has(passage.source)) best.set(passage.source, passage);
  const documentIds = [...best.keys()];
  const found = await table.findDocuments(db, workspaceOf(viewer), documentIds);
  const documents = new Map(found.filter((d) => !query.types?.length || query.types.includes(d.type)).map((d) => [d.id, d]));
  const hits = documentIds.filter((id) => documents.has(id));
  const page = offsetPage(hits, query.pageSize, query.cursor);
  return {
    results: page.items.map((id) => ({ document: documents.get(id)!, snippet: searchSnippet(best.get(id)!.text, query.query), score: best.get(id)!.score })),
    nextCursor: page.nextCursor ?? undefined,
  };
}

/** A link to a document's source that works without the API key for KNOWLEDGE_LIMITS.sourceLinkSeconds. */
export async function sourceFileLink(env: Env, viewer: Viewer, id: string, origin: string): Promise<{ ok: true; url: string } | { ok: false; refusal: AgentRefusal }> {
  const document = await findDocument(env, viewer, id);
  if (!document) return refuse(404, "not_found", AGENT_TEXTS.documentNotFound);
  if (document.type === "folder") return refuse(400, "invalid_request", KNOWLEDGE_TEXTS.folderHasNoText);
  // A page's source is the page itself.
  if (document.type === "url" && document.url) return { ok: true, url: document.url };
  if (document.type === "file" && !document.sourceKey) return refuse(404, "not_found", KNOWLEDGE_TEXTS.noSource);
  const token = randomHex(24);
  await knowledge.insertSourceLink(database(env.DB), { tokenHash: await sha256Hex(token), documentId: id, workspaceId: document.workspaceId, expiresAt: Date.now() + KNOWLEDGE_LIMITS.sourceLinkSeconds * 1000 });
  return { ok: true, url: `${origin}/v1/convai/knowledge-base/${encodeURIComponent(id)}/source-file?token=${token}` };
}

/** The source file a valid link opens: a file's kept original, or a text document's text. */
export async function sourceFile(env: Env, id: string, token: string): Promise<{ body: ReadableStream | string; contentType: string; filename: string } | null> {
  if (!/^[0-9a-f]{48}$/.test(token)) return null;
  const link = await knowledge.findSourceLink(database(env.DB), await sha256Hex(token), Date.now());
  if (!link || link.documentId !== id) return null;
  const document = await table.findDocument(database(env.DB), link.workspaceId, id);
  if (!document) return null;
  if (document.sourceKey && env.MEDIA) {
    const object = await env.MEDIA.get(document.sourceKey);
    if (!object) return null;
    return { body: object.body, contentType: document.sourceContentType ?? "application/octet-stream", filename: document.filename ?? document.name };
  }
  return { body: document.content, contentType: "text/plain; charset=utf-8", filename: `${document.name}.txt` };
}
