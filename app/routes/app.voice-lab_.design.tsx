import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { Check, Loader2, Pause, Play, Sparkles, Wand2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card } from "~/common/ui/card";
import { cn } from "~/common/ui/cn";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { Input, Label, Textarea } from "~/common/ui/input";
import { Page, Section } from "~/common/ui/page";
import { usePlayer } from "~/player/components/player";
import { useCompleteChecklistItem } from "~/accounts/components/onboarding-client";
import { VoiceCard } from "~/voices/components/voice-card";
import { requireViewer } from "~/accounts/accounts.server";
import { findUsableVoice, ownVoiceOptions } from "~/voices/voices.server";
import { voiceLimitFor } from "~/voices/rules/voice-limits";
import { DESCRIPTION_LENGTH, DESIGN_HONESTY, PREVIEW_TEXT_LENGTH } from "../../core/voices/voice-design";
import { PRODUCT_NAME } from "../../core/brand";

export const meta: MetaFunction = () => [{ title: `Design a voice · ${PRODUCT_NAME}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const voices = await ownVoiceOptions(context.cloudflare.env, viewer);
  // ?remix={voice_id}: the previews change that voice (one the workspace may use; anything else is ignored).
  const remixId = new URL(request.url).searchParams.get("remix")?.slice(0, 100);
  const source = remixId ? await findUsableVoice(context.cloudflare.env, viewer, remixId) : null;
  return { voices, limit: voiceLimitFor(viewer.membership.workspace.tier), remixOf: source ? { voice_id: source.voiceId, name: source.name } : null };
}

type Preview = { generated_voice_id: string; duration_secs: number; language: string };

/** The API's error as a sentence: a validation list (422) or detail.message. */
async function errorOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { detail?: { message?: string } | { msg: string }[] } | null;
  const detail = body?.detail;
  if (Array.isArray(detail)) return detail.map((issue) => issue.msg).join(" ");
  return detail?.message ?? `Something went wrong (${response.status}). Please try again.`;
}

const EXAMPLES = ["A deep, calm British man, a warm narrator", "An energetic young American woman, bright and fast", "A raspy old man telling stories slowly", "A whispering French woman"];

export default function DesignVoice() {
  const { voices, limit, remixOf } = useLoaderData<typeof loader>();
  const player = usePlayer();
  const revalidator = useRevalidator();
  const completeChecklistItem = useCompleteChecklistItem();
  const [description, setDescription] = useState("");
  const [text, setText] = useState("");
  const [previews, setPreviews] = useState<Preview[]>([]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState<"generating" | "saving" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<{ voice_id: string; name: string } | null>(null);

  const descriptionLength = description.trim().length;
  const descriptionProblem =
    descriptionLength > 0 && descriptionLength < DESCRIPTION_LENGTH.min ? `Describe the voice in at least ${DESCRIPTION_LENGTH.min} characters.` : null;
  const textLength = text.trim().length;
  const textProblem =
    textLength > 0 && (textLength < PREVIEW_TEXT_LENGTH.min || textLength > PREVIEW_TEXT_LENGTH.max)
      ? `The preview text must be ${PREVIEW_TEXT_LENGTH.min} to ${PREVIEW_TEXT_LENGTH.max} characters, or left empty.`
      : null;
  const atLimit = voices.length >= limit;

  async function generate(event: FormEvent) {
    event.preventDefault();
    setBusy("generating");
    setError(null);
    setSaved(null);
    try {
      const response = await fetch(remixOf ? `/v1/text-to-voice/${encodeURIComponent(remixOf.voice_id)}/remix` : "/v1/text-to-voice/create-previews", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ voice_description: description, ...(textLength ? { text } : { auto_generate_text: true }) }),
      });
      if (!response.ok) return setError(await errorOf(response));
      const result = (await response.json()) as { previews: Preview[] };
      setPreviews(result.previews);
      setChosen(result.previews[0]?.generated_voice_id ?? null);
      // The checklist's event is "creating a voice design".
      completeChecklistItem("design_voice");
    } catch {
      setError("Network error: the previews could not be made.");
    } finally {
      setBusy(null);
    }
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    setBusy("saving");
    setError(null);
    try {
      const response = await fetch("/v1/text-to-voice", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ voice_name: name, voice_description: description, generated_voice_id: chosen }),
      });
      if (!response.ok) return setError(await errorOf(response));
      const voice = (await response.json()) as { voice_id: string; name: string };
      setSaved(voice);
      setPreviews([]);
      setChosen(null);
      setName("");
      revalidator.revalidate();
    } catch {
      setError("Network error: the voice was not saved.");
    } finally {
      setBusy(null);
    }
  }

  const previewTitle = (index: number) => `Voice ${index + 1}`;
  const playPreview = (preview: Preview, index: number) => {
    const id = `design-${preview.generated_voice_id}`;
    if (player.item?.id === id) return player.toggle();
    void player.play({ id, title: `${previewTitle(index)} preview`, voiceName: previewTitle(index) }, { kind: "url", url: `/v1/text-to-voice/${preview.generated_voice_id}/stream` });
  };

  return (
    <Page
      title={remixOf ? `Remix ${remixOf.name}` : "Design a voice"}
      description={remixOf ? `Say how ${remixOf.name} should change ("higher and faster", "a calm, raspy old man"), hear three takes, and keep the one you like as a new voice.` : "Describe a voice in words, hear three takes on it, and keep the one you like."}
      actions={remixOf ? <Link className="text-sm underline" to="/app/voice-lab/design">Design from scratch instead</Link> : undefined}
    >
      <Card className="flex gap-3 p-4 text-sm text-muted-foreground">
        <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <p data-testid="design-honesty">{DESIGN_HONESTY}</p>
      </Card>

      <form onSubmit={generate} className="flex flex-col gap-4" aria-label="Describe the voice">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="voice-description">{remixOf ? "How should the voice change?" : "Voice description"}</Label>
          <Textarea
            id="voice-description"
            name="voice_description"
            rows={3}
            maxLength={DESCRIPTION_LENGTH.max}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            placeholder="For example: a deep, calm British man with a warm voice, speaking slowly"
            aria-invalid={descriptionProblem ? true : undefined}
            aria-describedby="voice-description-hint"
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Hint id="voice-description-hint" tone={descriptionProblem ? "error" : "muted"}>
              {descriptionProblem ?? "Gender, age, deep or high, fast or slow, calm or energetic, accent (British, Scottish, French, Brazilian...), raspy, breathy, whispering."}
            </Hint>
            <span className="text-xs tabular-nums text-muted-foreground">{`${descriptionLength} / ${DESCRIPTION_LENGTH.max}`}</span>
          </div>
          {remixOf ? null : (
            <div className="flex flex-wrap gap-2" aria-label="Examples">
              {EXAMPLES.map((example) => (
                <Button key={example} size="sm" variant="secondary" onClick={() => setDescription(example)}>
                  {example}
                </Button>
              ))}
            </div>
          )}
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="preview-text">Preview text (optional)</Label>
          <Textarea
            id="preview-text"
            name="text"
            rows={3}
            maxLength={PREVIEW_TEXT_LENGTH.max}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            placeholder="Leave empty to hear a text written for the description."
            aria-invalid={textProblem ? true : undefined}
            aria-describedby="preview-text-hint"
          />
          <Hint id="preview-text-hint" tone={textProblem ? "error" : "muted"}>
            {textProblem ?? `${PREVIEW_TEXT_LENGTH.min} to ${PREVIEW_TEXT_LENGTH.max} characters.`}
          </Hint>
        </div>
        <div>
          <Button type="submit" disabled={busy !== null || descriptionLength < DESCRIPTION_LENGTH.min || textProblem !== null}>
            {busy === "generating" ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Wand2 aria-hidden="true" />}
            {busy === "generating" ? "Generating…" : "Generate"}
          </Button>
        </div>
      </form>

      {error ? (
        <p role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive-foreground">
          {error}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="flex items-center gap-2 text-sm">
          <Check aria-hidden="true" className="size-4" />
          <span>
            {`${saved.name} is saved. `}
            <Link className="underline" to={`/app/speech-synthesis/text-to-speech?voice=${saved.voice_id}`}>
              Use it in Text to Speech
            </Link>
          </span>
        </p>
      ) : null}

      {previews.length ? (
        <Section title="Previews" description="Play each, pick one, name it and save it.">
          <form onSubmit={save} className="flex flex-col gap-4">
            <fieldset className="grid gap-3 sm:grid-cols-3">
              <legend className="sr-only">Pick a preview</legend>
              {previews.map((preview, index) => {
                const playing = player.item?.id === `design-${preview.generated_voice_id}` && player.state === "playing";
                const selected = chosen === preview.generated_voice_id;
                return (
                  <Card key={preview.generated_voice_id} data-testid="design-preview" className={cn("flex flex-col gap-3 p-4", selected && "border-accent ring-1 ring-accent")}>
                    <div className="flex items-center justify-between gap-2">
                      <span className="font-semibold">{previewTitle(index)}</span>
                      <Badge>{`${preview.duration_secs.toFixed(1)} s`}</Badge>
                    </div>
                    <Button variant="secondary" aria-pressed={playing} onClick={() => playPreview(preview, index)}>
                      {playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
                      {playing ? `Pause ${previewTitle(index)}` : `Play ${previewTitle(index)}`}
                    </Button>
                    <label className="flex items-center gap-2 text-sm">
                      <input type="radio" name="generated_voice_id" value={preview.generated_voice_id} checked={selected} onChange={() => setChosen(preview.generated_voice_id)} className="accent-current" />
                      {`Pick ${previewTitle(index)}`}
                    </label>
                  </Card>
                );
              })}
            </fieldset>
            <div className="flex flex-wrap items-end gap-3">
              <div className="flex min-w-56 flex-1 flex-col gap-1.5">
                <Label htmlFor="voice-name">Voice name</Label>
                <Input id="voice-name" name="voice_name" required maxLength={100} value={name} onChange={(e) => setName(e.currentTarget.value)} aria-describedby="voice-limit-hint" />
              </div>
              <Button type="submit" disabled={busy !== null || !chosen || !name.trim() || atLimit}>
                {busy === "saving" ? <Loader2 aria-hidden="true" className="animate-spin" /> : null}
                Save voice
              </Button>
            </div>
            <Hint id="voice-limit-hint" tone={atLimit ? "error" : "muted"}>
              {atLimit ? `Your plan allows ${limit} voices of your own and you have ${voices.length}: delete one or upgrade to save another.` : `${voices.length} of ${limit} voices of your own used. Previews are kept for 24 hours.`}
            </Hint>
          </form>
        </Section>
      ) : null}

      <Section title="My voices" description="The voices your workspace made. They appear in the Text to Speech voice picker.">
        {voices.length === 0 ? (
          <EmptyState icon={<Wand2 />} title="No voices of your own yet.">
            Describe one above and save the preview you like.
          </EmptyState>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="My voices">
            {voices.map((voice) => (
              <li key={voice.voice_id} className="flex flex-col gap-2">
                <VoiceCard voice={voice} headingLevel="h3" useHref={`/app/speech-synthesis/text-to-speech?voice=${voice.voice_id}`} />
                <Link className="self-start text-sm underline" to={`/app/voice-lab/design?remix=${voice.voice_id}`} aria-label={`Remix ${voice.name}`}>
                  Remix
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </Page>
  );
}
