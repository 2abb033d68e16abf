// Agent tests (decision 0065): response tests, tool-call tests and simulation tests, kept in folders and run against an
// agent's real responder. A run is recorded at once as pending and the tests run after the answer (`waitUntil`), one
// after another; a cancelled invocation stops before its next test. Verdicts come from core/agents/agent-tests.ts.
import { database } from "../../../db/client";
import * as table from "../../../db/repositories/agent-tests";
import type { AgentTestRow, TestInvocationRow, TestRunRow } from "../../../db/repositories/agent-tests";
import type { AgentRow } from "../../../db/repositories/agents";
import { judgeResponse, judgeToolCalls, parameterMatches, type ExpectedParameter, type Judgement } from "../../../core/agents/agent-tests";
import type { ChatMessage } from "../../../core/engines/chat";
import type { Actor } from "~/accounts/accounts.server";
import { newId } from "~/accounts/accounts.server";
import { log } from "~/common/log.server";
import type { Json } from "~/agents/rules/agents";
import { AGENT_TEXTS } from "~/agents/rules/agents";
import { folderAndDescendants, folderPath } from "~/agents/rules/knowledge";
import { toolArguments } from "~/agents/rules/llm";
import { conditionCriteria, SIMULATION_LIMITS, SIMULATION_TEXTS, testDefinition, transcriptEntries, type TestType } from "~/agents/rules/simulation";
import { accessInfo, findAgent, type AgentRefusal } from "./agents.server";
import { toolMocks } from "./tools.server";
import { agentContext, agentModelCall, closeAgentContext, realCall, simulateConversation, type AgentContext, type SimulatedEntry, type ToolRunner } from "./simulation.server";

export type { AgentTestRow, TestInvocationRow, TestRunRow };
type Viewer = Pick<Actor, "membership" | "user">;
type Refusal = { ok: false; refusal: AgentRefusal };
const workspaceOf = (viewer: Pick<Actor, "membership">) => viewer.membership.workspace.id;
const refuse = (httpStatus: 400 | 404, status: string, message: string): Refusal => ({ ok: false, refusal: { httpStatus, status, message } });
const parse = (text: string) => JSON.parse(text) as Json;

// ---- tests and folders ----

async function folderRefusal(env: Env, workspaceId: string, folderId: string | null | undefined): Promise<Refusal | null> {
  if (!folderId) return null;
  const folder = await table.findTest(database(env.DB), workspaceId, folderId);
  return folder?.type === "folder" ? null : refuse(400, "folder_not_found", SIMULATION_TEXTS.folderNotFound);
}

/** A test (or, type "folder", a folder) with everything else the caller sent as its definition. */
export async function createTest(env: Env, viewer: Viewer, input: { type: TestType | "folder"; name: string; parentFolderId?: string | null; body: Json }): Promise<{ ok: true; test: AgentTestRow } | Refusal> {
  const problem = await folderRefusal(env, workspaceOf(viewer), input.parentFolderId);
  if (problem) return problem;
  const now = Date.now();
  const test: AgentTestRow = {
    id: newId(input.type === "folder" ? "testfolder" : "test"),
    workspaceId: workspaceOf(viewer),
    createdBy: viewer.user.id,
    creatorEmail: viewer.user.email,
    type: input.type,
    name: input.name.trim(),
    parentFolderId: input.parentFolderId ?? null,
    definition: JSON.stringify(input.type === "folder" ? {} : testDefinition(input.body)),
    createdAt: now,
    updatedAt: now,
  };
  await table.insertTest(database(env.DB), test);
  return { ok: true, test };
}

export async function findTest(env: Env, viewer: Pick<Actor, "membership">, id: string, type: "test" | "folder" = "test"): Promise<AgentTestRow | null> {
  const row = await table.findTest(database(env.DB), workspaceOf(viewer), id);
  return row && (row.type === "folder") === (type === "folder") ? row : null;
}

/** Replaces a test (PUT): its type, name and definition. */
export async function replaceTest(env: Env, viewer: Viewer, id: string, input: { type: TestType; name: string; parentFolderId?: string | null; body: Json }): Promise<{ ok: true; test: AgentTestRow } | Refusal> {
  const found = await findTest(env, viewer, id);
  if (!found) return refuse(404, "not_found", SIMULATION_TEXTS.testNotFound);
  const problem = await folderRefusal(env, found.workspaceId, input.parentFolderId);
  if (problem) return problem;
  const next: AgentTestRow = { ...found, type: input.type, name: input.name.trim(), definition: JSON.stringify(testDefinition(input.body)), parentFolderId: input.parentFolderId === undefined ? found.parentFolderId : input.parentFolderId, updatedAt: Date.now() };
  await table.updateTest(database(env.DB), found.workspaceId, id, { type: next.type, name: next.name, definition: next.definition, parentFolderId: next.parentFolderId, updatedAt: next.updatedAt });
  return { ok: true, test: next };
}

export async function renameTestFolder(env: Env, viewer: Viewer, id: string, name: string): Promise<AgentTestRow | null> {
  const found = await findTest(env, viewer, id, "folder");
  if (!found) return null;
  await table.updateTest(database(env.DB), found.workspaceId, id, { name: name.trim(), updatedAt: Date.now() });
  return { ...found, name: name.trim() };
}

/** Every test and folder inside these folders, at any depth. */
async function contentsOf(env: Env, workspaceId: string, folderIds: string[]): Promise<AgentTestRow[]> {
  const db = database(env.DB);
  const folders = await table.listTestFolders(db, workspaceId);
  const all = new Set(folderIds.flatMap((id) => [...folderAndDescendants(folders, id)]));
  return table.testsIn(db, workspaceId, [...all]);
}

export async function deleteTest(env: Env, viewer: Viewer, id: string): Promise<boolean> {
  const found = await findTest(env, viewer, id);
  if (!found) return false;
  await table.deleteTests(database(env.DB), found.workspaceId, [id]);
  return true;
}

/** Deletes a folder; one with anything in it is refused unless forced (then all of it goes). */
export async function deleteTestFolder(env: Env, viewer: Viewer, id: string, force: boolean): Promise<{ ok: true } | Refusal> {
  const found = await findTest(env, viewer, id, "folder");
  if (!found) return refuse(404, "not_found", SIMULATION_TEXTS.folderNotFound);
  const inside = await contentsOf(env, found.workspaceId, [id]);
  if (inside.length && !force) return refuse(400, "folder_not_empty", SIMULATION_TEXTS.folderNotEmpty);
  await table.deleteTests(database(env.DB), found.workspaceId, [id, ...inside.map((t) => t.id)]);
  return { ok: true };
}

/** Moves tests and folders into a folder (null: to the top); a folder never into itself. */
export async function moveTests(env: Env, viewer: Viewer, ids: string[], target: string | null): Promise<{ ok: true } | Refusal> {
  const db = database(env.DB);
  const workspaceId = workspaceOf(viewer);
  const found = await table.findTests(db, workspaceId, ids);
  const missing = ids.filter((id) => !found.some((t) => t.id === id));
  if (missing.length) return refuse(404, "not_found", SIMULATION_TEXTS.testsNotFound(missing));
  if (target) {
    const folders = await table.listTestFolders(db, workspaceId);
    if (!folders.some((f) => f.id === target)) return refuse(400, "folder_not_found", SIMULATION_TEXTS.notAFolder);
    if (ids.some((id) => folders.some((f) => f.id === id) && folderAndDescendants(folders, id).has(target))) return refuse(400, "invalid_request", SIMULATION_TEXTS.moveIntoItself);
  }
  await table.moveTests(db, workspaceId, ids, target);
  return { ok: true };
}

export async function listTests(env: Env, viewer: Viewer, query: { pageSize: number; cursor?: string; search?: string; parentFolderId?: string; types?: string[]; includeFolders: boolean; onlyOwn?: boolean; createdBy?: string }) {
  const before = query.cursor && /^\d+$/.test(query.cursor) ? Number(query.cursor) : undefined;
  const rows = await table.listTests(database(env.DB), workspaceOf(viewer), { pageSize: query.pageSize + 1, search: query.search, before, parentFolderId: query.parentFolderId, types: query.types, includeFolders: query.includeFolders, createdBy: query.onlyOwn ? viewer.user.id : query.createdBy });
  const page = rows.slice(0, query.pageSize);
  return { tests: page, nextCursor: rows.length > query.pageSize ? String(page.at(-1)!.createdAt) : null };
}

export async function findTestsById(env: Env, viewer: Viewer, ids: string[]): Promise<AgentTestRow[]> {
  return (await table.findTests(database(env.DB), workspaceOf(viewer), ids)).filter((t) => t.type !== "folder");
}

/** What summaries need besides the rows: the folders (paths) and how much each folder holds. */
export async function testContext(env: Env, viewer: Viewer, rows: AgentTestRow[]) {
  const db = database(env.DB);
  const [folders, counts] = await Promise.all([table.listTestFolders(db, workspaceOf(viewer)), table.testFolderCounts(db, workspaceOf(viewer), rows.filter((r) => r.type === "folder").map((r) => r.id))]);
  return { folders, counts };
}

export function testSummaryJson(row: AgentTestRow, viewer: Viewer, context: Awaited<ReturnType<typeof testContext>>) {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    entity_type: row.type === "folder" ? "folder" : "test",
    access_info: accessInfo(row, viewer),
    created_at_unix_secs: Math.floor(row.createdAt / 1000),
    last_updated_at_unix_secs: Math.floor(row.updatedAt / 1000),
    folder_parent_id: row.parentFolderId ?? undefined,
    folder_path: folderPath(context.folders, row.parentFolderId),
    ...(row.type === "folder" ? { children_count: context.counts.get(row.id) ?? 0 } : {}),
  };
}

export function testJson(row: AgentTestRow, viewer: Viewer) {
  return { ...parse(row.definition), id: row.id, name: row.name, type: row.type, parent_folder_id: row.parentFolderId ?? undefined, access_info: accessInfo(row, viewer) };
}

/** A folder with the path to it (itself last) and how much it holds. */
export function testFolderJson(row: AgentTestRow, context: Awaited<ReturnType<typeof testContext>>) {
  return { id: row.id, name: row.name, folder_path: [...folderPath(context.folders, row.parentFolderId), { id: row.id, name: row.name }], children_count: context.counts.get(row.id) ?? 0 };
}

// ---- running ----

/** The tests these ids name, a folder standing for every test inside it. */
async function testsToRun(env: Env, viewer: Viewer, ids: string[]): Promise<{ ok: true; tests: AgentTestRow[] } | Refusal> {
  const db = database(env.DB);
  const found = await table.findTests(db, workspaceOf(viewer), ids);
  const missing = ids.filter((id) => !found.some((t) => t.id === id));
  if (missing.length) return refuse(404, "not_found", SIMULATION_TEXTS.testsNotFound(missing));
  const folders = found.filter((t) => t.type === "folder").map((t) => t.id);
  const inside = folders.length ? await contentsOf(env, workspaceOf(viewer), folders) : [];
  const tests = [...found, ...inside].filter((t, i, all) => t.type !== "folder" && all.findIndex((o) => o.id === t.id) === i);
  return tests.length ? { ok: true, tests } : refuse(400, "invalid_request", SIMULATION_TEXTS.noTests);
}

export type RunInput = { testIds: string[]; repeatCount: number; override?: { conversationConfig?: Json; platformSettings?: Json } | null };

/** Records an invocation of tests against an agent (every run pending) and runs them after the answer. */
export async function runTests(env: Env, viewer: Viewer, agentId: string, input: RunInput, waitUntil: (work: Promise<unknown>) => void): Promise<{ ok: true; invocation: TestInvocationRow; runs: TestRunRow[] } | Refusal> {
  const agent = await findAgent(env, viewer, agentId);
  if (!agent) return refuse(404, "not_found", AGENT_TEXTS.agentNotFound);
  const chosen = await testsToRun(env, viewer, input.testIds);
  if (!chosen.ok) return chosen;
  const repeated = Array.from({ length: input.repeatCount }, () => chosen.tests).flat();
  if (repeated.length > SIMULATION_LIMITS.runs) return refuse(400, "invalid_request", SIMULATION_TEXTS.tooManyRuns);
  const now = Date.now();
  const invocation: TestInvocationRow = {
    id: newId("invocation"),
    workspaceId: agent.workspaceId,
    agentId: agent.id,
    createdBy: viewer.user.id,
    creatorEmail: viewer.user.email,
    title: chosen.tests.length === 1 ? chosen.tests[0]!.name : `${chosen.tests.length} tests`,
    repeatCount: input.repeatCount,
    configOverride: input.override ? JSON.stringify(input.override) : null,
    cancelled: false,
    createdAt: now,
  };
  const runs: TestRunRow[] = repeated.map((test, position) => ({
    id: newId("testrun"),
    invocationId: invocation.id,
    position,
    testId: test.id,
    testName: test.name,
    testType: test.type,
    testDefinition: test.definition,
    status: "pending",
    agentResponses: "[]",
    conditionResult: null,
    updatedAt: now,
  }));
  await table.insertInvocation(database(env.DB), invocation, runs);
  waitUntil(executeRuns(env, agent, invocation, runs));
  return { ok: true, invocation, runs };
}

/** Runs the pending runs in order; a cancelled invocation's runs are left as cancelled. */
async function executeRuns(env: Env, agent: AgentRow, invocation: TestInvocationRow, runs: TestRunRow[]): Promise<void> {
  const override = invocation.configOverride ? (JSON.parse(invocation.configOverride) as RunInput["override"]) : null;
  const context = await agentContext(env, agent, override);
  try {
    await runEach(env, agent, invocation, runs, context);
  } finally {
    await closeAgentContext(context);
  }
}

/** Each run in turn against the same context (its MCP sessions kept open across the runs). */
async function runEach(env: Env, agent: AgentRow, invocation: TestInvocationRow, runs: TestRunRow[], context: AgentContext): Promise<void> {
  const db = database(env.DB);
  for (const run of runs) {
    const current = await table.findInvocation(db, invocation.workspaceId, invocation.id);
    if (!current || current.cancelled) return;
    let outcome: { judgement: Judgement; responses: SimulatedEntry[] };
    try {
      outcome = await runOne(env, context, run.testType as TestType, parse(run.testDefinition));
    } catch (error) {
      log("error", "agent test failed to run", { test_run_id: run.id, error: String(error) });
      const reason = error instanceof Error ? error.message : String(error);
      outcome = { judgement: { result: "failure", rationale: { messages: [SIMULATION_TEXTS.failedToRun(reason)], summary: SIMULATION_TEXTS.failedToRun(reason) } }, responses: [] };
    }
    await table.finishRun(db, run.id, {
      status: outcome.judgement.result === "success" ? "passed" : "failed",
      agentResponses: JSON.stringify(outcome.responses),
      conditionResult: JSON.stringify(outcome.judgement),
      updatedAt: Date.now(),
    });
  }
}

const examples = (value: unknown) => (Array.isArray(value) ? value.flatMap((e) => (e && typeof e === "object" && typeof (e as Json).response === "string" ? [(e as Json).response as string] : [])) : []);
const historyOf = (entries: ReturnType<typeof transcriptEntries>): ChatMessage[] => entries.map((t) => (t.role === "user" ? { role: "user", content: t.message } : { role: "assistant", content: t.message }));

/** One test against the agent: its next response, its next tool call, or a whole simulated conversation. */
async function runOne(env: Env, context: AgentContext, type: TestType, test: Json): Promise<{ judgement: Judgement; responses: SimulatedEntry[] }> {
  const chat = transcriptEntries(test.chat_history);
  if (type === "simulation") {
    const conditions = [...(Array.isArray(test.success_conditions) ? test.success_conditions.filter((c): c is string => typeof c === "string") : []), ...(typeof test.success_condition === "string" ? [test.success_condition] : [])];
    const criteria = conditionCriteria(conditions);
    const simulated = await simulateConversation(env, { ...context, settings: { ...context.settings, criteria: [] } }, {
      user: { prompt: typeof test.simulation_scenario === "string" ? test.simulation_scenario : "", llm: typeof test.simulated_user_model === "string" ? test.simulated_user_model : null },
      history: chat,
      turns: Math.min(typeof test.simulation_max_turns === "number" ? test.simulation_max_turns : SIMULATION_LIMITS.defaultTurns, SIMULATION_LIMITS.maxTurns),
      runTool: await testToolRunner(env, context, test),
      extraCriteria: criteria,
    });
    const results = simulated.analysis.criteria;
    const passed = results.length > 0 && results.every((r) => r.result === "success");
    return {
      judgement: { result: passed ? "success" : "failure", rationale: { messages: results.map((r) => `${criteria.find((c) => c.id === r.criteriaId)?.goal ?? r.criteriaId}: ${r.result}. ${r.rationale}`), summary: simulated.analysis.summary } },
      responses: simulated.transcript,
    };
  }
  const result = await agentModelCall(env, context, historyOf(chat));
  const calls = (result.toolCalls ?? []).map((call) => ({ name: call.name, arguments: toolArguments(call.arguments) ?? {} }));
  const response: SimulatedEntry = {
    role: "agent",
    message: result.content.trim(),
    time_in_call_secs: 0,
    source_medium: "text",
    ...(calls.length ? { tool_calls: (result.toolCalls ?? []).map((c) => ({ type: context.tools.find((t) => t.name === c.name)?.kind ?? "webhook", request_id: c.id, tool_name: c.name, params_as_json: c.arguments, tool_has_been_called: false })) } : {}),
  };
  if (type === "tool") {
    const expected = (test.tool_call_parameters ?? {}) as Json;
    const referenced = (expected.referenced_tool ?? {}) as Json;
    const toolName = typeof referenced.id === "string" ? (context.tools.find((t) => t.id === referenced.id || t.name === referenced.id)?.name ?? referenced.id) : null;
    const judgement = judgeToolCalls(calls, { toolName, verifyAbsence: expected.verify_absence === true, parameters: (Array.isArray(expected.parameters) ? expected.parameters : []) as ExpectedParameter[], anyMatch: test.check_any_tool_matches === true });
    return { judgement, responses: [response] };
  }
  const judgement = judgeResponse(response.message, { successCondition: typeof test.success_condition === "string" ? test.success_condition : null, successExamples: examples(test.success_examples), failureExamples: examples(test.failure_examples) });
  if (!response.message && calls.length) judgement.rationale.messages.push(SIMULATION_TEXTS.calledInstead(calls.map((c) => c.name)));
  return { judgement, responses: [response] };
}

/**
 * A simulation test's tools: mocked ones (all, or the selected ids or names) answer with the first of their response
 * mocks (the test's overrides first, then the tool's own) whose parameter conditions the arguments meet; no match
 * falls back to the real call or an error, as the test says. The rest are called for real.
 */
async function testToolRunner(env: Env, context: AgentContext, test: Json): Promise<ToolRunner> {
  const config = (test.tool_mock_config ?? {}) as Json;
  const strategy = typeof config.mocking_strategy === "string" ? config.mocking_strategy : "none";
  const selected = new Set(Array.isArray(config.mocked_tool_ids) ? config.mocked_tool_ids.filter((id): id is string => typeof id === "string") : []);
  const overrides = (test.tool_mock_overrides ?? {}) as Record<string, Json[]>;
  const shared = await toolMocks(env, context.workspaceId, context.tools.flatMap((t) => (t.id ? [t.id] : [])));
  return async (tool, _call, args) => {
    const key = tool.id ?? tool.name;
    const mocked = strategy === "all" || (strategy === "selected" && (selected.has(key) || selected.has(tool.name)));
    if (!mocked) return realCall(env, context, tool, args);
    const mocks = [...(overrides[key] ?? []), ...(shared.get(key) ?? [])];
    const match = mocks.find((m) => (Array.isArray(m.parameter_conditions) ? (m.parameter_conditions as ExpectedParameter[]) : []).every((p) => parameterMatches(args, p).ok));
    if (match) return { ok: match.is_error !== true, text: typeof match.mock_result === "string" ? match.mock_result : JSON.stringify(match.mock_result) };
    return config.fallback_strategy === "raise_error" ? { ok: false, text: SIMULATION_TEXTS.noMock(tool.name) } : realCall(env, context, tool, args);
  };
}

// ---- invocations ----

export async function findInvocation(env: Env, viewer: Pick<Actor, "membership">, id: string): Promise<{ invocation: TestInvocationRow; runs: TestRunRow[] } | null> {
  const db = database(env.DB);
  const invocation = await table.findInvocation(db, workspaceOf(viewer), id);
  return invocation ? { invocation, runs: await table.runsOf(db, [id]) } : null;
}

export async function listInvocations(env: Env, viewer: Pick<Actor, "membership">, query: { pageSize: number; cursor?: string; agentId?: string; testId?: string; from?: number; to?: number; search?: string }) {
  const db = database(env.DB);
  const before = query.cursor && /^\d+$/.test(query.cursor) ? Number(query.cursor) : undefined;
  const rows = await table.listInvocations(db, workspaceOf(viewer), { pageSize: query.pageSize + 1, before, agentId: query.agentId, testId: query.testId, from: query.from, to: query.to, search: query.search });
  const page = rows.slice(0, query.pageSize);
  const runs = await table.runsOf(db, page.map((i) => i.id));
  return { invocations: page.map((invocation) => ({ invocation, runs: runs.filter((r) => r.invocationId === invocation.id) })), nextCursor: rows.length > query.pageSize ? String(page.at(-1)!.createdAt) : null };
}

export async function cancelInvocation(env: Env, viewer: Pick<Actor, "membership">, id: string): Promise<boolean> {
  const found = await table.findInvocation(database(env.DB), workspaceOf(viewer), id);
  if (!found) return false;
  await table.cancelInvocation(database(env.DB), id);
  return true;
}

/** Runs some of an invocation's runs again (with a new override, if given) after the answer. */
export async function resubmitRuns(env: Env, viewer: Viewer, id: string, input: { runIds: string[]; agentId: string; override?: RunInput["override"] }, waitUntil: (work: Promise<unknown>) => void): Promise<{ ok: true } | Refusal> {
  const db = database(env.DB);
  const found = await findInvocation(env, viewer, id);
  if (!found) return refuse(404, "not_found", SIMULATION_TEXTS.invocationNotFound);
  const agent = await findAgent(env, viewer, input.agentId);
  if (!agent) return refuse(404, "not_found", AGENT_TEXTS.agentNotFound);
  const missing = input.runIds.filter((runId) => !found.runs.some((r) => r.id === runId));
  if (missing.length) return refuse(404, "not_found", SIMULATION_TEXTS.runsNotFound(missing));
  await table.resetRuns(db, id, input.runIds);
  const invocation = { ...found.invocation, cancelled: false, configOverride: input.override ? JSON.stringify(input.override) : found.invocation.configOverride };
  waitUntil(executeRuns(env, agent, invocation, found.runs.filter((r) => input.runIds.includes(r.id))));
  return { ok: true };
}

function runJson(run: TestRunRow, agentId: string) {
  return {
    test_run_id: run.id,
    test_invocation_id: run.invocationId,
    agent_id: agentId,
    test_id: run.testId,
    test_name: run.testName,
    test_info: { ...parse(run.testDefinition), type: run.testType },
    status: run.status,
    agent_responses: JSON.parse(run.agentResponses) as unknown[],
    condition_result: run.conditionResult ? (JSON.parse(run.conditionResult) as Judgement) : undefined,
    last_updated_at_unix: Math.floor(run.updatedAt / 1000),
  };
}

/** An invocation with its runs (GET /v1/convai/test-invocations/{id}, and what run-tests answers). */
export function invocationJson(invocation: TestInvocationRow, runs: TestRunRow[]) {
  return { id: invocation.id, agent_id: invocation.agentId, created_at: Math.floor(invocation.createdAt / 1000), repeat_count: invocation.repeatCount, cancelled: invocation.cancelled, test_runs: runs.map((r) => runJson(r, invocation.agentId)) };
}

/** An invocation in the list: its counts by status. */
export function invocationSummaryJson(invocation: TestInvocationRow, runs: TestRunRow[], viewer: Viewer) {
  const counted = (status: string) => runs.filter((r) => r.status === status).length;
  return {
    id: invocation.id,
    agent_id: invocation.agentId,
    created_at_unix_secs: Math.floor(invocation.createdAt / 1000),
    test_run_count: runs.length,
    passed_count: counted("passed"),
    failed_count: counted("failed"),
    pending_count: counted("pending"),
    cancelled_count: counted("cancelled"),
    title: invocation.title,
    access_info: accessInfo(invocation, viewer),
    repeat_count: invocation.repeatCount,
    cancelled: invocation.cancelled,
  };
}
