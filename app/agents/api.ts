import { Hono } from "hono";
import { z } from "zod";
import type { AuthedEnv } from "~/api/auth";
import { requireAgentsCaller } from "~/agents/api-access";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import {
  agentAtVersion,
  agentOnBranch,
  agentJson,
  agentSummaryJson,
  chosenRoute,
  conversationSummaryJson,
  createAgent,
  deleteAgent,
  deleteConversation,
  findAgent,
  findConversation,
  findVersion,
  listAgents,
  listConversations,
  conversationCreditRefusal,
  createSecret,
  deleteSecret,
  findSecret,
  listSecrets,
  reviewedConversationJson,
  secretJson,
  secretUsers,
  signConversation,
  updateSecret,
  updateAgent,
  VERSION_TEXTS,
} from "~/agents/agents.server";
import { rangedObjectResponse } from "~/history/history.server";
import { AGENT_LIMITS, AGENT_TEXTS, offsetPage } from "~/agents/rules/agents";
import { SECRET_LIMITS, SECRET_TEXTS } from "~/agents/rules/secrets";
import { ENVIRONMENT_NAME } from "~/agents/rules/environment-variables";
import { BRANCH_TEXTS, MAIN_BRANCH } from "~/agents/rules/branches";
import { withoutReadOnlySettings } from "~/agents/rules/agent-media";
import { doc, jsonObject, pageQuery, queryList, refused } from "./api-schemas";

const agentBody = z.object({
  conversation_config: jsonObject.optional(),
  platform_settings: jsonObject.nullish(),
  name: z.string().max(AGENT_LIMITS.name, `name must be at most ${AGENT_LIMITS.name} characters.`).nullish(),
  tags: z.array(z.string().max(100)).max(50).nullish(),
});
const agentParam = z.object({ agent_id: z.string().min(1).max(100) });
const conversationParam = z.object({ conversation_id: z.string().min(1).max(100) });

/** GET /v1/convai/agents..., conversations, secrets: the workspace's agents and what belongs to them (the knowledge base: knowledge-api.ts). */
export const agentsApi = new Hono<AuthedEnv>();
agentsApi.use("*", requireAgentsCaller);

const input = (body: z.infer<typeof agentBody>) => ({ name: body.name, conversationConfig: body.conversation_config, platformSettings: withoutReadOnlySettings(body.platform_settings ?? undefined), tags: body.tags ?? undefined });

agentsApi.post(
  "/agents/create",
  doc("Create an agent", { success: { description: "JSON: agent_id" }, responses: { 400: "voice_not_found, document_not_found" } }),
  valid("json", agentBody.extend({ conversation_config: jsonObject })),
  async (c) => {
    const created = await createAgent(c.env, c.get("caller"), input(c.req.valid("json")));
    if (!created.ok) return refused(c, created.refusal);
    return c.json({ agent_id: created.agent.id });
  },
);

agentsApi.get("/agents", doc("List agents, newest first", { success: { description: "JSON: agents, next_cursor, has_more" } }), valid("query", pageQuery), async (c) => {
  const q = c.req.valid("query");
  const page = await listAgents(c.env, c.get("caller"), { pageSize: q.page_size, search: q.search, cursor: q.cursor });
  return c.json({ agents: page.agents.map((a) => agentSummaryJson(a, c.get("caller"))), next_cursor: page.nextCursor, has_more: page.nextCursor !== null });
});

agentsApi.get(
  "/agents/:agent_id",
  doc("Get an agent (branch_id: that branch's tip; version_id: as that saved version was)", { success: { description: "JSON: the agent, with version_id, branch_id and main_branch_id" }, responses: { 404: "not_found: the agent, the branch or the version" } }),
  valid("param", agentParam),
  valid("query", z.object({ version_id: z.string().max(100).optional(), branch_id: z.string().max(100).optional() })),
  async (c) => {
    const caller = c.get("caller");
    const agent = await findAgent(c.env, caller, c.req.valid("param").agent_id);
    if (!agent) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
    const q = c.req.valid("query");
    if (q.version_id) {
      const version = await findVersion(c.env, caller, agent.id, q.version_id);
      if (!version || (q.branch_id && version.branchId !== q.branch_id)) return apiError(c, 404, "not_found", VERSION_TEXTS.notFound);
      return c.json({ ...agentJson(agentAtVersion(agent, version), caller), version_id: version.id, branch_id: version.branchId, main_branch_id: MAIN_BRANCH.id });
    }
    const on = await agentOnBranch(c.env, caller, agent, q.branch_id ?? MAIN_BRANCH.id);
    if (!on) return apiError(c, 404, "not_found", BRANCH_TEXTS.branchNotFound);
    return c.json({ ...agentJson(on.row, caller), version_id: on.version?.id, branch_id: on.branch.id, main_branch_id: MAIN_BRANCH.id });
  },
);

agentsApi.patch(
  "/agents/:agent_id",
  doc("Update an agent (the configuration merges into what is stored; branch_id: commit on that branch, main by default, saving its draft)", {
    success: { description: "JSON: the agent as committed, with version_id and branch_id" },
    responses: { 400: "voice_not_found, document_not_found, procedure_validation_failed (decision 0090)", 403: "branch_protected", 404: "not_found: the agent or the branch", 409: "branch_archived" },
  }),
  valid("param", agentParam),
  valid("query", z.object({ branch_id: z.string().min(1).max(100).optional(), enable_versioning_if_not_enabled: z.string().optional() })),
  valid("json", agentBody.extend({ version_description: z.string().max(500).nullish() })),
  async (c) => {
    const body = c.req.valid("json");
    const updated = await updateAgent(c.env, c.get("caller"), c.req.valid("param").agent_id, { ...input(body), versionDescription: body.version_description, branchId: c.req.valid("query").branch_id });
    if (!updated.ok) return refused(c, updated.refusal);
    return c.json({ ...agentJson(updated.agent, c.get("caller")), version_id: updated.version.id, branch_id: updated.version.branchId, main_branch_id: MAIN_BRANCH.id });
  },
);

agentsApi.delete("/agents/:agent_id", doc("Delete an agent", { success: { description: "Empty JSON" }, responses: { 404: "not_found" } }), valid("param", agentParam), async (c) => {
  if (!(await deleteAgent(c.env, c.get("caller"), c.req.valid("param").agent_id))) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
  return c.json({});
});

agentsApi.post("/agents/:agent_id/duplicate", doc("Duplicate an agent", { success: { description: "JSON: agent_id of the copy" }, responses: { 404: "not_found" } }), valid("param", agentParam), async (c) => {
  const agent = await findAgent(c.env, c.get("caller"), c.req.valid("param").agent_id);
  if (!agent) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
  const copy = await createAgent(c.env, c.get("caller"), { name: `${agent.name} (copy)`, conversationConfig: JSON.parse(agent.conversationConfig), platformSettings: JSON.parse(agent.platformSettings), tags: JSON.parse(agent.tags) });
  if (!copy.ok) return refused(c, copy.refusal);
  return c.json({ agent_id: copy.agent.id });
});

agentsApi.get(
  "/conversation/get-signed-url",
  doc("A signed URL that opens a conversation with an agent without the API key (branch_id: with that branch's tip instead of the traffic split; version_id: with exactly that version; environment: the environment its tools' environment variables resolve for, production by default)", {
    success: { description: "JSON: signed_url" },
    responses: { 401: "quota_exceeded: less than a conversation minute's credits remain", 402: "payment_required", 404: "not_found: the agent, or the branch or version is not the agent's", 409: "branch_archived" },
  }),
  valid("query", z.object({ agent_id: z.string().min(1).max(100), include_conversation_id: z.string().optional(), branch_id: z.string().min(1).max(100).optional(), version_id: z.string().min(1).max(100).optional(), environment: z.string().regex(ENVIRONMENT_NAME).optional() })),
  async (c) => {
    const query = c.req.valid("query");
    const agent = await findAgent(c.env, c.get("caller"), query.agent_id);
    if (!agent) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
    // The branch or version is checked now (decision 0085) and again when the socket opens (a branch may be archived meanwhile).
    const chosen = await chosenRoute(c.env, agent, { branchId: query.branch_id ?? null, versionId: query.version_id ?? null });
    if (chosen && !chosen.ok) return refused(c, chosen.refusal);
    const broke = await conversationCreditRefusal(c.env, agent.workspaceId);
    if (broke) return refused(c, broke);
    // A chosen version is signed with its branch, so the conversation records both.
    const token = await signConversation(c.env, c.get("caller"), agent.id, chosen?.routed.branchId ?? null, query.version_id ? (chosen?.routed.versionId ?? null) : null, query.environment ?? null);
    const url = new URL(c.req.url);
    const scheme = url.protocol === "https:" ? "wss:" : "ws:";
    return c.json({ signed_url: `${scheme}//${url.host}/v1/convai/conversation?agent_id=${encodeURIComponent(agent.id)}&conversation_signature=${token}` });
  },
);

agentsApi.get(
  "/conversations",
  doc("List conversations, newest first (tag_ids: those with any of the tags; branch_id, version_id: those that talked with it)", { success: { description: "JSON: conversations, next_cursor, has_more" } }),
  valid("query", pageQuery.extend({ agent_id: z.string().max(100).optional(), tag_ids: queryList.optional(), branch_id: z.string().max(100).optional(), version_id: z.string().max(100).optional() })),
  async (c) => {
    const q = c.req.valid("query");
    const page = await listConversations(c.env, c.get("caller"), { pageSize: q.page_size, agentId: q.agent_id, cursor: q.cursor, tagIds: q.tag_ids, branchId: q.branch_id, versionId: q.version_id });
    return c.json({ conversations: page.conversations.map(conversationSummaryJson), next_cursor: page.nextCursor, has_more: page.nextCursor !== null });
  },
);

agentsApi.get("/conversations/:conversation_id", doc("Get a conversation with its transcript, analysis, tags and feedback", { success: { description: "JSON: the conversation" }, responses: { 404: "not_found" } }), valid("param", conversationParam), async (c) => {
  const row = await findConversation(c.env, c.get("caller"), c.req.valid("param").conversation_id);
  return row ? c.json(await reviewedConversationJson(c.env, row)) : apiError(c, 404, "not_found", AGENT_TEXTS.conversationNotFound);
});

agentsApi.get(
  "/conversations/:conversation_id/audio",
  doc("A conversation's audio (WAV; HTTP Range supported)", { success: { contentTypes: ["audio/wav"], description: "The recorded call" }, responses: { 404: "not_found" } }),
  valid("param", conversationParam),
  async (c) => {
    const row = await findConversation(c.env, c.get("caller"), c.req.valid("param").conversation_id);
    if (!row) return apiError(c, 404, "not_found", AGENT_TEXTS.conversationNotFound);
    if (!row.audioKey || !row.audioBytes) return apiError(c, 404, "not_found", AGENT_TEXTS.conversationAudioMissing);
    return (await rangedObjectResponse(c.env.MEDIA, row.audioKey, row.audioBytes, c.req.header("range"), { "content-type": "audio/wav" })) ?? apiError(c, 404, "not_found", AGENT_TEXTS.conversationAudioMissing);
  },
);

agentsApi.delete("/conversations/:conversation_id", doc("Delete a conversation, its audio and its files", { success: { description: "Empty JSON" }, responses: { 404: "not_found" } }), valid("param", conversationParam), async (c) => {
  if (!(await deleteConversation(c.env, c.get("caller"), c.req.valid("param").conversation_id))) return apiError(c, 404, "not_found", AGENT_TEXTS.conversationNotFound);
  return c.json({});
});

const secretParam = z.object({ secret_id: z.string().min(1).max(100) });
const secretFields = {
  name: z.string().trim().min(1, "name must not be empty.").max(SECRET_LIMITS.name, `name must be at most ${SECRET_LIMITS.name} characters.`),
  value: z.string().min(1, "value must not be empty.").max(SECRET_LIMITS.value, `value must be at most ${SECRET_LIMITS.value} characters.`),
};

agentsApi.get(
  "/secrets",
  doc("List the workspace's secrets (names and the agents using them; never their values)", { success: { description: "JSON: secrets, next_cursor" } }),
  valid("query", z.object({ page_size: z.coerce.number().int().min(1).max(SECRET_LIMITS.pageSize).default(30), cursor: z.string().max(40).optional(), search: z.string().max(200).optional(), dependency_limit: z.coerce.number().int().optional() })),
  async (c) => {
    const q = c.req.valid("query");
    const page = await listSecrets(c.env, c.get("caller"), { pageSize: q.page_size, search: q.search, cursor: q.cursor });
    const secrets = await Promise.all(page.secrets.map(async (s) => secretJson(s, await secretUsers(c.env, s.workspaceId, s.id))));
    return c.json({ secrets, ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}) });
  },
);

agentsApi.post(
  "/secrets",
  doc("Store a secret for webhook tools' headers (its value is never returned)", { success: { description: "JSON: type, secret_id, name" } }),
  valid("json", z.object({ type: z.literal("new").optional(), ...secretFields })),
  async (c) => {
    const row = await createSecret(c.env, c.get("caller"), c.req.valid("json"));
    return c.json({ type: "stored", secret_id: row.id, name: row.name });
  },
);

agentsApi.get("/secrets/:secret_id", doc("Get a secret (name and users, never its value)", { success: { description: "JSON: the secret" }, responses: { 404: "not_found" } }), valid("param", secretParam), async (c) => {
  const row = await findSecret(c.env, c.get("caller"), c.req.valid("param").secret_id);
  if (!row) return apiError(c, 404, "not_found", SECRET_TEXTS.notFound);
  return c.json(secretJson(row, await secretUsers(c.env, row.workspaceId, row.id)));
});

agentsApi.get(
  "/secrets/:secret_id/dependencies/:resource_type",
  doc("What uses a secret, by kind: tools or agents (phone numbers keep their own credentials and use none)", { success: { description: "JSON: dependencies, next_cursor" }, responses: { 404: "not_found" } }),
  valid("param", secretParam.extend({ resource_type: z.enum(["tools", "agents", "phone_numbers"]) })),
  valid("query", z.object({ page_size: z.coerce.number().int().min(1).max(SECRET_LIMITS.pageSize).default(30), cursor: z.string().max(20).optional() })),
  async (c) => {
    const params = c.req.valid("param");
    const row = await findSecret(c.env, c.get("caller"), params.secret_id);
    if (!row) return apiError(c, 404, "not_found", SECRET_TEXTS.notFound);
    const users = secretJson(row, await secretUsers(c.env, row.workspaceId, row.id)).used_by;
    const q = c.req.valid("query");
    const page = offsetPage(params.resource_type === "phone_numbers" ? [] : users[params.resource_type], q.page_size, q.cursor);
    return c.json({ dependencies: page.items, next_cursor: page.nextCursor ?? undefined });
  },
);

agentsApi.patch(
  "/secrets/:secret_id",
  doc("Replace a secret's name and value", { success: { description: "JSON: type, secret_id, name" }, responses: { 404: "not_found" } }),
  valid("param", secretParam),
  valid("json", z.object({ type: z.literal("update").optional(), ...secretFields })),
  async (c) => {
    const row = await updateSecret(c.env, c.get("caller"), c.req.valid("param").secret_id, c.req.valid("json"));
    return row ? c.json({ type: "stored", secret_id: row.id, name: row.name }) : apiError(c, 404, "not_found", SECRET_TEXTS.notFound);
  },
);

agentsApi.delete(
  "/secrets/:secret_id",
  doc("Delete a secret no agent's tool uses", { success: { description: "Empty JSON" }, responses: { 400: "secret_in_use", 404: "not_found" } }),
  valid("param", secretParam),
  async (c) => {
    const deleted = await deleteSecret(c.env, c.get("caller"), c.req.valid("param").secret_id);
    if (!deleted.ok) return refused(c, deleted.refusal);
    return c.json({});
  },
);
