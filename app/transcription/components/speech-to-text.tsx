import { useEffect, useState } from "react";
import { Download, FileAudio } from "lucide-react";
import { buttonClass } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { cn } from "~/common/ui/cn";
import { RecordingInput } from "~/common/components/recording-input";
import { RunWithProgress, usePlayFrom, useUploadTool } from "~/common/components/upload-tool";
import { speakerLabel, speakerTurns } from "~/transcription/rules/transcription";

type Word = { text: string; start: number; end: number; type: "word" | "spacing" | "audio_event"; speaker_id?: string };
type Format = { requested_format: string; file_extension: string; content_type: string; content: string };
type Transcript = { text: string; words: Word[]; additional_formats?: Format[]; transcription_id: string };

/** The exports offered under the transcript, asked for with the transcription. */
const EXPORTS = ["srt", "vtt", "txt"] as const;

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;

/** Speech to text: a recording in, its words out, each word timed: the played word is marked and a click seeks to it. */
export function SpeechToText({ maxSeconds, creditsPerMinute }: { maxSeconds: number; creditsPerMinute: number }) {
  const tool = useUploadTool<Transcript>();
  const player = usePlayFrom();
  const [downloads, setDownloads] = useState<{ format: string; extension: string; href: string }[]>([]);

  useEffect(() => () => downloads.forEach((d) => URL.revokeObjectURL(d.href)), [downloads]);

  async function run() {
    if (!tool.file) return;
    const body = new FormData();
    body.append("file", tool.file);
    body.append("model_id", "scribe_v1");
    // Speakers are told apart by their voices' pitch and vocal tract (decision 0051); one speaker shows no labels.
    body.append("diarize", "true");
    body.append("additional_formats", JSON.stringify(EXPORTS.map((format) => ({ format }))));
    const transcript = await tool.submit("/v1/speech-to-text", body, "The transcription failed; nothing was charged. Try again.", async (blob) => JSON.parse(await blob.text()) as Transcript);
    if (!transcript) return;
    setDownloads(
      (transcript.additional_formats ?? []).map((f) => ({ format: f.requested_format, extension: f.file_extension, href: URL.createObjectURL(new Blob([f.content], { type: f.content_type })) })),
    );
  }

  const { phase, busy } = tool;
  const baseName = tool.file ? tool.file.name.replace(/\.[^.]+$/, "") : "transcript";
  const time = player.time;

  return (
    <>
      <Card>
        <CardHeader
          title="Your recording"
          description={`Audio or video files (MP3, WAV, Ogg Opus, WebM, MP4, AIFF) in US English, up to ${minutes(maxSeconds)} minutes on your plan; ${creditsPerMinute.toLocaleString("en")} credits per minute of audio.`}
        />
        <CardContent className="flex flex-col gap-4">
          <RecordingInput file={tool.file} onFile={tool.choose} disabled={busy} label="Recording to transcribe" testId="stt" />
          {tool.url ? <audio ref={player.audio} controls src={tool.url} className="w-full" data-testid="stt-audio" onTimeUpdate={player.onTimeUpdate} /> : null}
          <RunWithProgress phase={phase} onRun={run} disabled={!tool.file} icon={<FileAudio aria-hidden="true" />} label="Transcribe" busyLabel="Transcribing…" workingLabel="Transcribing" />
        </CardContent>
      </Card>

      {phase.kind === "done" ? (
        <Card>
          <CardHeader
            title="Transcript"
            description="The embedded engine is PocketSphinx, a classic recogniser: US English, lower-case words without punctuation, and many mistakes on unclear or synthetic speech. A configured Whisper server is far more accurate. Speakers are told apart by pitch and vocal tract, so two similar voices count as one. Music, applause and steady noise between words are marked in brackets, found by signal measures (no laughter or other events). Click a word to play from there."
          />
          <CardContent className="flex flex-col gap-4">
            {phase.result.words.length ? (
              <div className="flex flex-col gap-3" data-testid="stt-transcript">
                {speakerTurns(phase.result.words).map((turn, t, turns) => (
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
                            onClick={() => player.playFrom(word.start)}
                            aria-current={time >= word.start && time < word.end ? "true" : undefined}
                            data-start={word.start}
                            className={cn("rounded px-0.5 hover:bg-muted focus-visible:outline-2 focus-visible:outline-accent", word.type === "audio_event" && "italic text-muted-foreground", time >= word.start && time < word.end && "bg-accent-soft text-foreground")}
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
