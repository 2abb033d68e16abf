// The knowledge base: documents from text, a file or a web page, cut into passages when they are added
// (core/agents/retrieval.ts), kept in folders (decision 0065), scoped to the viewer's workspace.
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/agents";
import * as knowledge from "../../../db/repositories/knowledge";
import type { KnowledgeDocumentRow } from "../../../db/repositories/agents";
import { branchConfigs, type BranchConfig } from "../../../db/repositories/agent-branches";
import { chunkText, type Passage } from "../../../core/agents/retrieval";
import { fetchPublic } from "../../../core/http/public-fetch";
import type { Actor } from "~/accounts/accounts.server";
import { newId } from "~/accounts/accounts.server";
import { AGENT_LIMITS, AGENT_TEXTS, agentSettings, htmlText, htmlTitle, readableFileKind, type Json } from "~/agents/rules/agents";
import { dependentsOf, inUseNames, type DependentAgent, type DependentBranch } from "~/agents/rules/branches";
import { folderAndDescendants, folderPath, KNOWLEDGE_LIMITS, KNOWLEDGE_PAGE_TEXTS, KNOWLEDGE_TEXTS, moveProblem, type Folder } from "~/agents/rules/knowledge";
import { accessInfo, findAgent, settingsOfAgent, updateAgent, type AgentRefusal } from "./agents.server";

export type { KnowledgeDocumentRow };
type Env = { DB: D1Database; MEDIA?: R2Bucket; ENVIRONMENT?: string };
type Viewer = Pick<Actor, "membership" | "user">;
export type { DependentAgent, DependentBranch };
type Result = { ok: true; document: KnowledgeDocumentRow } | { ok: false; refusal: AgentRefusal };

const refuse = (httpStatus: 400 | 404 | 409 | 422, status: string, message: string): { ok: false; refusal: AgentRefusal } => ({ ok: false, refusal: { httpStatus, status, message } });
const workspaceOf = (viewer: Pick<Actor, "membership">) => viewer.membership.workspace.id;
const notFound = () => refuse(404, "not_found", AGENT_TEXTS.documentNotFound);
const bytesOf = (text: string) => new TextEncoder().encode(text).byteLength;

/** The folder a new entity goes into: null (the top) or one of the workspace's folders. */
async function folderRefusal(env: Env, workspaceId: string, folderId: string | null | undefined): Promise<{ ok: false; refusal: AgentRefusal } | null> {
  if (!folderId) return null;
  const folder = await table.findDocument(database(env.DB), workspaceId, folderId);
  return folder?.type === "folder" ? null : refuse(400, "folder_not_found", KNOWLEDGE_TEXTS.folderNotFound);
}

/** Whether the workspace's lexical index has room for these passages (`replacing`: bytes of passages they replace). */
export async function indexRefusal(env: Env, workspaceId: string, chunks: string[], replacing = 0): Promise<{ ok: false; refusal: AgentRefusal } | null> {
  const used = [...(await knowledge.chunkUsage(database(env.DB), workspaceId)).values()].reduce((n, u) => n + u.bytes, 0);
  const adding = chunks.reduce((n, c) => n + bytesOf(c), 0);
  return used - replacing + adding > KNOWLEDGE_LIMITS.indexBytes ? refuse(400, "rag_limit_exceeded", KNOWLEDGE_TEXTS.indexFull(KNOWLEDGE_LIMITS.indexBytes)) : null;
}

type Source = { name: string; type: "text" | "url" | "file"; content: string; url?: string; filename?: string; parentFolderId?: string | null; original?: { bytes: ArrayBuffer; contentType: string } };

async function addDocument(env: Env, viewer: Viewer, source: Source): Promise<Result> {
  const workspaceId = workspaceOf(viewer);
  const content = source.content.trim().slice(0, AGENT_LIMITS.documentCharacters);
  const chunks = chunkText(content);
  if (!chunks.length) return refuse(400, "invalid_request", AGENT_TEXTS.emptyDocument);
  const problem = (await folderRefusal(env, workspaceId, source.parentFolderId)) ?? (await indexRefusal(env, workspaceId, chunks));
  if (problem) return problem;
  const now = Date.now();
  const id = newId("doc");
  // An upload's original is kept, so that its source file can be fetched again (decision 0065).
  const sourceKey = source.original && env.MEDIA ? `knowledge/${workspaceId}/${id}` : null;
  if (sourceKey) await env.MEDIA!.put(sourceKey, source.original!.bytes, { httpMetadata: { contentType: source.original!.contentType } });
  const document: KnowledgeDocumentRow = {
    id,
    workspaceId,
    createdBy: viewer.user.id,
    creatorEmail: viewer.user.email,
    name: source.name.trim().slice(0, AGENT_LIMITS.name) || "Untitled",
    type: source.type,
    url: source.url ?? null,
    filename: source.filename ?? null,
    content,
    sizeBytes: bytesOf(content),
    createdAt: now,
    updatedAt: now,
    parentFolderId: source.parentFolderId ?? null,
    sourceKey,
    sourceContentType: sourceKey ? source.original!.contentType : null,
  };
  await table.insertDocument(database(env.DB), document, chunks);
  return { ok: true, document };
}

export function documentFromText(env: Env, viewer: Viewer, input: { text: string; name?: string | null; parentFolderId?: string | null }): Promise<Result> {
  return addDocument(env, viewer, { type: "text", name: input.name || input.text.trim().split("\n")[0]!.slice(0, 60), content: input.text, parentFolderId: input.parentFolderId });
}

/** The text of an uploaded file, or why it cannot be read (PDF and Word are refused: nothing here reads them yet). */
async function fileText(file: File): Promise<{ ok: true; text: string; bytes: ArrayBuffer } | { ok: false; refusal: AgentRefusal }> {
  const kind = readableFileKind(file.name);
  if (!kind) return refuse(400, "invalid_file_type", AGENT_TEXTS.fileType);
  if (file.size > AGENT_LIMITS.fileBytes) return refuse(400, "file_too_large", AGENT_TEXTS.fileTooLarge);
  const bytes = await file.arrayBuffer();
  const raw = new TextDecoder().decode(bytes);
  return { ok: true, text: kind === "html" ? htmlText(raw) : raw, bytes };
}

export async function documentFromFile(env: Env, viewer: Viewer, input: { file: File; name?: string | null; parentFolderId?: string | null }): Promise<Result> {
  const read = await fileText(input.file);
  if (!read.ok) return read;
  return addDocument(env, viewer, {
    type: "file",
    filename: input.file.name,
    name: input.name || input.file.name,
    content: read.text,
    parentFolderId: input.parentFolderId,
    original: { bytes: read.bytes, contentType: input.file.type || "application/octet-stream" },
  });
}

/**
 * A web page read now: only public http(s) hosts, every redirect checked again, at most KNOWLEDGE_LIMITS.pageBytes
 * (the check the studio's URL import uses; private hosts are allowed in development only).
 */
export async function readPage(env: Pick<Env, "ENVIRONMENT">, url: string, field = "url"): Promise<({ ok: true } & Page) | { ok: false; refusal: AgentRefusal }> {
  const fetched = await fetchPublic(url, { maxBytes: KNOWLEDGE_LIMITS.pageBytes, field, timeoutMs: 10_000, accept: "text/html, text/plain", allowInternalHosts: env.ENVIRONMENT !== "production" });
  if (!fetched.ok) return refuse(400, fetched.reason === "invalid_url" ? "invalid_url" : "url_unreachable", fetched.reason === "invalid_url" ? fetched.message : AGENT_TEXTS.urlRefused(fetched.message));
  const type = fetched.contentType ?? "";
  if (!/text\/(html|plain)|application\/xhtml/.test(type)) return refuse(400, "invalid_content_type", AGENT_TEXTS.urlNotHtml);
  const raw = new TextDecoder().decode(fetched.bytes);
  const html = type.includes("html");
  return { ok: true, url: fetched.url, html, raw, text: html ? htmlText(raw) : raw };
}

export type Page = { url: string; html: boolean; text: string; raw: string };

export async function documentFromUrl(env: Env, viewer: Viewer, input: { url: string; name?: string | null; parentFolderId?: string | null }): Promise<Result> {
  const page = await readPage(env, input.url);
  if (!page.ok) return page;
  return documentFromPage(env, viewer, { url: input.url, page, name: input.name, parentFolderId: input.parentFolderId });
}

/** A URL document from a page already read (a crawl reads its pages itself, for their links). */
export function documentFromPage(env: Env, viewer: Viewer, input: { url: string; page: Page; name?: string | null; parentFolderId?: string | null }): Promise<Result> {
  const { page } = input;
  return addDocument(env, viewer, { type: "url", url: input.url, name: input.name || (page.html ? htmlTitle(page.raw) : null) || input.url, content: page.text, parentFolderId: input.parentFolderId });
}

/** A folder: a document of type "folder" with no text; documents and folders go in it. */
export async function createFolder(env: Env, viewer: Viewer, input: { name: string; parentFolderId?: string | null }): Promise<Result> {
  const workspaceId = workspaceOf(viewer);
  const problem = await folderRefusal(env, workspaceId, input.parentFolderId);
  if (problem) return problem;
  const now = Date.now();
  const folder: KnowledgeDocumentRow = {
    id: newId("folder"),
    workspaceId,
    createdBy: viewer.user.id,
    creatorEmail: viewer.user.email,
    name: input.name.trim().slice(0, AGENT_LIMITS.name) || "New folder",
    type: "folder",
    url: null,
    filename: null,
    content: "",
    sizeBytes: 0,
    createdAt: now,
    updatedAt: now,
    parentFolderId: input.parentFolderId ?? null,
    sourceKey: null,
    sourceContentType: null,
  };
  await table.insertDocument(database(env.DB), folder, []);
  return { ok: true, document: folder };
}

export async function findDocument(env: Env, viewer: Pick<Actor, "membership">, id: string): Promise<KnowledgeDocumentRow | null> {
  return (await table.findDocument(database(env.DB), workspaceOf(viewer), id)) ?? null;
}

export type DocumentQuery = { pageSize: number; search?: string; cursor?: string; parentFolderId?: string; ancestorFolderId?: string; types?: string[]; foldersFirst?: boolean; ascending?: boolean; onlyOwn?: boolean; createdBy?: string };

/** A page of documents, newest first by default; in a folder (direct children) or below one (at any depth). */
export async function listDocuments(env: Env, viewer: Viewer, query: DocumentQuery) {
  const db = database(env.DB);
  const workspaceId = workspaceOf(viewer);
  let folderIds: string[] | undefined;
  if (query.parentFolderId) folderIds = [query.parentFolderId];
  else if (query.ancestorFolderId) folderIds = [...folderAndDescendants(await knowledge.listFolders(db, workspaceId), query.ancestorFolderId)];
  const at = query.cursor && /^\d+$/.test(query.cursor) ? Number(query.cursor) : undefined;
  const rows = await knowledge.listKnowledge(db, workspaceId, {
    pageSize: query.pageSize + 1,
    search: query.search,
    ...(query.ascending ? { after: at } : { before: at }),
    folderIds,
    types: query.types,
    createdBy: query.onlyOwn ? viewer.user.id : query.createdBy,
    ascending: query.ascending,
  });
  const page = rows.slice(0, query.pageSize);
  // Folders first within the page (the cursor stays the creation time).
  if (query.foldersFirst) page.sort((a, b) => Number(b.type === "folder") - Number(a.type === "folder"));
  return { documents: page, nextCursor: rows.length > query.pageSize ? String(page.reduce((edge, d) => (query.ascending ? Math.max(edge, d.createdAt) : Math.min(edge, d.createdAt)), query.ascending ? 0 : Infinity)) : null };
}

/**
 * Each document's uses, read from the configurations: by agents on main (their agents rows), and by the tips of
 * other branches and the drafts (decision 0085): what a delete is refused for and what the dependents lists say.
 */
async function documentUses(env: Env, workspaceId: string): Promise<{ onMain: Map<string, DependentAgent[]>; onBranches: Map<string, BranchConfig[]> }> {
  const db = database(env.DB);
  const [agents, configs] = await Promise.all([table.listAgents(db, workspaceId, { pageSize: 10_000 }), branchConfigs(db, workspaceId)]);
  const onMain = new Map<string, DependentAgent[]>();
  for (const agent of agents) {
    for (const ref of settingsOfAgent(agent).knowledgeBase) onMain.set(ref.id, [...(onMain.get(ref.id) ?? []), { id: agent.id, name: agent.name, createdAt: agent.createdAt }]);
  }
  const onBranches = new Map<string, BranchConfig[]>();
  for (const use of configs) {
    for (const ref of agentSettings(JSON.parse(use.conversationConfig) as Json, {}).knowledgeBase) onBranches.set(ref.id, [...(onBranches.get(ref.id) ?? []), use]);
  }
  return { onMain, onBranches };
}

/** The workspace's agents that use each document, on main, a branch or a draft (the uses a delete is refused for). */
export async function dependentAgents(env: Env, viewer: Pick<Actor, "membership">): Promise<Map<string, DependentAgent[]>> {
  const uses = await documentUses(env, workspaceOf(viewer));
  const ids = new Set([...uses.onMain.keys(), ...uses.onBranches.keys()]);
  return new Map([...ids].map((id) => [id, dependentsOf(uses.onMain.get(id) ?? [], uses.onBranches.get(id) ?? []).agents]));
}

/** The uses of any of these documents (or, for a folder, anything inside it): main's agents, each once, newest first, and the branches' tips and drafts. */
async function usesOf(env: Env, workspaceId: string, ids: string[]): Promise<{ ids: string[]; onMain: DependentAgent[]; onBranches: BranchConfig[] }> {
  const [uses, inside] = await Promise.all([documentUses(env, workspaceId), contentsOf(env, workspaceId, ids)]);
  const onMain = new Map<string, DependentAgent>();
  const onBranches = new Set<BranchConfig>();
  for (const id of inside) {
    for (const agent of uses.onMain.get(id) ?? []) onMain.set(agent.id, agent);
    for (const use of uses.onBranches.get(id) ?? []) onBranches.add(use);
  }
  return { ids: inside, onMain: [...onMain.values()].sort((a, b) => b.createdAt - a.createdAt), onBranches: [...onBranches] };
}

/** The agents that use any of these documents (or, for a folder, anything inside it), each once, and the branches using them. */
export async function agentsUsing(env: Env, viewer: Pick<Actor, "membership">, ids: string[]): Promise<{ agents: DependentAgent[]; branches: DependentBranch[] }> {
  const uses = await usesOf(env, workspaceOf(viewer), ids);
  return dependentsOf(uses.onMain, uses.onBranches);
}

/** These ids and, for folders among them, everything inside them at any depth. */
async function contentsOf(env: Env, workspaceId: string, ids: string[]): Promise<string[]> {
  const db = database(env.DB);
  const folders = await knowledge.listFolders(db, workspaceId);
  const folderIds = new Set(ids.filter((id) => folders.some((f) => f.id === id)).flatMap((id) => [...folderAndDescendants(folders, id)]));
  if (!folderIds.size) return ids;
  const inside = await knowledge.listKnowledge(db, workspaceId, { pageSize: 100_000, folderIds: [...folderIds] });
  return [...new Set([...ids, ...folderIds, ...inside.map((d) => d.id)])];
}

/** Adds a document to an agent's knowledge base (the generic add's agent_id). */
export async function attachToAgent(env: Env, viewer: Viewer, agentId: string, document: KnowledgeDocumentRow): Promise<{ ok: true } | { ok: false; refusal: AgentRefusal }> {
  const agent = await findAgent(env, viewer, agentId);
  if (!agent) return refuse(404, "not_found", AGENT_TEXTS.agentNotFound);
  const current = settingsOfAgent(agent).knowledgeBase;
  if (current.some((ref) => ref.id === document.id)) return refuse(409, "already_used", KNOWLEDGE_PAGE_TEXTS.alreadyUsed);
  const knowledgeBase = [...current, { type: document.type, id: document.id, name: document.name, usage_mode: "auto" }];
  const updated = await updateAgent(env, viewer, agentId, { conversationConfig: { agent: { prompt: { knowledge_base: knowledgeBase } } } });
  return updated.ok ? { ok: true } : updated;
}

/** Removes documents from the agents that use them (a forced delete). */
async function detachFromAgents(env: Env, workspaceId: string, ids: Set<string>, users: DependentAgent[]): Promise<void> {
  const db = database(env.DB);
  for (const user of users) {
    const agent = await table.findAgent(db, workspaceId, user.id);
    if (!agent) continue;
    const config = JSON.parse(agent.conversationConfig) as { agent?: { prompt?: { knowledge_base?: { id: string }[] } } };
    const prompt = config.agent?.prompt;
    if (prompt?.knowledge_base) prompt.knowledge_base = prompt.knowledge_base.filter((k) => !ids.has(k.id));
    await table.updateAgent(db, workspaceId, agent.id, { conversationConfig: JSON.stringify(config), updatedAt: Date.now() });
  }
}

/**
 * Deletes a document, or a folder with everything inside it; one that agents use on any branch (or in a draft) is
 * refused unless forced (then main loses it; other branches keep the id and go without it: decision 0085). Kept
 * originals go from R2 too.
 */
export async function deleteDocument(env: Env, viewer: Pick<Actor, "membership">, id: string, force: boolean): Promise<{ ok: true } | { ok: false; refusal: AgentRefusal }> {
  const db = database(env.DB);
  const workspaceId = workspaceOf(viewer);
  if (!(await table.findDocument(db, workspaceId, id))) return notFound();
  const { ids, onMain, onBranches } = await usesOf(env, workspaceId, [id]);
  if ((onMain.length || onBranches.length) && !force) return refuse(400, "document_in_use", AGENT_TEXTS.documentInUse(inUseNames(onMain.map((u) => u.name), onBranches)));
  await detachFromAgents(env, workspaceId, new Set(ids), onMain);
  const deleted = await knowledge.deleteDocuments(db, workspaceId, ids);
  const keys = deleted.flatMap((d) => (d.sourceKey ? [d.sourceKey] : []));
  if (keys.length && env.MEDIA) await env.MEDIA.delete(keys);
  return { ok: true };
}

/** Renames a document or folder; a text document's content may be replaced too (its passages are made again). */
export async function updateDocument(env: Env, viewer: Viewer, id: string, input: { name?: string | null; content?: string | null }): Promise<Result> {
  const db = database(env.DB);
  const workspaceId = workspaceOf(viewer);
  const found = await table.findDocument(db, workspaceId, id);
  if (!found) return notFound();
  const name = input.name?.trim().slice(0, AGENT_LIMITS.name) || found.name;
  if (input.content === undefined || input.content === null) {
    const next = { ...found, name, updatedAt: Date.now() };
    await knowledge.updateDocument(db, workspaceId, id, { name, updatedAt: next.updatedAt });
    return { ok: true, document: next };
  }
  if (found.type !== "text") return refuse(400, "invalid_request", KNOWLEDGE_TEXTS.contentOnlyText);
  return replaceText(env, found, { name, content: input.content });
}

/** Replaces a document's text and passages (a file's original, when given, too). */
async function replaceText(env: Env, found: KnowledgeDocumentRow, input: { name?: string; content: string; filename?: string; original?: { bytes: ArrayBuffer; contentType: string } }): Promise<Result> {
  const content = input.content.trim().slice(0, AGENT_LIMITS.documentCharacters);
  const chunks = chunkText(content);
  if (!chunks.length) return refuse(400, "invalid_request", AGENT_TEXTS.emptyDocument);
  const usage = (await knowledge.chunkUsage(database(env.DB), found.workspaceId, [found.id])).get(found.id)?.bytes ?? 0;
  const full = await indexRefusal(env, found.workspaceId, chunks, usage);
  if (full) return full;
  const sourceKey = input.original && env.MEDIA ? (found.sourceKey ?? `knowledge/${found.workspaceId}/${found.id}`) : found.sourceKey;
  if (input.original && sourceKey) await env.MEDIA!.put(sourceKey, input.original.bytes, { httpMetadata: { contentType: input.original.contentType } });
  const next: KnowledgeDocumentRow = {
    ...found,
    name: input.name ?? found.name,
    content,
    sizeBytes: bytesOf(content),
    filename: input.filename ?? found.filename,
    sourceKey,
    sourceContentType: input.original ? input.original.contentType : found.sourceContentType,
    updatedAt: Date.now(),
  };
  const { name, sizeBytes, filename, sourceContentType, updatedAt } = next;
  await knowledge.updateDocument(database(env.DB), found.workspaceId, found.id, { name, content, sizeBytes, filename, sourceKey, sourceContentType, updatedAt }, chunks);
  return { ok: true, document: next };
}

/** A file document read again from a new upload (PATCH .../update-file). */
export async function replaceFile(env: Env, viewer: Viewer, id: string, file: File): Promise<Result> {
  const found = await findDocument(env, viewer, id);
  if (!found) return notFound();
  if (found.type !== "file") return refuse(400, "invalid_request", KNOWLEDGE_TEXTS.notAFile);
  const read = await fileText(file);
  if (!read.ok) return read;
  return replaceText(env, found, { content: read.text, filename: file.name, original: { bytes: read.bytes, contentType: file.type || "application/octet-stream" } });
}

/** A URL document read again from its page now (POST .../refresh). */
export async function refreshDocument(env: Env, viewer: Viewer, id: string): Promise<Result> {
  const found = await findDocument(env, viewer, id);
  if (!found) return notFound();
  if (found.type !== "url" || !found.url) return refuse(400, "invalid_request", KNOWLEDGE_TEXTS.notRefreshable);
  const page = await readPage(env, found.url);
  if (!page.ok) return page;
  return replaceText(env, found, { content: page.text });
}

/** Moves documents and folders into a folder (null: to the top); a folder never into itself. */
export async function moveDocuments(env: Env, viewer: Viewer, ids: string[], target: string | null): Promise<{ ok: true } | { ok: false; refusal: AgentRefusal }> {
  const db = database(env.DB);
  const workspaceId = workspaceOf(viewer);
  const found = await table.findDocuments(db, workspaceId, ids);
  const missing = ids.filter((id) => !found.some((d) => d.id === id));
  if (missing.length) return refuse(404, "not_found", AGENT_TEXTS.documentsNotFound(missing));
  const problem = moveProblem(await knowledge.listFolders(db, workspaceId), ids, target);
  if (problem) return refuse(400, problem === KNOWLEDGE_TEXTS.notAFolder ? "folder_not_found" : "invalid_request", problem);
  await knowledge.moveDocuments(db, workspaceId, ids, target);
  return { ok: true };
}

/** The passages an agent answers from: its knowledge documents' chunks (only the workspace's own). */
export async function passagesOf(env: Env, workspaceId: string, documentIds: string[]): Promise<Passage[]> {
  const rows = await table.chunksOf(database(env.DB), workspaceId, documentIds);
  return rows.map((r) => ({ id: `${r.documentId}:${r.position}`, source: r.name, text: r.text }));
}

/** What the JSON of documents needs besides the rows: the agents using them, the folders and their contents. */
export type KnowledgeContext = { users: Map<string, DependentAgent[]>; folders: Folder[]; counts: Map<string, { children: number; documents: number }> };

export async function knowledgeContext(env: Env, viewer: Pick<Actor, "membership">, documents: KnowledgeDocumentRow[]): Promise<KnowledgeContext> {
  const db = database(env.DB);
  const workspaceId = workspaceOf(viewer);
  const [users, folders, counts] = await Promise.all([
    dependentAgents(env, viewer),
    knowledge.listFolders(db, workspaceId),
    knowledge.folderCounts(db, workspaceId, documents.filter((d) => d.type === "folder").map((d) => d.id)),
  ]);
  return { users, folders, counts };
}

const metadata = (d: KnowledgeDocumentRow) => ({ created_at_unix_secs: Math.floor(d.createdAt / 1000), last_updated_at_unix_secs: Math.floor(d.updatedAt / 1000), size_bytes: d.sizeBytes });

function typed(d: KnowledgeDocumentRow, context: KnowledgeContext): Json {
  if (d.type === "url") return { url: d.url };
  if (d.type === "file") return { filename: d.filename };
  if (d.type === "folder") {
    const counts = context.counts.get(d.id) ?? { children: 0, documents: 0 };
    return { children_count: counts.children, document_count: counts.documents };
  }
  return {};
}

const placed = (d: KnowledgeDocumentRow, context: KnowledgeContext) => ({ folder_parent_id: d.parentFolderId ?? undefined, folder_path: folderPath(context.folders, d.parentFolderId) });

/** An agent that uses a document or tool (`referenced`: through which of them), as dependency lists give it. */
export const dependentAgentJson = (u: DependentAgent, referenced: string[] = []) => ({ type: "available" as const, referenced_resource_ids: referenced, id: u.id, name: u.name, created_at_unix_secs: Math.floor(u.createdAt / 1000), access_level: "admin" as const });

/** A document in a list (GET /v1/convai/knowledge-base) or a summary. */
export function documentSummaryJson(d: KnowledgeDocumentRow, viewer: Viewer, context: KnowledgeContext) {
  return {
    id: d.id,
    name: d.name,
    type: d.type,
    metadata: metadata(d),
    supported_usages: ["prompt", "auto"],
    access_info: accessInfo(d, viewer),
    ...placed(d, context),
    dependent_agents: (context.users.get(d.id) ?? []).map((u) => dependentAgentJson(u)),
    ...typed(d, context),
  };
}

/** A document with its text (GET /v1/convai/knowledge-base/{documentation_id}); a folder with its counts. */
export function documentJson(d: KnowledgeDocumentRow, viewer: Viewer, context: KnowledgeContext) {
  return {
    id: d.id,
    name: d.name,
    type: d.type,
    metadata: metadata(d),
    supported_usages: ["prompt", "auto"],
    access_info: accessInfo(d, viewer),
    ...placed(d, context),
    ...(d.type === "folder" ? {} : { extracted_inner_html: d.content, content_format: "markdown" }),
    ...typed(d, context),
  };
}

/** What adding a document or folder answers: its id, name and the folders above it. */
export function addedJson(d: KnowledgeDocumentRow, context: Pick<KnowledgeContext, "folders">) {
  return { id: d.id, name: d.name, folder_path: folderPath(context.folders, d.parentFolderId).map((f) => ({ id: f.id })) };
}

/** The workspace's folders (for the paths of what was just added). */
export async function foldersOf(env: Env, viewer: Pick<Actor, "membership">): Promise<Folder[]> {
  return knowledge.listFolders(database(env.DB), workspaceOf(viewer));
}
