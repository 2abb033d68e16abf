import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { contentFromUrl, createProject, listProjects, projectContent, type NewContent } from "~/studio/studio.server";
import { documentKind, parseDocument, parsePlainText } from "~/studio/rules/documents";
import { DOCUMENT_MAX_BYTES, PROJECT_NAME_MAX, projectLimit } from "../../core/studio/studio-rules";
import { NewProjectButton, ProjectList } from "~/studio/components/projects";
import { dictionariesWithRules } from "~/pronunciation/pronunciation.server";

export const meta: MetaFunction = () => [{ title: `Studio · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const projects = await listProjects(env, viewer);
  const cards = await Promise.all(
    projects.map(async (p) => {
      const chapters = await projectContent(env, p);
      return { id: p.id, name: p.name, author: p.author, state: p.state, createdUnix: p.createDateUnix, coverUrl: p.coverImageKey ? `/v1/studio/projects/${p.id}/cover` : "", chapters: chapters.length, converted: chapters.filter((c) => c.chapter.canBeDownloaded).length };
    }),
  );
  const dictionaries = (await dictionariesWithRules(env, viewer.membership.workspace.id)).map((d) => ({ id: d.id, name: d.name }));
  return { projects: cards, limit: projectLimit(viewer.membership.workspace.tier), dictionaries };
}

/** Creates a project from the dialog: blank, pasted text, an uploaded document or a web page, then opens it. */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  const name = String(form.get("name") ?? "").trim();
  const fail = (error: string) => Response.json({ error }, { status: 400 });
  if (!name || name.length > PROJECT_NAME_MAX) return fail(`Give the project a name of at most ${PROJECT_NAME_MAX} characters.`);
  const mode = form.get("mode");
  let content: NewContent = { kind: "blank" };
  if (mode === "text") {
    const chapters = parsePlainText(String(form.get("text") ?? ""), name);
    if (chapters.length === 0) return fail("Paste some text to start from.");
    content = { kind: "document", chapters, sourceType: "text" };
  } else if (mode === "upload") {
    const file = form.get("document");
    if (!(file instanceof File) || file.size === 0) return fail("Choose a document to import.");
    if (file.size > DOCUMENT_MAX_BYTES) return fail(`The document must be at most ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB.`);
    const kind = documentKind(file.name, file.type);
    if (!kind) return fail("The document must be plain text (.txt), Markdown (.md), HTML (.html) or EPUB (.epub).");
    const parsed = parseDocument(kind, new Uint8Array(await file.arrayBuffer()), name);
    if (!parsed.ok) return fail(parsed.message);
    content = { kind: "document", chapters: parsed.chapters, sourceType: kind };
  } else if (mode === "url") {
    const url = String(form.get("url") ?? "").trim();
    if (!url) return fail("Give the address of the page to import.");
    const fetched = await contentFromUrl(context.cloudflare.env, url, name, "The URL");
    if (!fetched.ok) return fail(fetched.refusal.message);
    content = fetched.content;
  }
  const pronunciationDictionaryLocators = form.getAll("dictionary_id").map((id) => ({ pronunciation_dictionary_id: String(id) }));
  const created = await createProject(context.cloudflare.env, viewer, { name, pronunciationDictionaryLocators }, content);
  if (!created.ok) return fail(created.refusal.message);
  return redirect(`/app/studio/${created.value.id}`);
}

export default function Studio() {
  const { projects, limit, dictionaries } = useLoaderData<typeof loader>();
  const failed = useActionData<{ error: string }>();
  return (
    <Page
      title="Studio"
      description="Long-form audio: books and articles in chapters, a voice for each paragraph, converted chapter by chapter."
      actions={<NewProjectButton error={failed?.error ?? null} atLimit={projects.length >= limit} limit={limit} dictionaries={dictionaries} />}
      width="wide"
    >
      <ProjectList projects={projects} />
    </Page>
  );
}
