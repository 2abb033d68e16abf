import { useState } from "react";
import { Link, useRevalidator } from "@remix-run/react";
import { History, Play, Wand2 } from "lucide-react";
import { Button, buttonClass } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { RecordingInput } from "~/common/components/recording-input";
import { useToast } from "~/common/components/toasts";
import { toRequestError } from "~/common/rules/http-error";
import { usePlayer } from "~/player/components/player";
import { VoicePicker } from "~/voices/components/voice-picker";
import { useVoiceSafety } from "~/voices/components/voice-safety";
import type { ShownVoice } from "~/voices/components/voice-preview";
import { VOICE_CHANGER_METHOD } from "~/voice-changer/rules/voice-changer";

/** A conversion as the page lists it (a history item of source STS). */
export type ConversionItem = { id: string; text: string; voiceName: string; dateUnix: number; fileName: string };

const minutes = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds % 60)).padStart(2, "0")}`;
const HISTORY_PATH = "/app/speech-synthesis/speech-to-speech/history";

/** The voice changer: a recording and a voice in, the recording in that voice out, played in the global player. */
export function VoiceChanger({
  voices,
  maxSeconds,
  creditsPerMinute,
  recent,
}: {
  voices: ShownVoice[];
  maxSeconds: number;
  creditsPerMinute: number;
  recent: ConversionItem[];
}) {
  const [file, setFile] = useState<File | null>(null);
  const [voiceId, setVoiceId] = useState(voices[0]?.voice_id ?? "");
  const [cleanBackground, setCleanBackground] = useState(false);
  const [busy, setBusy] = useState(false);
  const player = usePlayer();
  const toast = useToast();
  const safety = useVoiceSafety();
  const revalidator = useRevalidator();
  const voice = voices.find((v) => v.voice_id === voiceId);

  async function convert() {
    if (!file || !voice) return;
    setBusy(true);
    try {
      const send = () => {
        const body = new FormData();
        body.append("audio", file);
        body.append("remove_background_noise", String(cleanBackground));
        return fetch(`/v1/speech-to-speech/${voice.voice_id}?output_format=mp3_44100_128`, { method: "POST", body });
      };
      let response = await send();
      if (!response.ok) {
        const error = await toRequestError(response);
        if (error.errorType !== "voice_captcha_required") return toast.showError(error);
        if (!(await safety.verify({ voiceId: voice.voice_id, name: voice.name, safetyControl: voice.safety_control }))) return;
        response = await send();
        if (!response.ok) return toast.showError(await toRequestError(response));
      }
      const id = response.headers.get("history-item-id") ?? "conversion";
      const title = `${file.name.replace(/\.[^.]+$/, "")} in ${voice.name}'s voice`;
      await player.play({ id, title: title.slice(0, 80), voiceName: voice.name, historyItemId: id, text: title }, { kind: "stream", response, mimeType: "audio/mpeg" });
      revalidator.revalidate();
    } catch {
      toast.show("Network error", "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Card>
        <CardHeader
          title="Change the voice of a recording"
          description={`Audio or video files (MP3, WAV, Ogg Opus, WebM, MP4, AIFF), up to ${minutes(maxSeconds)} minutes on your plan; ${creditsPerMinute.toLocaleString("en")} credits per minute of audio.`}
        />
        <CardContent className="flex flex-col gap-4">
          <RecordingInput file={file} onFile={setFile} disabled={busy} label="Recording to convert" testId="voice-changer" />
          <VoicePicker voices={voices} value={voiceId} onValueChange={setVoiceId} label="Voice" testId="voice-changer-voice" />
          <label className="flex items-start gap-3 text-sm">
            <input type="checkbox" checked={cleanBackground} onChange={(event) => setCleanBackground(event.target.checked)} className="mt-0.5 size-4 accent-[var(--accent)]" />
            <span>
              <span className="font-medium">Remove background noise first</span>
              <span className="block text-muted-foreground">Runs the voice isolator on the recording before its voice is changed; a cleaner recording gives steadier pitch.</span>
            </span>
          </label>
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={() => void convert()} disabled={!file || !voice || busy} data-testid="voice-changer-convert">
              <Wand2 aria-hidden="true" />
              {busy ? "Converting…" : "Change voice"}
            </Button>
            <Link to={HISTORY_PATH} className={buttonClass("ghost")}>
              <History aria-hidden="true" />
              History
            </Link>
          </div>
          <Hint className="text-sm">{VOICE_CHANGER_METHOD}</Hint>
        </CardContent>
      </Card>

      <Card>
        <CardHeader title="Recent conversions" />
        <CardContent>
          {recent.length === 0 ? (
            <EmptyState title="No conversions yet">Recordings you convert appear here and in the history.</EmptyState>
          ) : (
            <ul className="divide-y divide-border" data-testid="voice-changer-recent">
              {recent.map((item) => (
                <li key={item.id} className="flex items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{item.text}</p>
                    <p className="text-sm text-muted-foreground">{item.voiceName}</p>
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Play ${item.text}`}
                    onClick={() => {
                      const src = `/v1/history/${item.id}/audio`;
                      void player.play({ id: item.id, title: item.text, voiceName: item.voiceName, src, downloadName: item.fileName, historyItemId: item.id, text: item.text }, { kind: "url", url: src });
                    }}
                  >
                    <Play aria-hidden="true" />
                    Play
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </>
  );
}
