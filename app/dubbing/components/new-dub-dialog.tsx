import { useRef, useState } from "react";
import { Button } from "~/common/ui/button";
import { Dialog } from "~/common/ui/dialog";
import { Hint } from "~/common/ui/feedback";
import { FilePicker } from "~/common/ui/file-picker";
import { Input, Label } from "~/common/ui/input";
import { Select } from "~/common/ui/select";
import { AUTO_SOURCE_NOTICE, untranslatableTargetsNotice } from "../../../core/dubbing/dub-rules";

export type LanguageOption = { code: string; name: string };

const ACCEPT = "audio/*,video/mp4,video/webm,.mp3,.wav,.ogg,.opus,.webm,.m4a,.mp4,.aiff";

/** The API's error text for a refused upload (its message), or a plain sentence. */
function errorText(status: number, body: string): string {
  try {
    const detail = (JSON.parse(body) as { detail?: { message?: string } | { msg: string }[] }).detail;
    if (status < 500 && detail) return Array.isArray(detail) ? detail.map((d) => d.msg).join("; ") : (detail.message ?? "The file was refused.");
  } catch {
    // not JSON
  }
  return "The dub could not be started; nothing was charged. Try again.";
}

/** The new-dub dialog: a file, the languages, the speakers and an optional range, posted to POST /v1/dubbing. */
export function NewDubDialog({
  sources,
  targets,
  untranslatable,
  maxSeconds,
  creditsPerMinute,
  onClose,
  onCreated,
}: {
  sources: LanguageOption[];
  targets: LanguageOption[];
  /** Languages the engine speaks that no configured translator reaches: named, not offered. */
  untranslatable: LanguageOption[];
  maxSeconds: number;
  creditsPerMinute: number;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState("");
  const [source, setSource] = useState("auto");
  // Spanish first when offered: the pair the embedded translator has.
  const [target, setTarget] = useState((targets.find((t) => t.code === "es") ?? targets[0])?.code ?? "");
  const [speakers, setSpeakers] = useState("0");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit() {
    if (!file && !url.trim()) return setError("Choose a file to dub, or give its URL.");
    setBusy(true);
    setError(null);
    const body = new FormData();
    if (file) body.append("file", file);
    else body.append("source_url", url.trim());
    body.append("source_lang", source);
    body.append("target_lang", target);
    body.append("num_speakers", speakers);
    if (start) body.append("start_time", start);
    if (end) body.append("end_time", end);
    const response = await fetch("/v1/dubbing", { method: "POST", body }).catch(() => null);
    setBusy(false);
    if (!response) return setError("The upload did not reach the server. Check the connection and try again.");
    const text = await response.text();
    if (!response.ok) return setError(errorText(response.status, text));
    onCreated((JSON.parse(text) as { dubbing_id: string }).dubbing_id);
  }

  return (
    <Dialog
      title="New dub"
      description={`Audio or MP4/WebM video up to ${Math.round(maxSeconds / 60)} minute${maxSeconds >= 120 ? "s" : ""} on your plan; ${creditsPerMinute.toLocaleString("en")} credits per minute, given back if the dub fails.`}
      onClose={onClose}
      testId="new-dub-dialog"
    >
      <div className="flex flex-col gap-4">
        <FilePicker
          id="dub-file"
          ref={input}
          label="File"
          buttonLabel="Choose file"
          emptyLabel="No file chosen"
          accept={ACCEPT}
          chosen={file}
          testId="dub-file"
          onChoose={(chosen) => {
            setFile(chosen);
            setUrl("");
          }}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor="dub-url">Or from a URL</Label>
          <Input
            id="dub-url"
            type="url"
            inputMode="url"
            placeholder="https://example.com/interview.mp4"
            value={url}
            data-testid="dub-url"
            onChange={(event) => {
              setUrl(event.target.value);
              if (event.target.value && file) {
                setFile(null);
                if (input.current) input.current.value = "";
              }
            }}
          />
          <p className="text-xs text-muted-foreground">A direct link to the audio or video file on a public web site; the server fetches it with the same limits as an upload.</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor="dub-source">Source language</Label>
            <Select id="dub-source" label="Source language" value={source} onValueChange={setSource} options={sources.map((l) => ({ value: l.code, label: l.name }))} testId="dub-source" />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="dub-target">Target language</Label>
            <Select id="dub-target" label="Target language" value={target} onValueChange={setTarget} options={targets.map((l) => ({ value: l.code, label: l.name }))} testId="dub-target" />
            {untranslatable.length > 0 && (
              <p className="text-xs text-muted-foreground" data-testid="dub-untranslatable" title={untranslatable.map((l) => l.name).join(", ")}>
                {untranslatableTargetsNotice(untranslatable.length)}
              </p>
            )}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="dub-speakers">Speakers</Label>
            <Select
              id="dub-speakers"
              label="Speakers"
              value={speakers}
              onValueChange={setSpeakers}
              options={[{ value: "0", label: "Detect automatically" }, ...[1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: String(n) }))]}
            />
          </div>
          <div className="grid grid-cols-2 gap-2">
            <div className="flex flex-col gap-2">
              <Label htmlFor="dub-start">From (s)</Label>
              <Input id="dub-start" type="number" min={0} step="0.1" inputMode="decimal" placeholder="Start" value={start} onChange={(event) => setStart(event.target.value)} />
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="dub-end">To (s)</Label>
              <Input id="dub-end" type="number" min={0} step="0.1" inputMode="decimal" placeholder="End" value={end} onChange={(event) => setEnd(event.target.value)} />
            </div>
          </div>
        </div>
        {source === "auto" ? (
          <p className="text-xs text-muted-foreground" data-testid="auto-source-notice">
            {AUTO_SOURCE_NOTICE}
          </p>
        ) : null}
        <Hint>
          The embedded engines hear English (PocketSphinx), translate English to Spanish by rules and speak with espeak-ng formant voices matched to each speaker&apos;s pitch: the dub is clearly synthetic. Configured engines (docs/engines.md) add more languages.
        </Hint>
        {error ? (
          <Hint tone="error" className="text-sm">
            {error}
          </Hint>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={busy || (!file && !url.trim()) || !target}>
            {busy ? (file ? "Uploading…" : "Fetching…") : "Create dub"}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
