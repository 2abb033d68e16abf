import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { Plug, Server } from "lucide-react";
import { z } from "zod";
import { parseFormData } from "~/common/form.server";
import { Field, FormNotice } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Dialog } from "~/common/ui/dialog";
import { Hint } from "~/common/ui/feedback";
import { Label } from "~/common/ui/input";
import { NativeSelect } from "~/common/ui/native-select";
import { Page, Section } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { changeMcpServer, createMcpServer, deleteMcpServer, findMcpServer, listMcpServers, listMcpServerTools, listSecrets, mcpServerJson, mcpServersAllowed, mcpToolHash, requireAgentsViewer } from "~/agents/agents.server";
import { AGENT_LIMITS, type Json } from "~/agents/rules/agents";
import { MCP_APPROVAL_POLICIES, MCP_PAGE_TEXTS, MCP_TEXTS, MCP_TRANSPORTS, withoutToolApproval, withToolApproval } from "~/agents/rules/mcp";
import { AgentsAreaLinks } from "~/agents/components/agents-area-links";
import { AddFormCard } from "~/agents/components/add-form-card";
import { AgentsTable, DeleteRowButton, UsedBy } from "~/agents/components/agents-table";

export const meta: MetaFunction = () => [{ title: `MCP servers · ${PRODUCT_NAME}` }];

const PAGE = "/app/conversational-ai/mcp-servers";
const TRANSPORT_LABELS: Record<(typeof MCP_TRANSPORTS)[number], string> = { SSE: "SSE (HTTP + server-sent events)", STREAMABLE_HTTP: "Streamable HTTP" };
const text = (value: unknown) => (typeof value === "string" ? value : "");
const notFound = () => new Response(MCP_TEXTS.notFound, { status: 404 });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await requireAgentsViewer(request, context);
  const openId = new URL(request.url).searchParams.get("server")?.slice(0, 100);
  const [rows, secrets, allowed] = await Promise.all([listMcpServers(env, viewer), listSecrets(env, viewer, { pageSize: 100 }), mcpServersAllowed(env, viewer.membership.workspace.id)]);
  const servers = await Promise.all(rows.map((row) => mcpServerJson(env, viewer, row)));
  const opened = openId ? await findMcpServer(env, viewer, openId) : null;
  if (openId && !opened) throw notFound();
  // The opened server's tools, asked of the server now (as GET .../tools answers them).
  const tools = opened ? await listMcpServerTools(env, opened) : null;
  return {
    allowed,
    secrets: secrets.secrets.map((s) => ({ value: s.id, label: s.name })),
    servers: servers.map((s) => ({
      id: s.id,
      name: text(s.config.name),
      url: typeof s.config.url === "string" ? s.config.url : "(a workspace secret)",
      transport: text(s.config.transport),
      policy: text(s.config.approval_policy),
      agents: s.dependent_agents.map((a) => ({ id: String((a as Json).id), name: String((a as Json).name) })),
    })),
    opened: opened && tools ? { id: opened.id, name: text((JSON.parse(opened.config) as Json).name), policy: text((JSON.parse(opened.config) as Json).approval_policy), tools } : null,
  };
}

const forms = {
  create: z.object({
    name: z.string().trim().min(1, "Enter a name.").max(AGENT_LIMITS.name),
    url: z.url({ protocol: /^https?$/, error: "Enter an http or https address." }),
    transport: z.enum(MCP_TRANSPORTS).catch("SSE"),
    approval_policy: z.enum(MCP_APPROVAL_POLICIES).catch("require_approval_all"),
    secret_id: z.string().max(100).default(""),
  }),
  delete: z.object({ mcp_server_id: z.string().min(1).max(100) }),
  policy: z.object({ mcp_server_id: z.string().min(1).max(100), approval_policy: z.enum(MCP_APPROVAL_POLICIES) }),
  approve: z.object({ mcp_server_id: z.string().min(1).max(100), tool_name: z.string().min(1).max(200), tool_policy: z.enum(["auto_approved", "requires_approval"]) }),
  withdraw: z.object({ mcp_server_id: z.string().min(1).max(100), tool_name: z.string().min(1).max(200) }),
};

type ActionResult = { intent: string; error?: string; errors?: Record<string, string>; notice?: string };

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await requireAgentsViewer(request, context);
  const form = await request.formData().catch(() => null);
  const intent = String(form?.get("intent") ?? "");
  const answer = (result: ActionResult, status = 200) => Response.json(result, { status });
  if (!form || !(intent in forms)) return answer({ intent, error: "Send the page's form." }, 400);
  if (intent === "create") {
    const parsed = await parseFormData(form, forms.create);
    if (!parsed.ok) return answer({ intent, errors: parsed.errors }, 400);
    const { name, url, transport, approval_policy, secret_id } = parsed.data;
    const created = await createMcpServer(env, viewer, { name, url, transport, approval_policy, ...(secret_id ? { secret_token: { secret_id } } : {}) });
    return created.ok ? answer({ intent, notice: MCP_PAGE_TEXTS.added(name) }) : answer({ intent, error: created.refusal.message }, created.refusal.httpStatus);
  }
  if (intent === "delete") {
    const parsed = await parseFormData(form, forms.delete);
    if (!parsed.ok || !(await deleteMcpServer(env, viewer, parsed.data.mcp_server_id))) return answer({ intent, error: MCP_TEXTS.notFound }, 404);
    return answer({ intent, notice: MCP_PAGE_TEXTS.deleted });
  }
  if (intent === "policy") {
    const parsed = await parseFormData(form, forms.policy);
    if (!parsed.ok) return answer({ intent, error: MCP_TEXTS.badPolicy }, 400);
    const policy = parsed.data.approval_policy;
    const changed = await changeMcpServer(env, viewer, parsed.data.mcp_server_id, async (config) => ({ config: { ...config, approval_policy: policy } }));
    return changed.ok ? answer({ intent, notice: MCP_PAGE_TEXTS.saved }) : answer({ intent, error: changed.refusal.message }, changed.refusal.httpStatus);
  }
  const parsed = await parseFormData(form, intent === "approve" ? forms.approve : forms.withdraw);
  if (!parsed.ok) return answer({ intent, error: MCP_TEXTS.notFound }, 400);
  const { mcp_server_id, tool_name } = parsed.data;
  const server = await findMcpServer(env, viewer, mcp_server_id);
  if (!server) return answer({ intent, error: MCP_TEXTS.notFound }, 404);
  if (intent === "withdraw") {
    const changed = await changeMcpServer(env, viewer, server.id, async (config) => withoutToolApproval(config, tool_name));
    return changed.ok ? answer({ intent, notice: MCP_PAGE_TEXTS.withdrawn(tool_name) }) : answer({ intent, error: changed.refusal.message }, changed.refusal.httpStatus);
  }
  // The approval is of the tool as the server describes it now (its hash), never of what the page was shown.
  const listed = await listMcpServerTools(env, server);
  const tool = listed.tools.find((t) => t.name === tool_name);
  if (!tool) return answer({ intent, error: listed.error_message ?? MCP_TEXTS.toolNotApproved(tool_name) }, listed.success ? 404 : 502);
  const approval = { tool_name, tool_hash: await mcpToolHash(tool.name, tool.description ?? "", tool.inputSchema), approval_policy: "tool_policy" in parsed.data ? String(parsed.data.tool_policy) : "requires_approval" };
  const changed = await changeMcpServer(env, viewer, server.id, async (config) => ({ config: withToolApproval(config, approval) }));
  return changed.ok ? answer({ intent, notice: MCP_PAGE_TEXTS.approved(tool_name) }) : answer({ intent, error: changed.refusal.message }, changed.refusal.httpStatus);
}

const POLICY_OPTIONS = MCP_APPROVAL_POLICIES.map((p) => ({ value: p, label: MCP_PAGE_TEXTS.policies[p] ?? p }));

export default function McpServers() {
  const { servers, secrets, opened, allowed } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const busy = useNavigation().state !== "idle";
  const navigate = useNavigate();
  const errors = result?.intent === "create" ? (result.errors ?? {}) : {};
  const statusOf = (name: string) => opened?.tools.tool_approval_statuses.find((s) => s.tool_id.endsWith(`:${name}`));
  return (
    <Page title="MCP servers" description={MCP_PAGE_TEXTS.sectionIntro} testId="mcp-servers-page">
      <AgentsAreaLinks />
      <FormNotice>{result?.notice}</FormNotice>
      {!allowed ? <Hint tone="error">{MCP_PAGE_TEXTS.mcpOff}</Hint> : null}
      <AddFormCard title="Add an MCP server" description={MCP_PAGE_TEXTS.urlHint} intent="create" testId="add-mcp-form" icon={Plug} action="Add server" busy={busy} error={result?.intent === "create" && result.error ? <Hint tone="error">{result.error}</Hint> : null}>
        <Field label="Name" name="name" maxLength={AGENT_LIMITS.name} error={errors.name} />
        <Field label="Server URL" name="url" placeholder="https://mcp.example.com/mcp" error={errors.url} />
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor="mcp-transport">Transport</Label>
          <NativeSelect className="w-full" id="mcp-transport" name="transport" defaultValue="STREAMABLE_HTTP" options={MCP_TRANSPORTS.map((t) => ({ value: t, label: TRANSPORT_LABELS[t] }))} />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor="mcp-policy">Approval</Label>
          <NativeSelect className="w-full" id="mcp-policy" name="approval_policy" defaultValue="require_approval_all" options={POLICY_OPTIONS} />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <Label htmlFor="mcp-token">Token (sent as Authorization)</Label>
          <NativeSelect className="w-full" id="mcp-token" name="secret_id" defaultValue="" options={[{ value: "", label: MCP_PAGE_TEXTS.noToken }, ...secrets]} />
        </div>
      </AddFormCard>
      <Section title="Servers">
        {result?.intent === "delete" && result.error ? <Hint tone="error">{result.error}</Hint> : null}
        <AgentsTable
          rows={servers}
          rowTestId="mcp-server-row"
          empty={{ icon: <Server />, title: MCP_PAGE_TEXTS.empty, hint: MCP_PAGE_TEXTS.emptyHint }}
          columns={[
            {
              header: "Server",
              cell: (s) => (
                <>
                  <Link className="break-words font-medium underline-offset-4 hover:underline" to={`${PAGE}?server=${s.id}`} preventScrollReset>
                    {s.name}
                  </Link>
                  <div className="break-all text-xs text-muted-foreground">{s.url}</div>
                </>
              ),
            },
            { header: "Approval", phone: false, cell: (s) => <span className="text-sm">{MCP_PAGE_TEXTS.policies[s.policy] ?? s.policy}</span> },
            { header: "Used by", cell: (s) => <UsedBy agents={s.agents} /> },
            { header: "Actions", srOnlyHeader: true, cell: (s) => <DeleteRowButton idField="mcp_server_id" id={s.id} name={s.name} busy={busy} /> },
          ]}
        />
      </Section>
      {opened ? (
        <Dialog title={opened.name} description="Its tools as the server lists them now." onClose={() => navigate(PAGE, { preventScrollReset: true })} testId="mcp-tools-dialog" className="sm:max-w-2xl">
          <Form method="post" className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="policy" />
            <input type="hidden" name="mcp_server_id" value={opened.id} />
            <div className="flex flex-col gap-1">
              <Label htmlFor="opened-policy">Approval</Label>
              <NativeSelect id="opened-policy" name="approval_policy" defaultValue={opened.policy} options={POLICY_OPTIONS} />
            </div>
            <Button type="submit" size="sm" variant="secondary" disabled={busy}>
              Save
            </Button>
          </Form>
          {result?.error && result.intent !== "create" ? <Hint tone="error">{result.error}</Hint> : null}
          {!opened.tools.success ? (
            <Hint tone="error">{`${MCP_PAGE_TEXTS.notReached} ${opened.tools.error_message ?? ""}`}</Hint>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="mcp-tools">
              {opened.tools.tools.map((tool) => {
                const status = statusOf(tool.name);
                return (
                  <li key={tool.name} className="flex flex-col gap-2 rounded-lg border border-border p-3 text-sm" data-testid="mcp-tool">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{tool.name}</span>
                      {status ? <Badge tone={status.state === "up_to_date" ? "success" : "neutral"}>{MCP_PAGE_TEXTS.states[status.state]}</Badge> : null}
                      {status?.state === "up_to_date" && status.approval_policy ? <span className="text-xs text-muted-foreground">{MCP_PAGE_TEXTS.toolPolicies[status.approval_policy]}</span> : null}
                    </div>
                    {tool.description ? <p className="text-muted-foreground">{tool.description}</p> : null}
                    {opened.policy === "require_approval_per_tool" ? (
                      <div className="flex flex-wrap gap-2">
                        {(["auto_approved", "requires_approval"] as const).map((policy) => (
                          <Form method="post" key={policy}>
                            <input type="hidden" name="intent" value="approve" />
                            <input type="hidden" name="mcp_server_id" value={opened.id} />
                            <input type="hidden" name="tool_name" value={tool.name} />
                            <input type="hidden" name="tool_policy" value={policy} />
                            <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                              {policy === "auto_approved" ? "Approve: call without asking" : "Approve: ask first"}
                            </Button>
                          </Form>
                        ))}
                        {status && status.state !== "not_approved" ? (
                          <Form method="post">
                            <input type="hidden" name="intent" value="withdraw" />
                            <input type="hidden" name="mcp_server_id" value={opened.id} />
                            <input type="hidden" name="tool_name" value={tool.name} />
                            <Button type="submit" size="sm" variant="ghost" disabled={busy}>
                              Withdraw approval
                            </Button>
                          </Form>
                        ) : null}
                      </div>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </Dialog>
      ) : null}
    </Page>
  );
}
