import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Upload } from "lucide-react";
import { Page } from "~/common/ui/page";
import { Button } from "~/common/ui/button";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { listProjects, projectClips } from "~/voiceover/voiceover.server";
import { VOICEOVER_MAX_SECONDS, VOICEOVER_MAX_UPLOAD_BYTES, voiceoverProjectLimit, type RenderStatus } from "~/voiceover/rules/voiceover";
import { NewVoiceoverDialog, VoiceoverList } from "~/voiceover/components/projects";

export const meta: MetaFunction = () => [{ title: `Voiceover studio · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const projects = await listProjects(context.cloudflare.env, viewer);
  return {
    projects: projects.map(({ project, render }) => ({
      id: project.id,
      name: project.name,
      durationSeconds: project.durationSeconds,
      clips: projectClips(project).length,
      render: render ? { status: render.status as RenderStatus, progress: render.progress } : null,
    })),
    limit: voiceoverProjectLimit(viewer.membership.workspace.tier),
  };
}

/** How often the list asks again while a render runs. */
const POLL_MS = 1500;

export default function VoiceoverStudio() {
  const { projects, limit } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const rendering = projects.some((p) => p.render?.status === "queued" || p.render?.status === "rendering");
  useEffect(() => {
    if (!rendering) return;
    const timer = setInterval(() => revalidator.revalidate(), POLL_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- revalidate is stable in use; the object is not
  }, [rendering]);
  const atLimit = projects.length >= limit;
  return (
    <Page
      title="Voiceover studio"
      description="Voice over a video: dialogue in your voices and sound effects on a timeline, mixed with the video's own sound and rendered with its picture unchanged."
      actions={
        <Button onClick={() => setCreating(true)} disabled={atLimit} title={atLimit ? `Your plan allows ${limit} voiceover projects` : undefined} data-testid="new-voiceover">
          <Upload aria-hidden="true" />
          New voiceover
        </Button>
      }
      width="wide"
    >
      <VoiceoverList projects={projects} onCreate={() => setCreating(true)} />
      {creating ? (
        <NewVoiceoverDialog maxSeconds={VOICEOVER_MAX_SECONDS} maxMegabytes={VOICEOVER_MAX_UPLOAD_BYTES / 1_000_000} onClose={() => setCreating(false)} onCreated={(id) => navigate(`/app/voiceover-studio/${id}`)} />
      ) : null}
    </Page>
  );
}
