import { useEffect, useState } from "react";
import { Download, Trash2, Wand2 } from "lucide-react";
import { Button, buttonClass } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { cn } from "~/common/ui/cn";
import { RecordingInput } from "~/common/components/recording-input";
import { postWithProgress } from "~/common/browser/upload";

type HistoryItem = { id: string; title: string; createdAt: number; durationSeconds: number; credits: number };

type Phase = { kind: "idle" } | { kind: "uploading"; share: number } | { kind: "isolating" } | { kind: "done" } | { kind: "error"; message: string };

const duration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;

/** Uploads with progress and answers the isolated MP3 or the refusal. */
async function isolate(file: File, onProgress: (share: number) => void): Promise<{ ok: true; audio: Blob } | { ok: false; message: string }> {
  const body = new FormData();
  body.append("audio", file);
  const answer = await postWithProgress("/v1/audio-isolation", body, onProgress, "The voice isolation failed; nothing was charged. Try again.");
  return answer.ok ? { ok: true, audio: answer.body } : answer;
}

/** The voice isolator: a recording in (dropped, chosen or recorded), the voice out, both playable side by side. */
export function VoiceIsolator({ maxSeconds, creditsPerMinute, history, onChanged }: { maxSeconds: number; creditsPerMinute: number; history: HistoryItem[]; onChanged: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [urls, setUrls] = useState<{ before: string | null; after: string | null }>({ before: null, after: null });

  // Object URLs are released when replaced and when the page goes.
  useEffect(() => () => void [urls.before, urls.after].forEach((u) => u && URL.revokeObjectURL(u)), [urls]);

  function choose(next: File) {
    setFile(next);
    setPhase({ kind: "idle" });
    setUrls({ before: URL.createObjectURL(next), after: null });
  }

  async function run() {
    if (!file) return;
    setPhase({ kind: "uploading", share: 0 });
    const result = await isolate(file, (share) => setPhase(share >= 1 ? { kind: "isolating" } : { kind: "uploading", share }));
    if (!result.ok) return setPhase({ kind: "error", message: result.message });
    setUrls((current) => ({ before: current.before, after: URL.createObjectURL(result.audio) }));
    setPhase({ kind: "done" });
    onChanged();
  }

  async function remove(id: string) {
    const response = await fetch(`/v1/audio-isolation/history/${id}`, { method: "DELETE" });
    if (response.ok) onChanged();
  }

  const busy = phase.kind === "uploading" || phase.kind === "isolating";
  const baseName = file ? file.name.replace(/\.[^.]+$/, "") : "audio";

  return (
    <>
      <Card>
        <CardHeader
          title="Your recording"
          description={`Audio or video files (MP3, WAV, Ogg Opus, WebM, MP4, AIFF), up to ${duration(maxSeconds)} minutes on your plan; ${creditsPerMinute.toLocaleString("en")} credits per minute of audio.`}
        />
        <CardContent className="flex flex-col gap-4">
          <RecordingInput file={file} onFile={choose} disabled={busy} label="Recording to clean" testId="isolator" />
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={run} disabled={!file || busy}>
              <Wand2 aria-hidden="true" />
              {busy ? "Isolating…" : "Isolate voice"}
            </Button>
            {phase.kind === "uploading" || phase.kind === "isolating" ? (
              <div className="flex min-w-48 flex-1 items-center gap-3">
                <div
                  role="progressbar"
                  aria-label={phase.kind === "uploading" ? "Uploading" : "Isolating the voice"}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={phase.kind === "uploading" ? Math.round(phase.share * 100) : undefined}
                  className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
                >
                  <div className={cn("h-full rounded-full bg-accent", phase.kind === "isolating" && "animate-pulse")} style={{ width: phase.kind === "uploading" ? `${Math.round(phase.share * 100)}%` : "100%" }} />
                </div>
                <span className="text-sm text-muted-foreground">{phase.kind === "uploading" ? `Uploading ${Math.round(phase.share * 100)}%` : "Isolating the voice…"}</span>
              </div>
            ) : null}
          </div>
          {phase.kind === "error" ? (
            <Hint tone="error" className="text-sm">
              {phase.message}
            </Hint>
          ) : null}
        </CardContent>
      </Card>

      {urls.before ? (
        <Card>
          <CardHeader title="Before and after" description="The embedded engine is RNNoise: strong on steady noise such as hiss, fans and traffic; music and chatter may remain." />
          <CardContent className="grid gap-4 md:grid-cols-2">
            <div className="flex flex-col gap-2">
              <h3 className="text-sm font-medium">Original</h3>
              <audio controls src={urls.before} className="w-full" data-testid="isolator-before" />
            </div>
            <div className="flex flex-col gap-2">
              <h3 className="text-sm font-medium">Voice isolated</h3>
              {urls.after ? (
                <>
                  <audio controls src={urls.after} className="w-full" data-testid="isolator-after" />
                  <a href={urls.after} download={`${baseName}_isolated.mp3`} className={buttonClass("secondary", "self-start")}>
                    <Download aria-hidden="true" />
                    Download
                  </a>
                </>
              ) : (
                <p className="text-sm text-muted-foreground">Isolate the voice to hear the result here.</p>
              )}
            </div>
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader title="Recent isolations" />
        <CardContent>
          {history.length === 0 ? (
            <EmptyState title="Nothing isolated yet">Cleaned recordings appear here, ready to download again.</EmptyState>
          ) : (
            <ul className="divide-y divide-border" data-testid="isolator-history">
              {history.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{item.title}</p>
                    <p className="text-sm text-muted-foreground">
                      {duration(item.durationSeconds)} · {item.credits.toLocaleString("en")} credits
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <a href={`/v1/audio-isolation/history/${item.id}/audio`} download className={buttonClass("secondary", "", "sm")} aria-label={`Download ${item.title}`}>
                      <Download aria-hidden="true" />
                      Download
                    </a>
                    <Button variant="ghost" size="sm" onClick={() => remove(item.id)} aria-label={`Delete ${item.title}`}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  );
}
