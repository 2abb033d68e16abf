// Conversational agents (issue 22): agents, their knowledge base (documents cut into passages) and conversations.
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspace";

/** An agent; its conversation_config and platform_settings are kept as the API's JSON (the rules module reads them). */
export const agents = sqliteTable(
  "agents",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: text("created_by").notNull(),
    creatorEmail: text("creator_email").notNull(),
    name: text("name").notNull(),
    conversationConfig: text("conversation_config").notNull(),
    platformSettings: text("platform_settings").notNull().default("{}"),
    tags: text("tags").notNull().default("[]"),
    /** Milliseconds since the epoch (the API gives seconds; the list cursor needs the finer order). */
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("agents_workspace_created").on(t.workspaceId, t.createdAt)],
);

/** A knowledge-base document: its extracted text (what retrieval reads) and where it came from. */
export const knowledgeDocuments = sqliteTable(
  "knowledge_documents",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: text("created_by").notNull(),
    creatorEmail: text("creator_email").notNull(),
    name: text("name").notNull(),
    /** "text", "url" or "file". */
    type: text("type").notNull(),
    url: text("url"),
    filename: text("filename"),
    content: text("content").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    /** Milliseconds since the epoch (the API gives seconds; the list cursor needs the finer order). */
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** The folder (a document of type "folder") it sits in, null at the top (decision 0065). */
    parentFolderId: text("parent_folder_id"),
    /** An uploaded file's original in R2 and its content type (files uploaded from decision 0065 on). */
    sourceKey: text("source_key"),
    sourceContentType: text("source_content_type"),
  },
  (t) => [index("knowledge_documents_workspace_created").on(t.workspaceId, t.createdAt), index("knowledge_documents_folder").on(t.workspaceId, t.parentFolderId)],
);

/** A document's passages (whole sentences, core/agents/retrieval.ts), written with the document. */
export const knowledgeChunks = sqliteTable(
  "knowledge_chunks",
  {
    documentId: text("document_id").notNull().references(() => knowledgeDocuments.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    text: text("text").notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.position] })],
);

/** A conversation with an agent: its transcript and analysis as the API's JSON, its audio in R2. */
export const conversations = sqliteTable(
  "conversations",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    agentId: text("agent_id").notNull(),
    agentName: text("agent_name").notNull(),
    userId: text("user_id"),
    /** "in-progress", "done" or "failed". */
    status: text("status").notNull(),
    startedAt: integer("started_at").notNull(),
    durationSecs: integer("duration_secs").notNull().default(0),
    messageCount: integer("message_count").notNull().default(0),
    transcript: text("transcript").notNull().default("[]"),
    analysis: text("analysis"),
    /** The caller's feedback on the conversation: "like", "dislike" or null (decision 0065). */
    feedback: text("feedback"),
    terminationReason: text("termination_reason"),
    audioKey: text("audio_key"),
    audioBytes: integer("audio_bytes"),
    hasUserAudio: integer("has_user_audio", { mode: "boolean" }).notNull().default(false),
    hasResponseAudio: integer("has_response_audio", { mode: "boolean" }).notNull().default(false),
    /** Credits charged when it ended (decision 0050). */
    credits: integer("credits").notNull().default(0),
  },
  (t) => [index("conversations_workspace_started").on(t.workspaceId, t.startedAt), index("conversations_agent").on(t.agentId)],
);

/** A signed conversation URL (GET /v1/convai/conversation/get-signed-url): the SHA-256 of its token, valid until expires_at (ms). */
export const conversationSignatures = sqliteTable("conversation_signatures", {
  tokenHash: text("token_hash").primaryKey(),
  agentId: text("agent_id").notNull(),
  workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
  userId: text("user_id").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/** A workspace secret that webhook tools reference from their headers ({secret_id}); its value is never returned. */
export const agentSecrets = sqliteTable(
  "agent_secrets",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    value: text("value").notNull(),
    /** Milliseconds since the epoch (the list cursor). */
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("agent_secrets_workspace_created").on(t.workspaceId, t.createdAt)],
);
