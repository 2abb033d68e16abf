import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { Pencil, Webhook, Wrench } from "lucide-react";
import { z } from "zod";
import { parseFormData } from "~/common/form.server";
import { Field, FormNotice } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button, LinkButton } from "~/common/ui/button";
import { Dialog, DialogActions } from "~/common/ui/dialog";
import { Hint } from "~/common/ui/feedback";
import { Input, Label, Textarea } from "~/common/ui/input";
import { NativeSelect } from "~/common/ui/native-select";
import { Page, Section } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { PRODUCT_NAME } from "../../core/brand";
import { createTool, deleteTool, findTool, listSecrets, listToolCalls, listTools, requireAgentsViewer, toolStats, toolUsers, updateTool, type AgentToolRow } from "~/agents/agents.server";
import { AGENT_LIMITS, type Json } from "~/agents/rules/agents";
import { WEBHOOK_METHODS } from "~/agents/rules/llm";
import { headerRowsFromForm, headerRowsOf, headersFromRows, parseParamsSchema, TOOL_HEADER_BLANK_ROWS, TOOL_SCHEMA_MAX_CHARS, TOOL_HEADER_VALUE_MAX_CHARS, TOOLS_PAGE_TEXTS, TYPED_HEADER_SOURCE, WORKSPACE_TOOL_LIMITS, WORKSPACE_TOOL_TEXTS, type ToolHeaderRow } from "~/agents/rules/tools";
import { AddFormCard } from "~/agents/components/add-form-card";
import { AgentsAreaLinks } from "~/agents/components/agents-area-links";
import { AgentsTable, DeleteRowButton, UsedBy } from "~/agents/components/agents-table";
import { InUseRefusal } from "~/agents/components/in-use-refusal";
import { SearchForm } from "~/agents/components/search-form";

export const meta: MetaFunction = () => [{ title: `Tools · ${PRODUCT_NAME}` }];

const PAGE = "/app/conversational-ai/tools";
const CALLS_SHOWN = 20;
const configOf = (tool: AgentToolRow) => JSON.parse(tool.toolConfig) as Json;
const apiOf = (config: Json) => (config.api_schema && typeof config.api_schema === "object" ? (config.api_schema as Json) : {});
const text = (value: unknown) => (typeof value === "string" ? value : "");
const notFound = () => new Response(WORKSPACE_TOOL_TEXTS.notFound, { status: 404 });
/** A stored parameters schema as the text box shows it (pretty JSON), or empty for none. */
const schemaText = (schema: unknown) => (schema && typeof schema === "object" ? JSON.stringify(schema, null, 2) : "");
/** The two parameter schemas the edit dialog shows: form field, stored key, and the words its errors use. */
const SCHEMA_FIELDS = [
  { field: "query_schema", key: "query_params_schema", label: "query parameters" },
  { field: "body_schema", key: "request_body_schema", label: "body parameters" },
] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await requireAgentsViewer(request, context);
  const params = new URL(request.url).searchParams;
  const search = params.get("q")?.trim().slice(0, 200) || undefined;
  const openId = params.get("tool")?.slice(0, 100);
  const editId = params.get("edit")?.slice(0, 100);
  const { tools } = await listTools(env, viewer, { pageSize: WORKSPACE_TOOL_LIMITS.pageSize, search });
  const [stats, users] = await Promise.all([toolStats(env, viewer, tools.map((t) => t.id)), Promise.all(tools.map((t) => toolUsers(env, t.workspaceId, t.id)))]);
  // A tool named in the address that is not this workspace's answers 404, as the API does.
  const opened = openId ? await findTool(env, viewer, openId) : null;
  if (openId && !opened) throw notFound();
  const edited = editId ? await findTool(env, viewer, editId) : null;
  if (editId && (!edited || edited.type !== "webhook")) throw notFound();
  const calls = opened ? (await listToolCalls(env, viewer, opened.id, { pageSize: CALLS_SHOWN })).calls : [];
  // The edit dialog's headers may name any of the workspace's secrets (their names only; values never leave D1).
  const secrets = edited ? (await listSecrets(env, viewer, { pageSize: 100 })).secrets.map((row) => ({ id: row.id, name: row.name })) : [];
  return {
    search: search ?? "",
    tools: tools.map((t, i) => ({
      id: t.id,
      name: t.name,
      type: t.type,
      description: text(configOf(t).description),
      calls: stats.get(t.id)?.calls ?? 0,
      agents: users[i]!.map((a) => ({ id: a.id, name: a.name })),
    })),
    opened: opened
      ? {
          id: opened.id,
          name: opened.name,
          calls: calls.map((c) => ({ id: c.id, calledAt: c.calledAt, agentId: c.agentId, latencyMs: c.latencyMs, isError: c.isError, request: c.requestPayload, response: c.responsePayload })),
        }
      : null,
    editing: edited
      ? {
          id: edited.id,
          name: edited.name,
          description: text(configOf(edited).description),
          url: text(apiOf(configOf(edited)).url),
          method: text(apiOf(configOf(edited)).method).toUpperCase() || "GET",
          headers: headerRowsOf(apiOf(configOf(edited)).request_headers),
          querySchema: schemaText(apiOf(configOf(edited)).query_params_schema),
          bodySchema: schemaText(apiOf(configOf(edited)).request_body_schema),
          secrets,
        }
      : null,
  };
}

const webhookFields = {
  name: z.string().trim().min(1, TOOLS_PAGE_TEXTS.nameMissing).max(AGENT_LIMITS.name),
  description: z.string().trim().max(AGENT_LIMITS.prompt).default(""),
  url: z.url({ protocol: /^https?$/, error: TOOLS_PAGE_TEXTS.urlInvalid }),
  method: z.enum(WEBHOOK_METHODS).catch("GET"),
};
const forms = {
  create: z.object(webhookFields),
  update: z.object({ tool_id: z.string().min(1).max(100), ...webhookFields }),
  delete: z.object({ tool_id: z.string().min(1).max(100), force: z.literal("true").optional() }),
};

type ActionResult = { intent: string; error?: string; errors?: Record<string, string>; created?: string; updated?: string; deleted?: boolean; inUse?: { id: string; message: string } };

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await requireAgentsViewer(request, context);
  const form = await request.formData().catch(() => null);
  if (!form) return Response.json({ intent: "", error: TOOLS_PAGE_TEXTS.notAForm } satisfies ActionResult, { status: 400 });
  const intent = String(form.get("intent") ?? "");
  const answer = (result: ActionResult, status = 200) => Response.json(result, { status });
  // The tool's rules (its name, its URL, decision 0053) are the API's: createTool and updateTool refuse what breaks them.
  if (intent === "create") {
    const parsed = await parseFormData(form, forms.create);
    if (!parsed.ok) return answer({ intent, errors: parsed.errors }, 400);
    const { name, description, url, method } = parsed.data;
    const created = await createTool(env, viewer, { toolConfig: { type: "webhook", name, description, api_schema: { url, method } } });
    return created.ok ? answer({ intent, created: created.tool.name }) : answer({ intent, error: created.refusal.message }, created.refusal.httpStatus);
  }
  if (intent === "update") {
    const parsed = await parseFormData(form, forms.update);
    if (!parsed.ok) return answer({ intent, errors: parsed.errors }, 400);
    const found = await findTool(env, viewer, parsed.data.tool_id);
    if (!found) return answer({ intent, error: WORKSPACE_TOOL_TEXTS.notFound }, 404);
    if (found.type !== "webhook") return answer({ intent, error: TOOLS_PAGE_TEXTS.onlyWebhooks }, 400);
    const headers = headersFromRows(headerRowsFromForm(form));
    if (!headers.ok) return answer({ intent, errors: { headers: headers.message } }, 400);
    // Only what the form shows changes: a schema field the post leaves out keeps the stored schema; an empty one removes it.
    const config = configOf(found);
    const api: Json = { ...apiOf(config) };
    for (const { field, key, label } of SCHEMA_FIELDS) {
      const raw = form.get(field);
      if (typeof raw !== "string") continue;
      const schema = parseParamsSchema(raw, label);
      if (!schema.ok) return answer({ intent, errors: { [field]: schema.message } }, 400);
      if (schema.schema) api[key] = schema.schema;
      else delete api[key];
    }
    const { name, description, url, method } = parsed.data;
    const updated = await updateTool(env, viewer, found.id, { toolConfig: { ...config, name, description, api_schema: { ...api, url, method, request_headers: headers.headers } } });
    return updated.ok ? answer({ intent, updated: updated.tool.name }) : answer({ intent, error: updated.refusal.message }, updated.refusal.httpStatus);
  }
  if (intent === "delete") {
    const parsed = await parseFormData(form, forms.delete);
    if (!parsed.ok) return answer({ intent, error: WORKSPACE_TOOL_TEXTS.notFound }, 404);
    const deleted = await deleteTool(env, viewer, parsed.data.tool_id, parsed.data.force === "true");
    if (deleted.ok) return answer({ intent, deleted: true });
    if (deleted.refusal.status === "tool_in_use") return answer({ intent, inUse: { id: parsed.data.tool_id, message: deleted.refusal.message } }, 409);
    return answer({ intent, error: deleted.refusal.message }, deleted.refusal.httpStatus);
  }
  return answer({ intent, error: "Unknown action." }, 400);
}

const METHOD_OPTIONS = WEBHOOK_METHODS.map((m) => ({ value: m, label: m }));

export default function Tools() {
  const { tools, search, opened, editing } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const busy = useNavigation().state !== "idle";
  const navigate = useNavigate();
  const back = () => navigate(search ? `${PAGE}?q=${encodeURIComponent(search)}` : PAGE, { preventScrollReset: true });
  const errorsOf = (intent: string) => (result?.intent === intent ? (result.errors ?? {}) : {});
  const errorOf = (intent: string) => (result?.intent === intent && result.error ? <Hint tone="error">{result.error}</Hint> : null);
  const linkTo = (key: string, id: string) => `${PAGE}?${new URLSearchParams({ ...(search ? { q: search } : {}), [key]: id })}`;
  const notice = result?.created ? TOOLS_PAGE_TEXTS.created(result.created) : result?.updated ? TOOLS_PAGE_TEXTS.updated(result.updated) : result?.deleted ? TOOLS_PAGE_TEXTS.deleted : null;
  return (
    <Page title="Tools" description={TOOLS_PAGE_TEXTS.intro} testId="tools-page">
      <AgentsAreaLinks />
      <FormNotice>{notice}</FormNotice>
      <AddFormCard title="Add a webhook tool" description={TOOLS_PAGE_TEXTS.webhookExplained} intent="create" testId="add-tool-form" icon={Webhook} action="Add tool" busy={busy} error={errorOf("create")}>
        <WebhookFields errors={errorsOf("create")} idPrefix="new-tool" />
      </AddFormCard>
      <Section title="Workspace tools">
        <SearchForm id="tool-search" search={search} />
        {result?.inUse ? <InUseRefusal message={result.inUse.message} force={{ fields: { intent: "delete", tool_id: result.inUse.id }, label: TOOLS_PAGE_TEXTS.deleteAnyway }} busy={busy} /> : null}
        {errorOf("delete")}
        <AgentsTable
          rows={tools}
          rowTestId="tool-row"
          empty={{ icon: <Wrench />, title: search ? TOOLS_PAGE_TEXTS.noMatch : TOOLS_PAGE_TEXTS.empty, hint: search ? null : TOOLS_PAGE_TEXTS.emptyHint }}
          columns={[
            {
              header: "Tool",
              cell: (t) => (
                <>
                  <Link className="break-words font-medium underline-offset-4 hover:underline" to={linkTo("tool", t.id)} preventScrollReset>
                    {t.name}
                  </Link>
                  {t.description ? <div className="text-xs text-muted-foreground">{t.description}</div> : null}
                </>
              ),
            },
            { header: "Type", phone: false, cell: (t) => <Badge tone="outline">{t.type}</Badge> },
            { header: "Used by", cell: (t) => <UsedBy agents={t.agents} /> },
            { header: "Calls", phone: false, className: "tabular-nums", cell: (t) => t.calls },
            {
              header: "Actions",
              srOnlyHeader: true,
              cell: (t) => (
                <div className="flex items-center justify-end gap-1">
                  {t.type === "webhook" ? (
                    <LinkButton to={linkTo("edit", t.id)} preventScrollReset size="sm" variant="ghost" aria-label={`Edit ${t.name}`}>
                      <Pencil aria-hidden="true" />
                    </LinkButton>
                  ) : null}
                  <DeleteRowButton idField="tool_id" id={t.id} name={t.name} busy={busy} />
                </div>
              ),
            },
          ]}
        />
      </Section>
      {editing && !(result?.intent === "update" && result.updated) ? (
        <Dialog title={`Edit ${editing.name}`} description={TOOLS_PAGE_TEXTS.webhookExplained} onClose={back} testId="edit-tool-dialog" className="sm:max-w-lg">
          <Form method="post" className="flex flex-col gap-3" noValidate>
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="tool_id" value={editing.id} />
            <WebhookFields errors={errorsOf("update")} idPrefix="edit-tool" values={editing} />
            <HeaderRows rows={editing.headers} secrets={editing.secrets} error={errorsOf("update").headers} />
            <p className="text-xs text-muted-foreground">{TOOLS_PAGE_TEXTS.schemasExplained}</p>
            <SchemaField id="edit-tool-query-schema" name="query_schema" label="Query parameters (JSON schema)" defaultValue={editing.querySchema} error={errorsOf("update").query_schema} />
            <SchemaField id="edit-tool-body-schema" name="body_schema" label="Body parameters (JSON schema)" defaultValue={editing.bodySchema} error={errorsOf("update").body_schema} />
            {errorOf("update")}
            <DialogActions onCancel={back}>
              <Button type="submit" disabled={busy}>
                Save
              </Button>
            </DialogActions>
          </Form>
        </Dialog>
      ) : null}
      {opened ? (
        <Dialog title={opened.name} description="Recent calls, newest first." onClose={back} testId="tool-calls-dialog" className="sm:max-w-3xl">
          {opened.calls.length === 0 ? (
            <p className="text-sm text-muted-foreground">{TOOLS_PAGE_TEXTS.noCalls}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {opened.calls.map((c) => (
                <li key={c.id} className="rounded-lg border border-border p-3 text-sm" data-testid="tool-call">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone={c.isError ? "danger" : "success"}>{c.isError ? "Error" : "Answered"}</Badge>
                    <span className="tabular-nums text-muted-foreground">{`${(c.latencyMs / 1000).toFixed(2)} s`}</span>
                    <time className="text-muted-foreground" dateTime={new Date(c.calledAt).toISOString()}>
                      {`${new Date(c.calledAt).toISOString().replace("T", " ").slice(0, 19)} UTC`}
                    </time>
                    <Link className="underline-offset-4 hover:underline" to={`/app/conversational-ai/agents/${c.agentId}`}>
                      Agent
                    </Link>
                  </div>
                  <div className="mt-2 font-medium">Arguments</div>
                  <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-muted p-2 text-xs">{c.request}</pre>
                  <div className="mt-2 font-medium">{c.isError ? "Error" : "Answer"}</div>
                  <pre className="overflow-x-auto whitespace-pre-wrap break-all rounded bg-muted p-2 text-xs">{c.response}</pre>
                </li>
              ))}
            </ul>
          )}
        </Dialog>
      ) : null}
    </Page>
  );
}

/** A webhook's name, description, address and method (the create form and the edit dialog). */
function WebhookFields({ errors, idPrefix, values }: { errors: Record<string, string>; idPrefix: string; values?: { name: string; description: string; url: string; method: string } }) {
  return (
    <>
      <Field id={`${idPrefix}-name`} label="Name" name="name" placeholder="check_order" maxLength={AGENT_LIMITS.name} aria-required="true" defaultValue={values?.name} hint={TOOLS_PAGE_TEXTS.nameHint} error={errors.name} />
      <Field id={`${idPrefix}-description`} label="Description" name="description" placeholder="Looks up an order by its number" defaultValue={values?.description} error={errors.description} />
      <Field id={`${idPrefix}-url`} label="URL" name="url" type="url" placeholder="https://example.com/orders" aria-required="true" defaultValue={values?.url} error={errors.url} />
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${idPrefix}-method`}>Method</Label>
        <Select id={`${idPrefix}-method`} label="Method" name="method" options={METHOD_OPTIONS} defaultValue={values?.method ?? "GET"} className="w-32" />
      </div>
    </>
  );
}

/**
 * The tool's request headers as rows, then empty rows for new ones: a name, and a typed value or a secret. A row
 * left without a name is dropped on save.
 */
function HeaderRows({ rows, secrets, error }: { rows: ToolHeaderRow[]; secrets: { id: string; name: string }[]; error?: string }) {
  const shown = [...rows, ...Array.from({ length: TOOL_HEADER_BLANK_ROWS }, () => ({ name: "", secretId: "", value: "" }))];
  const sources = [{ value: TYPED_HEADER_SOURCE, label: "Typed value" }, ...secrets.map((secret) => ({ value: secret.id, label: `Secret: ${secret.name}` }))];
  return (
    <fieldset className="flex flex-col gap-2" data-testid="tool-headers" aria-describedby={error ? "tool-headers-error" : undefined}>
      <legend className="text-sm font-medium">Headers</legend>
      <p className="text-xs text-muted-foreground">{TOOLS_PAGE_TEXTS.headersExplained}</p>
      {shown.map((row, i) => (
        <div key={i} className="grid gap-2 sm:grid-cols-[1fr_1fr_1fr]">
          <Input name={`header_name_${i}`} defaultValue={row.name} placeholder="Header name" aria-label={`Header ${i + 1} name`} maxLength={100} />
          {/* A native select: its choices are in the server's page, so the form works before scripts run. */}
          <NativeSelect name={`header_secret_${i}`} aria-label={`Header ${i + 1} value source`} defaultValue={row.secretId || TYPED_HEADER_SOURCE} options={sources} />
          <Input name={`header_value_${i}`} defaultValue={row.value} placeholder="Value" aria-label={`Header ${i + 1} value`} maxLength={TOOL_HEADER_VALUE_MAX_CHARS} />
        </div>
      ))}
      {error ? (
        <Hint tone="error" id="tool-headers-error">
          {error}
        </Hint>
      ) : null}
    </fieldset>
  );
}

/** One parameters schema as JSON in a text box (monospace, empty for none). */
function SchemaField({ id, name, label, defaultValue, error }: { id: string; name: string; label: string; defaultValue: string; error?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        name={name}
        defaultValue={defaultValue}
        rows={Math.min(10, Math.max(3, defaultValue.split("\n").length))}
        maxLength={TOOL_SCHEMA_MAX_CHARS}
        spellCheck={false}
        placeholder='{"type": "object", "properties": {"order_id": {"type": "string", "description": "The order number"}}}'
        className="font-mono text-xs"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <Hint tone="error" id={`${id}-error`}>
          {error}
        </Hint>
      ) : null}
    </div>
  );
}
