import { useEffect, useState } from "react";
import { Download, Trash2, Wand2 } from "lucide-react";
import { Button, buttonClass } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { EmptyState } from "~/common/ui/feedback";
import { RecordingInput } from "~/common/components/recording-input";
import { RunWithProgress, useUploadTool } from "~/common/components/upload-tool";

type HistoryItem = { id: string; title: string; createdAt: number; durationSeconds: number; credits: number };

const duration = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;

/** The voice isolator: a recording in (dropped, chosen or recorded), the voice out, both playable side by side. */
export function VoiceIsolator({ maxSeconds, creditsPerMinute, history, onChanged }: { maxSeconds: number; creditsPerMinute: number; history: HistoryItem[]; onChanged: () => void }) {
  const tool = useUploadTool<Blob>();
  const [after, setAfter] = useState<string | null>(null);

  // The result's object URL is released when replaced and when the page goes.
  useEffect(() => () => void (after && URL.revokeObjectURL(after)), [after]);

  function choose(next: File) {
    tool.choose(next);
    setAfter(null);
  }

  async function run() {
    if (!tool.file) return;
    const body = new FormData();
    body.append("audio", tool.file);
    const audio = await tool.submit("/v1/audio-isolation", body, "The voice isolation failed; nothing was charged. Try again.", async (blob) => blob);
    if (!audio) return;
    setAfter(URL.createObjectURL(audio));
    onChanged();
  }

  async function remove(id: string) {
    const response = await fetch(`/v1/audio-isolation/history/${id}`, { method: "DELETE" });
    if (response.ok) onChanged();
  }

  const baseName = tool.file ? tool.file.name.replace(/\.[^.]+$/, "") : "audio";

  return (
    <>
      <Card>
        <CardHeader
          title="Your recording"
          description={`Audio or video files (MP3, WAV, Ogg Opus, WebM, MP4, AIFF), up to ${duration(maxSeconds)} minutes on your plan; ${creditsPerMinute.toLocaleString("en")} credits per minute of audio.`}
        />
        <CardContent className="flex flex-col gap-4">
          <RecordingInput file={tool.file} onFile={choose} disabled={tool.busy} label="Recording to clean" testId="isolator" />
          <RunWithProgress phase={tool.phase} onRun={run} disabled={!tool.file} icon={<Wand2 aria-hidden="true" />} label="Isolate voice" busyLabel="Isolating…" workingLabel="Isolating the voice" />
        </CardContent>
      </Card>

      {tool.url ? (
        <Card>
          <CardHeader title="Before and after" description="The embedded engine is RNNoise: strong on steady noise such as hiss, fans and traffic; music and chatter may remain." />
          <CardContent className="grid gap-4 md:grid-cols-2">
            <div className="flex flex-col gap-2">
              <h3 className="text-sm font-medium">Original</h3>
              <audio controls src={tool.url} className="w-full" data-testid="isolator-before" />
            </div>
            <div className="flex flex-col gap-2">
              <h3 className="text-sm font-medium">Voice isolated</h3>
              {after ? (
                <>
                  <audio controls src={after} className="w-full" data-testid="isolator-after" />
                  <a href={after} download={`${baseName}_isolated.mp3`} className={buttonClass("secondary", "self-start")}>
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
