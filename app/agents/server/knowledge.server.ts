// The knowledge base: documents from text, a file or a web page, cut into passages when they are added
// (core/agents/retrieval.ts), scoped to the viewer's workspace.
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/agents";
import type { KnowledgeDocumentRow } from "../../../db/repositories/agents";
import { chunkText, type Passage } from "../../../core/agents/retrieval";
import type { Actor } from "~/accounts/accounts.server";
import { newId } from "~/accounts/accounts.server";
import { AGENT_LIMITS, AGENT_TEXTS, htmlText, htmlTitle, readableFileKind, type Json } from "~/agents/rules/agents";
import { accessInfo, settingsOfAgent, type AgentRefusal } from "./agents.server";

export type { KnowledgeDocumentRow };
type Env = { DB: D1Database };
type Viewer = Pick<Actor, "membership" | "user">;
export type DependentAgent = { id: string; name: string; createdAt: number };
type Result = { ok: true; document: KnowledgeDocumentRow } | { ok: false; refusal: AgentRefusal };

const refuse = (httpStatus: 400 | 404 | 422, status: string, message: string): Result => ({ ok: false, refusal: { httpStatus, status, message } });

async function addDocument(env: Env, viewer: Viewer, source: { name: string; type: "text" | "url" | "file"; url?: string; filename?: string; content: string }): Promise<Result> {
  const content = source.content.trim().slice(0, AGENT_LIMITS.documentCharacters);
  const chunks = chunkText(content);
  if (!chunks.length) return refuse(400, "invalid_request", AGENT_TEXTS.emptyDocument);
  const now = Date.now();
  const document: KnowledgeDocumentRow = {
    id: newId("doc"),
    workspaceId: viewer.membership.workspace.id,
    createdBy: viewer.user.id,
    creatorEmail: viewer.user.email,
    name: source.name.trim().slice(0, AGENT_LIMITS.name) || "Untitled",
    type: source.type,
    url: source.url ?? null,
    filename: source.filename ?? null,
    content,
    sizeBytes: new TextEncoder().encode(content).byteLength,
    createdAt: now,
    updatedAt: now,
  };
  await table.insertDocument(database(env.DB), document, chunks);
  return { ok: true, document };
}

export function documentFromText(env: Env, viewer: Viewer, input: { text: string; name?: string | null }): Promise<Result> {
  return addDocument(env, viewer, { type: "text", name: input.name || input.text.trim().split("\n")[0]!.slice(0, 60), content: input.text });
}

/** A text or HTML upload (PDF and Word are refused: nothing here reads them yet). */
export async function documentFromFile(env: Env, viewer: Viewer, input: { file: File; name?: string | null }): Promise<Result> {
  const kind = readableFileKind(input.file.name);
  if (!kind) return refuse(400, "invalid_file_type", AGENT_TEXTS.fileType);
  if (input.file.size > AGENT_LIMITS.fileBytes) return refuse(400, "file_too_large", AGENT_TEXTS.fileTooLarge);
  const raw = await input.file.text();
  return addDocument(env, viewer, { type: "file", filename: input.file.name, name: input.name || input.file.name, content: kind === "html" ? htmlText(raw) : raw });
}

/** A web page read once, now (the text of its HTML). */
export async function documentFromUrl(env: Env, viewer: Viewer, input: { url: string; name?: string | null }, fetcher: typeof fetch = fetch): Promise<Result> {
  let response: Response;
  try {
    response = await fetcher(input.url, { headers: { accept: "text/html, text/plain" }, redirect: "follow", signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    return refuse(400, "url_unreachable", AGENT_TEXTS.urlRefused(error instanceof Error ? error.message : "unreachable"));
  }
  if (!response.ok) return refuse(400, "url_unreachable", AGENT_TEXTS.urlRefused(response.status));
  const type = response.headers.get("content-type") ?? "";
  if (!/text\/(html|plain)|application\/xhtml/.test(type)) return refuse(400, "invalid_content_type", AGENT_TEXTS.urlNotHtml);
  const raw = (await response.text()).slice(0, AGENT_LIMITS.documentCharacters * 4);
  const html = type.includes("html");
  return addDocument(env, viewer, { type: "url", url: input.url, name: input.name || (html ? htmlTitle(raw) : null) || input.url, content: html ? htmlText(raw) : raw });
}

export async function findDocument(env: Env, viewer: Pick<Actor, "membership">, id: string): Promise<KnowledgeDocumentRow | null> {
  return (await table.findDocument(database(env.DB), viewer.membership.workspace.id, id)) ?? null;
}

export async function listDocuments(env: Env, viewer: Pick<Actor, "membership">, query: { pageSize: number; search?: string; cursor?: string }) {
  const before = query.cursor && /^\d+$/.test(query.cursor) ? Number(query.cursor) : undefined;
  const rows = await table.listDocuments(database(env.DB), viewer.membership.workspace.id, { pageSize: query.pageSize + 1, search: query.search, before });
  const page = rows.slice(0, query.pageSize);
  return { documents: page, nextCursor: rows.length > query.pageSize ? String(page.at(-1)!.createdAt) : null };
}

/** The workspace's agents that use each document (read from their configuration). */
export async function dependentAgents(env: Env, viewer: Pick<Actor, "membership">): Promise<Map<string, DependentAgent[]>> {
  const agents = await table.listAgents(database(env.DB), viewer.membership.workspace.id, { pageSize: 10_000 });
  const users = new Map<string, DependentAgent[]>();
  for (const agent of agents) {
    for (const ref of settingsOfAgent(agent).knowledgeBase) users.set(ref.id, [...(users.get(ref.id) ?? []), { id: agent.id, name: agent.name, createdAt: agent.createdAt }]);
  }
  return users;
}

/** Deletes a document; one that agents use is refused unless forced (then they lose it). */
export async function deleteDocument(env: Env, viewer: Pick<Actor, "membership">, id: string, force: boolean): Promise<{ ok: true } | { ok: false; refusal: AgentRefusal }> {
  const db = database(env.DB);
  const workspaceId = viewer.membership.workspace.id;
  if (!(await table.findDocument(db, workspaceId, id))) return { ok: false, refusal: { httpStatus: 404, status: "not_found", message: AGENT_TEXTS.documentNotFound } };
  const users = (await dependentAgents(env, viewer)).get(id) ?? [];
  if (users.length && !force) return { ok: false, refusal: { httpStatus: 400, status: "document_in_use", message: AGENT_TEXTS.documentInUse(users.map((u) => u.name)) } };
  for (const user of users) {
    const agent = await table.findAgent(db, workspaceId, user.id);
    if (!agent) continue;
    const config = JSON.parse(agent.conversationConfig) as { agent?: { prompt?: { knowledge_base?: { id: string }[] } } };
    const prompt = config.agent?.prompt;
    if (prompt?.knowledge_base) prompt.knowledge_base = prompt.knowledge_base.filter((k) => k.id !== id);
    await table.updateAgent(db, workspaceId, agent.id, { conversationConfig: JSON.stringify(config), updatedAt: Date.now() });
  }
  await table.deleteDocument(db, workspaceId, id);
  return { ok: true };
}

/** The passages an agent answers from: its knowledge documents' chunks (only the workspace's own). */
export async function passagesOf(env: Env, workspaceId: string, documentIds: string[]): Promise<Passage[]> {
  const rows = await table.chunksOf(database(env.DB), workspaceId, documentIds);
  return rows.map((r) => ({ id: `${r.documentId}:${r.position}`, source: r.name, text: r.text }));
}

const metadata = (d: KnowledgeDocumentRow) => ({ created_at_unix_secs: Math.floor(d.createdAt / 1000), last_updated_at_unix_secs: Math.floor(d.updatedAt / 1000), size_bytes: d.sizeBytes });
const typed = (d: KnowledgeDocumentRow): Json => (d.type === "url" ? { url: d.url } : d.type === "file" ? { filename: d.filename } : {});

/** A document in the list (GET /v1/convai/knowledge-base). */
export function documentSummaryJson(d: KnowledgeDocumentRow, viewer: Viewer, users: DependentAgent[]) {
  return {
    id: d.id,
    name: d.name,
    type: d.type,
    metadata: metadata(d),
    supported_usages: ["prompt", "auto"],
    access_info: accessInfo(d, viewer),
    dependent_agents: users.map((u) => ({ type: "available", referenced_resource_ids: [], id: u.id, name: u.name, created_at_unix_secs: Math.floor(u.createdAt / 1000), access_level: "admin" })),
    ...typed(d),
  };
}

/** A document with its text (GET /v1/convai/knowledge-base/{documentation_id}). */
export function documentJson(d: KnowledgeDocumentRow, viewer: Viewer) {
  return {
    id: d.id,
    name: d.name,
    type: d.type,
    metadata: metadata(d),
    supported_usages: ["prompt", "auto"],
    access_info: accessInfo(d, viewer),
    extracted_inner_html: d.content,
    content_format: "markdown",
    ...typed(d),
  };
}
