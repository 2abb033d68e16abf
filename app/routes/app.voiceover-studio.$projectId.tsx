import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { z } from "zod";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { originalSoundProblem } from "../../core/voiceover/render";
import { requireViewer } from "~/accounts/accounts.server";
import { readForm } from "~/common/form.server";
import { actionFailure } from "~/common/rules/action-result";
import { voiceOptions } from "~/voices/voices.server";
import { SPEED_RANGE } from "../../core/voices/voice-rules";
import { SOUND_DURATION_RANGE, SOUND_TEXT_MAX_CHARACTERS } from "~/sound-effects/rules/sound-effects";
import { deleteProject, findProject, pendingCredits, projectClips, projectRenders, saveProject, spokenClips, startRender } from "~/voiceover/voiceover.server";
import { clipsInput, clock, ORIGINAL_AUDIO_MODES, PROJECT_NAME_MAX, type OriginalAudioMode, type RenderStatus } from "~/voiceover/rules/voiceover";
import { DeleteProject, VoiceoverEditor } from "~/voiceover/components/editor";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.project.name ?? "Voiceover"} · Voiceover studio · ${PRODUCT_NAME}` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const project = await findProject(env, viewer, params.projectId ?? "");
  if (!project) throw new Response("Voiceover project not found", { status: 404 });
  const { latest, done } = await projectRenders(env, viewer, project);
  const base = `/v1/voiceover/projects/${project.id}`;
  return {
    project: {
      id: project.id,
      name: project.name,
      durationSeconds: project.durationSeconds,
      size: `${project.width}×${project.height}`,
      videoUrl: `${base}/video`,
      originalAudio: project.originalAudio as OriginalAudioMode,
      originalProblem: originalSoundProblem(project),
    },
    clips: projectClips(project),
    voices: (await voiceOptions(env, viewer)).map((v) => ({ id: v.voice_id, name: v.name })),
    render: latest ? { id: latest.id, status: latest.status as RenderStatus, progress: latest.progress, error: latest.error, credits: latest.credits, refunded: latest.refunded } : null,
    output: done ? { videoUrl: `${base}/renders/${done.id}/video`, downloadUrl: `${base}/renders/${done.id}/video?download=true`, renderedAt: done.updatedAt } : null,
    spoken: spokenClips(project, done),
    pendingCredits: pendingCredits(project, done),
    limits: { speed: SPEED_RANGE, effectSeconds: SOUND_DURATION_RANGE, descriptionMax: SOUND_TEXT_MAX_CHARACTERS },
  };
}

const timelineForm = z.object({
  intent: z.enum(["save", "render"]),
  name: z.string().trim().min(1, "Give the project a name.").max(PROJECT_NAME_MAX),
  original_audio: z.enum(ORIGINAL_AUDIO_MODES),
  clips: z.string().max(1_000_000),
});

/** Saves the timeline (and renders it, for "render"), or deletes the project; a refusal answers its message (4xx). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const env = context.cloudflare.env;
  const project = await findProject(env, viewer, params.projectId ?? "");
  if (!project) return actionFailure(404, "Voiceover project not found.");
  const form = await readForm(request);
  if (form.get("intent") === "delete") {
    const deleted = await deleteProject(env, viewer, project.id);
    return deleted.ok ? redirect("/app/voiceover-studio") : actionFailure(deleted.refusal.httpStatus, deleted.refusal.message);
  }
  const parsed = timelineForm.safeParse(Object.fromEntries([...form].filter(([, v]) => typeof v === "string")));
  if (!parsed.success) return actionFailure(400, parsed.error.issues[0]!.message);
  let json: unknown;
  try {
    json = JSON.parse(parsed.data.clips);
  } catch {
    return actionFailure(400, "The timeline could not be read. Reload the page and try again.");
  }
  const clips = clipsInput.safeParse(json);
  if (!clips.success) {
    const issue = clips.error.issues[0]!;
    const index = typeof issue.path[0] === "number" ? issue.path[0] : null;
    const at = index !== null && Array.isArray(json) ? ` (the clip at ${clock(Number((json[index] as { start?: unknown })?.start) || 0)})` : "";
    return actionFailure(400, `${issue.message[0]!.toUpperCase()}${issue.message.slice(1)}${at}.`);
  }
  const saved = await saveProject(env, viewer, project, { name: parsed.data.name, clips: clips.data, originalAudio: parsed.data.original_audio });
  if (!saved.ok) return actionFailure(saved.refusal.httpStatus, saved.refusal.message);
  if (parsed.data.intent === "render") {
    const started = await startRender(env, viewer, saved.value);
    if (!started.ok) return actionFailure(started.refusal.httpStatus, started.refusal.message);
  }
  return { ok: true };
}

/** How often the page asks again while a render runs. */
const POLL_MS = 1500;

export default function VoiceoverProject() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const running = data.render?.status === "queued" || data.render?.status === "rendering";
  useEffect(() => {
    if (!running) return;
    // Each tick asks again even when the last answer is outstanding, so one lost request never stops the polling.
    const timer = setInterval(() => revalidator.revalidate(), POLL_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- revalidate is stable in use; the object is not
  }, [running]);
  return (
    <Page
      title={data.project.name}
      description={`${clock(data.project.durationSeconds)} · ${data.project.size}`}
      actions={
        <>
          <Link to="/app/voiceover-studio" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
            <ArrowLeft aria-hidden="true" className="size-4" />
            All voiceovers
          </Link>
          <DeleteProject />
        </>
      }
      width="wide"
    >
      <VoiceoverEditor {...data} />
    </Page>
  );
}
