import { Link } from "@remix-run/react";
import { AudioLines, Upload } from "lucide-react";
import { useState } from "react";
import { Avatar } from "~/common/ui/avatar";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Dialog } from "~/common/ui/dialog";
import { Hint } from "~/common/ui/feedback";
import { Label } from "~/common/ui/input";
import { callV1 } from "~/voices/browser/v1-upload";
import { sharedVoicePath } from "~/voices/library-json";
import { SAMPLE_FILE_ACCEPT } from "~/voices/rules/voice-cloning";
import { VoicePreviewButton } from "./voice-preview";

type Found = { voice_id: string; public_owner_id: string; name: string; category: string; preview_url: string; similarity_distance: number; gender: string; language: string };

/** How many the dialog asks for: a short list a person can listen through. */
const SHOWN = 6;

/** 'Find similar voices': a recording in, the premade and library voices nearest its speaker out. */
export function FindSimilarVoices() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        <AudioLines aria-hidden="true" /> Find similar voices
      </Button>
      {open ? <SimilarVoicesDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function SimilarVoicesDialog({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<Found[] | null>(null);
  const search = async () => {
    if (!file) return setError("Choose a recording of the voice first.");
    setBusy(true);
    setError(null);
    const body = new FormData();
    body.set("audio_file", file, file.name);
    body.set("top_k", String(SHOWN));
    const answer = await callV1<{ voices: Found[] }>("/v1/similar-voices", { form: body });
    setBusy(false);
    if (!answer.ok) return setError(answer.error);
    setFound(answer.data.voices);
  };
  return (
    <Dialog
      title="Find similar voices"
      description="Upload a recording: its pitch, range and vocal-tract length are measured and compared with the default and library voices. Voices alike in those can still sound different."
      onClose={busy ? undefined : onClose}
      testId="similar-voices-dialog"
    >
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void search();
        }}
      >
        <div className="flex flex-col gap-1">
          <Label htmlFor="similar-file">Recording (MP3, WAV or Ogg Opus)</Label>
          <input
            id="similar-file"
            type="file"
            accept={SAMPLE_FILE_ACCEPT}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-secondary file:px-3 file:py-1.5 file:text-secondary-foreground"
            onChange={(e) => {
              setFile(e.currentTarget.files?.[0] ?? null);
              setFound(null);
            }}
            disabled={busy}
          />
        </div>
        {error ? <Hint tone="error">{error}</Hint> : null}
        <Button type="submit" disabled={busy || !file}>
          <Upload aria-hidden="true" /> {busy ? "Measuring…" : "Find voices"}
        </Button>
      </form>
      {found ? (
        found.length === 0 ? (
          <p className="text-sm text-muted-foreground">No voice is near enough.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2" aria-label="Similar voices" data-testid="similar-voices">
            {found.map((voice) => (
              <li key={voice.voice_id} className="flex items-center gap-3 rounded-md border border-border p-2" data-voice-id={voice.voice_id}>
                <Avatar seed={voice.voice_id} name={voice.name} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{voice.name}</p>
                  <p className="flex flex-wrap items-center gap-1 text-xs text-muted-foreground">
                    <Badge tone="outline">{voice.category === "premade" ? "Default" : "Library"}</Badge>
                    <span>{`distance ${voice.similarity_distance.toFixed(2)}`}</span>
                  </p>
                </div>
                <VoicePreviewButton voice={{ voice_id: voice.voice_id, name: voice.name, preview: new URL(voice.preview_url).pathname, languagePreviews: [], safety_control: null }} />
                {voice.category === "premade" ? (
                  <Link className="text-sm underline" to={`/app/speech-synthesis/text-to-speech?voice=${voice.voice_id}`}>
                    Use
                  </Link>
                ) : (
                  <Link className="text-sm underline" to={sharedVoicePath(voice.public_owner_id, voice.voice_id)}>
                    Open
                  </Link>
                )}
              </li>
            ))}
          </ul>
        )
      ) : null}
    </Dialog>
  );
}
