import { Mic, Square, Upload, X } from "lucide-react";
import { useEffect, useRef, useState, type DragEvent } from "react";
import { Button } from "~/common/ui/button";
import { Dialog, DialogActions } from "~/common/ui/dialog";
import { Hint, Meter } from "~/common/ui/feedback";
import { Input, Label, Textarea } from "~/common/ui/input";
import { CONSENT_TEXT, EMBEDDED_CLONE_NOTE, MAX_SAMPLE_BYTES, MAX_SAMPLES, SAMPLE_FILE_ACCEPT, sampleTypeAccepted } from "~/voices/rules/voice-cloning";
import { recordingAsWav } from "~/voices/browser/recording";

type Phase = { kind: "editing" } | { kind: "uploading"; percent: number } | { kind: "analysing" };

/**
 * The add-voice dialog of the voice lab: a name, samples (dropped, chosen or recorded here), the consent box, and
 * the upload to POST /v1/voices/add with its progress; the server then decodes and measures the samples.
 */
export function AddVoiceDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (voiceId: string) => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [consent, setConsent] = useState(false);
  const [removeNoise, setRemoveNoise] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "editing" });
  const [dragging, setDragging] = useState(false);
  const [recording, setRecording] = useState<MediaRecorder | null>(null);
  const chosen = useRef<HTMLInputElement>(null);
  const busy = phase.kind !== "editing";

  useEffect(() => () => recording?.stream.getTracks().forEach((track) => track.stop()), [recording]);

  const addFiles = (list: Iterable<File>) => {
    const next = [...files];
    for (const file of list) {
      if (!sampleTypeAccepted(file.type, file.name)) return setError(`${file.name} is not an audio file of an accepted type.`);
      if (file.size > MAX_SAMPLE_BYTES) return setError(`${file.name} is larger than ${MAX_SAMPLE_BYTES / 1024 / 1024} MB.`);
      next.push(file);
    }
    if (next.length > MAX_SAMPLES) return setError(`At most ${MAX_SAMPLES} samples.`);
    setError(null);
    setFiles(next);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  const toggleRecording = async () => {
    if (recording) {
      recording.stop();
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const recorder = new MediaRecorder(stream);
      const parts: Blob[] = [];
      recorder.ondataavailable = (event) => parts.push(event.data);
      recorder.onstop = async () => {
        stream.getTracks().forEach((track) => track.stop());
        setRecording(null);
        try {
          addFiles([await recordingAsWav(new Blob(parts, { type: recorder.mimeType }))]);
        } catch {
          setError("The recording could not be read. Try again or upload a file.");
        }
      };
      recorder.start();
      setRecording(recorder);
    } catch {
      setError("The microphone is not available: allow it in the browser, or upload a file.");
    }
  };

  const submit = () => {
    if (!name.trim()) return setError("Give the voice a name.");
    if (files.length === 0) return setError("Add at least one sample: upload a file or record one.");
    if (!consent) return setError("Confirm that you may clone this voice.");
    const body = new FormData();
    body.set("name", name.trim());
    if (description.trim()) body.set("description", description.trim());
    for (const file of files) body.append("files", file, file.name);
    if (removeNoise) body.set("remove_background_noise", "true");
    // XMLHttpRequest, not fetch: it reports the upload's progress.
    const request = new XMLHttpRequest();
    request.open("POST", "/v1/voices/add");
    request.upload.onprogress = (event) => event.lengthComputable && setPhase({ kind: "uploading", percent: Math.round((event.loaded / event.total) * 100) });
    request.upload.onload = () => setPhase({ kind: "analysing" });
    request.onerror = () => {
      setPhase({ kind: "editing" });
      setError("The upload failed. Check the connection and try again.");
    };
    request.onload = () => {
      const answer = (() => {
        try {
          return JSON.parse(request.responseText) as { voice_id?: string; detail?: { message?: string } | { msg: string }[] };
        } catch {
          return {};
        }
      })();
      if (request.status === 200 && answer.voice_id) return onAdded(answer.voice_id);
      setPhase({ kind: "editing" });
      const detail = answer.detail;
      setError(Array.isArray(detail) ? detail.map((issue) => issue.msg).join(" ") : (detail?.message ?? `The voice could not be added (${request.status}).`));
    };
    setPhase({ kind: "uploading", percent: 0 });
    request.send(body);
  };

  return (
    <Dialog title="Add a voice" description={EMBEDDED_CLONE_NOTE} onClose={busy ? undefined : onClose} testId="add-voice-dialog">
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="flex flex-col gap-1">
          <Label htmlFor="voice-name">Name</Label>
          <Input id="voice-name" value={name} maxLength={100} onChange={(e) => setName(e.currentTarget.value)} disabled={busy} required />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="voice-description">Description (optional)</Label>
          <Textarea id="voice-description" value={description} maxLength={1000} rows={2} onChange={(e) => setDescription(e.currentTarget.value)} disabled={busy} />
        </div>
        <div
          data-testid="sample-drop-zone"
          data-dragging={dragging}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border p-4 text-center text-sm text-muted-foreground data-[dragging=true]:border-ring data-[dragging=true]:bg-muted"
        >
          <Upload aria-hidden="true" className="size-5" />
          <p>Drop audio here (MP3, WAV or Ogg Opus; up to {MAX_SAMPLE_BYTES / 1024 / 1024} MB each), or</p>
          <div className="flex flex-wrap justify-center gap-2">
            <Button type="button" variant="secondary" size="sm" onClick={() => chosen.current?.click()} disabled={busy}>
              Choose files
            </Button>
            <Button type="button" variant={recording ? "accent" : "secondary"} size="sm" onClick={() => void toggleRecording()} disabled={busy} aria-pressed={Boolean(recording)}>
              {recording ? <Square aria-hidden="true" /> : <Mic aria-hidden="true" />}
              {recording ? "Stop recording" : "Record"}
            </Button>
          </div>
          <input
            ref={chosen}
            type="file"
            multiple
            accept={SAMPLE_FILE_ACCEPT}
            className="sr-only"
            aria-label="Audio samples"
            tabIndex={-1}
            onChange={(event) => {
              addFiles(event.currentTarget.files ?? []);
              event.currentTarget.value = "";
            }}
          />
        </div>
        {files.length ? (
          <ul className="flex flex-col gap-1 text-sm" aria-label="Samples">
            {files.map((file, index) => (
              <li key={`${file.name}-${index}`} className="flex items-center justify-between gap-2 rounded-md bg-muted px-3 py-1">
                <span className="truncate">{file.name}</span>
                <span className="flex items-center gap-2 text-muted-foreground">
                  {(file.size / 1024).toFixed(0)} KB
                  <Button type="button" variant="ghost" size="icon-sm" aria-label={`Remove ${file.name}`} disabled={busy} onClick={() => setFiles(files.filter((_, i) => i !== index))}>
                    <X aria-hidden="true" />
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        ) : null}
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1" checked={removeNoise} onChange={(e) => setRemoveNoise(e.currentTarget.checked)} disabled={busy} />
          <span>Remove background noise before measuring the voice (the voice isolator, RNNoise)</span>
        </label>
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1" checked={consent} onChange={(e) => setConsent(e.currentTarget.checked)} disabled={busy} />
          <span>{CONSENT_TEXT}</span>
        </label>
        {phase.kind === "uploading" ? <Meter progress label="Uploading samples" value={phase.percent} max={100} valueText={`${phase.percent}%`} /> : null}
        {phase.kind === "analysing" ? <Hint>Measuring the voice: pitch, pace and formants…</Hint> : null}
        {error ? (
          <Hint tone="error">
            <span role="alert">{error}</span>
          </Hint>
        ) : null}
        <DialogActions onCancel={onClose} cancelDisabled={busy}>
          <Button type="submit" disabled={busy || !consent}>
            {busy ? "Adding…" : "Add voice"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
