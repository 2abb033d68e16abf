import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer, type Actor } from "~/accounts/accounts.server";
import { parseFormData, readForm } from "~/common/form.server";
import { contentFromUrl, createPodcast, createProject, listProjects, projectContent, type NewContent } from "~/studio/studio.server";
import { documentKind, parseDocument, parsePlainText } from "~/studio/rules/documents";
import { DOCUMENT_MAX_BYTES, PROJECT_NAME_MAX, projectLimit } from "../../core/studio/studio-rules";
import { NewProjectButton, ProjectList } from "~/studio/components/projects";
import { CREATE_PODCAST_INTENT, CreatePodcastButton, PODCAST_DIALOG, PodcastDialog, type PodcastDialogData } from "~/studio/components/podcast";
import { podcastForm, podcastFormField, podcastRequestOf, podcastValuesRemovingSource } from "~/studio/rules/podcast";
import { dictionariesWithRules } from "~/pronunciation/pronunciation.server";
import { voiceOptions } from "~/voices/voices.server";
import { DEFAULT_MODEL_ID } from "../../core/speech/models";
import { ENGINE_LANGUAGE_CATALOGUE } from "../../core/voices/engine-languages";

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
  const voices = (await voiceOptions(env, viewer)).map((v) => ({ voice_id: v.voice_id, name: v.name }));
  const languages = ENGINE_LANGUAGE_CATALOGUE.map((l) => ({ code: l.code, name: l.name }));
  return { projects: cards, limit: projectLimit(viewer.membership.workspace.tier), dictionaries, voices, languages };
}

type PodcastAnswer = PodcastDialogData & { intent: typeof CREATE_PODCAST_INTENT };

/**
 * The podcast dialog's post: the same server module as POST /v1/studio/podcasts, with the default model. A refusal
 * comes back under its field with what was typed (so the form is whole again without scripts).
 */
async function createPodcastFromForm(env: Env, viewer: Actor, form: FormData) {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string" && key !== "intent") values[key] = value;
  const answer = (status: number, errors: Record<string, string>, createdProjectId: string | null = null, shown = values) => Response.json({ intent: CREATE_PODCAST_INTENT, errors, values: shown, createdProjectId } satisfies PodcastAnswer, { status });
  // "Add another source" or a row's "Remove" without scripts: the same form again with one row more or less, nothing made.
  if (form.get("add_source")) return answer(200, {});
  if (form.get("remove_source")) return answer(200, {}, null, podcastValuesRemovingSource(values));
  const parsed = await parseFormData(form, podcastForm);
  if (!parsed.ok) return answer(400, parsed.errors);
  const created = await createPodcast(env, viewer, { modelId: DEFAULT_MODEL_ID, urlName: "The URL", ...podcastRequestOf(parsed.data) });
  if (!created.ok) return answer(created.refusal.httpStatus, { [podcastFormField(created.refusal.subject, parsed.data, created.refusal.sourceIndex)]: created.refusal.message }, created.created?.id ?? null);
  return redirect(`/app/studio/${created.value.id}`);
}

/** Creates a project from the dialog: blank, pasted text, an uploaded document or a web page, then opens it. */
export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readForm(request);
  if (form.get("intent") === CREATE_PODCAST_INTENT) return createPodcastFromForm(context.cloudflare.env, viewer, form);
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
  const { projects, limit, dictionaries, voices, languages } = useLoaderData<typeof loader>();
  const answer = useActionData<{ error: string } | PodcastAnswer>();
  const podcast = answer && "intent" in answer ? answer : null;
  const [params, setParams] = useSearchParams();
  const atLimit = projects.length >= limit;
  // An answer keeps it open even at the limit (its refusal, or the link to a project made but not converted).
  const podcastOpen = podcast !== null || (!atLimit && params.get("dialog") === PODCAST_DIALOG);
  const closePodcast = () => {
    params.delete("dialog");
    setParams(params, { replace: true, preventScrollReset: true });
  };
  return (
    <Page
      title="Studio"
      description="Long-form audio: books and articles in chapters, a voice for each paragraph, converted chapter by chapter."
      actions={
        <div className="flex flex-wrap gap-2">
          <CreatePodcastButton atLimit={atLimit} limit={limit} />
          <NewProjectButton error={answer && "error" in answer ? answer.error : null} atLimit={atLimit} limit={limit} dictionaries={dictionaries} />
        </div>
      }
      width="wide"
    >
      <ProjectList projects={projects} />
      {podcastOpen ? <PodcastDialog voices={voices} languages={languages} data={podcast} onClose={closePodcast} /> : null}
    </Page>
  );
}
