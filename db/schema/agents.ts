// Conversational agents (issue 22): agents, their knowledge base (documents cut into passages) and conversations.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
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
    /** A phone call's details (JSON: direction, numbers, call and stream ids), null for other conversations. */
    phoneCall: text("phone_call"),
    /** The agent's branch and version it talked with (decision 0081; null before it). */
    branchId: text("branch_id"),
    versionId: text("version_id"),
    /** The environment its tools' environment variables resolved for (decision 0098; null: production). */
    environment: text("environment"),
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
  /** The environment the URL's conversation resolves environment variables for (decision 0098; null: production). */
  environment: text("environment"),
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

/**
 * A workspace's environment variable (decision 0098): a label unique in the workspace, a type (string, secret,
 * auth_connection) and a value per environment as JSON (environment → text, secret id or auth connection id).
 */
export const agentEnvironmentVariables = sqliteTable(
  "agent_environment_variables",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    type: text("type").notNull(),
    values: text("values").notNull(),
    createdBy: text("created_by").notNull(),
    /** Milliseconds since the epoch (the list cursor with the id). */
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("agent_environment_variables_label").on(t.workspaceId, t.label), index("agent_environment_variables_created").on(t.workspaceId, t.createdAt)],
);

/**
 * A phone number imported from Twilio (decision 0060): the account SID and auth token are kept to place calls
 * as the number's account (the token is never returned by the API or shown on a page).
 */
export const phoneNumbers = sqliteTable(
  "phone_numbers",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    /** "twilio" (the only provider built). */
    provider: text("provider").notNull(),
    phoneNumber: text("phone_number").notNull(),
    label: text("label").notNull(),
    accountSid: text("account_sid").notNull(),
    authToken: text("auth_token").notNull(),
    /** Twilio's id of the number on the account (PN...). */
    providerSid: text("provider_sid"),
    agentId: text("agent_id"),
    /** Milliseconds since the epoch. */
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("phone_numbers_workspace_created").on(t.workspaceId, t.createdAt)],
);

/**
 * A phone call placed for an agent: what Twilio was asked, the call's status as its callbacks report it, and the
 * conversation the media stream becomes. The stream token's SHA-256 admits the media stream once.
 */
export const phoneCalls = sqliteTable(
  "phone_calls",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    agentId: text("agent_id").notNull(),
    phoneNumberId: text("phone_number_id").notNull(),
    userId: text("user_id"),
    direction: text("direction").notNull(),
    fromNumber: text("from_number").notNull(),
    toNumber: text("to_number").notNull(),
    conversationId: text("conversation_id").notNull(),
    callSid: text("call_sid"),
    streamSid: text("stream_sid"),
    streamTokenHash: text("stream_token_hash"),
    /** Twilio's call status: queued, initiated, ringing, in-progress, completed, busy, no-answer, failed, canceled. */
    status: text("status").notNull(),
    /** conversation_initiation_client_data of the request or the batch recipient (JSON), or null. */
    initiation: text("initiation"),
    batchId: text("batch_id"),
    recipientId: text("recipient_id"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("phone_calls_workspace").on(t.workspaceId, t.createdAt), index("phone_calls_batch").on(t.batchId)],
);

/** A batch of outbound calls: its recipients are called from a queue, a few at a time (decision 0060). */
export const batchCalls = sqliteTable(
  "batch_calls",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    name: text("name").notNull(),
    agentId: text("agent_id").notNull(),
    agentName: text("agent_name").notNull(),
    phoneNumberId: text("phone_number_id").notNull(),
    /** The platform's public origin when the batch was made: Twilio is given its media-stream and callback URLs. */
    origin: text("origin").notNull(),
    /** pending, in_progress, completed, failed or cancelled. */
    status: text("status").notNull(),
    scheduledAt: integer("scheduled_at").notNull(),
    concurrency: integer("concurrency").notNull(),
    retryCount: integer("retry_count").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("batch_calls_workspace_created").on(t.workspaceId, t.createdAt)],
);

/** One recipient of a batch: pending, initiated, in_progress, completed, failed or cancelled. */
export const batchCallRecipients = sqliteTable(
  "batch_call_recipients",
  {
    id: text("id").primaryKey(),
    batchId: text("batch_id").notNull().references(() => batchCalls.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    phoneNumber: text("phone_number").notNull(),
    status: text("status").notNull(),
    conversationId: text("conversation_id"),
    initiation: text("initiation"),
    /** Why the call failed, when it did. */
    error: text("error"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("batch_call_recipients_batch").on(t.batchId, t.position)],
);

/** Development only: the calls the Twilio stand-in placed, and what the agent said in each (R2). */
export const devPhoneCalls = sqliteTable("dev_phone_calls", {
  sid: text("sid").primaryKey(),
  accountSid: text("account_sid").notNull(),
  toNumber: text("to_number").notNull(),
  fromNumber: text("from_number").notNull(),
  status: text("status").notNull(),
  durationSecs: integer("duration_secs"),
  calleeSaid: text("callee_said").notNull(),
  agentAudioKey: text("agent_audio_key"),
  agentAudioMs: integer("agent_audio_ms"),
  createdAt: integer("created_at").notNull(),
});
