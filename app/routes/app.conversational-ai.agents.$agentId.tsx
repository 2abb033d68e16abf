import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { ArrowLeft, FileText, History, Trash2, Wrench } from "lucide-react";
import { z } from "zod";
import { Field } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { IconButton } from "~/common/ui/icon-button";
import { Label, Textarea } from "~/common/ui/input";
import { Page } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/common/ui/tabs";
import { PRODUCT_NAME } from "../../core/brand";
import { parseForm, type FieldErrors } from "~/common/form.server";
import { voiceOptions } from "~/voices/voices.server";
import { LANGUAGES } from "~/speech/rules/languages";
import { agentMediaPageAction, branchJson, branchPageData, commentOnMergeProposal, conversationCreditRefusal, conversationJson, createBranchFromMain, createMergeProposal, deleteConversation, documentFromText, findAgent, listConversations, listMcpServers, listTools, mcpServersAllowed, mergeMergeProposal, mergeProposalJson, reviewMergeProposal, settingsOfAgent, createConversationTicket, listTriageTickets, updateTriageTicket, findTriageTicket, updateAgent, updateBranch, updateMergeProposal, requireAgentsViewer } from "~/agents/agents.server";
import { BRANCH_LIMITS, BRANCH_PAGE_TEXTS, BRANCH_TEXTS, isBranchPageIntent, MAIN_BRANCH, type BranchPageIntent } from "~/agents/rules/branches";
import { MERGE_PROPOSAL_LIMITS } from "~/agents/rules/merge-proposals";
import { TICKET_PRIORITIES, TRIAGE_LIMITS, TRIAGE_PAGE_TEXTS, TRIAGE_TEXTS } from "~/agents/rules/triage-tickets";
import { OpenTickets, RaiseTicketForm } from "~/agents/components/triage-tickets";
import { BranchesPanel, type BranchPageResult } from "~/agents/components/branches-panel";
import { MCP_PAGE_TEXTS } from "~/agents/rules/mcp";
import { TOOL_TEXTS } from "~/agents/rules/llm";
import { AGENT_DEFAULTS, AGENT_LIMITS, AGENT_TEXTS } from "~/agents/rules/agents";
import { TalkPanel } from "~/agents/components/talk-panel";
import { EmbedSnippet } from "~/audio-native/components/snippet";
import { allowedHosts, normalizeHost, requiresSignedUrl, widgetSnippet, WIDGET_TEXTS } from "~/agents/rules/widget";
import { AGENT_MEDIA_PAGE_INTENTS, avatarUrlOf, holdAudioOf, isAgentMediaPageIntent, type AgentMediaPageIntent } from "~/agents/rules/agent-media";
import { WidgetMediaCards } from "~/agents/components/widget-media";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.agent.name ?? "Agent"} · ${PRODUCT_NAME}` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireAgentsViewer(request, context);
  const env = context.cloudflare.env;
  const agent = await findAgent(env, viewer, params.agentId ?? "");
  if (!agent) throw new Response(AGENT_TEXTS.agentNotFound, { status: 404 });
  const settings = settingsOfAgent(agent);
  const platform = JSON.parse(agent.platformSettings) as Record<string, unknown>;
  const hold = holdAudioOf(platform);
  const [voices, { conversations }, creditRefusal, { tools }, servers, mcpAllowed, branchPage] = await Promise.all([
    voiceOptions(env, viewer),
    listConversations(env, viewer, { pageSize: 20, agentId: agent.id }),
    conversationCreditRefusal(env, agent.workspaceId),
    listTools(env, viewer, { pageSize: 100 }),
    listMcpServers(env, viewer),
    mcpServersAllowed(env, agent.workspaceId),
    branchPageData(env, viewer, agent, new URL(request.url).searchParams.get("branch")?.slice(0, 100) ?? null),
  ]);
  // The open tickets to act on, most urgent first: open ones, then those in progress.
  const active = await Promise.all((["open", "in_progress"] as const).map((status) => listTriageTickets(env, viewer, { agentId: agent.id, status, sort: "priority", pageSize: 50 })));
  // A branch in the address that is not this agent's answers 404, as the API does.
  if (!branchPage) throw new Response(BRANCH_TEXTS.branchNotFound, { status: 404 });
  const nameOf = (config: string, fallback: string) => {
    const parsed = JSON.parse(config) as { name?: unknown; description?: unknown; approval_policy?: unknown };
    return { name: typeof parsed.name === "string" ? parsed.name : fallback, description: typeof parsed.description === "string" ? parsed.description : "", policy: typeof parsed.approval_policy === "string" ? parsed.approval_policy : "" };
  };
  return {
    agent: { id: agent.id, name: agent.name },
    settings,
    engineName: settings.llm === AGENT_DEFAULTS.llm ? AGENT_TEXTS.responderName : settings.llm,
    voices: voices.map((v) => ({ value: v.voice_id, label: v.name })),
    conversations: conversations.map(conversationJson),
    creditRefusal: creditRefusal?.message ?? null,
    widget: { snippet: widgetSnippet(new URL(request.url).origin, agent.id), hosts: allowedHosts(platform), signedOnly: requiresSignedUrl(platform) },
    media: { avatarUrl: avatarUrlOf(platform), holdAudio: hold ? { url: hold.audio_url, name: hold.original_filename, durationSecs: hold.duration_secs } : null },
    tools: tools.map((t) => ({ id: t.id, type: t.type, ...nameOf(t.toolConfig, t.id) })),
    servers: servers.map((m) => ({ id: m.id, ...nameOf(m.config, m.id) })),
    mcpAllowed,
    tickets: active.flatMap((page) => page.agent_conversation_tickets.map((t) => ({ id: t.agentqa_ticket_id, title: t.title, status: t.status, priority: t.priority, conversations: t.conversation_ids.length }))),
    ...branchPage,
  };
}

const intents = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    name: z.string().trim().min(1, "Give the agent a name.").max(AGENT_LIMITS.name),
    first_message: z.string().max(AGENT_LIMITS.firstMessage),
    prompt: z.string().max(AGENT_LIMITS.prompt),
    language: z.string().min(2).max(10),
    voice_id: z.string().min(1).max(100),
  }),
  z.object({ intent: z.literal("add-document"), document_name: z.string().trim().max(AGENT_LIMITS.name), text: z.string().trim().min(1, "Paste the text the agent should know.").max(AGENT_LIMITS.documentCharacters) }),
  z.object({ intent: z.literal("detach"), document_id: z.string().min(1) }),
  z.object({ intent: z.literal("delete-conversation"), conversation_id: z.string().min(1) }),
  z.object({
    intent: z.literal("raise-ticket"),
    conversation_id: z.string().min(1).max(100),
    qa_comment: z.string().trim().min(1, TRIAGE_PAGE_TEXTS.commentMissing).max(TRIAGE_LIMITS.comment),
    priority: z.union([z.enum(TICKET_PRIORITIES), z.literal("")]).default(""),
  }),
  z.object({ intent: z.literal("resolve-ticket"), ticket_id: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("save-sites"), sites: z.string().max(5000) }),
  // The chosen ids are read from the form (checkboxes: one value each).
  z.object({ intent: z.literal("save-tools") }),
  // The Widget tab's avatar and hold audio (multipart: the file is read from the form).
  z.object({ intent: z.enum(AGENT_MEDIA_PAGE_INTENTS) }),
  // The Branches tab (decision 0094).
  z.object({ intent: z.literal("create-branch"), name: z.string().trim().min(1, BRANCH_PAGE_TEXTS.nameMissing).max(BRANCH_LIMITS.name), description: z.string().trim().max(BRANCH_LIMITS.description) }),
  z.object({ intent: z.literal("archive-branch"), branch_id: z.string().min(1).max(100) }),
  z.object({ intent: z.literal("propose"), source_branch_id: z.string().min(1).max(100), title: z.string().trim().min(1, BRANCH_PAGE_TEXTS.titleMissing).max(MERGE_PROPOSAL_LIMITS.title), description: z.string().trim().max(MERGE_PROPOSAL_LIMITS.description) }),
  z.object({ intent: z.enum(["approve", "request-changes"]), proposal_id: z.string().min(1).max(100), body: z.string().trim().max(MERGE_PROPOSAL_LIMITS.comment).default("") }),
  z.object({ intent: z.literal("comment"), proposal_id: z.string().min(1).max(100), body: z.string().trim().min(1, BRANCH_PAGE_TEXTS.commentMissing).max(MERGE_PROPOSAL_LIMITS.comment) }),
  z.object({ intent: z.enum(["merge", "close-proposal"]), proposal_id: z.string().min(1).max(100), archive_source: z.literal("true").optional(), force: z.literal("true").optional() }),
]);

/** target: the branch or merge proposal a Branches tab form was about, so its answer shows under that form. */
type ActionData = { intent?: string; target?: string; errors?: FieldErrors; notice?: string };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireAgentsViewer(request, context);
  const env = context.cloudflare.env;
  const agent = await findAgent(env, viewer, params.agentId ?? "");
  if (!agent) throw new Response(AGENT_TEXTS.agentNotFound, { status: 404 });
  const parsed = await parseForm(request, intents);
  const target = String(parsed.form.get("proposal_id") ?? parsed.form.get("branch_id") ?? parsed.form.get("conversation_id") ?? "") || undefined;
  if (!parsed.ok) return Response.json({ intent: String(parsed.form.get("intent") ?? ""), target, errors: parsed.errors } satisfies ActionData, { status: 400 });
  const input = parsed.data;
  const fail = (intent: string, message: string, status: number) => Response.json({ intent, target, errors: { form: message } } satisfies ActionData, { status });
  if (isBranchInput(input)) return branchAction(env, viewer, agent, input, fail);
  if (isMediaInput(input)) {
    const media = await agentMediaPageAction(context.agentMedia, env, viewer, agent.id, input.intent, parsed.form, new URL(request.url).origin);
    return media.error ? fail(media.intent, media.error, media.status) : ({ intent: media.intent, notice: media.notice } satisfies ActionData);
  }
  if (input.intent === "raise-ticket") {
    const raised = await createConversationTicket(env, viewer, { conversationId: input.conversation_id, qaComment: input.qa_comment, priority: input.priority || undefined });
    return raised.ok ? ({ intent: input.intent, notice: TRIAGE_PAGE_TEXTS.raised(raised.ticket.title) } satisfies ActionData) : fail(input.intent, raised.refusal.message, raised.refusal.httpStatus);
  }
  if (input.intent === "resolve-ticket") {
    // Only this agent's tickets are offered here.
    const ticket = await findTriageTicket(env, viewer, input.ticket_id);
    if (!ticket || ticket.agentId !== agent.id) return fail(input.intent, TRIAGE_TEXTS.notFound, 404);
    const resolved = await updateTriageTicket(env, viewer, ticket.id, { status: "resolved" });
    return resolved.ok ? ({ intent: input.intent, notice: TRIAGE_PAGE_TEXTS.resolved(ticket.title) } satisfies ActionData) : fail(input.intent, resolved.refusal.message, resolved.refusal.httpStatus);
  }
  if (input.intent === "save") {
    const saved = await updateAgent(env, viewer, agent.id, {
      name: input.name,
      conversationConfig: { agent: { first_message: input.first_message, language: input.language, prompt: { prompt: input.prompt } }, tts: { voice_id: input.voice_id } },
    });
    return saved.ok ? ({ intent: input.intent, notice: "Saved." } satisfies ActionData) : fail(input.intent, saved.refusal.message, saved.refusal.httpStatus);
  }
  if (input.intent === "add-document") {
    const added = await documentFromText(env, viewer, { text: input.text, name: input.document_name || null });
    if (!added.ok) return fail(input.intent, added.refusal.message, added.refusal.httpStatus);
    const knowledge = [...settingsOfAgent(agent).knowledgeBase, { type: "text", id: added.document.id, name: added.document.name, usage_mode: "auto" }];
    const saved = await updateAgent(env, viewer, agent.id, { conversationConfig: { agent: { prompt: { knowledge_base: knowledge } } } });
    return saved.ok ? ({ intent: input.intent, notice: `Added “${added.document.name}”.` } satisfies ActionData) : fail(input.intent, saved.refusal.message, saved.refusal.httpStatus);
  }
  if (input.intent === "detach") {
    const knowledge = settingsOfAgent(agent).knowledgeBase.filter((k) => k.id !== input.document_id);
    const saved = await updateAgent(env, viewer, agent.id, { conversationConfig: { agent: { prompt: { knowledge_base: knowledge } } } });
    return saved.ok ? ({ intent: input.intent, notice: "Removed from this agent." } satisfies ActionData) : fail(input.intent, saved.refusal.message, saved.refusal.httpStatus);
  }
  if (input.intent === "save-tools") {
    const ids = (name: string) => [...new Set(parsed.form.getAll(name).filter((v): v is string => typeof v === "string" && v.length > 0))].slice(0, 100);
    const saved = await updateAgent(env, viewer, agent.id, { conversationConfig: { agent: { prompt: { tool_ids: ids("tool_ids"), mcp_server_ids: ids("mcp_server_ids") } } } });
    return saved.ok ? ({ intent: input.intent, notice: MCP_PAGE_TEXTS.toolsSaved } satisfies ActionData) : fail(input.intent, saved.refusal.message, saved.refusal.httpStatus);
  }
  if (input.intent === "save-sites") {
    const lines = input.sites.split(/[\s,]+/).filter(Boolean);
    const bad = lines.find((line) => !normalizeHost(line));
    if (bad) return Response.json({ intent: input.intent, errors: { sites: WIDGET_TEXTS.hostInvalid(bad) } } satisfies ActionData, { status: 400 });
    const hosts = [...new Set(lines.map((line) => normalizeHost(line)!))];
    const saved = await updateAgent(env, viewer, agent.id, { platformSettings: { auth: { allowlist: hosts.map((hostname) => ({ hostname })) } } });
    return saved.ok ? ({ intent: input.intent, notice: "Allowed sites saved." } satisfies ActionData) : fail(input.intent, saved.refusal.message, saved.refusal.httpStatus);
  }
  const deleted = await deleteConversation(env, viewer, input.conversation_id);
  return deleted ? ({ intent: input.intent, notice: "Conversation deleted." } satisfies ActionData) : fail(input.intent, AGENT_TEXTS.conversationNotFound, 404);
}

type BranchInput = Extract<z.output<typeof intents>, { intent: BranchPageIntent }>;
const isBranchInput = (input: z.output<typeof intents>): input is BranchInput => isBranchPageIntent(input.intent);
const isMediaInput = (input: z.output<typeof intents>): input is Extract<z.output<typeof intents>, { intent: AgentMediaPageIntent }> => isAgentMediaPageIntent(input.intent);
type Agent = NonNullable<Awaited<ReturnType<typeof findAgent>>>;
type Viewer = Awaited<ReturnType<typeof requireAgentsViewer>>;

/** The Branches tab's forms, each through the function its API route calls; a refusal keeps the API's status and words. */
async function branchAction(env: Env, viewer: Viewer, agent: Agent, input: BranchInput, fail: (intent: string, message: string, status: number) => Response): Promise<ActionData | Response> {
  const done = (notice: string, target?: string): ActionData => ({ intent: input.intent, target, notice });
  const refused = (refusal: { message: string; httpStatus: number }) => fail(input.intent, refusal.message, refusal.httpStatus);
  if (input.intent === "create-branch") {
    const created = await createBranchFromMain(env, viewer, agent, { name: input.name, description: input.description });
    return created.ok ? done(BRANCH_PAGE_TEXTS.branchCreated(created.branch.name)) : refused(created.refusal);
  }
  if (input.intent === "archive-branch") {
    const archived = await updateBranch(env, viewer, agent, input.branch_id, { isArchived: true });
    if (!archived.ok) return refused(archived.refusal);
    const branch = await branchJson(env, viewer, agent, input.branch_id);
    return done(BRANCH_PAGE_TEXTS.branchArchived(branch?.name ?? input.branch_id), input.branch_id);
  }
  if (input.intent === "propose") {
    const created = await createMergeProposal(env, viewer, agent, { sourceBranchId: input.source_branch_id, targetBranchId: MAIN_BRANCH.id, title: input.title, description: input.description || undefined });
    return created.ok ? done(BRANCH_PAGE_TEXTS.proposalOpened(input.title)) : refused(created.refusal);
  }
  const id = input.proposal_id;
  if (input.intent === "approve" || input.intent === "request-changes") {
    const state = input.intent === "approve" ? "approved" : "changes_requested";
    const reviewed = await reviewMergeProposal(env, viewer, agent, id, { state, comment: input.body || undefined });
    return reviewed.ok ? done(BRANCH_PAGE_TEXTS.reviewed[state], id) : refused(reviewed.refusal);
  }
  if (input.intent === "comment") {
    const commented = await commentOnMergeProposal(env, viewer, agent, id, input.body);
    return commented.ok ? done(BRANCH_PAGE_TEXTS.commented, id) : refused(commented.refusal);
  }
  const proposal = await mergeProposalJson(env, viewer, agent, id);
  const title = proposal?.title ?? "";
  if (input.intent === "merge") {
    const merged = await mergeMergeProposal(env, viewer, agent, id, { archiveSource: input.archive_source === "true", force: input.force === "true" });
    return merged.ok ? done(BRANCH_PAGE_TEXTS.merged(title), id) : refused(merged.refusal);
  }
  const closed = await updateMergeProposal(env, viewer, agent, id, { close: true });
  return closed.ok ? done(BRANCH_PAGE_TEXTS.closed(title), id) : refused(closed.refusal);
}

const TABS = ["agent", "knowledge", "tools", "branches", "talk", "widget", "history"] as const;
const VERDICT_TONE = { success: "success", failure: "danger", unknown: "neutral" } as const;

export default function AgentPage() {
  const { agent, settings, engineName, voices, conversations, widget, media, creditRefusal, tools, servers, mcpAllowed, branches, proposals, procedures, tickets } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionData | undefined;
  const busy = useNavigation().state !== "idle";
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t === params.get("tab")) ?? "agent";
  const errors = result?.errors ?? {};
  return (
    <Tabs value={tab} onValueChange={(value) => setParams(value === "agent" ? {} : { tab: value }, { preventScrollReset: true })}>
      <Page
        title={agent.name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Link to="/app/conversational-ai/agents" className="inline-flex items-center gap-1 underline-offset-4 hover:underline">
              <ArrowLeft className="size-4" aria-hidden="true" /> All agents
            </Link>
            <Badge>{engineName}</Badge>
          </span>
        }
        actions={
          <TabsList label="Agent">
            <TabsTrigger value="agent">Agent</TabsTrigger>
            <TabsTrigger value="knowledge">Knowledge</TabsTrigger>
            <TabsTrigger value="tools">Tools</TabsTrigger>
            <TabsTrigger value="branches">{BRANCH_PAGE_TEXTS.tab}</TabsTrigger>
            <TabsTrigger value="talk">Talk</TabsTrigger>
            <TabsTrigger value="widget">Widget</TabsTrigger>
            <TabsTrigger value="history">History</TabsTrigger>
          </TabsList>
        }
        testId="agent-page"
      >
        {result?.notice ? (
          <p role="status" className="text-sm text-muted-foreground">
            {result.notice}
          </p>
        ) : null}
        {/* The Branches tab, the widget's media and a conversation's ticket form show their refusals under the form that was sent. */}
        {errors.form && !isBranchPageIntent(result?.intent) && !isAgentMediaPageIntent(result?.intent) && result?.intent !== "raise-ticket" ? <Hint tone="error">{errors.form}</Hint> : null}
        <TabsContent value="agent">
          <Card>
            <CardHeader title="How the agent speaks" description={settings.llm === AGENT_DEFAULTS.llm ? AGENT_TEXTS.responderExplained : undefined} />
            <CardContent>
              <Form method="post" className="flex flex-col gap-3" noValidate data-testid="agent-form">
                <input type="hidden" name="intent" value="save" />
                <Field label="Name" name="name" defaultValue={agent.name} maxLength={AGENT_LIMITS.name} error={errors.name} />
                <Field label="First message" name="first_message" defaultValue={settings.firstMessage} maxLength={AGENT_LIMITS.firstMessage} hint="What the agent says when a call starts; leave empty to let the user speak first." />
                <div className="flex flex-col gap-1">
                  <Label htmlFor="agent-prompt">Instructions</Label>
                  <Textarea id="agent-prompt" name="prompt" rows={5} defaultValue={settings.prompt} maxLength={AGENT_LIMITS.prompt} />
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <div className="flex flex-col gap-1">
                    <span className="text-sm font-medium">Voice</span>
                    <Select label="Voice" name="voice_id" defaultValue={settings.voiceId} options={voices} />
                  </div>
                  <div className="flex flex-col gap-1">
                    <span className="text-sm font-medium">Language</span>
                    <Select label="Language" name="language" defaultValue={settings.language} options={LANGUAGES.map((l) => ({ value: l.languageCode, label: l.name }))} />
                  </div>
                </div>
                <div>
                  <Button type="submit" disabled={busy}>
                    Save
                  </Button>
                </div>
              </Form>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="knowledge" className="flex flex-col gap-4">
          <Card>
            <CardHeader title="Add a document" description="The agent answers from these passages; paste the facts it should know." />
            <CardContent>
              <Form method="post" className="flex flex-col gap-3" noValidate data-testid="document-form">
                <input type="hidden" name="intent" value="add-document" />
                <Field label="Document name" name="document_name" placeholder="e.g. Opening hours" maxLength={AGENT_LIMITS.name} />
                <div className="flex flex-col gap-1">
                  <Label htmlFor="document-text">Text</Label>
                  <Textarea id="document-text" name="text" rows={6} aria-invalid={errors.text ? true : undefined} />
                  {errors.text ? <Hint tone="error">{errors.text}</Hint> : null}
                </div>
                <div>
                  <Button type="submit" disabled={busy}>
                    <FileText aria-hidden="true" /> Add document
                  </Button>
                </div>
              </Form>
            </CardContent>
          </Card>
          {settings.knowledgeBase.length === 0 ? (
            <EmptyState icon={<FileText />} title="No documents yet">
              Without documents the agent can answer only from its instructions.
            </EmptyState>
          ) : (
            <ul className="flex flex-col gap-2" data-testid="agent-documents">
              {settings.knowledgeBase.map((k) => (
                <li key={k.id} className="flex items-center justify-between gap-2 rounded-lg border border-border px-3 py-2 text-sm">
                  <span className="flex items-center gap-2">
                    <FileText className="size-4" aria-hidden="true" /> {k.name}
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="detach" />
                    <input type="hidden" name="document_id" value={k.id} />
                    <IconButton type="submit" label={`Remove ${k.name} from this agent`} icon={<Trash2 />} small />
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="tools">
          <Card>
            <CardHeader title="Tools and MCP servers" description={MCP_PAGE_TEXTS.tabIntro} />
            <CardContent>
              <Form method="post" className="flex flex-col gap-4" data-testid="agent-tools-form">
                <input type="hidden" name="intent" value="save-tools" />
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-1 text-sm font-medium">Workspace tools</legend>
                  {tools.length === 0 ? <Hint>{MCP_PAGE_TEXTS.noWorkspaceTools}</Hint> : null}
                  {tools.map((t) => (
                    <label key={t.id} className="flex items-start gap-2 text-sm">
                      <input type="checkbox" name="tool_ids" value={t.id} defaultChecked={settings.toolIds.includes(t.id)} className="mt-0.5 size-4 accent-[var(--accent)]" />
                      <span>
                        <span className="font-medium">{t.name}</span> <Badge>{t.type}</Badge>
                        {t.description ? <span className="block text-muted-foreground">{t.description}</span> : null}
                      </span>
                    </label>
                  ))}
                </fieldset>
                <fieldset className="flex flex-col gap-2">
                  <legend className="mb-1 text-sm font-medium">MCP servers</legend>
                  {servers.length === 0 ? <Hint>{MCP_PAGE_TEXTS.noServers}</Hint> : null}
                  {!mcpAllowed && servers.length ? <Hint tone="error">{MCP_PAGE_TEXTS.mcpOff}</Hint> : null}
                  {servers.map((m) => (
                    <label key={m.id} className="flex items-start gap-2 text-sm">
                      <input type="checkbox" name="mcp_server_ids" value={m.id} defaultChecked={settings.mcpServerIds.includes(m.id)} className="mt-0.5 size-4 accent-[var(--accent)]" />
                      <span>
                        <span className="font-medium">{m.name}</span>
                        <span className="block text-muted-foreground">{MCP_PAGE_TEXTS.policies[m.policy] ?? m.policy}</span>
                      </span>
                    </label>
                  ))}
                </fieldset>
                <div className="flex flex-wrap items-center gap-3">
                  <Button type="submit" disabled={busy}>
                    <Wrench aria-hidden="true" /> Save tools
                  </Button>
                  <Link to="/app/conversational-ai/tools" className="text-sm underline-offset-4 hover:underline">
                    Manage the workspace's tools and MCP servers
                  </Link>
                </div>
              </Form>
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="branches">
          <BranchesPanel branches={branches} proposals={proposals} procedures={procedures} result={result as BranchPageResult | undefined} busy={busy} />
        </TabsContent>
        <TabsContent value="talk">
          <TalkPanel agentId={agent.id} engineName={engineName} refusal={creditRefusal} />
        </TabsContent>
        <TabsContent value="widget" className="flex flex-col gap-4">
          <Card>
            <CardHeader title="Embed on a website" description="Paste this where the page should show a call button. Visitors talk to the agent with their microphone; each conversation is charged to this workspace." />
            <CardContent>
              <EmbedSnippet snippet={widget.snippet} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader title="Allowed sites" description="The widget works only on pages from these hosts (one per line, with a port when it has one)." />
            <CardContent>
              <Form method="post" className="flex flex-col gap-3" noValidate data-testid="sites-form">
                <input type="hidden" name="intent" value="save-sites" />
                {widget.signedOnly ? <Hint tone="error">{WIDGET_TEXTS.needsSignedUrl}</Hint> : widget.hosts.length === 0 ? <Hint>{WIDGET_TEXTS.noSites}</Hint> : null}
                <div className="flex flex-col gap-1">
                  <Label htmlFor="widget-sites">Hosts</Label>
                  <Textarea id="widget-sites" name="sites" rows={4} defaultValue={widget.hosts.join("\n")} placeholder={"shop.example.com\nlocalhost:8080"} aria-invalid={errors.sites ? true : undefined} className="font-mono text-sm" />
                  {errors.sites ? <Hint tone="error">{errors.sites}</Hint> : null}
                </div>
                <div>
                  <Button type="submit" disabled={busy}>
                    Save sites
                  </Button>
                </div>
              </Form>
            </CardContent>
          </Card>
          <WidgetMediaCards media={media} result={result} busy={busy} />
        </TabsContent>
        <TabsContent value="history" className="flex flex-col gap-4">
          <Hint>{AGENT_TEXTS.evaluationExplained}</Hint>
          <OpenTickets tickets={tickets} busy={busy} />
          {conversations.length === 0 ? (
            <EmptyState icon={<History />} title="No conversations yet">
              Talk to the agent and the conversation appears here with its transcript and audio.
            </EmptyState>
          ) : (
            conversations.map((c) => (
              <Card key={c.conversation_id} data-testid="conversation-card">
                <CardHeader
                  as="h3"
                  title={
                    <span className="flex flex-wrap items-center gap-2">
                      {new Date(c.metadata.start_time_unix_secs * 1000).toLocaleString("en", { dateStyle: "medium", timeStyle: "short" })}
                      <Badge tone={c.status === "done" ? "neutral" : "warning"}>{c.status}</Badge>
                      {c.analysis ? <Badge tone={VERDICT_TONE[c.analysis.call_successful]}>{c.analysis.call_successful}</Badge> : null}
                    </span>
                  }
                  description={c.analysis?.transcript_summary}
                  actions={
                    <Form method="post">
                      <input type="hidden" name="intent" value="delete-conversation" />
                      <input type="hidden" name="conversation_id" value={c.conversation_id} />
                      <IconButton type="submit" label="Delete conversation" icon={<Trash2 />} small />
                    </Form>
                  }
                />
                <CardContent className="flex flex-col gap-3">
                  {c.has_audio ? <audio controls preload="none" src={`/v1/convai/conversations/${c.conversation_id}/audio`} className="w-full" aria-label="Conversation audio" /> : null}
                  <ol className="flex flex-col gap-1 text-sm" data-testid="conversation-transcript">
                    {c.transcript.map((t, i) => (
                      <li key={i}>
                        {t.message ? (
                          <>
                            <span className="font-medium">{t.role === "agent" ? "Agent" : "User"}:</span> {t.message}
                            {t.interrupted ? <span className="text-muted-foreground"> (interrupted)</span> : null}
                          </>
                        ) : null}
                        {(t.tool_results ?? []).map((r) => (
                          <span key={r.request_id} className="block text-xs text-muted-foreground" data-testid="transcript-tool-call">
                            {TOOL_TEXTS.callLine(r.tool_name, !r.is_error)}
                          </span>
                        ))}
                      </li>
                    ))}
                  </ol>
                  {c.analysis && Object.keys(c.analysis.evaluation_criteria_results).length ? (
                    <ul className="flex flex-col gap-1 text-sm">
                      {Object.values(c.analysis.evaluation_criteria_results).map((r) => (
                        <li key={r.criteria_id}>
                          <Badge tone={VERDICT_TONE[r.result]}>{r.result}</Badge> {r.criteria_id}: <span className="text-muted-foreground">{r.rationale}</span>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <RaiseTicketForm conversationId={c.conversation_id} busy={busy} error={result?.intent === "raise-ticket" && result.target === c.conversation_id ? (errors.qa_comment ?? errors.form) : undefined} />
                </CardContent>
              </Card>
            ))
          )}
        </TabsContent>
      </Page>
    </Tabs>
  );
}
