import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useState, type FormEvent } from "react";
import { FormError } from "~/common/components/form";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Hint } from "~/common/ui/feedback";
import { Input, Label } from "~/common/ui/input";
import { Page } from "~/common/ui/page";
import { PRODUCT_NAME } from "../../core/brand";
import { WATERMARK_THRESHOLD } from "../../core/audio/watermark";
import { requireViewer } from "~/accounts/accounts.server";
import { ANALYSED_SECONDS, CLASSIFIER_ACCEPT, CLASSIFIER_MAX_BYTES, type Verdict } from "~/ai-classifier/rules/ai-classifier";

export const meta: MetaFunction = () => [{ title: `AI Speech Classifier · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  return null;
}

type Result = { fileName: string; probability: number; verdict: Verdict; explanation: string; landmarks: number; aligned_landmarks: number; watermark_score: number; analysed_seconds: number };

/** The upload goes to POST /v1/ai-classifier (the decoders live in the API layer, not in the pages). */
export default function AiClassifier() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get("file");
    if (!(file instanceof File) || file.size === 0) return setError("Choose a recording (MP3, WAV or Ogg Opus).");
    if (file.size > CLASSIFIER_MAX_BYTES) return setError(`The recording must be at most ${CLASSIFIER_MAX_BYTES / 1024 / 1024} MB.`);
    setBusy(true);
    setError(null);
    try {
      const body = new FormData();
      body.append("file", file);
      const response = await fetch("/v1/ai-classifier", { method: "POST", body });
      const json = (await response.json()) as Omit<Result, "fileName"> & { detail?: { message?: string } };
      if (!response.ok) {
        setResult(null);
        setError(json.detail?.message ?? "The recording could not be checked.");
      } else setResult({ ...json, fileName: file.name });
    } catch {
      setError("The recording could not be checked: the connection failed.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <Page title="AI Speech Classifier" description={`Check whether a recording was generated on ${PRODUCT_NAME}.`} width="narrow">
      <Card>
        <CardHeader title="Upload a recording" description={`MP3, WAV or Ogg Opus up to ${CLASSIFIER_MAX_BYTES / 1024 / 1024} MB; its first ${ANALYSED_SECONDS / 60} minutes are compared.`} />
        <CardContent>
          <form onSubmit={(e) => void submit(e)} className="space-y-4">
            <div className="space-y-1.5">
              <Label htmlFor="classifier-file">Recording</Label>
              <Input id="classifier-file" name="file" type="file" accept={CLASSIFIER_ACCEPT} required />
            </div>
            <FormError>{error}</FormError>
            <Button type="submit" disabled={busy}>
              {busy ? "Checking…" : "Check recording"}
            </Button>
          </form>
        </CardContent>
      </Card>
      {result ? (
        <Card data-testid="classifier-result">
          <CardHeader
            title={result.fileName}
            actions={<Badge tone={result.verdict === "made_here" ? "accent" : "neutral"}>{result.verdict === "made_here" ? "Made here" : result.verdict === "too_short" ? "Cannot tell" : "Not recognised"}</Badge>}
          />
          <CardContent className="space-y-3">
            <p className="text-sm font-medium">Probability it was generated here: {(result.probability * 100).toFixed(1)}%</p>
            <p className="text-sm">{result.explanation}</p>
            <Hint>
              {result.aligned_landmarks} of {result.landmarks} sound landmarks of the {result.analysed_seconds} s analysed line up with a recording generated here. Watermark
              score {result.watermark_score.toFixed(1)} (from {WATERMARK_THRESHOLD} up, the watermark is present; unmarked sound scores about 4).
            </Hint>
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader title="How it works" />
        <CardContent className="space-y-2 text-sm text-muted-foreground">
          <p>
            Every clip made by text to speech and Studio is fingerprinted as it is generated: the loudest points of its spectrum and the pairs they form. A recording is compared with
            those fingerprints; re-encoding, cutting, a volume change or resampling keep enough of them to be recognised.
          </p>
          <p>
            Everything generated here (speech, Studio, dubbed voices, the voice changer, sound effects) also carries an inaudible watermark: a keyed noise about 22 dB under the sound
            between 1 and 4 kHz. It is found without any stored copy, and survives MP3 at 64 kbps, resampling and cutting.
          </p>
          <p>
            Limits: it recognises audio generated here, not AI speech in general; the voice isolator's output is the speaker&apos;s own voice and is not marked; the same open-source
            engine run elsewhere is not recognised unless it made the very same recording; sound effects made of short clicks or low rumble carry too little of the watermark to be found; speed or pitch changes, telephone bands and loud music over the voice are not measured.
          </p>
        </CardContent>
      </Card>
    </Page>
  );
}
