import { useState } from "react";
import { useNavigate } from "@remix-run/react";
import { FileAudio } from "lucide-react";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { RecordingInput } from "~/common/components/recording-input";
import { RunWithProgress, useUploadTool } from "~/common/components/upload-tool";
import { TranscriptList, TranscriptView, type ListedTranscript, type ShownTranscript, type TranscriptAddress } from "~/transcription/components/transcripts";

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;

/**
 * Speech to text: a recording in, its words out, each word timed: the played word is marked and a click seeks to
 * it. A finished transcript opens at its own address (?transcript=id), so it stays open across a reload; the
 * workspace's earlier transcripts are listed under it (decision 0069).
 */
export function SpeechToText({
  maxSeconds,
  creditsPerMinute,
  transcripts,
  hasMore,
  address,
  opened,
}: {
  maxSeconds: number;
  creditsPerMinute: number;
  transcripts: ListedTranscript[];
  hasMore: boolean;
  address: TranscriptAddress;
  opened: ShownTranscript | null;
}) {
  const tool = useUploadTool<{ transcription_id: string }>();
  const navigate = useNavigate();
  // Speakers are told apart by their voices' pitch and vocal tract (decision 0051); one speaker shows no labels.
  const [separateSpeakers, setSeparateSpeakers] = useState(true);

  async function run() {
    if (!tool.file) return;
    const body = new FormData();
    body.append("file", tool.file);
    body.append("model_id", "scribe_v1");
    body.append("diarize", String(separateSpeakers));
    const transcript = await tool.submit("/v1/speech-to-text", body, "The transcription failed; nothing was charged. Try again.", async (blob) => JSON.parse(await blob.text()) as { transcription_id: string });
    // The new transcript heads the list and opens in the view below, from its stored copy.
    if (transcript) navigate(`/app/speech-to-text?transcript=${encodeURIComponent(transcript.transcription_id)}`, { preventScrollReset: true });
  }

  const { phase, busy } = tool;

  return (
    <>
      <Card>
        <CardHeader
          title="Your recording"
          description={`Audio or video files (MP3, WAV, Ogg Opus, WebM, MP4, AIFF) in US English, up to ${minutes(maxSeconds)} minutes on your plan; ${creditsPerMinute.toLocaleString("en")} credits per minute of audio.`}
        />
        <CardContent className="flex flex-col gap-4">
          <RecordingInput file={tool.file} onFile={tool.choose} disabled={busy} label="Recording to transcribe" testId="stt" />
          {tool.url && phase.kind !== "done" ? <audio controls src={tool.url} className="w-full" data-testid="stt-preview" /> : null}
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" className="mt-0.5 size-4 accent-[var(--accent)]" checked={separateSpeakers} onChange={(e) => setSeparateSpeakers(e.currentTarget.checked)} disabled={busy} data-testid="stt-speakers" />
            <span>
              Separate speakers
              <span className="block text-muted-foreground">Labels each speaker&apos;s turns, told apart by pitch and voice; two similar voices count as one.</span>
            </span>
          </label>
          <RunWithProgress phase={phase} onRun={run} disabled={!tool.file} icon={<FileAudio aria-hidden="true" />} label="Transcribe" busyLabel="Transcribing…" workingLabel="Transcribing" />
        </CardContent>
      </Card>

      {opened ? <TranscriptView key={opened.id} transcript={opened} address={address} /> : null}

      <TranscriptList transcripts={transcripts} openedId={opened?.id ?? null} address={address} hasMore={hasMore} />
    </>
  );
}
