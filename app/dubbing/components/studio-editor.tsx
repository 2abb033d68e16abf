import { Form, Link, useActionData, useNavigation, useRevalidator } from "@remix-run/react";
import { useLeaveWarning } from "~/common/components/leave-warning";
import { useCallback, useEffect, useRef, useState } from "react";
import { AudioLines, LoaderCircle, Play, RefreshCw, Save, SaveAll } from "lucide-react";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Badge } from "~/common/ui/badge";
import { Hint } from "~/common/ui/feedback";
import { Label, Textarea } from "~/common/ui/input";
import { Select } from "~/common/ui/select";
import { dubbingLanguageName, type DubSegment } from "../../../core/dubbing/dub-rules";
import { MAX_LINE_CHARACTERS, needsTranslation, redubCredits, STUDIO_TEXTS, TYPED_LINE_FIELD, untranslatedSegments } from "~/dubbing/rules/studio";
import { cn } from "~/common/ui/cn";
import { AddLanguage, TypeLanguage, type AddLanguageProps, type LanguageFailure } from "./add-language";
import { RemoveLanguage } from "./remove-language";

export type StudioSpeaker = { id: string; name: string; pitchHz: number | null; variant: string; voiceId: string | null };
export type StudioProps = { dubId: string; source: string; target: string; durationSeconds: number; segments: DubSegment[]; speakers: StudioSpeaker[]; voices: { id: string; name: string }[]; version: number };
type Call = { state: "idle" | "busy"; done: boolean; error: string | null; call: (path: string, method: string, body: unknown) => Promise<void> };

/** One studio call to /v1/dubbing/resource/{id}: its state, its error, and the page's data loaded again after it. */
function useStudioCall(dubId: string): Call {
  const revalidator = useRevalidator();
  const [state, setState] = useState<"idle" | "busy">("idle");
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const call = async (path: string, method: string, body: unknown) => {
    setState("busy");
    setError(null);
    setDone(false);
    const response = await fetch(`/v1/dubbing/resource/${dubId}${path}`, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).catch(() => null);
    if (!response?.ok) {
      const detail = ((await response?.json().catch(() => null)) as { detail?: { message?: string } } | null)?.detail;
      setError(detail?.message ?? "The studio could not be reached: try again.");
    } else {
      revalidator.revalidate();
      setDone(true);
    }
    setState("idle");
  };
  return { state, done, error, call };
}

const MATCHED = "matched";
const time = (seconds: number) => `${Math.floor(seconds / 60)}:${(seconds % 60).toFixed(1).padStart(4, "0")}`;

/**
 * The dubbing studio for one finished dub: a timeline of the speakers' segments, each line's source beside its
 * translation, play the original or the dub from a segment, edit a translation and re-dub just that segment,
 * give a speaker another voice, render the track again. Unsaved edits hold the page (leave-page warning).
 */
export function StudioEditor({ dubId, source, target, languages, added, removed, redubbed, adding, typing, durationSeconds, segments, speakers, voices, version, renderType }: StudioProps & { renderType: "mp3" | "mp4"; languages: string[]; added: "translated" | "typed" | null; removed: string | null; redubbed: number | null; adding: AddLanguageProps; typing: string | null }) {
  const original = useRef<HTMLAudioElement>(null);
  const dub = useRef<HTMLAudioElement>(null);
  const stopAt = useRef<number | null>(null);
  // Each line's text as the person has it (rows report theirs): what "Save all and re-dub" would save.
  const [texts, setTexts] = useState<Record<string, string>>({});
  const markText = useCallback((id: string, text: string) => setTexts((t) => (t[id] === text ? t : { ...t, [id]: text })), []);
  const savedText = (segment: DubSegment) => segment.translations[target] ?? "";
  const edited = segments.filter((s) => texts[s.id] !== undefined && texts[s.id] !== savedText(s));
  const unsaved = edited.length > 0;
  // Without scripts the button cannot know what was typed: it stays enabled and the action says what is wrong.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const answer = useActionData<LanguageFailure>();
  const saveAllFailure = answer?.intent === "save-all" && answer.language === target ? answer : undefined;
  const navigation = useNavigation();
  const savingAll = navigation.state !== "idle" && navigation.formData?.get("intent") === "save-all";

  const leaveWarning = useLeaveWarning(unsaved, STUDIO_TEXTS.unsaved);

  const playFrom = (which: "original" | "dub", segment: DubSegment) => {
    const [player, other] = which === "original" ? [original.current, dub.current] : [dub.current, original.current];
    if (!player) return;
    other?.pause();
    stopAt.current = segment.end;
    player.currentTime = segment.start;
    void player.play();
  };
  const stopAtSegmentEnd = (event: React.SyntheticEvent<HTMLAudioElement>) => {
    if (stopAt.current !== null && event.currentTarget.currentTime >= stopAt.current) {
      event.currentTarget.pause();
      stopAt.current = null;
    }
  };

  const render = useStudioCall(dubId);
  const stale = segments.filter((s) => (s.stale ?? []).includes(target)).length;
  const name = dubbingLanguageName(target);
  // Decision 0083: lines without a translation are not rendered (they would be blanks).
  const untranslated = untranslatedSegments(segments, target).length;
  // What "Save all and re-dub" would do: the edited lines saved, every stale or edited segment spoken again.
  const toRedub = segments.filter((s) => edited.includes(s) || (s.stale ?? []).includes(target));
  const textOf = (s: DubSegment) => texts[s.id] ?? savedText(s);
  const blanks = toRedub.filter((s) => s.text.trim() && !textOf(s).trim()).length;
  const emptied = edited.some((s) => !textOf(s).trim() && savedText(s).trim());
  const saveAllReason = toRedub.length === 0 ? STUDIO_TEXTS.nothingChanged : emptied ? STUDIO_TEXTS.emptyLine : blanks ? STUDIO_TEXTS.needsTranslation(name, blanks) : null;
  const speakerName = (id: string) => speakers.find((s) => s.id === id)?.name ?? id;
  const base = `/v1/dubbing/${dubId}`;

  return (
    <Card data-testid="dub-studio">
      <CardHeader
        title="Dubbing studio"
        description={`Edit a ${dubbingLanguageName(target)} line, re-dub just that segment, then render the track again. ${STUDIO_TEXTS.renderHint}`}
        actions={
          <Button
            variant="primary"
            disabled={render.state !== "idle" || untranslated > 0}
            aria-describedby={untranslated ? "studio-needs-translation" : undefined}
            onClick={() => void render.call(`/render/${target}`, "POST", { render_type: renderType })}
            data-testid="studio-render"
          >
            <RefreshCw aria-hidden="true" className={render.state !== "idle" ? "animate-spin" : undefined} />
            {render.state !== "idle" ? "Rendering…" : "Render"}
          </Button>
        }
      />
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <LanguageSwitch dubId={dubId} languages={languages} current={target} segments={segments} />
          <RemoveLanguage dubId={dubId} language={target} count={languages.length} />
        </div>
        {removed ? (
          <p role="status" className="text-sm text-muted-foreground" data-testid="studio-language-removed">
            {STUDIO_TEXTS.languageRemoved(dubbingLanguageName(removed))}
          </p>
        ) : null}
        {typing ? (
          <TypeLanguage dubId={dubId} language={typing} source={source} segments={segments} speakerName={speakerName} credits={adding.credits} />
        ) : (
          <AddLanguage dubId={dubId} {...adding} />
        )}
        {added ? (
          <p role="status" className="text-sm text-muted-foreground" data-testid="studio-language-added">
            {added === "typed" ? STUDIO_TEXTS.typedLanguageAdded(dubbingLanguageName(target)) : STUDIO_TEXTS.languageAdded(dubbingLanguageName(target))}
          </p>
        ) : null}
        {render.error ? <Hint tone="error" className="text-sm">{render.error}</Hint> : null}
        {render.done ? <p className="text-sm text-muted-foreground" data-testid="studio-rendered">Rendered: the dub above plays the new track.</p> : null}
        {untranslated ? (
          <p id="studio-needs-translation" className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-testid="studio-needs-translation">
            <Badge tone="warning">{`${untranslated} to translate`}</Badge>
            {STUDIO_TEXTS.needsTranslation(name, untranslated)}
          </p>
        ) : null}
        {stale ? (
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground" data-testid="studio-stale-count">
            <Badge tone="warning">{stale} not re-dubbed</Badge>
            {`${stale === 1 ? "A line is" : "Lines are"} edited but not spoken again yet: re-dub before rendering, or the render keeps the old ${stale === 1 ? "line" : "lines"}.`}
          </p>
        ) : null}

        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-1">
            <span className="text-sm font-medium">Original ({dubbingLanguageName(source)})</span>
            <audio ref={original} controls preload="none" src={`${base}/audio/original`} className="w-full" onTimeUpdate={stopAtSegmentEnd} data-testid="studio-original" />
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <span className="text-sm font-medium">Dub ({dubbingLanguageName(target)})</span>
            <audio ref={dub} controls preload="none" src={`${base}/audio/${target}?format=audio&v=${version}`} className="w-full" onTimeUpdate={stopAtSegmentEnd} data-testid="studio-dub" />
          </div>
        </div>

        <Timeline segments={segments} speakers={speakers} durationSeconds={durationSeconds} target={target} />

        <section aria-label="Speakers" className="flex flex-col gap-3">
          <h3 className="text-sm font-medium">Speakers</h3>
          <ul className="grid gap-3 sm:grid-cols-2">
            {speakers.map((speaker) => (
              <SpeakerVoice key={speaker.id} dubId={dubId} speaker={speaker} voices={voices} />
            ))}
          </ul>
        </section>

        {/* Decision 0083: one plain form over every line, so "Save all and re-dub" posts without scripts too. */}
        <Form method="post" preventScrollReset aria-label="Lines" className="flex flex-col gap-2" data-testid="studio-lines">
          <input type="hidden" name="intent" value="save-all" />
          <input type="hidden" name="language" value={target} />
          <input type="hidden" name="version" value={version} />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-medium">Lines</h3>
            <Button type="submit" size="sm" disabled={savingAll || (hydrated && saveAllReason !== null)} aria-describedby={hydrated && saveAllReason && !savingAll && !saveAllFailure ? "studio-save-all-reason" : undefined} data-testid="studio-save-all">
              {savingAll ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <SaveAll aria-hidden="true" />}
              {savingAll ? "Re-dubbing…" : hydrated && !saveAllReason ? STUDIO_TEXTS.saveAll(redubCredits(toRedub, [target])) : "Save all and re-dub"}
            </Button>
          </div>
          {savingAll ? (
            <p role="status" className="flex items-start gap-2 text-sm" data-testid="studio-save-all-progress">
              <LoaderCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin" />
              {STUDIO_TEXTS.savingAll(name, edited.length, toRedub.length)}
            </p>
          ) : saveAllFailure ? (
            <Hint tone="error" className="text-sm" data-testid="studio-save-all-error">
              {saveAllFailure.error}
            </Hint>
          ) : null}
          {redubbed && !savingAll && !saveAllFailure ? (
            <p role="status" className="text-sm text-muted-foreground" data-testid="studio-saved-all">
              {STUDIO_TEXTS.savedAll(redubbed)}
            </p>
          ) : null}
          {hydrated && saveAllReason && !savingAll && !saveAllFailure ? (
            <p id="studio-save-all-reason" className="text-xs text-muted-foreground" data-testid="studio-save-all-reason">
              {saveAllReason}
            </p>
          ) : null}
          <ol className="flex flex-col divide-y divide-border" data-testid="studio-segments">
            {segments.map((segment) => (
              <SegmentRow
                key={segment.id}
                dubId={dubId}
                segment={segment}
                source={source}
                target={target}
                speaker={speakerName(segment.speakerId)}
                initial={saveAllFailure?.lines?.[segment.id]}
                locked={savingAll}
                onText={markText}
                onPlay={playFrom}
              />
            ))}
          </ol>
        </Form>
      </CardContent>
      {leaveWarning}
    </Card>
  );
}

/** The dub's target languages as links (?language=): the studio edits, plays and renders the one chosen. */
function LanguageSwitch({ dubId, languages, current, segments }: { dubId: string; languages: string[]; current: string; segments: DubSegment[] }) {
  return (
    <nav aria-labelledby="studio-languages-title" className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1" data-testid="studio-languages">
      <span id="studio-languages-title" className="text-sm font-medium">
        Target language
      </span>
      <ul className="inline-flex max-w-full flex-wrap items-center gap-1 rounded-2xl bg-muted p-1">
        {languages.map((language) => (
          <li key={language}>
            <Link
              to={`/app/dubbing/${dubId}?language=${language}`}
              preventScrollReset
              aria-current={language === current ? "page" : undefined}
              className={cn(
                "inline-flex h-8 items-center rounded-full px-3 text-sm font-medium whitespace-nowrap transition-colors",
                language === current ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
              )}
            >
              {dubbingLanguageName(language)}
              {untranslatedSegments(segments, language).length ? (
                <span className="ml-1.5 rounded-full bg-amber-100 px-1.5 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-200" title={STUDIO_TEXTS.needsTranslationBadge}>
                  <span className="sr-only">, {STUDIO_TEXTS.needsTranslationBadge.toLowerCase()}: </span>
                  {untranslatedSegments(segments, language).length}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Each speaker's segments as blocks along the media's length; a stale block is marked. */
function Timeline({ segments, speakers, durationSeconds, target }: { segments: DubSegment[]; speakers: StudioSpeaker[]; durationSeconds: number; target: string }) {
  const at = (seconds: number) => `${Math.min(100, (seconds / Math.max(durationSeconds, 0.1)) * 100)}%`;
  return (
    <section aria-label="Timeline" className="flex flex-col gap-2" data-testid="studio-timeline">
      <div className="flex justify-between text-xs text-muted-foreground">
        <span>0:00.0</span>
        <span>{time(durationSeconds)}</span>
      </div>
      {speakers.map((speaker) => (
        <div key={speaker.id} className="grid grid-cols-[5.5rem_1fr] items-center gap-2">
          <span className="truncate text-xs text-muted-foreground">{speaker.name}</span>
          <div className="relative h-6 rounded-md bg-muted">
            {segments
              .filter((s) => s.speakerId === speaker.id)
              .map((s) => (
                <a
                  key={s.id}
                  href={`#segment-${s.id}`}
                  title={`${time(s.start)}–${time(s.end)}: ${s.translations[target] ?? ""}`}
                  aria-label={`${speaker.name}, ${time(s.start)} to ${time(s.end)}`}
                  className={`absolute inset-y-0.5 rounded-sm ${(s.stale ?? []).includes(target) ? "bg-accent" : "bg-primary"}`}
                  style={{ left: at(s.start), width: `max(3px, calc(${at(s.end)} - ${at(s.start)}))` }}
                />
              ))}
          </div>
        </div>
      ))}
    </section>
  );
}

/** A speaker's voice: the one matched to them by the pipeline, or a workspace voice; a change marks their lines stale. */
function SpeakerVoice({ dubId, speaker, voices }: { dubId: string; speaker: StudioSpeaker; voices: { id: string; name: string }[] }) {
  const change = useStudioCall(dubId);
  const [picked, setPicked] = useState<string | null>(null);
  const current = (change.state === "busy" ? picked : null) ?? speaker.voiceId ?? MATCHED;
  const options = [{ value: MATCHED, label: "Matched to the speaker", disabled: speaker.voiceId !== null }, ...voices.map((v) => ({ value: v.id, label: v.name }))];
  return (
    <li className="flex flex-col gap-1 rounded-lg border border-border p-3">
      <span className="text-sm font-medium">
        {speaker.name}
        {speaker.pitchHz ? <span className="font-normal text-muted-foreground"> · about {speaker.pitchHz} Hz</span> : null}
      </span>
      <Select
        label={`Voice of ${speaker.name}`}
        options={options}
        value={current}
        size="sm"
        testId={`studio-voice-${speaker.id}`}
        onValueChange={(voiceId) => {
          if (voiceId === MATCHED) return;
          setPicked(voiceId);
          void change.call(`/speaker/${speaker.id}`, "PATCH", { voice_id: voiceId });
        }}
      />
      {change.error ? <Hint tone="error">{change.error}</Hint> : null}
    </li>
  );
}

/** One line: source beside its editable translation, play either from here, save the edit, re-dub the segment. */
function SegmentRow({
  dubId,
  segment,
  source,
  target,
  speaker,
  initial,
  locked,
  onText,
  onPlay,
}: {
  dubId: string;
  segment: DubSegment;
  source: string;
  target: string;
  speaker: string;
  /** What the person had typed when "Save all and re-dub" was refused (the page came back without scripts). */
  initial: string | undefined;
  locked: boolean;
  onText: (id: string, text: string) => void;
  onPlay: (which: "original" | "dub", segment: DubSegment) => void;
}) {
  const saved = segment.translations[target] ?? "";
  const [text, setText] = useState(initial ?? saved);
  const save = useStudioCall(dubId);
  const redub = useStudioCall(dubId);
  const dirty = text !== saved;
  useEffect(() => onText(segment.id, text), [onText, segment.id, text]);
  const stale = (segment.stale ?? []).includes(target);
  const waiting = needsTranslation(segment, target);
  const inputId = `translation-${segment.id}`;
  const error = save.error ?? redub.error;
  return (
    <li id={`segment-${segment.id}`} className="grid gap-2 py-3 lg:grid-cols-[7rem_1fr_1fr] lg:gap-4" data-testid="studio-segment" data-segment-id={segment.id}>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground lg:flex-col lg:items-start">
        <span>
          {time(segment.start)}–{time(segment.end)}
        </span>
        <span>{speaker}</span>
        {waiting ? (
          <Badge tone="warning" data-testid="studio-needs-translation-badge">
            {STUDIO_TEXTS.needsTranslationBadge}
          </Badge>
        ) : stale ? (
          <Badge tone="warning" title={STUDIO_TEXTS.staleHint}>
            Not re-dubbed
          </Badge>
        ) : null}
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-sm" lang={source}>
          {segment.text}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="ghost" onClick={() => onPlay("original", segment)} aria-label={`Play the original from ${time(segment.start)}`}>
            <Play aria-hidden="true" />
            Original
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onPlay("dub", segment)} aria-label={`Play the dub from ${time(segment.start)}`}>
            <Play aria-hidden="true" />
            Dub
          </Button>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={inputId} className="sr-only">
          {dubbingLanguageName(target)} translation, {time(segment.start)}
        </Label>
        <Textarea
          id={inputId}
          name={`${TYPED_LINE_FIELD}${segment.id}`}
          lang={target}
          rows={2}
          maxLength={MAX_LINE_CHARACTERS}
          value={text}
          readOnly={locked}
          placeholder={waiting ? `Type the ${dubbingLanguageName(target)} translation` : undefined}
          onChange={(event) => setText(event.target.value)}
          data-testid="studio-translation"
        />
        {segment.unknownWords?.length ? <span className="text-xs text-muted-foreground">Not in the translator&apos;s lexicon, kept as heard: {segment.unknownWords.join(", ")}</span> : null}
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={!dirty || save.state !== "idle"}
            onClick={() => void save.call(`/segment/${segment.id}/${target}`, "PATCH", { text })}
            data-testid="studio-save"
          >
            <Save aria-hidden="true" />
            {save.state !== "idle" ? "Saving…" : "Save"}
          </Button>
          <Button size="sm" variant="primary" disabled={dirty || !stale || waiting || redub.state !== "idle"} onClick={() => void redub.call("/dub", "POST", { segments: [segment.id], languages: [target] })} data-testid="studio-redub">
            <AudioLines aria-hidden="true" />
            {redub.state !== "idle" ? "Re-dubbing…" : `Re-dub (${redubCredits([segment], [target])} credits)`}
          </Button>
        </div>
        {error ? <Hint tone="error">{error}</Hint> : null}
      </div>
    </li>
  );
}
