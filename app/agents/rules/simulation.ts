// Simulated conversations and agent tests (decision 0065): limits, texts and the shapes the API gives them in. Pure.
type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

export const SIMULATION_LIMITS = {
  /** New turns of the simulated user (each answered by the agent). */
  defaultTurns: 5,
  maxTurns: 20,
  /** Tests one invocation runs (after folders are expanded and each is repeated). */
  runs: 100,
  repeats: 5,
  pageSize: 100,
} as const;

export const TEST_TYPES = ["llm", "tool", "simulation"] as const;
export type TestType = (typeof TEST_TYPES)[number];

export const SIMULATION_TEXTS = {
  /** What the model playing the user is told, before the user's instructions. */
  userRole: "You are the user in a conversation with an assistant. Reply with the user's next message only, in one or two sentences.",
  noClient: (tool: string) => `The ${tool} tool runs in the client, and a simulated conversation has none.`,
  noMock: (tool: string) => `No mock of the ${tool} tool matches these arguments.`,
  testNotFound: "Test not found.",
  testsNotFound: (ids: string[]) => `Tests not found in this workspace: ${ids.join(", ")}.`,
  folderNotFound: "Folder not found.",
  folderNotEmpty: "The folder is not empty: delete its tests first, or delete with force.",
  notAFolder: "The destination is not a test folder.",
  moveIntoItself: "A folder cannot be moved into itself or one of its folders.",
  invocationNotFound: "Test invocation not found.",
  runsNotFound: (ids: string[]) => `Test runs not found in this invocation: ${ids.join(", ")}.`,
  tooManyRuns: `At most ${SIMULATION_LIMITS.runs} test runs at once.`,
  noTests: "Name at least one test to run.",
  calledInstead: (tools: string[]) => `The agent called ${tools.join(", ")} instead of answering.`,
  failedToRun: (reason: string) => `The test could not run: ${reason}`,
} as const;

/** What a test keeps besides its name, type and folder: everything else the caller sent (the API's JSON). */
export function testDefinition(body: Json): Json {
  const { name: _name, type: _type, parent_folder_id: _folder, ...definition } = body;
  return definition;
}

/** A transcript as the API sends one (chat_history, partial_conversation_history): its role, message and time. */
export function transcriptEntries(value: unknown): { role: "user" | "agent"; message: string; time_in_call_secs: number; source_medium: "text" }[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).flatMap((t) =>
    (t.role === "user" || t.role === "agent") && typeof t.message === "string" && t.message.trim()
      ? [{ role: t.role, message: t.message, time_in_call_secs: typeof t.time_in_call_secs === "number" ? t.time_in_call_secs : 0, source_medium: "text" as const }]
      : [],
  );
}

/** A criterion per success condition of a simulation test (judged like evaluation criteria, decision 0037). */
export function conditionCriteria(conditions: string[]): { id: string; name: string; goal: string }[] {
  return conditions.map((goal, i) => ({ id: `success_condition_${i + 1}`, name: `Success condition ${i + 1}`, goal }));
}

/** The agent tests page (/app/conversational-ai/tests): it creates response tests (type "llm"). */
export const TESTS_PAGE_TEXTS = {
  intro: "Check how an agent answers: a test gives it a user's message and judges its next response.",
  nameMissing: "Enter a name.",
  messageMissing: "Enter the user's message.",
  conditionMissing: "Say what a good answer does.",
  agentMissing: "Choose an agent.",
  created: (name: string) => `Added the test “${name}”.`,
  deleted: "Deleted the test.",
  started: "The test is running; its result appears below.",
  noAgents: "Create an agent first to run tests against it.",
  empty: "No tests yet",
  emptyHint: "Add a test above.",
  noMatch: "No test has that name",
  noRuns: "No runs yet: run a test against an agent from its row.",
  running: "Running…",
  notAForm: "Send the page's form.",
} as const;
