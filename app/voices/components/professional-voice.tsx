import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { CheckCircle2, FileCheck, Mic, Square, Upload, Users } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card } from "~/common/ui/card";
import { Hint } from "~/common/ui/feedback";
import { Input, Label, Textarea } from "~/common/ui/input";
import { Select } from "~/common/ui/select";
import { languageName } from "~/speech/rules/languages";
import { callV1 } from "~/voices/browser/v1-upload";
import { recordingAsWav } from "~/voices/browser/recording";
import { MAX_VERIFICATION_TEXT, MIN_TRAINING_VOICED_SECONDS, PROFESSIONAL_PAGE_TEXT, VERIFICATION_FILE_ACCEPT } from "~/voices/rules/professional-cloning";
import { CONSENT_TEXT, SAMPLE_FILE_ACCEPT } from "~/voices/rules/voice-cloning";
import { ENGINE_LANGUAGES } from "../../../core/voices/voice-rules";
import type { ProfessionalPageResult, ProfessionalVoiceOption, SampleSpeakers } from "~/voices/voices.server";
import { VoicePreviewButton } from "./voice-preview";

const FILE_INPUT = "text-sm file:mr-3 file:rounded-md file:border file:border-border file:bg-secondary file:px-3 file:py-1.5 file:text-secondary-foreground";

/** The page's own plain forms post here (the route's action); each names its voice, and its sample when it has one. */
function HiddenIds({ intent, voiceId, sampleId }: { intent: ProfessionalPageResult["intent"]; voiceId: string; sampleId?: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="voice_id" value={voiceId} />
      {sampleId ? <input type="hidden" name="sample_id" value={sampleId} /> : null}
    </>
  );
}

/** A sample's speaker separation: start (again), wait, then hear each speaker and choose those kept for training. */
function SampleSpeakersForm({ voiceId, sampleId, separation, result, disabled }: { voiceId: string; sampleId: string; separation: SampleSpeakers | undefined; result?: ProfessionalPageResult; disabled: boolean }) {
  const T = PROFESSIONAL_PAGE_TEXT;
  const status = separation?.status ?? "not_started";
  return (
    <div className="flex flex-col gap-2" data-testid="sample-speakers" data-status={status}>
      <Form method="post" preventScrollReset className="self-start">
        <HiddenIds intent="separate" voiceId={voiceId} sampleId={sampleId} />
        <Button type="submit" size="sm" variant="secondary" disabled={disabled || status === "pending"}>
          <Users aria-hidden="true" /> {status === "completed" || status === "failed" ? T.separateAgain : T.separateButton}
        </Button>
      </Form>
      {status === "pending" ? <Hint>{T.separating}</Hint> : null}
      {status === "failed" ? <Hint tone="error">{T.failed(separation?.failure ?? "unknown reason")}</Hint> : null}
      {status === "completed" && separation ? (
        <Form method="post" preventScrollReset className="flex flex-col gap-2">
          <HiddenIds intent="speakers" voiceId={voiceId} sampleId={sampleId} />
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">Speakers to keep</legend>
            {separation.speakers.map((speaker, index) => (
              <div key={speaker.speakerId} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <label className="flex min-w-40 items-center gap-2">
                  <input type="checkbox" name="speaker_ids" value={speaker.speakerId} defaultChecked={separation.selected.includes(speaker.speakerId)} />
                  <span>{T.speakerLabel(index, speaker.durationSecs)}</span>
                </label>
                <audio
                  controls
                  preload="none"
                  className="h-8 w-full max-w-72"
                  aria-label={`Speaker ${index + 1}'s audio`}
                  src={`/app/voice-lab/professional/speakers/${encodeURIComponent(voiceId)}/${encodeURIComponent(sampleId)}/${encodeURIComponent(speaker.speakerId)}`}
                />
              </div>
            ))}
          </fieldset>
          <p className="text-muted-foreground">{T.kept(separation.selected.length)}</p>
          <Button type="submit" size="sm" className="self-start" disabled={disabled}>
            {T.keepButton}
          </Button>
        </Form>
      ) : null}
      {result && !result.ok ? (
        <Hint tone="error" className="text-sm">
          {result.error}
        </Hint>
      ) : null}
    </div>
  );
}

/** Manual verification: documents and a note for support staff, a plain multipart form. */
function ManualVerificationForm({ voiceId, result, disabled }: { voiceId: string; result?: ProfessionalPageResult; disabled: boolean }) {
  const T = PROFESSIONAL_PAGE_TEXT;
  return (
    <Form method="post" preventScrollReset encType="multipart/form-data" className="flex flex-col gap-2 border-t border-border pt-3" aria-label={T.manualTitle}>
      <h4 className="text-sm font-medium">{T.manualTitle}</h4>
      <p className="text-sm text-muted-foreground">{T.manualIntro}</p>
      <HiddenIds intent="verification" voiceId={voiceId} />
      <Label htmlFor={`documents-${voiceId}`}>{T.documentsLabel}</Label>
      <input id={`documents-${voiceId}`} type="file" name="files" multiple accept={VERIFICATION_FILE_ACCEPT} className={FILE_INPUT} />
      <Label htmlFor={`note-${voiceId}`}>{T.noteLabel}</Label>
      <Textarea id={`note-${voiceId}`} name="extra_text" rows={3} maxLength={MAX_VERIFICATION_TEXT} />
      <Button type="submit" variant="secondary" className="self-start" disabled={disabled}>
        <FileCheck aria-hidden="true" /> {T.requestButton}
      </Button>
      {result && !result.ok ? (
        <Hint tone="error" className="text-sm">
          {result.error}
        </Hint>
      ) : null}
    </Form>
  );
}

const STATE_LABELS: Record<string, string> = { not_started: "Not trained", queued: "Queued", fine_tuning: "Training", fine_tuned: "Trained", failed: "Training failed", delayed: "Delayed" };

/** Creates a professional voice (name, language, consent); the page then shows its steps. */
export function CreateProfessionalVoice() {
  const revalidator = useRevalidator();
  const [name, setName] = useState("");
  const [language, setLanguage] = useState<string>("en");
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 className="font-semibold">New professional voice</h2>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!consent) return setError("Confirm that you may clone this voice.");
          setBusy(true);
          const answer = await callV1<{ voice_id: string }>("/v1/voices/pvc", { json: { name: name.trim(), language } });
          setBusy(false);
          if (!answer.ok) return setError(answer.error);
          setError(null);
          setName("");
          revalidator.revalidate();
        }}
      >
        <div className="flex min-w-48 flex-1 flex-col gap-1">
          <Label htmlFor="pvc-name">Name</Label>
          <Input id="pvc-name" value={name} maxLength={100} required onChange={(e) => setName(e.currentTarget.value)} disabled={busy} />
        </div>
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium" aria-hidden="true">
            Language
          </span>
          <Select label="Language" className="w-40" value={language} onValueChange={setLanguage} options={ENGINE_LANGUAGES.map((code) => ({ value: code, label: languageName(code) }))} />
        </div>
        <label className="flex basis-full items-start gap-2 text-sm">
          <input type="checkbox" className="mt-1" checked={consent} onChange={(e) => setConsent(e.currentTarget.checked)} />
          <span>{CONSENT_TEXT}</span>
        </label>
        <Button type="submit" disabled={busy || !name.trim()}>
          {busy ? "Creating…" : "Create voice"}
        </Button>
      </form>
      {error ? <Hint tone="error">{error}</Hint> : null}
    </Card>
  );
}

/** Record in the browser (MediaRecorder), handed over as WAV. */
function RecordButton({ onRecorded, disabled }: { onRecorded: (file: File) => void; disabled?: boolean }) {
  const [recorder, setRecorder] = useState<MediaRecorder | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chunks = useRef<Blob[]>([]);
  useEffect(() => () => recorder?.stream.getTracks().forEach((track) => track.stop()), [recorder]);
  const start = async () => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const next = new MediaRecorder(stream);
      chunks.current = [];
      next.ondataavailable = (event) => chunks.current.push(event.data);
      next.onstop = async () => {
        stream.getTracks().forEach((track) => track.stop());
        onRecorded(await recordingAsWav(new Blob(chunks.current, { type: next.mimeType })));
      };
      next.start();
      setRecorder(next);
      setError(null);
    } catch {
      setError("The microphone could not be opened: allow it in the browser, or choose a file.");
    }
  };
  return (
    <>
      {recorder ? (
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            recorder.stop();
            setRecorder(null);
          }}
        >
          <Square aria-hidden="true" /> Stop recording
        </Button>
      ) : (
        <Button type="button" variant="secondary" onClick={() => void start()} disabled={disabled}>
          <Mic aria-hidden="true" /> Record
        </Button>
      )}
      {error ? <Hint tone="error">{error}</Hint> : null}
    </>
  );
}

/** One professional voice and its steps: samples, verification by reading a text, training. */
export function ProfessionalVoiceSteps({ voice, speakers, result }: { voice: ProfessionalVoiceOption; speakers: Record<string, SampleSpeakers>; result?: ProfessionalPageResult }) {
  const revalidator = useRevalidator();
  const posting = useNavigation().state !== "idle";
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  const [recording, setRecording] = useState<File | null>(null);
  const training = voice.state === "queued" || voice.state === "fine_tuning";
  const separating = voice.samples.some((s) => speakers[s.sample_id]?.status === "pending");
  // While the voice trains or a sample's speakers are separated in the background, look again every second.
  useEffect(() => {
    if (!training && !separating) return;
    const timer = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 1000);
    return () => clearInterval(timer);
  }, [training, separating, revalidator]);
  const run = async (step: string, call: () => Promise<{ ok: true } | { ok: false; error: string }>) => {
    setBusy(step);
    const answer = await call();
    setBusy(null);
    setError(answer.ok ? null : answer.error);
    revalidator.revalidate();
    return answer.ok;
  };
  const voiced = voice.samples.filter((s) => !s.rejected).reduce((sum, s) => sum + s.voiced, 0);
  const path = `/v1/voices/pvc/${voice.voice_id}`;
  return (
    <Card className="flex flex-col gap-4 p-4" data-testid="professional-voice" data-voice-id={voice.voice_id}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="font-semibold">{voice.name}</h2>
        <Badge tone="outline">{languageName(voice.language)}</Badge>
        <Badge tone={voice.state === "fine_tuned" ? "success" : voice.state === "failed" ? "warning" : "outline"} data-testid="training-state">
          {STATE_LABELS[voice.state] ?? voice.state}
        </Badge>
        {voice.verified ? <Badge tone="success">Verified</Badge> : null}
        {voice.state === "fine_tuned" ? <VoicePreviewButton voice={voice} labelled className="ml-auto" /> : null}
      </div>

      <section className="flex flex-col gap-2" aria-label="Samples">
        <h3 className="text-sm font-medium">1. Samples</h3>
        <p className="text-sm text-muted-foreground">{`${voice.samples.length} ${voice.samples.length === 1 ? "sample" : "samples"}, ${voiced.toFixed(1)} s of voiced speech (training needs ${MIN_TRAINING_VOICED_SECONDS} s).`}</p>
        {voice.samples.length ? (
          <>
            <p className="text-sm text-muted-foreground" data-testid="separation-explained">
              {PROFESSIONAL_PAGE_TEXT.separationIntro}
            </p>
            <ul className="flex flex-col gap-2 text-sm" data-testid="samples">
              {voice.samples.map((sample) => (
                <li key={sample.sample_id} className="flex flex-col gap-2 rounded-md border border-border p-3" data-testid="sample" data-sample-id={sample.sample_id}>
                  <div className="flex min-w-0 flex-wrap items-center gap-2">
                    <span className="min-w-0 truncate font-medium">{sample.file_name}</span>
                    <span className="text-muted-foreground">{`${sample.seconds.toFixed(1)} s`}</span>
                    {sample.rejected ? <Badge tone="warning">Left out: unlike the others</Badge> : null}
                  </div>
                  <SampleSpeakersForm voiceId={voice.voice_id} sampleId={sample.sample_id} separation={speakers[sample.sample_id]} result={result?.sample_id === sample.sample_id ? result : undefined} disabled={posting || training} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <label className="flex flex-col gap-1 text-sm">
          <span className="sr-only">Add samples</span>
          <input
            type="file"
            multiple
            accept={SAMPLE_FILE_ACCEPT}
            disabled={busy !== null || training}
            aria-label={`Add samples to ${voice.name}`}
            className={FILE_INPUT}
            onChange={async (event) => {
              const files = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = "";
              if (!files.length) return;
              const body = new FormData();
              for (const file of files) body.append("files", file, file.name);
              await run("samples", () => callV1(`${path}/samples`, { form: body }));
            }}
          />
        </label>
        {busy === "samples" ? <Hint>Uploading and measuring…</Hint> : null}
      </section>

      <section className="flex flex-col gap-2" aria-label="Verification">
        <h3 className="text-sm font-medium">2. Verify it is your voice</h3>
        {voice.manualVerification ? (
          <div data-testid="manual-verification">
            <Hint tone={voice.manualVerification.tone === "rejected" ? "error" : "muted"}>{voice.manualVerification.text}</Hint>
          </div>
        ) : null}
        {voice.verified ? (
          <p className="flex items-center gap-1 text-sm">
            <CheckCircle2 aria-hidden="true" className="size-4" /> {voice.manualVerification?.tone === "approved" ? "Verified." : "Verified: your recording matched the samples."}
          </p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">Read a sentence aloud; its pitch and vocal-tract length are compared with the samples'. The words themselves are not checked.</p>
            {challenge ? (
              <blockquote className="rounded-md border border-border bg-muted p-3 text-sm" data-testid="verification-text">
                {challenge}
              </blockquote>
            ) : (
              <Button
                type="button"
                variant="secondary"
                className="self-start"
                disabled={busy !== null || voice.samples.length === 0 || voice.attemptsLeft === 0}
                onClick={() =>
                  void run("challenge", async () => {
                    const answer = await callV1<{ text: string }>(`${path}/captcha`);
                    if (answer.ok) setChallenge(answer.data.text);
                    return answer;
                  })
                }
              >
                Show the text to read
              </Button>
            )}
            {challenge ? (
              <div className="flex flex-wrap items-center gap-2">
                <RecordButton onRecorded={setRecording} disabled={busy !== null} />
                <input
                  type="file"
                  accept={SAMPLE_FILE_ACCEPT}
                  aria-label="Recording of the text"
                  className={FILE_INPUT}
                  onChange={(e) => setRecording(e.currentTarget.files?.[0] ?? null)}
                />
                <Button
                  type="button"
                  disabled={busy !== null || !recording}
                  onClick={() => {
                    const body = new FormData();
                    body.set("recording", recording!, recording!.name);
                    void run("verify", () => callV1(`${path}/captcha`, { form: body })).then((ok) => ok && setChallenge(null));
                  }}
                >
                  <Upload aria-hidden="true" /> {busy === "verify" ? "Comparing…" : "Send recording"}
                </Button>
              </div>
            ) : null}
            <Hint>{`${voice.attemptsLeft} ${voice.attemptsLeft === 1 ? "attempt" : "attempts"} left.${voice.lastFailure ? ` Last: ${voice.lastFailure}` : ""}`}</Hint>
            {voice.manualVerification?.tone === "pending" ? null : <ManualVerificationForm voiceId={voice.voice_id} result={result?.intent === "verification" ? result : undefined} disabled={posting} />}
          </>
        )}
      </section>

      <section className="flex flex-col gap-2" aria-label="Training">
        <h3 className="text-sm font-medium">3. Train</h3>
        <Button type="button" className="self-start" disabled={busy !== null || training || !voice.verified || voiced < MIN_TRAINING_VOICED_SECONDS} onClick={() => void run("train", () => callV1(`${path}/train`, { json: {} }))}>
          {training ? "Training…" : voice.state === "fine_tuned" ? "Train again" : "Train voice"}
        </Button>
        {!voice.verified ? <Hint>Verify the voice first.</Hint> : voiced < MIN_TRAINING_VOICED_SECONDS ? <Hint>Add samples: training needs more speech.</Hint> : null}
      </section>
      {error ? <Hint tone="error">{error}</Hint> : null}
    </Card>
  );
}
