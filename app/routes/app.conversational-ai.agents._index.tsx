import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Bot, Plus } from "lucide-react";
import { z } from "zod";
import { Field } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { Label, Textarea } from "~/common/ui/input";
import { Page, Section } from "~/common/ui/page";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { PRODUCT_NAME } from "../../core/brand";
import { parseForm, type FieldErrors } from "~/common/form.server";
import { createAgent, listAgents, settingsOfAgent, requireAgentsViewer } from "~/agents/agents.server";
import { AGENT_DEFAULTS, AGENT_LIMITS, AGENT_TEXTS } from "~/agents/rules/agents";
import { AgentsAreaLinks } from "~/agents/components/agents-area-links";

export const meta: MetaFunction = () => [{ title: `Agents · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireAgentsViewer(request, context);
  const { agents } = await listAgents(context.cloudflare.env, viewer, { pageSize: AGENT_LIMITS.pageSize });
  return {
    agents: agents.map((a) => {
      const settings = settingsOfAgent(a);
      return { id: a.id, name: a.name, firstMessage: settings.firstMessage, documents: settings.knowledgeBase.length, createdAt: a.createdAt };
    }),
  };
}

const createForm = z.object({
  name: z.string().trim().min(1, "Give the agent a name.").max(AGENT_LIMITS.name),
  first_message: z.string().max(AGENT_LIMITS.firstMessage),
  prompt: z.string().max(AGENT_LIMITS.prompt),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireAgentsViewer(request, context);
  const parsed = await parseForm(request, createForm);
  if (!parsed.ok) return Response.json({ errors: parsed.errors }, { status: 400 });
  const created = await createAgent(context.cloudflare.env, viewer, { name: parsed.data.name, conversationConfig: { agent: { first_message: parsed.data.first_message, prompt: { prompt: parsed.data.prompt } } } });
  if (!created.ok) return Response.json({ errors: { form: created.refusal.message } satisfies FieldErrors }, { status: created.refusal.httpStatus });
  return redirect(`/app/conversational-ai/agents/${created.agent.id}`);
}

export default function Agents() {
  const { agents } = useLoaderData<typeof loader>();
  const result = useActionData<{ errors?: FieldErrors }>();
  const busy = useNavigation().state !== "idle";
  const errors = result?.errors ?? {};
  return (
    <Page title="Agents" description="Voice agents that answer from what you give them: talk to them in the browser, or connect with the API." testId="agents-page">
      <AgentsAreaLinks />
      <Card>
        <CardHeader title="New agent" description={AGENT_TEXTS.responderExplained} />
        <CardContent>
          <Form method="post" className="flex flex-col gap-3" noValidate data-testid="create-agent-form">
            <Field label="Name" name="name" placeholder="e.g. Support assistant" maxLength={AGENT_LIMITS.name} aria-required="true" error={errors.name} />
            <Field label="First message" name="first_message" defaultValue={AGENT_DEFAULTS.firstMessage} maxLength={AGENT_LIMITS.firstMessage} error={errors.first_message} />
            <div className="flex flex-col gap-1">
              <Label htmlFor="new-agent-prompt">Instructions</Label>
              <Textarea id="new-agent-prompt" name="prompt" rows={3} defaultValue={AGENT_DEFAULTS.prompt} maxLength={AGENT_LIMITS.prompt} />
            </div>
            {errors.form ? <Hint tone="error">{errors.form}</Hint> : null}
            <div>
              <Button type="submit" disabled={busy}>
                <Plus aria-hidden="true" /> Create agent
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
      <Section title="Your agents">
        {agents.length === 0 ? (
          <EmptyState icon={<Bot />} title="No agents yet">
            Create one above, give it a knowledge document, and talk to it.
          </EmptyState>
        ) : (
          <Table>
            <TableHead>
              <tr>
                <TableHeaderCell>Name</TableHeaderCell>
                <TableHeaderCell className="hidden md:table-cell">First message</TableHeaderCell>
                <TableHeaderCell>Documents</TableHeaderCell>
              </tr>
            </TableHead>
            <tbody>
              {agents.map((a) => (
                <TableRow key={a.id} data-testid="agent-row">
                  <TableCell>
                    <Link to={`/app/conversational-ai/agents/${a.id}`} className="font-medium underline-offset-4 hover:underline">
                      {a.name}
                    </Link>
                  </TableCell>
                  <TableCell className="hidden max-w-md truncate text-muted-foreground md:table-cell">{a.firstMessage}</TableCell>
                  <TableCell>{a.documents}</TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
        )}
      </Section>
    </Page>
  );
}
