// Agents' workspace resources (issue 22, decision 0065): knowledge-base crawls and source links, tools of their own
// and the calls made to them, conversational AI settings, conversation tags, agent versions, agent tests and runs.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { workspaces } from "./workspace";
import { agents, conversations, knowledgeDocuments } from "./agents";

/** A link to a knowledge document's source file: the SHA-256 of its token, valid until expires_at (ms). */
export const knowledgeSourceLinks = sqliteTable("knowledge_source_links", {
  tokenHash: text("token_hash").primaryKey(),
  documentId: text("document_id")
    .notNull()
    .references(() => knowledgeDocuments.id, { onDelete: "cascade" }),
  workspaceId: text("workspace_id").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/** A crawl of a web site into a folder of URL documents: its limits and its progress. */
export const knowledgeCrawls = sqliteTable(
  "knowledge_crawls",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    seedUrl: text("seed_url").notNull(),
    /** A regular expression the pages' URLs must match, or null. */
    pattern: text("pattern"),
    maxPages: integer("max_pages").notNull(),
    maxDepth: integer("max_depth").notNull(),
    rootFolderId: text("root_folder_id").notNull(),
    /** "queued", "processing", "succeeded", "failed" or "cancelled". */
    status: text("status").notNull(),
    pagesIdentified: integer("pages_identified").notNull().default(0),
    pagesScraped: integer("pages_scraped").notNull().default(0),
    pagesSkipped: integer("pages_skipped").notNull().default(0),
    pagesFailed: integer("pages_failed").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("knowledge_crawls_workspace_created").on(t.workspaceId, t.createdAt)],
);

/** A tool of the workspace that agents reference by id (prompt.tool_ids); its tool_config is the API's JSON. */
export const agentTools = sqliteTable(
  "agent_tools",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: text("created_by").notNull(),
    creatorEmail: text("creator_email").notNull(),
    name: text("name").notNull(),
    /** "webhook", "client" or "system". */
    type: text("type").notNull(),
    toolConfig: text("tool_config").notNull(),
    responseMocks: text("response_mocks").notNull().default("[]"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("agent_tools_workspace_created").on(t.workspaceId, t.createdAt)],
);

/** A call a conversation made to a workspace tool: what was sent, what came back, how long it took. */
export const agentToolCalls = sqliteTable(
  "agent_tool_calls",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    toolId: text("tool_id").notNull(),
    /** The model's tool call id. */
    requestId: text("request_id").notNull(),
    conversationId: text("conversation_id").notNull(),
    agentId: text("agent_id").notNull(),
    calledAt: integer("called_at").notNull(),
    latencyMs: integer("latency_ms").notNull(),
    isError: integer("is_error", { mode: "boolean" }).notNull().default(false),
    requestPayload: text("request_payload").notNull(),
    responsePayload: text("response_payload").notNull(),
  },
  (t) => [index("agent_tool_calls_tool").on(t.workspaceId, t.toolId, t.calledAt)],
);

/** A workspace's conversational AI settings and dashboard charts, as the API's JSON. */
export const convaiSettings = sqliteTable("convai_settings", {
  workspaceId: text("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  settings: text("settings").notNull().default("{}"),
  dashboard: text("dashboard").notNull().default("{}"),
  updatedAt: integer("updated_at").notNull(),
});

/** A tag a workspace puts on conversations. */
export const conversationTags = sqliteTable(
  "conversation_tags",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    ownerUserId: text("owner_user_id").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("conversation_tags_workspace_created").on(t.workspaceId, t.createdAt)],
);

export const conversationTagLinks = sqliteTable(
  "conversation_tag_links",
  {
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    tagId: text("tag_id")
      .notNull()
      .references(() => conversationTags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.tagId] }), index("conversation_tag_links_tag").on(t.tagId)],
);

/** An agent as it was saved: each create and update commits a version (seq counts from 1). */
export const agentVersions = sqliteTable(
  "agent_versions",
  {
    id: text("id").primaryKey(),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    seq: integer("seq").notNull(),
    description: text("description").notNull(),
    committedBy: text("committed_by").notNull(),
    committerEmail: text("committer_email").notNull(),
    name: text("name").notNull(),
    conversationConfig: text("conversation_config").notNull(),
    platformSettings: text("platform_settings").notNull(),
    tags: text("tags").notNull(),
    committedAt: integer("committed_at").notNull(),
    /** The branch it was committed on ("main" or an agent_branches id; decision 0081); seq counts within it. */
    branchId: text("branch_id").notNull().default("main"),
    /** A merge's commit: the source branch's version it took in (decision 0081). */
    mergedFromVersionId: text("merged_from_version_id"),
  },
  (t) => [index("agent_versions_agent").on(t.agentId, t.seq), index("agent_versions_branch").on(t.agentId, t.branchId, t.seq)],
);

/**
 * A named line of an agent's versions (decision 0081). Every agent has its main branch, id "main", whose tip is the
 * agents row; another branch starts from a version of any branch and its tip is its newest version.
 */
export const agentBranches = sqliteTable(
  "agent_branches",
  {
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    workspaceId: text("workspace_id").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** The version it started from (null for main). */
    parentVersionId: text("parent_version_id"),
    parentBranchId: text("parent_branch_id"),
    isArchived: integer("is_archived", { mode: "boolean" }).notNull().default(false),
    /** "writer_perms_required" or "admin_perms_required" (only the workspace's admins commit to it). */
    protectionStatus: text("protection_status").notNull().default("writer_perms_required"),
    mergedIntoBranchId: text("merged_into_branch_id"),
    createdBy: text("created_by").notNull(),
    creatorEmail: text("creator_email").notNull(),
    createdAt: integer("created_at").notNull(),
    lastCommittedAt: integer("last_committed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.id] }), uniqueIndex("agent_branches_name").on(t.agentId, t.name)],
);

/** A branch's pending configuration (decision 0081): kept, unused by conversations, until the branch is saved. */
export const agentDrafts = sqliteTable(
  "agent_drafts",
  {
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    branchId: text("branch_id").notNull(),
    workspaceId: text("workspace_id").notNull(),
    name: text("name").notNull(),
    conversationConfig: text("conversation_config").notNull(),
    platformSettings: text("platform_settings").notNull(),
    workflow: text("workflow").notNull(),
    tags: text("tags"),
    createdBy: text("created_by").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.branchId] })],
);

/** A traffic split of an agent's conversations across its branches (decision 0081); the newest is live. */
export const agentDeployments = sqliteTable(
  "agent_deployments",
  {
    id: text("id").primaryKey(),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    /** JSON: branch id → percentage (adding up to 100). */
    traffic: text("traffic").notNull(),
    /** "manual" or "branch_merge". */
    source: text("source").notNull(),
    createdBy: text("created_by").notNull(),
    creatorEmail: text("creator_email").notNull(),
    deployedAt: integer("deployed_at").notNull(),
  },
  (t) => [index("agent_deployments_agent").on(t.agentId, t.deployedAt)],
);

/**
 * A request to merge one of an agent's branches into another (decision 0089): open until merged or closed. One open
 * proposal per source and target (a partial unique index settles two openings at once).
 */
export const agentMergeProposals = sqliteTable(
  "agent_merge_proposals",
  {
    id: text("id").primaryKey(),
    agentId: text("agent_id")
      .notNull()
      .references(() => agents.id, { onDelete: "cascade" }),
    workspaceId: text("workspace_id").notNull(),
    sourceBranchId: text("source_branch_id").notNull(),
    targetBranchId: text("target_branch_id").notNull(),
    sourceTipVersionId: text("source_tip_version_id").notNull(),
    title: text("title").notNull(),
    description: text("description"),
    /** JSON list of user ids asked to review. */
    requestedReviewerUserIds: text("requested_reviewer_user_ids").notNull().default("[]"),
    /** "open", "merged" or "closed". */
    status: text("status").notNull().default("open"),
    /** A closed one's reason: "withdrawn", "rejected" or "branch_archived". */
    closeReason: text("close_reason"),
    /** When it was merged or closed (ms), by whom (null when a branch's archiving closed it). */
    outcomeAt: integer("outcome_at"),
    outcomeBy: text("outcome_by"),
    mergedVersionId: text("merged_version_id"),
    /** The agent's triage ticket it resolves (decision 0095): merging it resolves the ticket if still open. */
    triageTicketId: text("triage_ticket_id"),
    authorUserId: text("author_user_id").notNull(),
    authorEmail: text("author_email").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("agent_merge_proposals_agent").on(t.agentId, t.createdAt),
    uniqueIndex("agent_merge_proposals_one_open").on(t.agentId, t.sourceBranchId, t.targetBranchId).where(sql`${t.status} = 'open'`),
  ],
);

/** A member's review of a merge proposal: their latest replaces the one before. */
export const agentMergeProposalReviews = sqliteTable(
  "agent_merge_proposal_reviews",
  {
    proposalId: text("proposal_id")
      .notNull()
      .references(() => agentMergeProposals.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    /** "approved" or "changes_requested". */
    state: text("state").notNull(),
    comment: text("comment"),
    /** The reviewer's workspace role when they reviewed: "admin" or "editor". */
    reviewerRole: text("reviewer_role").notNull(),
    submittedAt: integer("submitted_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.proposalId, t.userId] })],
);

/** A comment on a merge proposal: they accumulate, also after it was merged or closed. */
export const agentMergeProposalComments = sqliteTable(
  "agent_merge_proposal_comments",
  {
    id: text("id").primaryKey(),
    proposalId: text("proposal_id")
      .notNull()
      .references(() => agentMergeProposals.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    body: text("body").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("agent_merge_proposal_comments_proposal").on(t.proposalId, t.createdAt)],
);

/** An agent test ("llm", "tool", "simulation") or a folder of them ("folder"); its definition is the API's JSON. */
export const agentTests = sqliteTable(
  "agent_tests",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: text("created_by").notNull(),
    creatorEmail: text("creator_email").notNull(),
    type: text("type").notNull(),
    name: text("name").notNull(),
    parentFolderId: text("parent_folder_id"),
    definition: text("definition").notNull().default("{}"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("agent_tests_workspace_folder").on(t.workspaceId, t.parentFolderId)],
);

/** One run of a set of tests against an agent. */
export const agentTestInvocations = sqliteTable(
  "agent_test_invocations",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id").notNull().references(() => workspaces.id, { onDelete: "cascade" }),
    agentId: text("agent_id").notNull(),
    createdBy: text("created_by").notNull(),
    creatorEmail: text("creator_email").notNull(),
    title: text("title").notNull(),
    repeatCount: integer("repeat_count").notNull().default(1),
    /** The conversation_config and platform_settings the tests ran with instead of the agent's (JSON), or null. */
    configOverride: text("config_override"),
    cancelled: integer("cancelled", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("agent_test_invocations_workspace_created").on(t.workspaceId, t.createdAt)],
);

/** One test's run in an invocation: the test as it was, its status, what the agent said and the verdict. */
export const agentTestRuns = sqliteTable(
  "agent_test_runs",
  {
    id: text("id").primaryKey(),
    invocationId: text("invocation_id")
      .notNull()
      .references(() => agentTestInvocations.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    testId: text("test_id").notNull(),
    testName: text("test_name").notNull(),
    testType: text("test_type").notNull(),
    testDefinition: text("test_definition").notNull(),
    /** "pending", "passed", "failed" or "cancelled". */
    status: text("status").notNull(),
    agentResponses: text("agent_responses").notNull().default("[]"),
    conditionResult: text("condition_result"),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("agent_test_runs_invocation").on(t.invocationId, t.position)],
);

/** A workspace's MCP server (decision 0081): its configuration as the SDK sends it (JSON), kept and listed. */
export const mcpServers = sqliteTable(
  "mcp_servers",
  {
    id: text("id").primaryKey(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: text("created_by").notNull(),
    creatorEmail: text("creator_email").notNull(),
    config: text("config").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("mcp_servers_workspace_created").on(t.workspaceId, t.createdAt)],
);
