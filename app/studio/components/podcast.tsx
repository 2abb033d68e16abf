import { Form, Link, useNavigation } from "@remix-run/react";
import { Mic, Plus, X } from "lucide-react";
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Button, LinkButton } from "~/common/ui/button";
import { Dialog } from "~/common/ui/dialog";
import { Hint } from "~/common/ui/feedback";
import { Input, Label, Textarea } from "~/common/ui/input";
import { NativeSelect } from "~/common/ui/native-select";
import { PODCAST_DURATION_SCALES, PODCAST_SOURCE_MAX, PODCAST_SOURCES_MAX, PODCAST_TEXTS, PODCAST_URL_MAX, podcastDurationLabel, podcastSourceField, podcastSourceRows, podcastValuesRemovingSource, type PodcastSourceFieldName } from "~/studio/rules/podcast";
import { BLOCK_TEXT_MAX, QUALITY_PRESETS, qualityPresetLabel } from "../../../core/studio/studio-rules";

/** The Studio page's search parameter that opens the podcast dialog (a link, so it opens without scripts too). */
export const PODCAST_DIALOG = "podcast";
export const CREATE_PODCAST_INTENT = "create-podcast";

export type PodcastDialogData = { errors: Record<string, string>; values: Record<string, string>; createdProjectId: string | null };

const SEGMENT = "flex flex-1 cursor-pointer items-center justify-center gap-2 rounded-full px-3 py-1.5 text-sm font-medium text-muted-foreground hover:text-foreground has-[:checked]:bg-background has-[:checked]:text-foreground has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring";

/** Opens the podcast dialog; at the plan's projects limit it is shown disabled, with the reason. */
export function CreatePodcastButton({ atLimit, limit }: { atLimit: boolean; limit: number }) {
  const label = (
    <>
      <Mic aria-hidden="true" /> Create a podcast
    </>
  );
  if (atLimit)
    return (
      <Button variant="secondary" disabled title={`Your plan allows ${limit} projects`}>
        {label}
      </Button>
    );
  return (
    <LinkButton to={`?dialog=${PODCAST_DIALOG}`} variant="secondary" preventScrollReset>
      {label}
    </LinkButton>
  );
}

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <Hint tone="error" id={`${id}-error`}>
      {error}
    </Hint>
  ) : null;
}

const invalid = (id: string, error?: string) => (error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {});

function Choice({ name, value, checked, id, title, detail }: { name: string; value: string; checked: boolean; id?: string; title: string; detail?: ReactNode }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="radio" id={id} name={name} value={value} defaultChecked={checked} className="mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]" />
      <span>
        <span className="font-medium">{title}</span>
        {detail ? <span className="block text-xs text-muted-foreground">{detail}</span> : null}
      </span>
    </label>
  );
}

/** A source row's element id: the first row's ids are the plain ones, the n-th row's end in `-n`. */
const podcastSourceId = (index: number, base: string) => (index === 0 ? base : `${base}-${index + 1}`);

/**
 * One source: pasted text or a web page's address, whichever radio is checked (its other field is hidden by CSS
 * from the row's own radio, and left out by the server). An empty row is left out too. While other rows follow,
 * "Remove" takes it out: a submit button until the scripts run (the server answers without the row), then
 * `onRemove` redraws the rows in place.
 */
function SourceRow({ index, values, errors, removable, hydrated, onRemove }: { index: number; values: Record<string, string>; errors: Record<string, string>; removable: boolean; hydrated: boolean; onRemove: (event: MouseEvent<HTMLButtonElement>, index: number) => void }) {
  const name = (field: PodcastSourceFieldName) => podcastSourceField(index, field);
  const id = (base: string) => podcastSourceId(index, base);
  const sourceType = values[name("source_type")] === "url" ? "url" : "text";
  const textError = errors[name("text")];
  const urlError = errors[name("url")];
  return (
    <fieldset className="group/source relative space-y-2">
      <legend className="mb-1 text-sm font-medium">{index === 0 ? "Source" : `Source ${index + 1}`}</legend>
      {/* Beside the legend, not in it: the row's name stays "Source n". */}
      {removable ? (
        <Button type={hydrated ? "button" : "submit"} name="remove_source" value={String(index + 1)} variant="ghost" size="sm" className="absolute -top-1.5 right-0" aria-label={`Remove source ${index + 1}`} onClick={(event) => onRemove(event, index)}>
          <X aria-hidden="true" /> Remove
        </Button>
      ) : null}
      <div className="flex gap-1 rounded-full bg-muted p-1">
        <label className={SEGMENT}>
          <input type="radio" id={id("podcast-source-text")} name={name("source_type")} value="text" defaultChecked={sourceType === "text"} className="sr-only" />
          Pasted text
        </label>
        <label className={SEGMENT}>
          <input type="radio" id={id("podcast-source-url")} name={name("source_type")} value="url" defaultChecked={sourceType === "url"} className="sr-only" />
          Web page
        </label>
      </div>
      <div className="space-y-1 group-has-[input[value=url]:checked]/source:hidden">
        <Label htmlFor={id("podcast-text")}>Text</Label>
        <Textarea id={id("podcast-text")} name={name("text")} rows={index === 0 ? 6 : 4} maxLength={PODCAST_SOURCE_MAX} defaultValue={values[name("text")] ?? ""} placeholder={index === 0 ? "An article, a post, notes…\n\nBlank lines separate paragraphs." : "Read after the source above."} {...invalid(id("podcast-text"), textError)} />
        <FieldError id={id("podcast-text")} error={textError} />
      </div>
      <div className="hidden space-y-1 group-has-[input[value=url]:checked]/source:block">
        <Label htmlFor={id("podcast-url")}>Page address</Label>
        <Input id={id("podcast-url")} name={name("url")} type="url" inputMode="url" maxLength={PODCAST_URL_MAX} defaultValue={values[name("url")] ?? ""} placeholder="https://example.com/article.html" {...invalid(id("podcast-url"), urlError)} />
        <FieldError id={id("podcast-url")} error={urlError} />
        <Hint>Our server fetches the page from its public address and reads its text.</Hint>
      </div>
    </fieldset>
  );
}

/**
 * "Create a podcast": the API's choices (decision 0073) as a plain form. The sources' and the mode's fields show
 * and hide by CSS from the checked radio, and "Add another source" asks the server for one more row until the
 * scripts run, so the whole form works before (or without) them.
 */
export function PodcastDialog({ voices, languages, data, onClose }: { voices: { voice_id: string; name: string }[]; languages: { code: string; name: string }[]; data: PodcastDialogData | null; onClose: () => void }) {
  const busy = useNavigation().state === "submitting";
  const errors = data?.errors ?? {};
  const values = data?.values ?? {};
  const [rows, setRows] = useState(() => podcastSourceRows(values));
  // What the source rows start from: the answer's values, or the form's own after a row was removed in place.
  const [rowValues, setRowValues] = useState(values);
  // Bumped by a removal in place: the rows are drawn anew (their fields are uncontrolled) from rowValues.
  const [generation, setGeneration] = useState(0);
  // The answer's field errors name rows by place: after a removal in place they would sit under the wrong row.
  const [removedSinceAnswer, setRemovedSinceAnswer] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const added = useRef(false);
  const focusAfterRemoval = useRef<number | null>(null);
  useEffect(() => setHydrated(true), []);
  // An answer (a refusal, "Add another source" or "Remove" posted without scripts) shows the rows it was given.
  useEffect(() => {
    setRows(podcastSourceRows(data?.values ?? {}));
    setRowValues(data?.values ?? {});
    setRemovedSinceAnswer(false);
  }, [data]);
  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    document.getElementById(podcastSourceId(Math.min(index, rows - 1), "podcast-text"))?.focus();
  }, [generation, rows]);
  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    document.getElementById(podcastSourceId(rows - 1, "podcast-text"))?.focus();
  }, [rows]);
  const addSource = (event: MouseEvent<HTMLButtonElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    added.current = true;
    setRows((n) => Math.min(PODCAST_SOURCES_MAX, n + 1));
  };
  // The same rule as the server's answer without scripts, on what the form holds now.
  const removeSource = (event: MouseEvent<HTMLButtonElement>, index: number) => {
    const form = event.currentTarget.form;
    if (!hydrated || !form) return;
    event.preventDefault();
    const current: Record<string, string> = {};
    for (const [key, value] of new FormData(form)) if (typeof value === "string") current[key] = value;
    const next = podcastValuesRemovingSource({ ...current, remove_source: String(index + 1) });
    focusAfterRemoval.current = index;
    setRowValues(next);
    setRows(podcastSourceRows(next));
    setGeneration((g) => g + 1);
    setRemovedSinceAnswer(true);
  };
  const mode = values.mode === "bulletin" ? "bulletin" : "conversation";
  const duration = (PODCAST_DURATION_SCALES as readonly string[]).includes(values.duration_scale ?? "") ? values.duration_scale : "default";
  const host = values.host_voice_id ?? voices[0]?.voice_id ?? "";
  const guest = values.guest_voice_id ?? voices.find((v) => v.voice_id !== host)?.voice_id ?? host;
  const voiceOptions = voices.map((v) => ({ value: v.voice_id, label: v.name }));
  return (
    <Dialog title="Create a podcast" description={PODCAST_TEXTS.ownWords} onClose={onClose} testId="podcast-dialog" className="sm:max-w-lg">
      <Form method="post" className="group space-y-4">
        <input type="hidden" name="intent" value={CREATE_PODCAST_INTENT} />
        {/* The form's default button, first in it: Enter in a field creates the podcast, never adds a source row. */}
        <button type="submit" className="sr-only" tabIndex={-1} aria-hidden="true" />
        {Array.from({ length: rows }, (_, i) => (
          <SourceRow key={`${generation}-${i}`} index={i} values={rowValues} errors={removedSinceAnswer ? {} : errors} removable={rows > 1} hydrated={hydrated} onRemove={removeSource} />
        ))}
        {rows < PODCAST_SOURCES_MAX ? (
          <div className="space-y-1">
            {/* A submit button until the scripts run (the server answers with one more row), a plain button after. */}
            <Button type={hydrated ? "button" : "submit"} name="add_source" value="1" variant="secondary" size="sm" onClick={addSource}>
              <Plus aria-hidden="true" /> Add another source
            </Button>
            <Hint>{PODCAST_TEXTS.severalSources(PODCAST_SOURCES_MAX)}</Hint>
          </div>
        ) : null}
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium">Format</legend>
          <Choice name="mode" value="conversation" id="podcast-mode-conversation" checked={mode === "conversation"} title="Conversation" detail="A host and a guest take turns, paragraph by paragraph." />
          <Choice name="mode" value="bulletin" id="podcast-mode-bulletin" checked={mode === "bulletin"} title="Bulletin" detail="The host reads it all." />
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1">
            <Label htmlFor="podcast-host">Host voice</Label>
            <NativeSelect id="podcast-host" name="host_voice_id" defaultValue={host} options={voiceOptions} className="w-full" {...invalid("podcast-host", errors.host_voice_id)} />
            <FieldError id="podcast-host" error={errors.host_voice_id} />
          </div>
          <div className="space-y-1 group-has-[#podcast-mode-bulletin:checked]:hidden">
            <Label htmlFor="podcast-guest">Guest voice</Label>
            <NativeSelect id="podcast-guest" name="guest_voice_id" defaultValue={guest} options={voiceOptions} className="w-full" {...invalid("podcast-guest", errors.guest_voice_id)} />
            <FieldError id="podcast-guest" error={errors.guest_voice_id} />
          </div>
        </div>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium">Length</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {PODCAST_DURATION_SCALES.map((scale) => {
              const label = podcastDurationLabel(scale);
              return <Choice key={scale} name="duration_scale" value={scale} checked={scale === duration} title={label.name} detail={label.detail} />;
            })}
          </div>
          <Hint>{PODCAST_TEXTS.shortSource}</Hint>
        </fieldset>
        <details className="space-y-2" open={Boolean(values.intro || values.outro || errors.intro || errors.outro)}>
          <summary className="cursor-pointer text-sm font-medium">{PODCAST_TEXTS.introOutro}</summary>
          <p className="text-xs text-muted-foreground">{PODCAST_TEXTS.introOutroHint}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor="podcast-intro">Intro</Label>
              <Textarea id="podcast-intro" name="intro" rows={2} maxLength={BLOCK_TEXT_MAX} defaultValue={values.intro ?? ""} placeholder="Welcome to the show." {...invalid("podcast-intro", errors.intro)} />
              <FieldError id="podcast-intro" error={errors.intro} />
            </div>
            <div className="space-y-1">
              <Label htmlFor="podcast-outro">Outro</Label>
              <Textarea id="podcast-outro" name="outro" rows={2} maxLength={BLOCK_TEXT_MAX} defaultValue={values.outro ?? ""} placeholder="Thanks for listening." {...invalid("podcast-outro", errors.outro)} />
              <FieldError id="podcast-outro" error={errors.outro} />
            </div>
          </div>
        </details>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1">
            <Label htmlFor="podcast-language">Language</Label>
            <NativeSelect id="podcast-language" name="language" defaultValue={values.language ?? ""} options={languages.map((l) => ({ value: l.code, label: l.name }))} className="w-full" {...invalid("podcast-language", errors.language)}>
              <option value="">Not set</option>
            </NativeSelect>
            <FieldError id="podcast-language" error={errors.language} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="podcast-quality">Quality</Label>
            <NativeSelect id="podcast-quality" name="quality_preset" defaultValue={values.quality_preset ?? "standard"} options={QUALITY_PRESETS.map((q) => ({ value: q, label: qualityPresetLabel(q) }))} className="w-full" />
          </div>
        </div>
        {errors.form ? (
          <Hint tone="error" id="podcast-error">
            {data?.createdProjectId ? `${PODCAST_TEXTS.notCreated} ` : null}
            {errors.form}
            {data?.createdProjectId ? (
              <>
                {" "}
                <Link to={`/app/studio/${data.createdProjectId}`} className="underline">
                  Open the project
                </Link>
              </>
            ) : null}
          </Hint>
        ) : null}
        <div className="flex justify-end gap-2">
          <LinkButton to="/app/studio" variant="secondary" replace>
            Cancel
          </LinkButton>
          <Button type="submit" disabled={busy}>
            {busy ? "Creating…" : "Create podcast"}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
