// Conversations with agents: rows in D1 (transcript and analysis as the API's JSON), audio in R2; scoped to the
// viewer's workspace.
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/agents";
import type { ConversationRow } from "../../../db/repositories/agents";
import type { Actor } from "~/accounts/accounts.server";
import { deleteConversationFiles } from "./conversation-files.server";
import type { ConversationAnalysis } from "../../../core/agents/evaluation";
import { currentQuota } from "~/speech/speech.server";
import { isRestricted } from "~/billing/rules/plan-actions";
import { STATUS_NOTICES } from "~/billing/rules/billing-texts";
import type { SubscriptionStatus } from "../../../core/billing/plans";
import { coversFirstMinute, CREDIT_TEXTS } from "~/agents/rules/llm";
import type { AgentRefusal } from "./agents.server";

export type { ConversationRow };
type Env = { DB: D1Database; MEDIA: R2Bucket };

/**
 * Why a workspace may not start a conversation now, or null (decision 0053): a restricted subscription, or fewer
 * credits left than the conversation's first minute costs. Asked by the signed-URL call, the socket and the pages.
 */
export async function conversationCreditRefusal(env: Pick<Env, "DB">, workspaceId: string): Promise<AgentRefusal | null> {
  const db = database(env.DB);
  const workspace = await table.findChargedWorkspace(db, workspaceId);
  if (!workspace) return { httpStatus: 404, status: "not_found", message: "Workspace not found." };
  if (isRestricted(workspace.status as SubscriptionStatus)) return { httpStatus: 402, status: "payment_required", message: STATUS_NOTICES[workspace.status] ?? "This workspace cannot start conversations until its payment is settled." };
  const quota = await currentQuota(db, workspace, workspace.tier);
  if (coversFirstMinute(quota.used, quota.usable)) return null;
  return { httpStatus: 401, status: "quota_exceeded", message: CREDIT_TEXTS.notEnough(workspace.characterLimit - quota.used) };
}

/** A transcript entry as the API gives it. */
/** A tool call on an agent's turn, and its result, as the API's transcript has them (tool_details for MCP tools). */
export type TranscriptToolCall = { type: string; request_id: string; tool_name: string; params_as_json: string; tool_has_been_called: boolean; tool_details?: Record<string, unknown> };
export type TranscriptToolResult = { type: string; request_id: string; tool_name: string; result_value: string; is_error: boolean; tool_has_been_called: boolean };
export type TranscriptEntry = {
  role: "user" | "agent";
  message: string;
  time_in_call_secs: number;
  interrupted?: boolean;
  source_medium?: "audio" | "text";
  tool_calls?: TranscriptToolCall[];
  tool_results?: TranscriptToolResult[];
};

export async function findConversation(env: Pick<Env, "DB">, viewer: Pick<Actor, "membership">, id: string): Promise<ConversationRow | null> {
  return (await table.findConversation(database(env.DB), viewer.membership.workspace.id, id)) ?? null;
}

export async function listConversations(env: Pick<Env, "DB">, viewer: Pick<Actor, "membership">, query: { pageSize: number; agentId?: string; cursor?: string; tagIds?: string[]; branchId?: string; versionId?: string }) {
  const before = query.cursor && /^\d+$/.test(query.cursor) ? Number(query.cursor) : undefined;
  const rows = await table.listConversations(database(env.DB), viewer.membership.workspace.id, { pageSize: query.pageSize + 1, agentId: query.agentId, before, tagIds: query.tagIds, branchId: query.branchId, versionId: query.versionId });
  const page = rows.slice(0, query.pageSize);
  return { conversations: page, nextCursor: rows.length > query.pageSize ? String(page.at(-1)!.startedAt) : null };
}

/** Deletes a conversation, its audio and its files. */
export async function deleteConversation(env: Env, viewer: Pick<Actor, "membership">, id: string): Promise<boolean> {
  const deleted = await table.deleteConversation(database(env.DB), viewer.membership.workspace.id, id);
  if (deleted?.audioKey) await env.MEDIA.delete(deleted.audioKey);
  if (deleted) await deleteConversationFiles(env, viewer.membership.workspace.id, id);
  return Boolean(deleted);
}

const analysisOf = (row: ConversationRow) => (row.analysis ? (JSON.parse(row.analysis) as ConversationAnalysis) : null);

/** An analysis as the API gives it (a conversation's, a simulated one's). */
export function analysisJson(analysis: ConversationAnalysis) {
  return {
    evaluation_criteria_results: Object.fromEntries(analysis.criteria.map((c) => [c.criteriaId, { criteria_id: c.criteriaId, result: c.result, rationale: c.rationale }])),
    data_collection_results: {},
    call_successful: analysis.callSuccessful,
    transcript_summary: analysis.summary,
  };
}

/** A conversation in the list (GET /v1/convai/conversations). */
export function conversationSummaryJson(row: ConversationRow) {
  const analysis = analysisOf(row);
  return {
    agent_id: row.agentId,
    agent_name: row.agentName,
    branch_id: row.branchId ?? undefined,
    version_id: row.versionId ?? undefined,
    conversation_id: row.id,
    start_time_unix_secs: Math.floor(row.startedAt / 1000),
    call_duration_secs: row.durationSecs,
    message_count: row.messageCount,
    status: row.status,
    termination_reason: row.terminationReason ?? undefined,
    call_successful: analysis?.callSuccessful ?? "unknown",
    transcript_summary: analysis?.summary,
    evaluation_criteria_results: analysis ? Object.fromEntries(analysis.criteria.map((c) => [c.criteriaId, { result: c.result }])) : undefined,
  };
}

/** A conversation with its transcript and analysis (GET /v1/convai/conversations/{conversation_id}). */
export function conversationJson(row: ConversationRow) {
  const analysis = analysisOf(row);
  return {
    agent_id: row.agentId,
    agent_name: row.agentName,
    // The branch and version it talked with (decision 0081; absent for conversations before it).
    branch_id: row.branchId ?? undefined,
    version_id: row.versionId ?? undefined,
    // The environment its tools' environment variables resolved for (decision 0098).
    environment: row.environment ?? "production",
    conversation_id: row.id,
    status: row.status,
    user_id: row.userId ?? undefined,
    // A phone call's details (decision 0060): stored as { phone_call, batch_call } of the API's metadata.
    metadata: { start_time_unix_secs: Math.floor(row.startedAt / 1000), call_duration_secs: row.durationSecs, termination_reason: row.terminationReason ?? undefined, ...(row.phoneCall ? (JSON.parse(row.phoneCall) as Record<string, unknown>) : {}) },
    analysis: analysis ? analysisJson(analysis) : undefined,
    transcript: JSON.parse(row.transcript) as TranscriptEntry[],
    has_audio: Boolean(row.audioKey),
    has_user_audio: row.hasUserAudio,
    has_response_audio: row.hasResponseAudio,
    has_auxiliary_audio: false,
  };
}
