import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AuthedEnv } from "~/api/auth";
import { requireAgentsCaller } from "~/agents/api-access";
import { apiError } from "~/api/errors";
import { valid } from "~/api/validation";
import {
  agentContext,
  closeAgentContext,
  analysisJson,
  cancelInvocation,
  createTest,
  deleteTest,
  deleteTestFolder,
  findAgent,
  findInvocation,
  findTest,
  findTestsById,
  invocationJson,
  invocationSummaryJson,
  listInvocations,
  listTests,
  mockedByName,
  moveTests,
  renameTestFolder,
  replaceTest,
  resubmitRuns,
  runTests,
  simulateConversation,
  testContext,
  testFolderJson,
  testJson,
  testSummaryJson,
  type AgentTestRow,
  type SimulatedEntry,
} from "~/agents/agents.server";
import { AGENT_LIMITS, AGENT_TEXTS } from "~/agents/rules/agents";
import { SIMULATION_LIMITS, SIMULATION_TEXTS, TEST_TYPES, transcriptEntries } from "~/agents/rules/simulation";
import { doc, id, jsonObject, pageQuery, queryFlag, queryList, refused } from "./api-schemas";

const name = z.string().trim().min(1, "name must not be empty.").max(AGENT_LIMITS.name);
const folderField = { parent_folder_id: id.nullish() };
/** A test as the SDK sends it: its type, name and folder; everything else is its definition, kept as sent. */
const testBody = z.looseObject({ type: z.enum(TEST_TYPES), name, ...folderField });
const testParam = z.object({ test_id: id });
const folderParam = z.object({ folder_id: id });
const override = z.object({ conversation_config: jsonObject.optional(), platform_settings: jsonObject.nullish() }).nullish();
const overrideOf = (value: z.infer<typeof override>) => (value ? { conversationConfig: value.conversation_config, platformSettings: value.platform_settings ?? undefined } : null);
const unixSeconds = z.coerce.number().int().min(0);

/** /v1/convai/agent-testing: tests of agents' responses, tool calls and whole simulated conversations, in folders (decision 0065). */
export const agentTestsApi = new Hono<AuthedEnv>();
agentTestsApi.use("*", requireAgentsCaller);

agentTestsApi.post(
  "/create",
  doc("Create a test: llm (the next response), tool (the next tool call) or simulation (a conversation with a simulated user)", { success: { description: "JSON: id" }, responses: { 400: "folder_not_found" } }),
  valid("json", testBody),
  async (c) => {
    const body = c.req.valid("json");
    const created = await createTest(c.env, c.get("caller"), { type: body.type, name: body.name, parentFolderId: body.parent_folder_id, body });
    return created.ok ? c.json({ id: created.test.id }) : refused(c, created.refusal);
  },
);

agentTestsApi.get(
  "/",
  doc("List tests (and, include_folders, folders), newest first", { success: { description: "JSON: tests, next_cursor, has_more" } }),
  valid("query", pageQuery.extend({ parent_folder_id: id.optional(), types: queryList.optional(), include_folders: queryFlag.optional(), sort_mode: z.string().max(40).optional(), sharing_mode: z.string().max(40).optional(), created_by_user_id: id.optional() })),
  async (c) => {
    const q = c.req.valid("query");
    const caller = c.get("caller");
    const page = await listTests(c.env, caller, { pageSize: q.page_size, cursor: q.cursor, search: q.search, parentFolderId: q.parent_folder_id, types: q.types, includeFolders: q.include_folders === true, createdBy: q.created_by_user_id });
    if (q.sort_mode === "folders_first") page.tests.sort((a, b) => Number(b.type === "folder") - Number(a.type === "folder"));
    const context = await testContext(c.env, caller, page.tests);
    return c.json({ tests: page.tests.map((t) => testSummaryJson(t, caller, context)), next_cursor: page.nextCursor ?? undefined, has_more: page.nextCursor !== null });
  },
);

agentTestsApi.post("/summaries", doc("Summaries of tests by id", { success: { description: "JSON: tests (id → summary)" } }), valid("json", z.object({ test_ids: z.array(id).min(1).max(SIMULATION_LIMITS.pageSize) })), async (c) => {
  const caller = c.get("caller");
  const rows = await findTestsById(c.env, caller, c.req.valid("json").test_ids);
  const context = await testContext(c.env, caller, rows);
  return c.json({ tests: Object.fromEntries(rows.map((t) => [t.id, testSummaryJson(t, caller, context)])) });
});

agentTestsApi.post(
  "/bulk-move",
  doc("Move tests and folders into a folder (move_to absent: to the top)", { success: { description: "Empty JSON" }, responses: { 400: "folder_not_found", 404: "not_found" } }),
  valid("json", z.object({ entity_ids: z.array(id).min(1).max(SIMULATION_LIMITS.pageSize), move_to: id.nullish() })),
  async (c) => {
    const body = c.req.valid("json");
    const moved = await moveTests(c.env, c.get("caller"), body.entity_ids, body.move_to ?? null);
    return moved.ok ? c.json({}) : refused(c, moved.refusal);
  },
);

/** A folder with its path and contents, as GET answers it. */
async function folderAnswer(c: Context<AuthedEnv>, folder: AgentTestRow) {
  return c.json(testFolderJson(folder, await testContext(c.env, c.get("caller"), [folder])));
}

agentTestsApi.post("/folders", doc("Create a test folder", { success: { description: "JSON: id, name" }, responses: { 400: "folder_not_found: the parent" } }), valid("json", z.object({ name, ...folderField })), async (c) => {
  const body = c.req.valid("json");
  const created = await createTest(c.env, c.get("caller"), { type: "folder", name: body.name, parentFolderId: body.parent_folder_id, body: {} });
  return created.ok ? c.json({ id: created.test.id, name: created.test.name }) : refused(c, created.refusal);
});

agentTestsApi.get("/folders/:folder_id", doc("Get a test folder with its path and how much it holds", { success: { description: "JSON: id, name, folder_path, children_count" }, responses: { 404: "not_found" } }), valid("param", folderParam), async (c) => {
  const folder = await findTest(c.env, c.get("caller"), c.req.valid("param").folder_id, "folder");
  return folder ? folderAnswer(c, folder) : apiError(c, 404, "not_found", SIMULATION_TEXTS.folderNotFound);
});

agentTestsApi.patch(
  "/folders/:folder_id",
  doc("Rename a test folder", { success: { description: "JSON: id, name, folder_path, children_count" }, responses: { 404: "not_found" } }),
  valid("param", folderParam),
  valid("json", z.object({ name })),
  async (c) => {
    const folder = await renameTestFolder(c.env, c.get("caller"), c.req.valid("param").folder_id, c.req.valid("json").name);
    return folder ? folderAnswer(c, folder) : apiError(c, 404, "not_found", SIMULATION_TEXTS.folderNotFound);
  },
);

agentTestsApi.delete(
  "/folders/:folder_id",
  doc("Delete a test folder (force: with everything in it)", { success: { description: "Empty JSON" }, responses: { 400: "folder_not_empty", 404: "not_found" } }),
  valid("param", folderParam),
  valid("query", z.object({ force: queryFlag.optional() })),
  async (c) => {
    const deleted = await deleteTestFolder(c.env, c.get("caller"), c.req.valid("param").folder_id, c.req.valid("query").force === true);
    return deleted.ok ? c.json({}) : refused(c, deleted.refusal);
  },
);

agentTestsApi.get("/:test_id", doc("Get a test", { success: { description: "JSON: the test" }, responses: { 404: "not_found" } }), valid("param", testParam), async (c) => {
  const test = await findTest(c.env, c.get("caller"), c.req.valid("param").test_id);
  return test ? c.json(testJson(test, c.get("caller"))) : apiError(c, 404, "not_found", SIMULATION_TEXTS.testNotFound);
});

agentTestsApi.put(
  "/:test_id",
  doc("Replace a test", { success: { description: "JSON: the test" }, responses: { 400: "folder_not_found", 404: "not_found" } }),
  valid("param", testParam),
  valid("json", testBody),
  async (c) => {
    const body = c.req.valid("json");
    const replaced = await replaceTest(c.env, c.get("caller"), c.req.valid("param").test_id, { type: body.type, name: body.name, parentFolderId: body.parent_folder_id, body });
    return replaced.ok ? c.json(testJson(replaced.test, c.get("caller"))) : refused(c, replaced.refusal);
  },
);

agentTestsApi.delete("/:test_id", doc("Delete a test", { success: { description: "Empty JSON" }, responses: { 404: "not_found" } }), valid("param", testParam), async (c) =>
  (await deleteTest(c.env, c.get("caller"), c.req.valid("param").test_id)) ? c.json({}) : apiError(c, 404, "not_found", SIMULATION_TEXTS.testNotFound),
);

const invocationParam = z.object({ test_invocation_id: id });

/** /v1/convai/test-invocations: the runs of tests against agents and their verdicts (decision 0065). */
export const testInvocationsApi = new Hono<AuthedEnv>();
testInvocationsApi.use("*", requireAgentsCaller);

testInvocationsApi.get(
  "/",
  doc("List test invocations, newest first, with their counts by status", { success: { description: "JSON: results, next_cursor, has_more" } }),
  valid("query", z.object({ page_size: z.coerce.number().int().min(1).max(SIMULATION_LIMITS.pageSize).default(30), cursor: z.string().max(40).optional(), agent_id: id.optional(), test_id: id.optional(), start_time: unixSeconds.optional(), end_time: unixSeconds.optional(), search: z.string().max(200).optional(), branch_id: z.string().max(100).optional(), version_id: z.string().max(100).optional() })),
  async (c) => {
    const q = c.req.valid("query");
    const caller = c.get("caller");
    const page = await listInvocations(c.env, caller, { pageSize: q.page_size, cursor: q.cursor, agentId: q.agent_id, testId: q.test_id, from: q.start_time === undefined ? undefined : q.start_time * 1000, to: q.end_time === undefined ? undefined : q.end_time * 1000 + 999, search: q.search });
    return c.json({ results: page.invocations.map((i) => invocationSummaryJson(i.invocation, i.runs, caller)), next_cursor: page.nextCursor ?? undefined, has_more: page.nextCursor !== null });
  },
);

testInvocationsApi.get("/:test_invocation_id", doc("Get a test invocation with each run's status, the agent's responses and the verdict", { success: { description: "JSON: the invocation" }, responses: { 404: "not_found" } }), valid("param", invocationParam), async (c) => {
  const found = await findInvocation(c.env, c.get("caller"), c.req.valid("param").test_invocation_id);
  return found ? c.json(invocationJson(found.invocation, found.runs)) : apiError(c, 404, "not_found", SIMULATION_TEXTS.invocationNotFound);
});

testInvocationsApi.post("/:test_invocation_id/cancel", doc("Cancel a test invocation: its runs still pending will not run", { success: { description: "Empty JSON" }, responses: { 404: "not_found" } }), valid("param", invocationParam), async (c) =>
  (await cancelInvocation(c.env, c.get("caller"), c.req.valid("param").test_invocation_id)) ? c.json({}) : apiError(c, 404, "not_found", SIMULATION_TEXTS.invocationNotFound),
);

testInvocationsApi.post(
  "/:test_invocation_id/resubmit",
  doc("Run some of an invocation's runs again", { success: { description: "Empty JSON" }, responses: { 404: "not_found: the invocation, the agent or a run" } }),
  valid("param", invocationParam),
  valid("json", z.object({ test_run_ids: z.array(id).min(1).max(SIMULATION_LIMITS.runs), agent_id: id, agent_config_override: override, branch_id: z.string().max(100).nullish() })),
  async (c) => {
    const body = c.req.valid("json");
    const resubmitted = await resubmitRuns(c.env, c.get("caller"), c.req.valid("param").test_invocation_id, { runIds: body.test_run_ids, agentId: body.agent_id, override: overrideOf(body.agent_config_override) }, (work) => c.executionCtx.waitUntil(work));
    return resubmitted.ok ? c.json({}) : refused(c, resubmitted.refusal);
  },
);

const agentParam = z.object({ agent_id: id });
const simulationBody = z.object({
  simulation_specification: z.object({
    simulated_user_config: z.looseObject({ first_message: z.string().max(AGENT_LIMITS.firstMessage).nullish(), prompt: z.looseObject({ prompt: z.string().max(AGENT_LIMITS.prompt).nullish(), llm: z.string().max(100).nullish() }).nullish() }),
    tool_mock_config: z.record(z.string(), z.object({ default_return_value: z.string().max(10_000).nullish(), default_is_error: z.boolean().nullish() })).nullish(),
    partial_conversation_history: z.array(jsonObject).max(200).nullish(),
    dynamic_variables: jsonObject.nullish(),
  }),
  extra_evaluation_criteria: z.array(z.looseObject({ id, name: z.string().max(200).nullish(), conversation_goal_prompt: z.string().max(2000) })).max(20).nullish(),
  new_turns_limit: z.number().int().min(1).max(SIMULATION_LIMITS.maxTurns).nullish(),
});

/** Agents' tests and simulated conversations under /v1/convai/agents/{agent_id}; each route asks for the key itself. */
export const agentRunsApi = new Hono<AuthedEnv>();

agentRunsApi.post(
  "/agents/:agent_id/run-tests",
  requireAgentsCaller,
  doc("Run tests against an agent (a folder runs every test in it); the runs go on after the answer", { success: { description: "JSON: the invocation, its runs pending" }, responses: { 400: "too many runs", 404: "not_found: the agent or a test" } }),
  valid("param", agentParam),
  valid("json", z.object({ tests: z.array(z.looseObject({ test_id: id })).min(1).max(SIMULATION_LIMITS.runs), agent_config_override: override, branch_id: z.string().max(100).nullish(), repeat_count: z.number().int().min(1).max(SIMULATION_LIMITS.repeats).nullish() })),
  async (c) => {
    const body = c.req.valid("json");
    const run = await runTests(c.env, c.get("caller"), c.req.valid("param").agent_id, { testIds: body.tests.map((t) => t.test_id), repeatCount: body.repeat_count ?? 1, override: overrideOf(body.agent_config_override) }, (work) => c.executionCtx.waitUntil(work));
    return run.ok ? c.json(invocationJson(run.invocation, run.runs)) : refused(c, run.refusal);
  },
);

/** The simulation a request asks for, against the agent's real responder. */
async function simulation(c: Context<AuthedEnv>, agentId: string, body: z.infer<typeof simulationBody>, onEntry?: (entry: SimulatedEntry) => void | Promise<void>) {
  const agent = await findAgent(c.env, c.get("caller"), agentId);
  if (!agent) return null;
  const spec = body.simulation_specification;
  const user = spec.simulated_user_config;
  const context = await agentContext(c.env, agent);
  try {
    return await simulateConversation(c.env, context, {
      user: { firstMessage: user.first_message, prompt: user.prompt?.prompt, llm: user.prompt?.llm },
      history: transcriptEntries(spec.partial_conversation_history),
      turns: body.new_turns_limit ?? SIMULATION_LIMITS.defaultTurns,
      runTool: mockedByName(c.env, context, spec.tool_mock_config ?? {}),
      extraCriteria: (body.extra_evaluation_criteria ?? []).map((criterion) => ({ id: criterion.id, name: criterion.name ?? criterion.id, goal: criterion.conversation_goal_prompt })),
      onEntry,
    });
  } finally {
    await closeAgentContext(context);
  }
}

agentRunsApi.post(
  "/agents/:agent_id/simulate-conversation",
  requireAgentsCaller,
  doc("Simulate a conversation in text: the agent's responder against a simulated user (scripted, or a model named for it), then its analysis", {
    success: { description: "JSON: simulated_conversation, analysis" },
    responses: { 404: "not_found" },
  }),
  valid("param", agentParam),
  valid("json", simulationBody),
  async (c) => {
    const simulated = await simulation(c, c.req.valid("param").agent_id, c.req.valid("json"));
    return simulated ? c.json({ simulated_conversation: simulated.transcript, analysis: analysisJson(simulated.analysis) }) : apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
  },
);

agentRunsApi.post(
  "/agents/:agent_id/simulate-conversation/stream",
  requireAgentsCaller,
  doc("Simulate a conversation, streamed: one line of JSON per message as it is said, the whole conversation and its analysis last", {
    success: { contentTypes: ["application/x-ndjson"], description: "Lines: [message], then {simulated_conversation, analysis}" },
    responses: { 404: "not_found" },
  }),
  valid("param", agentParam),
  valid("json", simulationBody),
  async (c) => {
    const agentId = c.req.valid("param").agent_id;
    if (!(await findAgent(c.env, c.get("caller"), agentId))) return apiError(c, 404, "not_found", AGENT_TEXTS.agentNotFound);
    const body = c.req.valid("json");
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    const encoder = new TextEncoder();
    const line = (value: unknown) => writer.write(encoder.encode(`${JSON.stringify(value)}\n`));
    c.executionCtx.waitUntil(
      simulation(c, agentId, body, (entry) => line([entry]))
        .then((simulated) => simulated && line({ simulated_conversation: simulated.transcript, analysis: analysisJson(simulated.analysis) }))
        .catch((error) => line({ error: String(error instanceof Error ? error.message : error) }))
        .finally(() => writer.close()),
    );
    return new Response(readable, { headers: { "content-type": "application/x-ndjson", "cache-control": "no-store" } });
  },
);
