import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { FlaskConical, Play } from "lucide-react";
import { useEffect } from "react";
import { z } from "zod";
import { parseFormData } from "~/common/form.server";
import { Field, FormNotice } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Hint } from "~/common/ui/feedback";
import { Label, Textarea } from "~/common/ui/input";
import { Page, Section } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { PRODUCT_NAME } from "../../core/brand";
import { createTest, deleteTest, listAgents, listInvocations, listTests, requireAgentsViewer, runTests } from "~/agents/agents.server";
import { AGENT_LIMITS, type Json } from "~/agents/rules/agents";
import { SIMULATION_LIMITS, SIMULATION_TEXTS, TESTS_PAGE_TEXTS, TEST_TYPES } from "~/agents/rules/simulation";
import { AgentsAreaLinks } from "~/agents/components/agents-area-links";
import { AddFormCard } from "~/agents/components/add-form-card";
import { AgentsTable, DeleteRowButton } from "~/agents/components/agents-table";
import { SearchForm } from "~/agents/components/search-form";

export const meta: MetaFunction = () => [{ title: `Agent tests · ${PRODUCT_NAME}` }];

const RUNS_SHOWN = 10;
const TYPE_LABELS: Record<string, string> = { llm: "Response", tool: "Tool call", simulation: "Simulation" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await requireAgentsViewer(request, context);
  const search = new URL(request.url).searchParams.get("q")?.trim().slice(0, 200) || undefined;
  const [{ tests }, { agents }, { invocations }] = await Promise.all([
    listTests(env, viewer, { pageSize: SIMULATION_LIMITS.pageSize, search, types: [...TEST_TYPES], includeFolders: false }),
    listAgents(env, viewer, { pageSize: AGENT_LIMITS.pageSize }),
    listInvocations(env, viewer, { pageSize: RUNS_SHOWN }),
  ]);
  const agentName = new Map(agents.map((a) => [a.id, a.name]));
  return {
    search: search ?? "",
    agents: agents.map((a) => ({ id: a.id, name: a.name })),
    tests: tests.map((t) => ({ id: t.id, name: t.name, type: t.type, message: firstUserMessage(JSON.parse(t.definition) as Json) })),
    runs: invocations.flatMap(({ invocation, runs }) =>
      runs.map((run) => {
        const verdict = run.conditionResult ? (JSON.parse(run.conditionResult) as { rationale?: { summary?: string; messages?: string[] } }) : null;
        const reason = verdict?.rationale?.messages?.join(" ") || verdict?.rationale?.summary || "";
        return { id: run.id, testName: run.testName, agentName: agentName.get(invocation.agentId) ?? invocation.agentId, status: run.status, reason, at: invocation.createdAt };
      }),
    ),
  };
}

/** What the test's user says first (shown under its name), or "". */
function firstUserMessage(definition: Json): string {
  const history = Array.isArray(definition.chat_history) ? (definition.chat_history as Json[]) : [];
  const said = history.find((t) => t.role === "user" && typeof t.message === "string");
  return typeof said?.message === "string" ? said.message : typeof definition.simulation_scenario === "string" ? definition.simulation_scenario : "";
}

const example = z.string().trim().max(AGENT_LIMITS.firstMessage).default("");
const forms = {
  create: z.object({
    name: z.string().trim().min(1, TESTS_PAGE_TEXTS.nameMissing).max(AGENT_LIMITS.name),
    message: z.string().trim().min(1, TESTS_PAGE_TEXTS.messageMissing).max(AGENT_LIMITS.firstMessage),
    success_condition: z.string().trim().min(1, TESTS_PAGE_TEXTS.conditionMissing).max(AGENT_LIMITS.prompt),
    success_example: example,
    failure_example: example,
  }),
  run: z.object({ test_id: z.string().min(1).max(100), agent_id: z.string().min(1, TESTS_PAGE_TEXTS.agentMissing).max(100) }),
  delete: z.object({ test_id: z.string().min(1).max(100) }),
};

type ActionResult = { intent: string; error?: string; errors?: Record<string, string>; created?: string; started?: boolean; deleted?: boolean };

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await requireAgentsViewer(request, context);
  const form = await request.formData().catch(() => null);
  if (!form) return Response.json({ intent: "", error: TESTS_PAGE_TEXTS.notAForm } satisfies ActionResult, { status: 400 });
  const intent = String(form.get("intent") ?? "");
  const answer = (result: ActionResult, status = 200) => Response.json(result, { status });
  if (intent === "create") {
    const parsed = await parseFormData(form, forms.create);
    if (!parsed.ok) return answer({ intent, errors: parsed.errors }, 400);
    const { name, message, success_condition, success_example, failure_example } = parsed.data;
    // A response test ("llm") as the API's create takes it: the conversation so far, the condition and examples.
    const body: Json = {
      chat_history: [{ role: "user", message, time_in_call_secs: 0 }],
      success_condition,
      success_examples: success_example ? [{ response: success_example, type: "success" }] : [],
      failure_examples: failure_example ? [{ response: failure_example, type: "failure" }] : [],
    };
    const created = await createTest(env, viewer, { type: "llm", name, body });
    return created.ok ? answer({ intent, created: created.test.name }) : answer({ intent, error: created.refusal.message }, created.refusal.httpStatus);
  }
  if (intent === "run") {
    const parsed = await parseFormData(form, forms.run);
    if (!parsed.ok) return answer({ intent, error: TESTS_PAGE_TEXTS.agentMissing }, 400);
    // The run is recorded as pending at once and goes on after the answer, as the API's run-tests does.
    const run = await runTests(env, viewer, parsed.data.agent_id, { testIds: [parsed.data.test_id], repeatCount: 1 }, (work) => context.cloudflare.ctx.waitUntil(work));
    return run.ok ? answer({ intent, started: true }) : answer({ intent, error: run.refusal.message }, run.refusal.httpStatus);
  }
  if (intent === "delete") {
    const parsed = await parseFormData(form, forms.delete);
    if (!parsed.ok || !(await deleteTest(env, viewer, parsed.data.test_id))) return answer({ intent, error: SIMULATION_TEXTS.testNotFound }, 404);
    return answer({ intent, deleted: true });
  }
  return answer({ intent, error: "Unknown action." }, 400);
}

const STATUS_TONES = { passed: "success", failed: "danger", pending: "warning", cancelled: "neutral" } as const;
const STATUS_LABELS: Record<string, string> = { passed: "Passed", failed: "Failed", pending: TESTS_PAGE_TEXTS.running, cancelled: "Cancelled" };

export default function AgentTests() {
  const { tests, agents, runs, search } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const busy = useNavigation().state !== "idle";
  const revalidator = useRevalidator();
  const running = runs.some((r) => r.status === "pending");
  // Runs finish after the answer: the page asks again every few seconds while one is pending.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 2000);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  const errors = result?.intent === "create" ? (result.errors ?? {}) : {};
  const errorOf = (intent: string) => (result?.intent === intent && result.error ? <Hint tone="error">{result.error}</Hint> : null);
  const notice = result?.created ? TESTS_PAGE_TEXTS.created(result.created) : result?.started ? TESTS_PAGE_TEXTS.started : result?.deleted ? TESTS_PAGE_TEXTS.deleted : null;
  const agentOptions = agents.map((a) => ({ value: a.id, label: a.name }));
  return (
    <Page title="Agent tests" description={TESTS_PAGE_TEXTS.intro} testId="agent-tests-page">
      <AgentsAreaLinks />
      <FormNotice>{notice}</FormNotice>
      <AddFormCard
        title="Add a response test"
        description="The agent is given the user's message; its answer passes when it does what the condition says."
        intent="create"
        testId="add-test-form"
        icon={FlaskConical}
        action="Add test"
        busy={busy}
        error={errorOf("create")}
      >
        <Field label="Name" name="name" placeholder="Answers about delivery" maxLength={AGENT_LIMITS.name} aria-required="true" error={errors.name} />
        <Field label="User's message" name="message" placeholder="How long does delivery take?" maxLength={AGENT_LIMITS.firstMessage} aria-required="true" error={errors.message} />
        <div className="flex flex-col gap-1 md:col-span-2">
          <Label htmlFor="test-condition">Success condition</Label>
          <Textarea id="test-condition" name="success_condition" rows={2} maxLength={AGENT_LIMITS.prompt} placeholder="Says delivery takes three working days" aria-required="true" aria-invalid={errors.success_condition ? true : undefined} />
          {errors.success_condition ? <Hint tone="error">{errors.success_condition}</Hint> : null}
        </div>
        <Field label="A good answer (optional)" name="success_example" maxLength={AGENT_LIMITS.firstMessage} error={errors.success_example} />
        <Field label="A bad answer (optional)" name="failure_example" maxLength={AGENT_LIMITS.firstMessage} error={errors.failure_example} />
      </AddFormCard>
      <Section title="Tests">
        <SearchForm id="test-search" search={search} />
        {errorOf("run")}
        {errorOf("delete")}
        {tests.length > 0 && agents.length === 0 ? <Hint>{TESTS_PAGE_TEXTS.noAgents}</Hint> : null}
        <AgentsTable
          rows={tests}
          rowTestId="agent-test-row"
          empty={{ icon: <FlaskConical />, title: search ? TESTS_PAGE_TEXTS.noMatch : TESTS_PAGE_TEXTS.empty, hint: search ? null : TESTS_PAGE_TEXTS.emptyHint }}
          columns={[
            {
              header: "Test",
              cell: (t) => (
                <>
                  <div className="break-words font-medium">{t.name}</div>
                  {t.message ? <div className="text-xs text-muted-foreground">“{t.message}”</div> : null}
                </>
              ),
            },
            { header: "Type", phone: false, cell: (t) => <Badge tone="outline">{TYPE_LABELS[t.type] ?? t.type}</Badge> },
            {
              header: "Run against",
              cell: (t) =>
                agents.length ? (
                  <Form method="post" className="flex flex-wrap items-center gap-2">
                    <input type="hidden" name="intent" value="run" />
                    <input type="hidden" name="test_id" value={t.id} />
                    <Select label={`Agent to run ${t.name} against`} name="agent_id" options={agentOptions} defaultValue={agentOptions[0]!.value} size="sm" testId="run-agent" />
                    <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                      <Play aria-hidden="true" /> Run
                    </Button>
                  </Form>
                ) : (
                  <span className="text-muted-foreground">No agent</span>
                ),
            },
            { header: "Delete", srOnlyHeader: true, cell: (t) => <DeleteRowButton idField="test_id" id={t.id} name={t.name} busy={busy} /> },
          ]}
        />
      </Section>
      <Section title="Recent runs">
        {runs.length === 0 ? (
          <p className="text-sm text-muted-foreground">{TESTS_PAGE_TEXTS.noRuns}</p>
        ) : (
          <ul className="flex flex-col gap-2" aria-live="polite">
            {runs.map((r) => (
              <li key={r.id} className="rounded-lg border border-border p-3 text-sm" data-testid="test-run">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={STATUS_TONES[r.status as keyof typeof STATUS_TONES] ?? "neutral"} data-testid="test-run-status">
                    {STATUS_LABELS[r.status] ?? r.status}
                  </Badge>
                  <span className="font-medium">{r.testName}</span>
                  <span className="text-muted-foreground">{`against ${r.agentName}`}</span>
                </div>
                {r.reason ? <p className="mt-1 text-muted-foreground">{r.reason}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </Page>
  );
}
