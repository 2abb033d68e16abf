import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Phone, PhoneOutgoing } from "lucide-react";
import { z } from "zod";
import { Field } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { Page, Section } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { PRODUCT_NAME } from "../../core/brand";
import { DEV_AUTH_TOKEN, isDevelopment } from "~/accounts/accounts.server";
import { parseForm } from "~/common/form.server";
import { agentNames, deletePhoneNumber, importPhoneNumber, listAgents, listPhoneNumbers, placeCall, updatePhoneNumber, requireAgentsViewer } from "~/agents/agents.server";
import { AGENT_LIMITS } from "~/agents/rules/agents";
import { PHONE_LIMITS, PHONE_TEXTS } from "~/agents/rules/phone";
import { AgentsAreaLinks } from "~/agents/components/agents-area-links";

export const meta: MetaFunction = () => [{ title: `Phone numbers · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await requireAgentsViewer(request, context);
  const numbers = await listPhoneNumbers(env, viewer);
  const names = await agentNames(env, viewer, numbers.map((n) => n.agentId));
  const { agents } = await listAgents(env, viewer, { pageSize: AGENT_LIMITS.pageSize });
  return {
    numbers: numbers.map((n) => ({ id: n.id, number: n.phoneNumber, label: n.label, agentId: n.agentId, agentName: n.agentId ? (names.get(n.agentId) ?? null) : null })),
    agents: agents.map((a) => ({ id: a.id, name: a.name })),
    // Development: the Twilio stand-in's account (decision 0060), so a number can be imported and called here.
    devAccount: isDevelopment(env) ? { sid: env.TWILIO_ACCOUNT_SID, token: DEV_AUTH_TOKEN } : null,
  };
}

const forms = {
  import: z.object({ phone_number: z.string().trim().min(1, "Enter the number."), label: z.string().trim().max(PHONE_LIMITS.label), sid: z.string().trim().min(1, "Enter the account SID."), token: z.string().trim().min(1, "Enter the auth token.") }),
  assign: z.object({ phone_number_id: z.string().min(1), agent_id: z.string() }),
  call: z.object({ phone_number_id: z.string().min(1), to_number: z.string().trim().min(1, "Enter the number to call.") }),
  delete: z.object({ phone_number_id: z.string().min(1) }),
};

type ActionResult = { intent: string; error?: string; errors?: Record<string, string>; called?: { conversationId: string; agentId: string; to: string } };

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await requireAgentsViewer(request, context);
  const intent = String((await request.clone().formData()).get("intent") ?? "");
  const twilio = { waitUntil: (p: Promise<unknown>) => context.cloudflare.ctx.waitUntil(p), dial: context.dial };
  const fail = (error: string, status = 400) => Response.json({ intent, error } satisfies ActionResult, { status });
  if (intent === "import") {
    const parsed = await parseForm(request, forms.import);
    if (!parsed.ok) return Response.json({ intent, errors: parsed.errors } satisfies ActionResult, { status: 400 });
    const imported = await importPhoneNumber(env, twilio, viewer, { provider: "twilio", phoneNumber: parsed.data.phone_number, label: parsed.data.label, sid: parsed.data.sid, token: parsed.data.token });
    return imported.ok ? Response.json({ intent } satisfies ActionResult) : fail(imported.refusal.message, imported.refusal.httpStatus);
  }
  if (intent === "assign") {
    const parsed = await parseForm(request, forms.assign);
    if (!parsed.ok) return fail("Choose an agent.");
    const updated = await updatePhoneNumber(env, viewer, parsed.data.phone_number_id, { agentId: parsed.data.agent_id && parsed.data.agent_id !== "none" ? parsed.data.agent_id : null });
    return updated.ok ? Response.json({ intent } satisfies ActionResult) : fail(updated.refusal.message, updated.refusal.httpStatus);
  }
  if (intent === "call") {
    const parsed = await parseForm(request, forms.call);
    if (!parsed.ok) return fail(Object.values(parsed.errors)[0] ?? "Enter the number to call.");
    const [number] = (await listPhoneNumbers(env, viewer)).filter((n) => n.id === parsed.data.phone_number_id);
    if (!number) return fail(PHONE_TEXTS.numberNotFound, 404);
    if (!number.agentId) return fail(PHONE_TEXTS.noAgent);
    const placed = await placeCall(env, twilio, { workspaceId: viewer.membership.workspace.id, userId: viewer.user.id }, { agentId: number.agentId, phoneNumberId: number.id, toNumber: parsed.data.to_number, initiation: null, origin: new URL(request.url).origin });
    if (!placed.ok) return fail("refusal" in placed ? placed.refusal.message : placed.twilio);
    return Response.json({ intent, called: { conversationId: placed.call.conversationId, agentId: number.agentId, to: placed.call.toNumber } } satisfies ActionResult);
  }
  if (intent === "delete") {
    const parsed = await parseForm(request, forms.delete);
    if (!parsed.ok || !(await deletePhoneNumber(env, viewer, parsed.data.phone_number_id))) return fail(PHONE_TEXTS.numberNotFound, 404);
    return Response.json({ intent } satisfies ActionResult);
  }
  return fail("Unknown action.");
}

export default function PhoneNumbers() {
  const { numbers, agents, devAccount } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const busy = useNavigation().state !== "idle";
  const importErrors = result?.intent === "import" ? (result.errors ?? {}) : {};
  const agentOptions = [{ value: "none", label: "No agent" }, ...agents.map((a) => ({ value: a.id, label: a.name }))];
  return (
    <Page title="Phone numbers" description="Import a Twilio number, give it an agent, and let the agent call people." testId="phone-numbers-page">
      <AgentsAreaLinks />
      <Card>
        <CardHeader title="Import a Twilio number" description="The number must belong to the Twilio account: it is checked with Twilio now. The auth token is kept to place calls and never shown again." />
        <CardContent>
          <Form method="post" className="grid gap-3 md:grid-cols-2" noValidate data-testid="import-number-form">
            <input type="hidden" name="intent" value="import" />
            <Field label="Phone number" name="phone_number" placeholder="+14155550100" error={importErrors.phone_number} defaultValue={devAccount ? "+15005550006" : undefined} />
            <Field label="Label" name="label" placeholder="e.g. Support line" maxLength={PHONE_LIMITS.label} />
            <Field label="Twilio account SID" name="sid" placeholder="AC…" error={importErrors.sid} defaultValue={devAccount?.sid} autoComplete="off" />
            <Field label="Twilio auth token" name="token" type="password" error={importErrors.token} defaultValue={devAccount?.token} autoComplete="off" />
            {devAccount ? (
              <Hint className="md:col-span-2">
                Development: Twilio is played by a local stand-in whose account {devAccount.sid} (token {devAccount.token}) owns +1 500 555 0000 to 0099. It answers every call, says one line in the platform's own voice and hangs up after the agent's answer; +15005550004 is always busy.
              </Hint>
            ) : null}
            {result?.intent === "import" && result.error ? <Hint tone="error" className="md:col-span-2">{result.error}</Hint> : null}
            <div className="md:col-span-2">
              <Button type="submit" disabled={busy}>
                <Phone aria-hidden="true" /> Import number
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
      {result?.intent === "call" && result.called ? (
        <Hint>
          Calling {result.called.to}. The conversation appears in{" "}
          <Link className="underline" to={`/app/conversational-ai/agents/${result.called.agentId}`}>
            the agent's history
          </Link>{" "}
          when the call ends ({result.called.conversationId}).
        </Hint>
      ) : null}
      {result && result.intent !== "import" && result.error ? <Hint tone="error">{result.error}</Hint> : null}
      <Section title="Your numbers">
        {numbers.length === 0 ? (
          <EmptyState icon={<Phone />} title="No phone numbers yet">
            Import a Twilio number above.
          </EmptyState>
        ) : (
          <Table>
            <TableHead>
              <tr>
                <TableHeaderCell>Number</TableHeaderCell>
                <TableHeaderCell>Agent</TableHeaderCell>
                <TableHeaderCell>Test call</TableHeaderCell>
                <TableHeaderCell className="sr-only">Delete</TableHeaderCell>
              </tr>
            </TableHead>
            <tbody>
              {numbers.map((n) => (
                <TableRow key={n.id} data-testid="phone-number-row">
                  <TableCell>
                    <div className="font-medium">{n.number}</div>
                    <div className="text-xs text-muted-foreground">{n.label}</div>
                  </TableCell>
                  <TableCell>
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="assign" />
                      <input type="hidden" name="phone_number_id" value={n.id} />
                      <Select label={`Agent of ${n.number}`} name="agent_id" options={agentOptions} defaultValue={n.agentId ?? "none"} size="sm" testId="assign-agent" />
                      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                        Assign
                      </Button>
                    </Form>
                  </TableCell>
                  <TableCell>
                    <Form method="post" className="flex items-center gap-2">
                      <input type="hidden" name="intent" value="call" />
                      <input type="hidden" name="phone_number_id" value={n.id} />
                      <label className="sr-only" htmlFor={`call-${n.id}`}>
                        Number to call from {n.number}
                      </label>
                      <input id={`call-${n.id}`} name="to_number" placeholder="+14155550123" className="w-40 rounded-lg border border-input bg-card px-3 py-1.5 text-sm" />
                      <Button type="submit" size="sm" disabled={busy || !n.agentId} title={n.agentId ? undefined : PHONE_TEXTS.noAgent}>
                        <PhoneOutgoing aria-hidden="true" /> Call
                      </Button>
                    </Form>
                  </TableCell>
                  <TableCell>
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete" />
                      <input type="hidden" name="phone_number_id" value={n.id} />
                      <Button type="submit" size="sm" variant="ghost" disabled={busy}>
                        Delete
                      </Button>
                    </Form>
                  </TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
        )}
      </Section>
    </Page>
  );
}
