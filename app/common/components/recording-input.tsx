import { useRef, useState, type DragEvent } from "react";
import { Mic, Square, Upload } from "lucide-react";
import { Button } from "~/common/ui/button";
import { Hint } from "~/common/ui/feedback";
import { cn } from "~/common/ui/cn";

/** The audio and video files the audio tools accept (spec request layer §5), as a file input's `accept`. */
export const RECORDING_ACCEPT = "audio/*,video/*,.mp3,.wav,.ogg,.opus,.webm,.m4a,.mp4,.aiff,.flac,.aac,.mkv,.mov";

/** A recording for an audio tool: dropped, chosen, or recorded with the microphone (unprocessed, so the tool hears it as it is). */
export function RecordingInput({ file, onFile, disabled, label, testId }: { file: File | null; onFile: (file: File) => void; disabled?: boolean; label: string; testId: string }) {
  const [dragging, setDragging] = useState(false);
  const [recorder, setRecorder] = useState<MediaRecorder | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  async function record() {
    setProblem(null);
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: { noiseSuppression: false, echoCancellation: false } });
      const next = new MediaRecorder(stream, MediaRecorder.isTypeSupported("audio/webm;codecs=opus") ? { mimeType: "audio/webm;codecs=opus" } : undefined);
      const chunks: Blob[] = [];
      next.ondataavailable = (event) => chunks.push(event.data);
      next.onstop = () => {
        stream.getTracks().forEach((track) => track.stop());
        const type = next.mimeType || "audio/webm";
        onFile(new File(chunks, `Recording ${new Date().toLocaleTimeString()}.${type.includes("mp4") ? "m4a" : "webm"}`, { type: type.split(";")[0] }));
        setRecorder(null);
      };
      next.start();
      setRecorder(next);
    } catch {
      setProblem("The microphone could not be opened: allow it in the browser, or upload a file instead.");
    }
  }

  return (
    <div
      data-testid={`${testId}-drop-zone`}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event: DragEvent) => {
        event.preventDefault();
        setDragging(false);
        const dropped = event.dataTransfer.files[0];
        if (dropped) onFile(dropped);
      }}
      className={cn("flex flex-col items-center gap-3 rounded-xl border-2 border-dashed p-6 text-center", dragging ? "border-accent bg-accent-soft" : "border-border")}
    >
      <Upload aria-hidden="true" className="size-6 text-muted-foreground" />
      <p className="text-sm break-words text-muted-foreground">{file ? file.name : "Drop a recording here, choose a file, or record one."}</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button variant="secondary" onClick={() => input.current?.click()} disabled={disabled || recorder !== null}>
          <Upload aria-hidden="true" />
          Choose file
        </Button>
        {recorder ? (
          <Button variant="destructive" onClick={() => recorder.stop()}>
            <Square aria-hidden="true" />
            Stop recording
          </Button>
        ) : (
          <Button variant="secondary" onClick={record} disabled={disabled}>
            <Mic aria-hidden="true" />
            Record
          </Button>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept={RECORDING_ACCEPT}
        className="sr-only"
        aria-label={label}
        data-testid={`${testId}-file`}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) onFile(chosen);
        }}
      />
      {problem ? (
        <Hint tone="error" className="text-sm">
          {problem}
        </Hint>
      ) : null}
    </div>
  );
}
