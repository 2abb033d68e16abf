import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { FormError } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { Input, Label, Textarea } from "~/common/ui/input";
import { Page, Section } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { createRequest, customerAction, workspaceRequests } from "~/productions/productions.server";
import { refusalResponse, summary } from "~/productions/views.server";
import { TaskCard } from "~/productions/components/productions-ui";
import {
  EXTENSION_DAYS,
  formatAmount,
  KIND_LABELS,
  MAX_INSTRUCTIONS_CHARS,
  MAX_MINUTES,
  MAX_TITLE_CHARS,
  MINIMUM_QUOTE,
  PRODUCTION_KINDS,
  quoteFor,
  RATE_PER_MINUTE,
  type ProductionKind,
} from "~/productions/rules/productions";

export const meta: MetaFunction = () => [{ title: `Productions · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const rows = await workspaceRequests(context.cloudflare.env, viewer);
  return { isAdmin: viewer.membership.role === "admin", requests: rows.map((row) => ({ ...summary(row, "quote"), hasDeliverable: Boolean(row.task.deliverableKey) })) };
}

const orderSchema = z.object({
  kind: z.enum(PRODUCTION_KINDS),
  title: z.string().trim().min(1, "Give the production a title.").max(MAX_TITLE_CHARS),
  instructions: z.string().trim().max(MAX_INSTRUCTIONS_CHARS).default(""),
  language: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2,3}$/, "A language code such as en or de."),
  minutes: z.coerce.number().int("Whole minutes.").min(1, "At least one minute.").max(MAX_MINUTES, `At most ${MAX_MINUTES} minutes.`),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "order") {
    const parsed = orderSchema.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === "string")));
    if (!parsed.success) return Response.json({ error: parsed.error.issues[0].message }, { status: 400 });
    const created = await createRequest(env, viewer, parsed.data);
    return { ok: `Ordered "${created.title}" for ${formatAmount(created.quoteAmount, created.currency)}. A qualified producer can claim it now.` };
  }
  if (intent === "accept" || intent === "return" || intent === "extend" || intent === "revoke") {
    const result = await customerAction(env, viewer, String(form.get("task_id") ?? ""), intent, String(form.get("feedback") ?? "").slice(0, 2000));
    if (!result.ok) return refusalResponse(result);
    return { ok: { accept: "Accepted: the producer is paid their share.", return: "Returned to the producer with your feedback.", extend: `Deadline extended by ${EXTENSION_DAYS} days.`, revoke: "The claim is revoked; the task is open again." }[intent] };
  }
  return Response.json({ error: "Unknown action." }, { status: 400 });
}

const KIND_OPTIONS = PRODUCTION_KINDS.map((kind) => ({ value: kind, label: `${KIND_LABELS[kind]} · ${formatAmount(RATE_PER_MINUTE[kind])}/min` }));

export default function ProductionsPage() {
  const { requests, isAdmin } = useLoaderData<typeof loader>();
  const result = useActionData<{ ok?: string; error?: string }>();
  const busy = useNavigation().state !== "idle";
  const [kind, setKind] = useState<ProductionKind>("studio_project");
  const [minutes, setMinutes] = useState(30);
  const quote = quoteFor(kind, Number.isFinite(minutes) && minutes > 0 ? minutes : 1);
  return (
    <Page
      title="Productions"
      description={
        <>
          Order work done by people: an audiobook narrated and checked, a dub, a transcript. Producers see your brief, never your workspace.{" "}
          <Link to="/app/productions/dashboard" className="underline">
            Work as a producer
          </Link>
        </>
      }
    >
      <Card>
        <CardHeader title="Request a production" description={`The quote is the rate per minute of finished audio, at least ${formatAmount(MINIMUM_QUOTE)}.`} />
        <CardContent>
          <Form method="post" className="grid gap-4 md:grid-cols-2">
            <input type="hidden" name="intent" value="order" />
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="pr-kind">What to produce</Label>
              <Select id="pr-kind" label="What to produce" name="kind" options={KIND_OPTIONS} value={kind} onValueChange={(value) => setKind(value as ProductionKind)} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="pr-title">Title</Label>
              <Input id="pr-title" name="title" required maxLength={MAX_TITLE_CHARS} placeholder="The Lighthouse, chapter 1-3" />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="pr-minutes">Minutes of audio</Label>
              <Input id="pr-minutes" name="minutes" type="number" min={1} max={MAX_MINUTES} required value={minutes} onChange={(event) => setMinutes(Number(event.target.value))} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="pr-language">Language</Label>
              <Input id="pr-language" name="language" required defaultValue="en" maxLength={3} />
            </div>
            <div className="flex flex-col gap-1.5 md:col-span-2">
              <Label htmlFor="pr-instructions">Brief for the producer</Label>
              <Textarea id="pr-instructions" name="instructions" rows={3} maxLength={MAX_INSTRUCTIONS_CHARS} placeholder="Where the source is, the voice and pace you want, names to pronounce..." />
            </div>
            <div className="flex flex-wrap items-center gap-4 md:col-span-2">
              <p className="text-sm" data-testid="production-quote">
                Quote: <strong>{formatAmount(quote.amount)}</strong> for {quote.minutes} min
              </p>
              <Button type="submit" disabled={busy}>
                Order at this quote
              </Button>
            </div>
            <div className="md:col-span-2">
              <FormError>{result?.error}</FormError>
              {result?.ok ? <Hint>{result.ok}</Hint> : null}
            </div>
          </Form>
        </CardContent>
      </Card>
      <Section title="Your workspace's productions">
        {requests.length === 0 ? (
          <EmptyState title="No productions yet">Request one above; it appears here with its state and, once delivered, its file.</EmptyState>
        ) : (
          <ul className="space-y-3">
            {requests.map((task) => (
              <TaskCard key={task.id} task={task} amountLabel="quote">
                {task.hasDeliverable ? (
                  <a className="text-sm underline" href={`/app/productions/tasks/${task.id}/deliverable`}>
                    Download {task.deliverableName}
                  </a>
                ) : null}
                {task.state === "submitted" ? (
                  <>
                    <Form method="post">
                      <input type="hidden" name="task_id" value={task.id} />
                      <Button type="submit" name="intent" value="accept" disabled={busy}>
                        Accept
                      </Button>
                    </Form>
                    <Form method="post" className="flex flex-wrap items-end gap-2">
                      <input type="hidden" name="task_id" value={task.id} />
                      <div className="flex flex-col gap-1">
                        <Label htmlFor={`fb-${task.id}`}>Feedback</Label>
                        <Input id={`fb-${task.id}`} name="feedback" required maxLength={2000} placeholder="What should change" />
                      </div>
                      <Button type="submit" variant="secondary" name="intent" value="return" disabled={busy}>
                        Return with feedback
                      </Button>
                    </Form>
                  </>
                ) : null}
                {["claimed", "returned", "acknowledged"].includes(task.state) ? (
                  <Form method="post">
                    <input type="hidden" name="task_id" value={task.id} />
                    <Button type="submit" variant="secondary" name="intent" value="extend" disabled={busy}>
                      Extend deadline {EXTENSION_DAYS} days
                    </Button>
                  </Form>
                ) : null}
                {isAdmin && ["claimed", "submitted", "returned", "acknowledged"].includes(task.state) ? (
                  <Form method="post">
                    <input type="hidden" name="task_id" value={task.id} />
                    <Button type="submit" variant="destructive" name="intent" value="revoke" disabled={busy}>
                      Revoke claim
                    </Button>
                  </Form>
                ) : null}
              </TaskCard>
            ))}
          </ul>
        )}
      </Section>
    </Page>
  );
}
