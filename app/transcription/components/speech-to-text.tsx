import { useEffect, useRef, useState } from "react";
import { Download, FileAudio } from "lucide-react";
import { Button, buttonClass } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Hint } from "~/common/ui/feedback";
import { cn } from "~/common/ui/cn";
import { RecordingInput } from "~/common/components/recording-input";
import { postWithProgress } from "~/common/browser/upload";
import { speakerLabel, speakerTurns } from "~/transcription/rules/transcription";

type Word = { text: string; start: number; end: number; type: "word" | "spacing"; speaker_id?: string };
type Format = { requested_format: string; file_extension: string; content_type: string; content: string };
type Transcript = { text: string; words: Word[]; additional_formats?: Format[]; transcription_id: string };
type Phase = { kind: "idle" } | { kind: "uploading"; share: number } | { kind: "transcribing" } | { kind: "done"; transcript: Transcript } | { kind: "error"; message: string };

/** The exports offered under the transcript, asked for with the transcription. */
const EXPORTS = ["srt", "vtt", "txt"] as const;

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;

/** Uploads with progress and answers the transcript or the refusal. */
async function transcribe(file: File, onProgress: (share: number) => void): Promise<{ ok: true; transcript: Transcript } | { ok: false; message: string }> {
  const body = new FormData();
  body.append("file", file);
  body.append("model_id", "scribe_v1");
  // Speakers are told apart by their voices' pitch and vocal tract (decision 0051); one speaker shows no labels.
  body.append("diarize", "true");
  body.append("additional_formats", JSON.stringify(EXPORTS.map((format) => ({ format }))));
  const answer = await postWithProgress("/v1/speech-to-text", body, onProgress, "The transcription failed; nothing was charged. Try again.");
  return answer.ok ? { ok: true, transcript: JSON.parse(await answer.body.text()) as Transcript } : answer;
}

/** Speech to text: a recording in, its words out, each word timed: the played word is marked and a click seeks to it. */
export function SpeechToText({ maxSeconds, creditsPerMinute }: { maxSeconds: number; creditsPerMinute: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "idle" });
  const [time, setTime] = useState(0);
  const [downloads, setDownloads] = useState<{ format: string; extension: string; href: string }[]>([]);
  const audio = useRef<HTMLAudioElement>(null);

  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  useEffect(() => () => downloads.forEach((d) => URL.revokeObjectURL(d.href)), [downloads]);

  function choose(next: File) {
    setFile(next);
    setPhase({ kind: "idle" });
    setUrl(URL.createObjectURL(next));
  }

  async function run() {
    if (!file) return;
    setPhase({ kind: "uploading", share: 0 });
    const result = await transcribe(file, (share) => setPhase(share >= 1 ? { kind: "transcribing" } : { kind: "uploading", share }));
    if (!result.ok) return setPhase({ kind: "error", message: result.message });
    setPhase({ kind: "done", transcript: result.transcript });
    setDownloads(
      (result.transcript.additional_formats ?? []).map((f) => ({ format: f.requested_format, extension: f.file_extension, href: URL.createObjectURL(new Blob([f.content], { type: f.content_type })) })),
    );
  }

  function seek(seconds: number) {
    if (!audio.current) return;
    audio.current.currentTime = seconds;
    setTime(seconds);
    void audio.current.play().catch(() => undefined);
  }

  const busy = phase.kind === "uploading" || phase.kind === "transcribing";
  const baseName = file ? file.name.replace(/\.[^.]+$/, "") : "transcript";

  return (
    <>
      <Card>
        <CardHeader
          title="Your recording"
          description={`Audio or video files (MP3, WAV, Ogg Opus, WebM, MP4, AIFF) in US English, up to ${minutes(maxSeconds)} minutes on your plan; ${creditsPerMinute.toLocaleString("en")} credits per minute of audio.`}
        />
        <CardContent className="flex flex-col gap-4">
          <RecordingInput file={file} onFile={choose} disabled={busy} label="Recording to transcribe" testId="stt" />
          {url ? <audio ref={audio} controls src={url} className="w-full" data-testid="stt-audio" onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)} /> : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={run} disabled={!file || busy}>
              <FileAudio aria-hidden="true" />
              {busy ? "Transcribing…" : "Transcribe"}
            </Button>
            {busy ? (
              <div className="flex min-w-48 flex-1 items-center gap-3">
                <div
                  role="progressbar"
                  aria-label={phase.kind === "uploading" ? "Uploading" : "Transcribing"}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={phase.kind === "uploading" ? Math.round(phase.share * 100) : undefined}
                  className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
                >
                  <div className={cn("h-full rounded-full bg-accent", phase.kind === "transcribing" && "animate-pulse")} style={{ width: phase.kind === "uploading" ? `${Math.round(phase.share * 100)}%` : "100%" }} />
                </div>
                <span className="text-sm text-muted-foreground">{phase.kind === "uploading" ? `Uploading ${Math.round(phase.share * 100)}%` : "Transcribing…"}</span>
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

      {phase.kind === "done" ? (
        <Card>
          <CardHeader
            title="Transcript"
            description="The embedded engine is PocketSphinx, a classic recogniser: US English, lower-case words without punctuation, and many mistakes on unclear or synthetic speech. A configured Whisper server is far more accurate. Speakers are told apart by pitch and vocal tract, so two similar voices count as one. Click a word to play from there."
          />
          <CardContent className="flex flex-col gap-4">
            {phase.transcript.words.length ? (
              <div className="flex flex-col gap-3" data-testid="stt-transcript">
                {speakerTurns(phase.transcript.words).map((turn, t, turns) => (
                  <div key={t} data-testid={turn.speakerId ? "stt-turn" : undefined}>
                    {turns.some((other) => other.speakerId !== turns[0]!.speakerId) && turn.speakerId ? (
                      <p className="text-xs font-medium text-muted-foreground">{speakerLabel(turn.speakerId)}</p>
                    ) : null}
                    <p className="leading-8">
                      {turn.entries.map(({ word, index }) =>
                        word.type === "spacing" ? (
                          " "
                        ) : (
                          <button
                            key={index}
                            type="button"
                            onClick={() => seek(word.start)}
                            aria-current={time >= word.start && time < word.end ? "true" : undefined}
                            data-start={word.start}
                            className={cn("rounded px-0.5 hover:bg-muted focus-visible:outline-2 focus-visible:outline-accent", time >= word.start && time < word.end && "bg-accent-soft text-foreground")}
                          >
                            {word.text}
                          </button>
                        ),
                      )}
                    </p>
                  </div>
                ))}
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">No words were heard in this recording.</p>
            )}
            <div className="flex flex-wrap gap-2">
              {downloads.map((d) => (
                <a key={d.format} href={d.href} download={`${baseName}.${d.extension}`} className={buttonClass("secondary")}>
                  <Download aria-hidden="true" />
                  Export {d.format.toUpperCase()}
                </a>
              ))}
            </div>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}
