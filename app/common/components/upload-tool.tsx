// The frame the audio tools share (speech to text, voice isolator, forced alignment): a chosen recording with its
// object URL, the upload with progress, then the server's work, then a result or the refusal's text.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "~/common/ui/button";
import { Hint } from "~/common/ui/feedback";
import { cn } from "~/common/ui/cn";
import { postWithProgress } from "~/common/browser/upload";

export type UploadPhase<Result> = { kind: "idle" } | { kind: "uploading"; share: number } | { kind: "working" } | { kind: "done"; result: Result } | { kind: "error"; message: string };

/** The chosen file, its playable URL (released when replaced or when the page goes) and the phase of its upload. */
export function useUploadTool<Result>() {
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [phase, setPhase] = useState<UploadPhase<Result>>({ kind: "idle" });

  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  function choose(next: File) {
    setFile(next);
    setPhase({ kind: "idle" });
    setUrl(URL.createObjectURL(next));
  }

  /** Posts the form with progress; answers the result read from the 200's body, or null after showing the refusal. */
  async function submit(path: string, body: FormData, failed: string, read: (answer: Blob) => Promise<Result>): Promise<Result | null> {
    setPhase({ kind: "uploading", share: 0 });
    const answer = await postWithProgress(path, body, (share) => setPhase(share >= 1 ? { kind: "working" } : { kind: "uploading", share }), failed);
    if (!answer.ok) {
      setPhase({ kind: "error", message: answer.message });
      return null;
    }
    const result = await read(answer.body);
    setPhase({ kind: "done", result });
    return result;
  }

  const busy = phase.kind === "uploading" || phase.kind === "working";
  return { file, url, phase, busy, choose, submit };
}

/** An audio element's current time, and playing it from a given second (a clicked word). */
export function usePlayFrom() {
  const audio = useRef<HTMLAudioElement>(null);
  const [time, setTime] = useState(0);
  function playFrom(seconds: number) {
    if (!audio.current) return;
    audio.current.currentTime = seconds;
    setTime(seconds);
    void audio.current.play().catch(() => undefined);
  }
  return { audio, time, playFrom, onTimeUpdate: (event: { currentTarget: HTMLAudioElement }) => setTime(event.currentTarget.currentTime) };
}

/** The run button, the upload's progress bar (then the work's pulsing bar) and the refusal under them. */
export function RunWithProgress<Result>({
  phase,
  onRun,
  disabled,
  icon,
  label,
  busyLabel,
  workingLabel,
}: {
  phase: UploadPhase<Result>;
  onRun: () => void;
  disabled: boolean;
  icon: ReactNode;
  label: string;
  busyLabel: string;
  workingLabel: string;
}) {
  const busy = phase.kind === "uploading" || phase.kind === "working";
  const percent = phase.kind === "uploading" ? Math.round(phase.share * 100) : undefined;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={onRun} disabled={disabled || busy}>
          {icon}
          {busy ? busyLabel : label}
        </Button>
        {busy ? (
          <div className="flex min-w-48 flex-1 items-center gap-3">
            <div
              role="progressbar"
              aria-label={percent === undefined ? workingLabel : "Uploading"}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
            >
              <div className={cn("h-full rounded-full bg-accent", percent === undefined && "animate-pulse")} style={{ width: `${percent ?? 100}%` }} />
            </div>
            <span className="text-sm text-muted-foreground">{percent === undefined ? `${workingLabel}…` : `Uploading ${percent}%`}</span>
          </div>
        ) : null}
      </div>
      {phase.kind === "error" ? (
        <Hint tone="error" className="text-sm">
          {phase.message}
        </Hint>
      ) : null}
    </>
  );
}
