import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { ArrowLeft, BookAudio } from "lucide-react";
import { z } from "zod";
import { Page } from "~/common/ui/page";
import { Card } from "~/common/ui/card";
import { Button } from "~/common/ui/button";
import { Hint } from "~/common/ui/feedback";
import { ShareButton } from "~/workspace/components/share-dialog";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { parseForm, readForm } from "~/common/form.server";
import { voiceOptions } from "~/voices/voices.server";
import { addChapter, chapterWork, projectRefusal, blockNeedsConversion, moveChapter, placeChapter, setCover, setProjectDictionaries, findChapter, findProject, projectContent, queueConversion, updateBlock, updateChapterContent, updateProject } from "~/studio/studio.server";
import { BLOCK_TEXT_MAX, normalisesLoudness, PROJECT_NAME_MAX, isConverting, projectConvertRefusal, QUALITY_PRESETS, qualityPresetLabel, TARGET_AUDIENCES, type BlockSubType, type TtsNode } from "../../core/studio/studio-rules";
import { dictionariesWithRules } from "~/pronunciation/pronunciation.server";
import { ProjectDictionaries } from "~/pronunciation/components/dictionaries";
import { AddBlock, BlockEditor, ChapterHeader, ChapterSidebar, ConvertProject, EmptyChapter, ProjectSettingsButton, useConversionPolling, useUnsavedEdits } from "~/studio/components/editor";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.project.name ?? "Project"} · Studio · ${PRODUCT_NAME}` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const project = await findProject(env, viewer, params.projectId ?? "");
  if (!project) throw new Response("Project not found", { status: 404 });
  const content = await projectContent(env, project);
  const wanted = new URL(request.url).searchParams.get("chapter");
  const current = content.find((c) => c.chapter.id === wanted) ?? content[0] ?? null;
  const work = await chapterWork(env, project, content);
  const voices = (await voiceOptions(env, viewer)).map((v) => ({ voice_id: v.voice_id, name: v.name }));
  const canEdit = (await projectRefusal(env, viewer, project, "editor")) === null;
  return {
    canEdit,
    project: { id: project.id, name: project.name, continuePlaying: project.continuePlaying, defaultParagraphVoiceId: project.defaultParagraphVoiceId, snapshotId: project.latestSnapshotId },
    settings: { title: project.title ?? "", author: project.author ?? "", isbnNumber: project.isbnNumber ?? "", description: project.description, targetAudience: project.targetAudience, language: project.language ?? "", hasCover: Boolean(project.coverImageKey), loudness: normalisesLoudness(project), qualityPreset: project.qualityPreset },
    // Each chapter with what converting it now would do (the project's "Convert project" sums them).
    chapters: content.map(({ chapter: c }) => ({ id: c.id, name: c.name, progress: c.conversionProgress, canBeDownloaded: c.canBeDownloaded, error: c.lastConversionError, snapshotId: c.latestSnapshotId, ...work.get(c.id)! })),
    current: current
      ? {
          id: current.chapter.id,
          blocks: current.blocks.map((b) => {
            const nodes = JSON.parse(b.nodes) as TtsNode[];
            return { id: b.id, subType: b.subType, text: nodes.map((n) => n.text).join(""), voiceId: nodes[0]?.voice_id ?? project.defaultParagraphVoiceId, hasAudio: Boolean(b.audioKey), converted: Boolean(b.audioKey) && !blockNeedsConversion(project, b), error: b.lastError };
          }),
        }
      : null,
    voices,
    dictionaries: (await dictionariesWithRules(env, viewer.membership.workspace.id)).map((d) => ({ id: d.id, name: d.name })),
    attachedDictionaries: (JSON.parse(project.pronunciationDictionaries) as { pronunciation_dictionary_id: string }[]).map((l) => l.pronunciation_dictionary_id),
  };
}

const actionForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-chapter"), name: z.string().trim().min(1, "Name the chapter.").max(PROJECT_NAME_MAX) }),
  z.object({ intent: z.literal("save-block"), chapter_id: z.string().min(1), block_id: z.string().min(1), voice_id: z.string().min(1), text: z.string().max(BLOCK_TEXT_MAX) }),
  z.object({ intent: z.literal("add-block"), chapter_id: z.string().min(1), voice_id: z.string().min(1), text: z.string().trim().min(1, "Write the paragraph first.").max(BLOCK_TEXT_MAX) }),
  z.object({ intent: z.literal("convert-chapter"), chapter_id: z.string().min(1) }),
  z.object({ intent: z.literal("convert-project") }),
  z.object({ intent: z.literal("convert-block"), chapter_id: z.string().min(1), block_id: z.string().min(1) }),
  z.object({ intent: z.literal("continue-playing"), value: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("move-chapter"), chapter_id: z.string().min(1), direction: z.enum(["up", "down"]) }),
  // The drag and drop's drop: the chapter's new place, 0-based (a position outside the list is refused, 422).
  z.object({ intent: z.literal("place-chapter"), chapter_id: z.string().min(1), index: z.string().max(12) }),
]);

/** The editor's changes; each answers { error } (4xx) or { ok } and the page reloads its data. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const project = await findProject(env, viewer, params.projectId ?? "");
  if (!project) return Response.json({ error: "Project not found." }, { status: 404 });
  // Changing a project needs the editor role on it (decision 0039); a viewer reads only.
  const refused = await projectRefusal(env, viewer, project, "editor");
  if (refused) return Response.json({ error: refused.message }, { status: refused.httpStatus });
  if (request.headers.get("content-type")?.startsWith("multipart/form-data")) return saveSettings(env, viewer, project, await readForm(request));
  const raw = await request.clone().formData();
  if (raw.get("intent") === "dictionaries") {
    const set = await setProjectDictionaries(env, project, raw.getAll("dictionary_id").map((id) => ({ pronunciation_dictionary_id: String(id) })));
    return set.ok ? { ok: true } : Response.json({ error: set.refusal.message }, { status: set.refusal.httpStatus });
  }
  const parsed = await parseForm(request, actionForm);
  if (!parsed.ok) return Response.json({ error: Object.values(parsed.errors)[0] ?? "Check the form." }, { status: 400 });
  const form = parsed.data;
  if (form.intent === "add-chapter") {
    await addChapter(env, project, form.name, null);
    return { ok: true };
  }
  if (form.intent === "move-chapter") {
    const moved = await moveChapter(env, project, form.chapter_id, form.direction === "up" ? -1 : 1);
    return moved.ok ? { ok: true } : Response.json({ error: moved.refusal.message }, { status: moved.refusal.httpStatus });
  }
  if (form.intent === "place-chapter") {
    const placed = await placeChapter(env, project, form.chapter_id, form.index.trim() === "" ? NaN : Number(form.index));
    return placed.ok ? { ok: true } : Response.json({ error: placed.refusal.message }, { status: placed.refusal.httpStatus });
  }
  if (form.intent === "continue-playing") {
    await updateProject(env, viewer, project, { continuePlaying: form.value === "true" });
    return { ok: true };
  }
  const fail = (r: { httpStatus: number; message: string }) => Response.json({ error: r.message }, { status: r.httpStatus });
  if (form.intent === "convert-project") {
    // The button's own reasons (a conversion running, nothing to convert), checked again: a stale page queues nothing.
    const refused = projectConvertRefusal([...(await chapterWork(env, project, await projectContent(env, project))).values()]);
    if (refused) return fail(refused);
    // The API's convert-project path: every chapter with text queued, chapters in parallel.
    const queued = await queueConversion(env, viewer, project, null);
    return queued.ok ? { ok: true } : fail(queued.refusal);
  }
  const chapter = await findChapter(env, project, form.chapter_id);
  if (!chapter) return Response.json({ error: "Chapter not found." }, { status: 404 });
  if (form.intent === "save-block") {
    const saved = await updateBlock(env, viewer, project, chapter, form.block_id, { text: form.text, voiceId: form.voice_id });
    return saved.ok ? { ok: true } : fail(saved.refusal);
  }
  if (form.intent === "add-block") {
    const blocks = [
      ...chapter.blocks.map((b) => ({ block_id: b.id, sub_type: b.subType as BlockSubType, nodes: JSON.parse(b.nodes) as TtsNode[] })),
      { block_id: null, sub_type: "p" as const, nodes: [{ type: "tts_node" as const, voice_id: form.voice_id, text: form.text }] },
    ];
    const added = await updateChapterContent(env, viewer, project, chapter, { blocks });
    return added.ok ? { ok: true } : fail(added.refusal);
  }
  const queued = await queueConversion(env, viewer, project, [chapter.chapter.id], form.intent === "convert-block" ? [form.block_id] : null);
  return queued.ok ? { ok: true } : fail(queued.refusal);
}

const settingsForm = z.object({
  intent: z.literal("settings"),
  title: z.string().trim().max(500),
  author: z.string().trim().max(500),
  isbn_number: z.string().trim().max(40),
  language: z.string().trim().max(20),
  description: z.string().max(5000),
  target_audience: z.enum(TARGET_AUDIENCES),
  quality_preset: z.enum(QUALITY_PRESETS),
  loudness: z.literal("on").optional(),
});

/** The settings dialog: the book's metadata (empty fields clear it), then the cover when one is chosen. */
async function saveSettings(env: Env, viewer: Awaited<ReturnType<typeof requireViewer>>, project: NonNullable<Awaited<ReturnType<typeof findProject>>>, form: FormData) {
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string"));
  const parsed = settingsForm.safeParse(values);
  if (!parsed.success) return Response.json({ error: parsed.error.issues[0]!.message }, { status: 400 });
  const f = parsed.data;
  const cover = form.get("cover");
  if (cover instanceof File && cover.size > 0) {
    const set = await setCover(env, project, { bytes: new Uint8Array(await cover.arrayBuffer()) });
    if (!set.ok) return Response.json({ error: set.refusal.message }, { status: set.refusal.httpStatus });
  }
  await updateProject(env, viewer, project, { title: f.title || null, author: f.author || null, isbnNumber: f.isbn_number || null, language: f.language || null, description: f.description, targetAudience: f.target_audience, qualityPreset: f.quality_preset, acxVolumeNormalization: f.loudness === "on", volumeNormalization: f.loudness === "on" });
  return { ok: true };
}

export default function StudioProject() {
  const { project, settings, chapters, current, voices, canEdit, dictionaries, attachedDictionaries } = useLoaderData<typeof loader>();
  useConversionPolling(chapters.some((c) => isConverting(c.state)));
  const chapter = chapters.find((c) => c.id === current?.id) ?? null;
  const toggle = useFetcher();
  const { markDirty, warning } = useUnsavedEdits();
  return (
    <Page
      title={project.name}
      description="Each paragraph has its own voice. Converting a chapter synthesises only the paragraphs changed since their audio was made."
      width="wide"
      actions={
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/app/studio" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
            <ArrowLeft aria-hidden="true" className="size-4" /> All projects
          </Link>
          <ShareButton type="project" id={project.id} name={project.name} />
          {project.snapshotId ? (
            // A plain form: the answer is the file itself (content-disposition: attachment), which the browser saves.
            <form method="post" action={`/v1/studio/projects/${project.id}/snapshots/${project.snapshotId}/audiobook`}>
              <Button type="submit" variant="secondary" size="sm">
                <BookAudio aria-hidden="true" />
                Download audiobook
              </Button>
            </form>
          ) : null}
          {canEdit ? <ProjectSettingsButton settings={settings} audiences={TARGET_AUDIENCES} qualities={QUALITY_PRESETS.map((q) => ({ value: q, label: qualityPresetLabel(q) }))} /> : null}
        </div>
      }
    >
      <div className="grid gap-6 lg:grid-cols-[19rem_1fr]">
        <Card className="h-fit space-y-3 p-3">
          {canEdit ? <ConvertProject chapters={chapters} /> : null}
          <ChapterSidebar projectId={project.id} chapters={chapters} current={chapter?.id ?? null} canEdit={canEdit} />
        </Card>
        <div className="min-w-0 space-y-4">
          {canEdit ? null : <Hint>You can listen to this project; its creator or a workspace admin can make you an editor to change it.</Hint>}
          {chapter && current ? (
            <>
              <ChapterHeader projectId={project.id} chapter={chapter} />
              <toggle.Form method="post" className="flex items-center gap-2 text-sm text-muted-foreground">
                <input type="hidden" name="intent" value="continue-playing" />
                <input type="hidden" name="value" value={String(!project.continuePlaying)} />
                <input id="continue-playing" type="checkbox" checked={project.continuePlaying} onChange={(e) => toggle.submit(e.currentTarget.form)} className="size-4 accent-[var(--color-accent)]" />
                <label htmlFor="continue-playing">Continue playing to the end of the chapter</label>
              </toggle.Form>
              <ProjectDictionaries dictionaries={dictionaries} attached={attachedDictionaries} />
              {current.blocks.length === 0 ? <EmptyChapter /> : null}
              <ol className="space-y-3" aria-label="Paragraphs">
                {current.blocks.map((block, index) => (
                  <li key={block.id}>
                    <BlockEditor projectId={project.id} chapterId={chapter.id} block={block} voices={voices} continuePlaying={project.continuePlaying} index={index} onDirty={markDirty} />
                  </li>
                ))}
              </ol>
              {canEdit ? <AddBlock chapterId={chapter.id} voices={voices} defaultVoiceId={project.defaultParagraphVoiceId} onDirty={markDirty} /> : null}
            </>
          ) : (
            <p className="text-sm text-muted-foreground">This project has no chapters yet: add one.</p>
          )}
        </div>
      </div>
      {warning}
    </Page>
  );
}
