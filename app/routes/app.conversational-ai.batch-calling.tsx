import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { ListChecks, Send } from "lucide-react";
import { useEffect } from "react";
import { z } from "zod";
import { Field } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { Label, Textarea } from "~/common/ui/input";
import { Page, Section } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { PRODUCT_NAME } from "../../core/brand";
import { parseForm } from "~/common/form.server";
import { batchJson, cancelBatch, createBatch, listAgents, listBatches, listPhoneNumbers, requireAgentsViewer } from "~/agents/agents.server";
import { AGENT_LIMITS } from "~/agents/rules/agents";
import { parseRecipientsCsv, PHONE_LIMITS } from "~/agents/rules/phone";
import { AgentsAreaLinks } from "~/agents/components/agents-area-links";

export const meta: MetaFunction = () => [{ title: `Batch calling · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await requireAgentsViewer(request, context);
  const [{ batches }, numbers, { agents }] = await Promise.all([listBatches(env, viewer, { limit: 20 }), listPhoneNumbers(env, viewer), listAgents(env, viewer, { pageSize: AGENT_LIMITS.pageSize })]);
  return {
    batches: batches.map((b) => batchJson(b.batch, b.recipients, true)),
    numbers: numbers.map((n) => ({ id: n.id, label: `${n.phoneNumber} · ${n.label}` })),
    agents: agents.map((a) => ({ id: a.id, name: a.name })),
  };
}

const createForm = z.object({
  call_name: z.string().trim().min(1, "Name the batch.").max(PHONE_LIMITS.callName),
  agent_id: z.string().min(1, "Choose an agent."),
  phone_number_id: z.string().min(1, "Choose a phone number."),
  recipients: z.string().min(1, "Add a CSV of recipients."),
});

type ActionResult = { intent: string; error?: string; errors?: Record<string, string>; problems?: { line: number; reason: string }[] };

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await requireAgentsViewer(request, context);
  const form = await request.clone().formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "cancel") {
    const cancelled = await cancelBatch(env, viewer, String(form.get("batch_id") ?? ""));
    return cancelled.ok ? Response.json({ intent } satisfies ActionResult) : Response.json({ intent, error: cancelled.refusal.message } satisfies ActionResult, { status: cancelled.refusal.httpStatus });
  }
  // The CSV comes from the file picker (read in the browser into the text area) or is pasted.
  const parsed = await parseForm(request, createForm);
  if (!parsed.ok) return Response.json({ intent: "create", errors: parsed.errors } satisfies ActionResult, { status: 400 });
  const csv = parseRecipientsCsv(parsed.data.recipients);
  if (csv.problems.length) return Response.json({ intent: "create", problems: csv.problems } satisfies ActionResult, { status: 400 });
  const created = await createBatch(env, viewer, { name: parsed.data.call_name, agentId: parsed.data.agent_id, phoneNumberId: parsed.data.phone_number_id, scheduledTimeUnix: null, recipients: csv.recipients, concurrency: null, origin: new URL(request.url).origin });
  if (!created.ok) return Response.json({ intent: "create", error: created.refusal.message } satisfies ActionResult, { status: created.refusal.httpStatus });
  return Response.json({ intent: "create" } satisfies ActionResult);
}

const STATUS_TONES = { pending: "neutral", initiated: "accent", in_progress: "accent", completed: "success", failed: "danger", cancelled: "outline" } as const;

export default function BatchCalling() {
  const { batches, numbers, agents } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const busy = useNavigation().state !== "idle";
  const revalidator = useRevalidator();
  const running = batches.some((b) => b.status === "pending" || b.status === "in_progress");
  // Statuses change as the queue calls: the page asks again every few seconds while a batch runs.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 3000);
    return () => clearInterval(timer);
  }, [running, revalidator]);
  const errors = result?.intent === "create" ? (result.errors ?? {}) : {};
  return (
    <Page title="Batch calling" description="Call a list of people with an agent: each recipient is called from a queue, a few at a time, and each call is saved as a conversation." testId="batch-calling-page">
      <AgentsAreaLinks />
      <Card>
        <CardHeader title="New batch" description="A CSV whose first line names the columns, one of them phone_number. Columns first_message and language change the agent's for that call; other columns are kept with the recipient." />
        <CardContent>
          {numbers.length === 0 || agents.length === 0 ? (
            <Hint>Import a phone number and create an agent first.</Hint>
          ) : (
            <Form method="post" className="flex flex-col gap-3" noValidate data-testid="create-batch-form">
              <input type="hidden" name="intent" value="create" />
              <Field label="Name" name="call_name" placeholder="e.g. Appointment reminders" maxLength={PHONE_LIMITS.callName} error={errors.call_name} />
              <div className="grid gap-3 md:grid-cols-2">
                <div className="flex flex-col gap-1">
                  <span className="text-sm font-medium">Agent</span>
                  <Select label="Agent" name="agent_id" options={agents.map((a) => ({ value: a.id, label: a.name }))} defaultValue={agents[0]!.id} testId="batch-agent" />
                </div>
                <div className="flex flex-col gap-1">
                  <span className="text-sm font-medium">Call from</span>
                  <Select label="Call from" name="phone_number_id" options={numbers.map((n) => ({ value: n.id, label: n.label }))} defaultValue={numbers[0]!.id} testId="batch-number" />
                </div>
              </div>
              <div className="flex flex-col gap-1">
                <Label htmlFor="batch-csv-file">Recipients file (CSV)</Label>
                <input
                  id="batch-csv-file"
                  type="file"
                  accept=".csv,text/csv"
                  className="text-sm"
                  onChange={async (event) => {
                    const file = event.currentTarget.files?.[0];
                    const area = document.getElementById("batch-recipients") as HTMLTextAreaElement | null;
                    if (file && area) area.value = await file.text();
                  }}
                />
                <Label htmlFor="batch-recipients">Recipients</Label>
                <Textarea id="batch-recipients" name="recipients" rows={5} placeholder={"phone_number,name\n+14155550100,Ada"} aria-invalid={errors.recipients ? true : undefined} />
                {errors.recipients ? <Hint tone="error">{errors.recipients}</Hint> : null}
              </div>
              {result?.problems?.length ? (
                <Hint tone="error">
                  {result.problems.map((p) => (
                    <span key={p.line} className="block">
                      Line {p.line}: {p.reason}
                    </span>
                  ))}
                </Hint>
              ) : null}
              {result?.error ? <Hint tone="error">{result.error}</Hint> : null}
              <div>
                <Button type="submit" disabled={busy}>
                  <Send aria-hidden="true" /> Start calling
                </Button>
              </div>
            </Form>
          )}
        </CardContent>
      </Card>
      <Section title="Batches">
        {batches.length === 0 ? (
          <EmptyState icon={<ListChecks />} title="No batches yet">
            Start one above.
          </EmptyState>
        ) : (
          batches.map((b) => (
            <Card key={b.id} data-testid="batch">
              <CardHeader title={b.name} description={`${b.agent_name} · ${b.total_calls_finished} of ${b.total_calls_scheduled} calls finished${b.retry_count ? ` · retried ${b.retry_count}×` : ""}`} />
              <CardContent>
                <div className="mb-3 flex items-center gap-3">
                  <Badge tone={STATUS_TONES[b.status]} data-testid="batch-status">
                    {b.status.replace("_", " ")}
                  </Badge>
                  {b.status === "pending" || b.status === "in_progress" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="cancel" />
                      <input type="hidden" name="batch_id" value={b.id} />
                      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                        Cancel
                      </Button>
                    </Form>
                  ) : null}
                </div>
                <Table>
                  <TableHead>
                    <tr>
                      <TableHeaderCell>Recipient</TableHeaderCell>
                      <TableHeaderCell>Status</TableHeaderCell>
                    </tr>
                  </TableHead>
                  <tbody>
                    {(b.recipients ?? []).map((r) => (
                      <TableRow key={r.id} data-testid="recipient-row">
                        <TableCell>{r.phone_number}</TableCell>
                        <TableCell>
                          <Badge tone={STATUS_TONES[r.status as keyof typeof STATUS_TONES]}>{r.status.replace("_", " ")}</Badge>
                        </TableCell>
                      </TableRow>
                    ))}
                  </tbody>
                </Table>
              </CardContent>
            </Card>
          ))
        )}
      </Section>
    </Page>
  );
}
