import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FileText, Globe, Library, Upload } from "lucide-react";
import { z } from "zod";
import { parseFormData } from "~/common/form.server";
import { Field, FormNotice } from "~/common/components/form";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Hint } from "~/common/ui/feedback";
import { Input, Label, Textarea } from "~/common/ui/input";
import { Page, Section } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { PRODUCT_NAME } from "../../core/brand";
import { attachToAgent, deleteDocument, dependentAgents, documentFromFile, documentFromText, documentFromUrl, findDocument, listAgents, listDocuments, requireAgentsViewer } from "~/agents/agents.server";
import { AGENT_LIMITS, AGENT_TEXTS } from "~/agents/rules/agents";
import { KNOWLEDGE_PAGE_TEXTS } from "~/agents/rules/knowledge";
import { formatSize } from "~/common/rules/format";
import { AgentsAreaLinks } from "~/agents/components/agents-area-links";
import { AgentsTable, DeleteRowButton, UsedBy } from "~/agents/components/agents-table";
import { InUseRefusal } from "~/agents/components/in-use-refusal";
import { SearchForm } from "~/agents/components/search-form";

export const meta: MetaFunction = () => [{ title: `Knowledge base · ${PRODUCT_NAME}` }];

/** What the page lists: documents (folders are the API's; their documents are listed here too), newest first. */
const DOCUMENT_TYPES = ["text", "url", "file"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await requireAgentsViewer(request, context);
  const search = new URL(request.url).searchParams.get("q")?.trim().slice(0, 200) || undefined;
  const [{ documents }, users, { agents }] = await Promise.all([
    listDocuments(env, viewer, { pageSize: AGENT_LIMITS.pageSize, search, types: DOCUMENT_TYPES }),
    dependentAgents(env, viewer),
    listAgents(env, viewer, { pageSize: AGENT_LIMITS.pageSize }),
  ]);
  return {
    search: search ?? "",
    agents: agents.map((a) => ({ id: a.id, name: a.name })),
    documents: documents.map((d) => ({
      id: d.id,
      name: d.name,
      type: d.type,
      source: d.url ?? d.filename,
      sizeBytes: d.sizeBytes,
      createdAt: d.createdAt,
      agents: (users.get(d.id) ?? []).map((a) => ({ id: a.id, name: a.name })),
    })),
  };
}

const forms = {
  text: z.object({ name: z.string().trim().max(AGENT_LIMITS.name), text: z.string().trim().min(1, KNOWLEDGE_PAGE_TEXTS.textMissing).max(AGENT_LIMITS.documentCharacters) }),
  url: z.object({ name: z.string().trim().max(AGENT_LIMITS.name), url: z.url({ protocol: /^https?$/, error: KNOWLEDGE_PAGE_TEXTS.urlInvalid }) }),
  // A file's name is cut to the limit rather than refused: the file itself is the point of that form.
  fileName: z.object({ name: z.string().trim().transform((name) => name.slice(0, AGENT_LIMITS.name)).catch("") }),
  delete: z.object({ document_id: z.string().min(1).max(100), force: z.literal("true").optional() }),
  attach: z.object({ document_id: z.string().min(1).max(100), agent_id: z.string().min(1, KNOWLEDGE_PAGE_TEXTS.agentMissing).max(100) }),
};

type ActionResult = { intent: string; error?: string; errors?: Record<string, string>; added?: string; attached?: string; inUse?: { id: string; message: string } };

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const viewer = await requireAgentsViewer(request, context);
  const form = await request.formData().catch(() => null);
  if (!form) return Response.json({ intent: "", error: KNOWLEDGE_PAGE_TEXTS.notAForm } satisfies ActionResult, { status: 400 });
  const intent = String(form.get("intent") ?? "");
  const answer = (result: ActionResult, status = 200) => Response.json(result, { status });
  const added = (result: Awaited<ReturnType<typeof documentFromText>>) =>
    result.ok ? answer({ intent, added: result.document.name }) : answer({ intent, error: result.refusal.message }, result.refusal.httpStatus);
  if (intent === "text") {
    const parsed = await parseFormData(form, forms.text);
    if (!parsed.ok) return answer({ intent, errors: parsed.errors }, 400);
    return added(await documentFromText(env, viewer, { text: parsed.data.text, name: parsed.data.name || null }));
  }
  if (intent === "url") {
    const parsed = await parseFormData(form, forms.url);
    if (!parsed.ok) return answer({ intent, errors: parsed.errors }, 400);
    return added(await documentFromUrl(env, viewer, { url: parsed.data.url, name: parsed.data.name || null }));
  }
  if (intent === "file") {
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return answer({ intent, errors: { file: KNOWLEDGE_PAGE_TEXTS.fileMissing } }, 400);
    const parsed = await parseFormData(form, forms.fileName);
    return added(await documentFromFile(env, viewer, { file, name: (parsed.ok && parsed.data.name) || null }));
  }
  if (intent === "attach") {
    const parsed = await parseFormData(form, forms.attach);
    if (!parsed.ok) return answer({ intent, error: KNOWLEDGE_PAGE_TEXTS.agentMissing }, 400);
    const document = await findDocument(env, viewer, parsed.data.document_id);
    if (!document || !DOCUMENT_TYPES.includes(document.type)) return answer({ intent, error: AGENT_TEXTS.documentNotFound }, 404);
    const attached = await attachToAgent(env, viewer, parsed.data.agent_id, document);
    return attached.ok ? answer({ intent, attached: document.name }) : answer({ intent, error: attached.refusal.message }, attached.refusal.httpStatus);
  }
  if (intent === "delete") {
    const parsed = await parseFormData(form, forms.delete);
    if (!parsed.ok) return answer({ intent, error: AGENT_TEXTS.documentNotFound }, 404);
    const deleted = await deleteDocument(env, viewer, parsed.data.document_id, parsed.data.force === "true");
    if (deleted.ok) return answer({ intent });
    if (deleted.refusal.status === "document_in_use") return answer({ intent, inUse: { id: parsed.data.document_id, message: deleted.refusal.message } }, 409);
    return answer({ intent, error: deleted.refusal.message }, deleted.refusal.httpStatus);
  }
  return answer({ intent, error: "Unknown action." }, 400);
}

const TYPE_ICONS = { text: FileText, url: Globe, file: Upload } as const;

export default function KnowledgeBase() {
  const { documents, search, agents } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const busy = useNavigation().state !== "idle";
  const errorsOf = (intent: string) => (result?.intent === intent ? (result.errors ?? {}) : {});
  const errorOf = (intent: string) => (result?.intent === intent && result.error ? <Hint tone="error">{result.error}</Hint> : null);
  return (
    <Page title="Knowledge base" description={KNOWLEDGE_PAGE_TEXTS.intro} testId="knowledge-base-page">
      <AgentsAreaLinks />
      <FormNotice>{result?.added ? KNOWLEDGE_PAGE_TEXTS.added(result.added) : result?.attached ? KNOWLEDGE_PAGE_TEXTS.attached(result.attached) : null}</FormNotice>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader title="Add text" description="Paste what the agent should know." />
          <CardContent>
            <Form method="post" className="flex flex-col gap-3" noValidate data-testid="add-text-form">
              <input type="hidden" name="intent" value="text" />
              <Field label="Name" name="name" placeholder="Named after its first line" maxLength={AGENT_LIMITS.name} error={errorsOf("text").name} />
              <div className="flex flex-col gap-1">
                <Label htmlFor="knowledge-text">Text</Label>
                <Textarea id="knowledge-text" name="text" rows={5} maxLength={AGENT_LIMITS.documentCharacters} aria-required="true" aria-invalid={errorsOf("text").text ? true : undefined} />
                {errorsOf("text").text ? <Hint tone="error">{errorsOf("text").text}</Hint> : null}
              </div>
              {errorOf("text")}
              <Button type="submit" disabled={busy} className="self-start">
                <FileText aria-hidden="true" /> Add text
              </Button>
            </Form>
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="Add a web page" description={KNOWLEDGE_PAGE_TEXTS.urlExplained} />
          <CardContent>
            <Form method="post" className="flex flex-col gap-3" noValidate data-testid="add-url-form">
              <input type="hidden" name="intent" value="url" />
              <Field label="Page address" name="url" type="url" placeholder="https://example.com/help" aria-required="true" error={errorsOf("url").url} />
              <Field label="Name" name="name" placeholder="Named after the page's title" maxLength={AGENT_LIMITS.name} error={errorsOf("url").name} />
              {errorOf("url")}
              <Button type="submit" disabled={busy} className="self-start">
                <Globe aria-hidden="true" /> Add page
              </Button>
            </Form>
          </CardContent>
        </Card>
        <Card>
          <CardHeader title="Upload a file" description={AGENT_TEXTS.fileType} />
          <CardContent>
            <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3" noValidate data-testid="add-file-form">
              <input type="hidden" name="intent" value="file" />
              <div className="flex flex-col gap-1">
                <Label htmlFor="knowledge-file">File</Label>
                <Input id="knowledge-file" name="file" type="file" accept=".txt,.md,.markdown,.html,.htm,.csv,text/plain,text/markdown,text/html,text/csv" aria-required="true" />
                {errorsOf("file").file ? <Hint tone="error">{errorsOf("file").file}</Hint> : null}
              </div>
              <Field label="Name" name="name" placeholder="Named after the file" maxLength={AGENT_LIMITS.name} />
              {errorOf("file")}
              <Button type="submit" disabled={busy} className="self-start">
                <Upload aria-hidden="true" /> Upload
              </Button>
            </Form>
          </CardContent>
        </Card>
      </div>
      <Section title="Documents">
        <SearchForm id="knowledge-search" search={search} />
        {result?.inUse ? <InUseRefusal message={result.inUse.message} force={{ fields: { intent: "delete", document_id: result.inUse.id }, label: KNOWLEDGE_PAGE_TEXTS.deleteAnyway }} busy={busy} /> : null}
        {errorOf("delete")}
        {errorOf("attach")}
        <AgentsTable
          rows={documents}
          rowTestId="knowledge-document-row"
          empty={{ icon: <Library />, title: search ? KNOWLEDGE_PAGE_TEXTS.noMatch : KNOWLEDGE_PAGE_TEXTS.empty, hint: search ? null : KNOWLEDGE_PAGE_TEXTS.emptyHint }}
          columns={[
            {
              header: "Document",
              cell: (d) => {
                const Icon = TYPE_ICONS[d.type as keyof typeof TYPE_ICONS] ?? FileText;
                return (
                  <>
                    <div className="flex items-center gap-2 font-medium">
                      <Icon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                      <span className="break-all">{d.name}</span>
                    </div>
                    {d.source ? <div className="break-all text-xs text-muted-foreground">{d.source}</div> : null}
                  </>
                );
              },
            },
            { header: "Size", className: "whitespace-nowrap tabular-nums", cell: (d) => formatSize(d.sizeBytes) },
            {
              header: "Used by",
              cell: (d) => (
                <>
                  <UsedBy agents={d.agents} />
                  <AttachForm documentId={d.id} name={d.name} agents={agents.filter((a) => !d.agents.some((u) => u.id === a.id))} busy={busy} />
                </>
              ),
            },
            { header: "Delete", srOnlyHeader: true, cell: (d) => <DeleteRowButton idField="document_id" id={d.id} name={d.name} busy={busy} /> },
          ]}
        />
      </Section>
    </Page>
  );
}

/** Adds the document to one of the agents that do not use it yet (none left: nothing to offer). */
function AttachForm({ documentId, name, agents, busy }: { documentId: string; name: string; agents: { id: string; name: string }[]; busy: boolean }) {
  if (agents.length === 0) return null;
  return (
    <Form method="post" className="mt-2 flex items-center gap-2">
      <input type="hidden" name="intent" value="attach" />
      <input type="hidden" name="document_id" value={documentId} />
      <Select label={`Agent to give ${name}`} name="agent_id" options={agents.map((a) => ({ value: a.id, label: a.name }))} defaultValue={agents[0]!.id} size="sm" testId="attach-agent" />
      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
        Add to agent
      </Button>
    </Form>
  );
}
