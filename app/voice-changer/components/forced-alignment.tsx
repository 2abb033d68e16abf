import { useState } from "react";
import { AlignLeft } from "lucide-react";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Label, Textarea } from "~/common/ui/input";
import { cn } from "~/common/ui/cn";
import { RecordingInput } from "~/common/components/recording-input";
import { RunWithProgress, usePlayFrom, useUploadTool } from "~/common/components/upload-tool";

type Word = { text: string; start: number; end: number; loss: number };
type Alignment = { words: Word[]; loss: number };

const at = (seconds: number) => `${Math.floor(seconds / 60)}:${(seconds % 60).toFixed(2).padStart(5, "0")}`;

/** Forced alignment: a recording and its text in, each word's start and end out; a click on a word plays from there. */
export function ForcedAlignment({ maxSeconds, maxCharacters }: { maxSeconds: number; maxCharacters: number }) {
  const tool = useUploadTool<Alignment>();
  const player = usePlayFrom();
  const [text, setText] = useState("");

  async function align() {
    if (!tool.file || !text.trim()) return;
    const body = new FormData();
    body.append("file", tool.file);
    body.append("text", text);
    await tool.submit("/v1/forced-alignment", body, "The alignment failed. Try again.", async (blob) => JSON.parse(await blob.text()) as Alignment);
  }

  const { phase, busy } = tool;
  const time = player.time;
  const tooLong = [...text].length > maxCharacters;

  return (
    <>
      <Card>
        <CardHeader title="Recording and its text" description={`An audio or video file up to ${Math.round(maxSeconds / 60)} minutes and the words spoken in it, up to ${maxCharacters.toLocaleString("en")} characters. Free of charge.`} />
        <CardContent className="flex flex-col gap-4">
          <RecordingInput file={tool.file} onFile={tool.choose} disabled={busy} label="Recording to align" testId="alignment" />
          <div className="flex flex-col gap-2">
            <Label htmlFor="alignment-text">Text spoken in the recording</Label>
            <Textarea id="alignment-text" rows={5} value={text} onChange={(event) => setText(event.target.value)} disabled={busy} placeholder="Type or paste exactly what is said." />
            <p className={cn("text-xs", tooLong ? "text-destructive-foreground" : "text-muted-foreground")}>
              {[...text].length.toLocaleString("en")} / {maxCharacters.toLocaleString("en")} characters
            </p>
          </div>
          <RunWithProgress phase={phase} onRun={align} disabled={!tool.file || !text.trim() || tooLong} icon={<AlignLeft aria-hidden="true" />} label="Align words" busyLabel="Aligning…" workingLabel="Aligning" />
        </CardContent>
      </Card>

      {phase.kind === "done" ? (
        <Card>
          <CardHeader
            title="Words and times"
            description={`The text is spoken by the embedded formant engine and warped onto the recording by dynamic time warping over spectral features; times are best on clear speech. Overall loss ${phase.result.loss.toFixed(3)} (lower is a closer match). Click a word to play from it.`}
          />
          <CardContent className="flex flex-col gap-4">
            {tool.url ? <audio ref={player.audio} controls src={tool.url} className="w-full" data-testid="alignment-audio" onTimeUpdate={player.onTimeUpdate} /> : null}
            <ol className="flex flex-wrap gap-2" data-testid="alignment-words">
              {phase.result.words.map((word, i) => {
                const current = time >= word.start && time < word.end;
                return (
                  <li key={i}>
                    <button
                      type="button"
                      onClick={() => player.playFrom(word.start)}
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
