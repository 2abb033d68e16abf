import { useEffect, useRef, useState } from "react";
import { AlignLeft } from "lucide-react";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Hint } from "~/common/ui/feedback";
import { Label, Textarea } from "~/common/ui/input";
import { cn } from "~/common/ui/cn";
import { RecordingInput } from "~/common/components/recording-input";
import { postWithProgress } from "~/common/browser/upload";

type Word = { text: string; start: number; end: number; loss: number };
type Alignment = { words: Word[]; loss: number };
type Phase = { kind: "idle" } | { kind: "uploading"; share: number } | { kind: "aligning" } | { kind: "done"; alignment: Alignment } | { kind: "error"; message: string };

const at = (seconds: number) => `${Math.floor(seconds / 60)}:${(seconds % 60).toFixed(2).padStart(5, "0")}`;

/** Forced alignment: a recording and its text in, each word's start and end out; a click on a word plays from there. */
export function ForcedAlignment({ maxSeconds, maxCharacters }: { maxSeconds: number; maxCharacters: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState("");
  const [url, setUrl] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [time, setTime] = useState(0);
  const audio = useRef<HTMLAudioElement>(null);

  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);

  function choose(next: File) {
    setFile(next);
    setPhase({ kind: "idle" });
    setUrl(URL.createObjectURL(next));
  }

  async function align() {
    if (!file || !text.trim()) return;
    setPhase({ kind: "uploading", share: 0 });
    const body = new FormData();
    body.append("file", file);
    body.append("text", text);
    const answer = await postWithProgress("/v1/forced-alignment", body, (share) => setPhase(share >= 1 ? { kind: "aligning" } : { kind: "uploading", share }), "The alignment failed. Try again.");
    if (!answer.ok) return setPhase({ kind: "error", message: answer.message });
    setPhase({ kind: "done", alignment: JSON.parse(await answer.body.text()) as Alignment });
  }

  function playFrom(seconds: number) {
    if (!audio.current) return;
    audio.current.currentTime = seconds;
    setTime(seconds);
    void audio.current.play().catch(() => undefined);
  }

  const busy = phase.kind === "uploading" || phase.kind === "aligning";
  const tooLong = [...text].length > maxCharacters;

  return (
    <>
      <Card>
        <CardHeader title="Recording and its text" description={`An audio or video file up to ${Math.round(maxSeconds / 60)} minutes and the words spoken in it, up to ${maxCharacters.toLocaleString("en")} characters. Free of charge.`} />
        <CardContent className="flex flex-col gap-4">
          <RecordingInput file={file} onFile={choose} disabled={busy} label="Recording to align" testId="alignment" />
          <div className="flex flex-col gap-2">
            <Label htmlFor="alignment-text">Text spoken in the recording</Label>
            <Textarea id="alignment-text" rows={5} value={text} onChange={(event) => setText(event.target.value)} disabled={busy} placeholder="Type or paste exactly what is said." />
            <p className={cn("text-xs", tooLong ? "text-destructive-foreground" : "text-muted-foreground")}>
              {[...text].length.toLocaleString("en")} / {maxCharacters.toLocaleString("en")} characters
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={align} disabled={!file || !text.trim() || tooLong || busy}>
              <AlignLeft aria-hidden="true" />
              {busy ? "Aligning…" : "Align words"}
            </Button>
            {busy ? (
              <span role="status" className="text-sm text-muted-foreground">
                {phase.kind === "uploading" ? `Uploading ${Math.round(phase.share * 100)}%` : "Aligning…"}
              </span>
            ) : null}
          </div>
          {phase.kind === "error" ? (
            <Hint tone="error" className="text-sm">
              {phase.message}
            </Hint>
          ) : null}
        </CardContent>
      </Card>

      {phase.kind === "done" ? (
        <Card>
          <CardHeader
            title="Words and times"
            description={`The text is spoken by the embedded formant engine and warped onto the recording by dynamic time warping over spectral features; times are best on clear speech. Overall loss ${phase.alignment.loss.toFixed(3)} (lower is a closer match). Click a word to play from it.`}
          />
          <CardContent className="flex flex-col gap-4">
            {url ? <audio ref={audio} controls src={url} className="w-full" data-testid="alignment-audio" onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)} /> : null}
            <ol className="flex flex-wrap gap-2" data-testid="alignment-words">
              {phase.alignment.words.map((word, i) => {
                const current = time >= word.start && time < word.end;
                return (
                  <li key={i}>
                    <button
                      type="button"
                      onClick={() => playFrom(word.start)}
                      aria-current={current ? "true" : undefined}
                      data-start={word.start}
                      className={cn("flex flex-col items-start rounded-lg border border-border px-2 py-1 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-accent", current && "bg-accent-soft")}
                    >
                      <span className="font-medium">{word.text}</span>
                      <span className="text-xs text-muted-foreground tabular-nums">
                        {at(word.start)}–{at(word.end)}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
