import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { SecretShownOnce } from "~/common/components/secret-once";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Plus, RotateCcw, Send, Trash2, Webhook as WebhookIcon } from "lucide-react";
import { z } from "zod";
import { Field, FormError, FormNotice } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { IconButton } from "~/common/ui/icon-button";
import { RefusedPage } from "~/common/components/error-pages";
import { Page, Section } from "~/common/ui/page";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { PRODUCT_NAME } from "../../core/brand";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, webhookEvent } from "../../core/webhooks/webhooks";
import { db, requireViewer } from "~/accounts/accounts.server";
import { readForm, type FieldErrors } from "~/common/form.server";
import { createWebhook, editWebhook, removeWebhook, replayDelivery, sendTestEvent, webhookDeliveries, webhooksOf } from "~/workspace/webhooks.server";
import { WEBHOOK_AUTH_TYPES, WEBHOOK_TEXTS, webhookName, webhookOAuth2, webhookUrl } from "~/workspace/rules/webhooks";
import { CheckboxGroup } from "~/workspace/components/checkbox-group";

export const meta: MetaFunction = () => [{ title: `Webhooks · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const database = db(context);
  const listed = await webhooksOf(database, viewer);
  if (!listed.ok) return { allowed: false as const, webhooks: [] };
  const webhooks = await Promise.all(
    listed.webhooks.map(async (w) => {
      const log = await webhookDeliveries(database, viewer, w.id);
      return { ...w, deliveries: log.ok ? log.deliveries.slice(0, 10) : [] };
    }),
  );
  return { allowed: true as const, webhooks };
}

const OAUTH2_FIELDS = ["token_url", "client_id", "client_secret", "scope", "audience"] as const;
const intents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name: webhookName, url: webhookUrl, events: z.array(webhookEvent), auth: z.enum(WEBHOOK_AUTH_TYPES).default("hmac") }),
  z.object({ intent: z.literal("toggle"), id: z.string().min(1), name: webhookName, disable: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("delete"), id: z.string().min(1) }),
  z.object({ intent: z.literal("test"), id: z.string().min(1) }),
  z.object({ intent: z.literal("replay"), id: z.string().min(1), delivery: z.string().min(1) }),
]);

type ActionData = { intent?: string; errors?: FieldErrors; notice?: string; secret?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const database = db(context);
  const form = await readForm(request);
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string"));
  const parsed = intents.safeParse({ ...values, events: form.getAll("events") });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = ["name", "url"].includes(String(issue.path[0])) ? String(issue.path[0]) : "form";
    return Response.json({ intent: String(values.intent ?? ""), errors: { [field]: issue.message } } satisfies ActionData, { status: 400 });
  }
  const input = parsed.data;
  if (input.intent === "create") {
    // The OAuth2 fields are read only when OAuth2 is chosen; empty optional ones are left out.
    const oauth2 = input.auth === "oauth2" ? webhookOAuth2.safeParse(Object.fromEntries(OAUTH2_FIELDS.map((f) => [f, values[f] || undefined]))) : null;
    if (oauth2 && !oauth2.success) {
      const issue = oauth2.error.issues[0]!;
      return Response.json({ intent: input.intent, errors: { [String(issue.path[0] ?? "form")]: issue.path[0] ? issue.message : WEBHOOK_TEXTS.oauth2Missing } } satisfies ActionData, { status: 422 });
    }
    const created = await createWebhook(env, viewer, { name: input.name, url: input.url, events: input.events, oauth2: oauth2?.data });
    if (!created.ok) {
      const field = created.status === "invalid_webhook_url" ? "url" : created.status === "invalid_token_url" ? "token_url" : "form";
      return Response.json({ intent: input.intent, errors: { [field]: created.message } } satisfies ActionData, { status: created.httpStatus });
    }
    return { intent: input.intent, ...(created.secret ? { secret: created.secret } : { notice: WEBHOOK_TEXTS.oauth2Created }) } satisfies ActionData;
  }
  const result =
    input.intent === "toggle"
      ? await editWebhook(database, viewer, input.id, { name: input.name, isDisabled: input.disable === "true" })
      : input.intent === "delete"
        ? await removeWebhook(database, viewer, input.id)
        : input.intent === "replay"
          ? await replayDelivery(env, viewer, input.id, input.delivery)
          : await sendTestEvent(env, viewer, input.id);
  if (!result.ok) return Response.json({ intent: input.intent, errors: { form: result.message } } satisfies ActionData, { status: result.httpStatus });
  const notice = input.intent === "test" ? WEBHOOK_TEXTS.testQueued : input.intent === "replay" ? WEBHOOK_TEXTS.replayQueued : "Saved.";
  return { intent: input.intent, notice } satisfies ActionData;
}

const time = (unix: number | null) => (unix ? new Date(unix * 1000).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" }) : "");
const STATUS_TONE = { delivered: "success", pending: "neutral", failed: "danger" } as const;

export default function Webhooks() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const createErrors = result?.intent === "create" ? (result.errors ?? {}) : {};
  if (!data.allowed) {
    return (
      <RefusedPage title="Webhooks" description={WEBHOOK_TEXTS.intro} testId="webhooks-page" icon={<WebhookIcon />}>
        {WEBHOOK_TEXTS.forbidden}
      </RefusedPage>
    );
  }
  return (
    <Page title="Webhooks" description={WEBHOOK_TEXTS.intro} testId="webhooks-page">
      <FormNotice>{result?.notice}</FormNotice>
      {result?.intent !== "create" ? <FormError>{result?.errors?.form}</FormError> : null}
      {result?.secret ? <SecretShownOnce message={WEBHOOK_TEXTS.secretOnce} secret={result.secret} copied="Secret copied to clipboard" testId="new-webhook-secret" /> : null}
      <Card>
        <CardHeader title="Add a webhook" description={WEBHOOK_TEXTS.eventsSent} />
        <CardContent>
          {/* The OAuth2 fields show when OAuth2 is chosen, by CSS alone (:has), so the form works before scripts load. */}
          <Form method="post" noValidate className="group flex flex-col gap-3" data-testid="create-webhook-form">
            <input type="hidden" name="intent" value="create" />
            <Field label="Name" name="name" placeholder="e.g. Transcripts to our CMS" aria-required="true" maxLength={100} error={createErrors.name} />
            <Field label="URL" name="url" type="url" placeholder="https://example.com/webhooks/parlance" aria-required="true" error={createErrors.url} />
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium">Authentication</legend>
              {WEBHOOK_AUTH_TYPES.map((type) => (
                <label key={type} className="flex items-start gap-2 text-sm">
                  <input type="radio" id={`auth-${type}`} name="auth" value={type} defaultChecked={type === (createErrors.token_url || createErrors.client_id || createErrors.client_secret ? "oauth2" : "hmac")} className="mt-0.5 size-4 shrink-0 accent-[var(--accent)]" />
                  <span>
                    <span className="font-medium">{type === "hmac" ? WEBHOOK_TEXTS.authHmac : WEBHOOK_TEXTS.authOAuth2}</span>
                    <span className="block text-xs text-muted-foreground">{type === "hmac" ? WEBHOOK_TEXTS.authHmacHint : WEBHOOK_TEXTS.authOAuth2Hint}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <fieldset className="hidden flex-col gap-3 rounded-lg border border-border p-3 group-has-[#auth-oauth2:checked]:flex" data-testid="oauth2-fields">
              <legend className="px-1 text-sm font-medium">OAuth2 client credentials</legend>
              <Field label="Token URL" name="token_url" type="url" placeholder="https://auth.example.com/oauth/token" aria-required="true" error={createErrors.token_url} />
              <Field label="Client ID" name="client_id" autoComplete="off" aria-required="true" maxLength={500} error={createErrors.client_id} />
              <Field label="Client secret" name="client_secret" type="password" autoComplete="new-password" aria-required="true" error={createErrors.client_secret} hint={WEBHOOK_TEXTS.clientSecretHint} />
              <Field label="Scope (optional)" name="scope" placeholder="e.g. webhooks:write" maxLength={1000} error={createErrors.scope} />
              <Field label="Audience (optional)" name="audience" placeholder="e.g. https://api.example.com" maxLength={1000} error={createErrors.audience} />
            </fieldset>
            <CheckboxGroup legend="Events" name="events" options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: WEBHOOK_EVENT_LABELS[e] }))} checked={[]} idPrefix="event" />
            {createErrors.form ? <Hint tone="error">{createErrors.form}</Hint> : null}
            <div>
              <Button type="submit" disabled={busy}>
                <Plus aria-hidden="true" /> Add webhook
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
      <Section title="Webhooks">
        {data.webhooks.length === 0 ? (
          <EmptyState icon={<WebhookIcon />} title={WEBHOOK_TEXTS.empty}>
            {WEBHOOK_TEXTS.emptyHint}
          </EmptyState>
        ) : (
          <div className="flex flex-col gap-4">
            {data.webhooks.map((w) => {
              const off = w.isDisabled || w.isAutoDisabled;
              return (
                <Card key={w.id} data-testid="webhook-card">
                  <CardHeader
                    title={
                      <span className="flex flex-wrap items-center gap-2">
                        {w.name} {off ? <Badge tone="warning">{w.isAutoDisabled ? "Disabled automatically" : "Disabled"}</Badge> : <Badge tone="success">Enabled</Badge>}
                      </span>
                    }
                    description={<span className="break-all font-mono text-xs">{w.url}</span>}
                  />
                  <CardContent className="flex flex-col gap-4">
                    {w.isAutoDisabled ? <Hint>{WEBHOOK_TEXTS.autoDisabled}</Hint> : null}
                    <p className="text-sm text-muted-foreground">
                      Authentication: {w.oauth2 ? `${WEBHOOK_TEXTS.authOAuth2} (client ${w.oauth2.client_id} at ${w.oauth2.token_url})` : WEBHOOK_TEXTS.authHmac}
                    </p>
                    {w.mostRecentFailureReason ? <p className="text-xs text-destructive-foreground">Most recent failure: {w.mostRecentFailureReason}</p> : null}
                    <p className="text-sm text-muted-foreground">Events: {w.events.length ? w.events.map((e) => WEBHOOK_EVENT_LABELS[e]).join(", ") : "none (test events only)"}</p>
                    <div className="flex flex-wrap gap-2">
                      <Form method="post">
                        <input type="hidden" name="intent" value="test" />
                        <input type="hidden" name="id" value={w.id} />
                        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                          <Send aria-hidden="true" /> Send test
                        </Button>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name="intent" value="toggle" />
                        <input type="hidden" name="id" value={w.id} />
                        <input type="hidden" name="name" value={w.name} />
                        <input type="hidden" name="disable" value={off ? "false" : "true"} />
                        <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                          {off ? "Enable" : "Disable"}
                        </Button>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name="intent" value="delete" />
                        <input type="hidden" name="id" value={w.id} />
                        <IconButton type="submit" label={`Delete webhook ${w.name}`} icon={<Trash2 />} small />
                      </Form>
                    </div>
                    {w.deliveries.length === 0 ? (
                      <p className="text-sm text-muted-foreground">{WEBHOOK_TEXTS.noDeliveries}</p>
                    ) : (
                      <Table>
                        <TableHead>
                          <tr>
                            <TableHeaderCell>Event</TableHeaderCell>
                            <TableHeaderCell>Status</TableHeaderCell>
                            <TableHeaderCell className="hidden sm:table-cell">Attempts</TableHeaderCell>
                            <TableHeaderCell className="hidden md:table-cell">Sent</TableHeaderCell>
                            <TableHeaderCell className="text-right">
                              <span className="sr-only">Actions</span>
                            </TableHeaderCell>
                          </tr>
                        </TableHead>
                        <tbody>
                          {w.deliveries.map((d) => (
                            <TableRow key={d.id} data-testid="webhook-delivery-row">
                              <TableCell className="font-mono text-xs">{d.eventType}</TableCell>
                              <TableCell>
                                <Badge tone={STATUS_TONE[d.status as keyof typeof STATUS_TONE] ?? "neutral"}>{d.status}</Badge>
                                {d.lastStatusCode || d.lastError ? <span className="ml-2 text-xs text-muted-foreground">{d.lastStatusCode ?? d.lastError}</span> : null}
                              </TableCell>
                              <TableCell className="hidden sm:table-cell">{d.attempts}</TableCell>
                              <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">{time(d.lastAttemptAt ?? d.createdAt)}</TableCell>
                              <TableCell className="py-2">
                                <Form method="post" className="flex justify-end">
                                  <input type="hidden" name="intent" value="replay" />
                                  <input type="hidden" name="id" value={w.id} />
                                  <input type="hidden" name="delivery" value={d.id} />
                                  <IconButton type="submit" label={`Replay ${d.eventType} delivery`} icon={<RotateCcw />} small />
                                </Form>
                              </TableCell>
                            </TableRow>
                          ))}
                        </tbody>
                      </Table>
                    )}
                  </CardContent>
                </Card>
              );
            })}
          </div>
        )}
      </Section>
    </Page>
  );
}
