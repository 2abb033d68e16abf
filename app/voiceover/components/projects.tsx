import { Link } from "@remix-run/react";
import { Film, Upload } from "lucide-react";
import { useState } from "react";
import { Badge, type BadgeTone } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card } from "~/common/ui/card";
import { Dialog } from "~/common/ui/dialog";
import { EmptyState, Hint, Meter } from "~/common/ui/feedback";
import { FilePicker } from "~/common/ui/file-picker";
import { Input, Label } from "~/common/ui/input";
import { RunWithProgress, useUploadTool } from "~/common/components/upload-tool";
import { clock, RENDER_STATUS_LABELS, VOICEOVER_ACCEPT, type RenderStatus } from "~/voiceover/rules/voiceover";

export type VoiceoverCard = { id: string; name: string; durationSeconds: number; clips: number; render: { status: RenderStatus; progress: number } | null };

const TONE: Record<RenderStatus, BadgeTone> = { queued: "accent", rendering: "accent", done: "success", failed: "danger" };

/** The workspace's voiceover projects, newest first: the video's length, its clips and its newest render. */
export function VoiceoverList({ projects, onCreate }: { projects: VoiceoverCard[]; onCreate: () => void }) {
  if (projects.length === 0) {
    return (
      <EmptyState
        icon={<Film aria-hidden="true" />}
        title="No voiceover projects yet"
        action={
          <Button variant="secondary" onClick={onCreate}>
            <Upload aria-hidden="true" />
            Upload a video
          </Button>
        }
      >
        Upload a video, place dialogue and sound effects on its timeline, and render it with your new soundtrack.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Voiceover projects" data-testid="voiceover-projects">
      {projects.map((p) => (
        <li key={p.id}>
          <Card className="flex h-full gap-4 p-4">
            <div className="flex size-16 shrink-0 items-center justify-center rounded-md bg-muted text-muted-foreground">
              <Film aria-hidden="true" />
            </div>
            <div className="min-w-0 flex-1 space-y-2">
              <Link to={`/app/voiceover-studio/${p.id}`} className="block truncate font-medium text-foreground hover:underline">
                {p.name}
              </Link>
              <p className="text-sm text-muted-foreground">
                {clock(p.durationSeconds)} · {p.clips} {p.clips === 1 ? "clip" : "clips"}
                {p.render ? (
                  <Badge tone={TONE[p.render.status]} className="ml-2">
                    {RENDER_STATUS_LABELS[p.render.status]}
                  </Badge>
                ) : null}
              </p>
              {p.render && (p.render.status === "queued" || p.render.status === "rendering") ? <Meter progress label={`${p.name}: render progress`} value={p.render.progress} max={100} valueText={`${p.render.progress}%`} /> : null}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

/** The new-project dialog: a video and a name, posted to POST /v1/voiceover/projects (a media upload, with its progress). */
export function NewVoiceoverDialog({ maxSeconds, maxMegabytes, onClose, onCreated }: { maxSeconds: number; maxMegabytes: number; onClose: () => void; onCreated: (id: string) => void }) {
  const upload = useUploadTool<{ project_id: string }>();
  const [name, setName] = useState("");

  async function create() {
    if (!upload.file) return;
    const body = new FormData();
    body.append("file", upload.file);
    if (name.trim()) body.append("name", name.trim());
    const created = await upload.submit("/v1/voiceover/projects", body, "The video could not be uploaded. Try again.", async (answer) => JSON.parse(await answer.text()) as { project_id: string });
    if (created) onCreated(created.project_id);
  }

  return (
    <Dialog title="New voiceover" description={`An MP4 or WebM video up to ${Math.round(maxSeconds / 60)} minutes and ${maxMegabytes} MB. Its picture is kept as it is.`} onClose={onClose} testId="new-voiceover-dialog">
      <div className="flex flex-col gap-4">
        <FilePicker
          id="voiceover-file"
          label="Video"
          buttonLabel="Choose video"
          emptyLabel="No video chosen"
          accept={VOICEOVER_ACCEPT}
          chosen={upload.file}
          testId="voiceover-file"
          onChoose={(chosen) => {
            if (chosen) upload.choose(chosen);
          }}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor="voiceover-name">Name (optional)</Label>
          <Input id="voiceover-name" value={name} maxLength={200} placeholder="The video's file name" onChange={(event) => setName(event.target.value)} />
        </div>
        <Hint>The video&apos;s own sound can be kept or lowered under your clips when it is MP3 or Opus; other sound (AAC, as in most phone videos) is not read here and is replaced.</Hint>
        <RunWithProgress phase={upload.phase} onRun={() => void create()} disabled={!upload.file} icon={<Upload aria-hidden="true" />} label="Create project" busyLabel="Uploading…" workingLabel="Reading the video" />
      </div>
    </Dialog>
  );
}
