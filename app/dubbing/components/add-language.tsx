import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { AudioLines, Keyboard, Languages, LoaderCircle } from "lucide-react";
import { Button, buttonClass } from "~/common/ui/button";
import { Hint } from "~/common/ui/feedback";
import { Label, Textarea } from "~/common/ui/input";
import { NativeSelect } from "~/common/ui/native-select";
import { dubbingLanguageName, type DubSegment } from "../../../core/dubbing/dub-rules";
import { MAX_LINE_CHARACTERS, STUDIO_TEXTS, TYPED_LINE_FIELD } from "~/dubbing/rules/studio";
import type { LanguageOption } from "./new-dub-dialog";

/** What the route's action answers when it refuses a language change (the intent tells which control it is for). */
export type LanguageFailure = { intent: string; error: string; language?: string; lines?: Record<string, string>; typable?: boolean };

export type AddLanguageProps = {
  /** What a translation engine reaches from the dub's source and the engine speaks, less what the dub has. */
  targets: LanguageOption[];
  /** Spoken by the engine, out of every configured translator's reach: offered as "you type the translations" (decision 0072). */
  untranslatable: LanguageOption[];
  /** What adding one language costs: every line dubbed once. */
  credits: number;
  lines: number;
};

/**
 * Adds a target language to a finished dub (decision 0068): the route's action translates every line, speaks it in
 * its speaker's voice, charges once and renders; then the page opens the new language. A language no translator
 * here reaches is offered too, under "You type the translations": choosing it opens TypeLanguage (decision 0072).
 * A plain form (a native select), so it works before the page's scripts load.
 */
export function AddLanguage({ dubId, targets, untranslatable, credits, lines }: AddLanguageProps & { dubId: string }) {
  const answer = useActionData<LanguageFailure>();
  const result = answer?.intent === "add-language" ? answer : undefined;
  const navigation = useNavigation();
  const chosen = navigation.state !== "idle" && navigation.formData?.get("intent") === "add-language" ? String(navigation.formData.get("language") ?? "") : null;
  // Only a translated language is added by this post; a typed one just opens its form.
  const adding = chosen !== null && targets.some((l) => l.code === chosen) ? chosen : null;
  const [picked, setPicked] = useState(result?.language ?? (targets[0] ?? untranslatable[0])?.code ?? "");
  // The button says what the post does: a typed language is not charged yet, its form opens first.
  const typed = untranslatable.some((l) => l.code === picked);
  const options = (list: LanguageOption[]) =>
    list.map((l) => (
      <option key={l.code} value={l.code}>
        {l.name}
      </option>
    ));
  return (
    <section aria-labelledby="studio-add-language-title" className="flex flex-col gap-2 rounded-lg border border-border p-3" data-testid="studio-add-language">
      <h3 id="studio-add-language-title" className="flex items-center gap-2 text-sm font-medium">
        <Languages aria-hidden="true" className="size-4" />
        Add a target language
      </h3>
      {targets.length || untranslatable.length ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="add-language" />
          <div className="flex min-w-0 flex-col gap-1">
            <Label htmlFor="studio-add-language-select" className="sr-only">
              Language to add
            </Label>
            <NativeSelect id="studio-add-language-select" name="language" defaultValue={picked} onChange={(event) => setPicked(event.target.value)} disabled={chosen !== null} data-testid="studio-add-language-select">
              {untranslatable.length === 0 ? (
                options(targets)
              ) : (
                <>
                  {targets.length ? <optgroup label={STUDIO_TEXTS.translatedGroup}>{options(targets)}</optgroup> : null}
                  <optgroup label={STUDIO_TEXTS.typedGroup}>{options(untranslatable)}</optgroup>
                </>
              )}
            </NativeSelect>
          </div>
          <Button type="submit" variant="secondary" disabled={chosen !== null} data-testid="studio-add-language-submit">
            {adding !== null ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : typed ? <Keyboard aria-hidden="true" /> : <Languages aria-hidden="true" />}
            {adding !== null ? "Adding…" : typed ? STUDIO_TEXTS.typeLines : `Add (${credits.toLocaleString("en")} credits)`}
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="studio-add-language-none">
          {STUDIO_TEXTS.noLanguageToAdd}
        </p>
      )}
      {adding !== null ? (
        <p role="status" className="flex items-start gap-2 text-sm" data-testid="studio-add-language-progress">
          <LoaderCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin" />
          {STUDIO_TEXTS.addingLanguage(dubbingLanguageName(adding), lines)}
        </p>
      ) : targets.length ? (
        <p className="text-xs text-muted-foreground">{STUDIO_TEXTS.addLanguageHint}</p>
      ) : null}
      {untranslatable.length > 0 ? (
        <p className="text-xs text-muted-foreground" data-testid="studio-untranslatable">
          {STUDIO_TEXTS.typedHint}
        </p>
      ) : null}
      {result?.error && chosen === null ? (
        <Hint tone="error" className="text-sm">
          {result.error}
          {result.typable && result.language ? (
            <>
              {" "}
              <Link to={`/app/dubbing/${dubId}?type=${encodeURIComponent(result.language.toLowerCase())}`} className="underline" data-testid="studio-type-instead">
                {STUDIO_TEXTS.typeInstead}
              </Link>
            </>
          ) : null}
        </Hint>
      ) : null}
    </section>
  );
}

const time = (seconds: number) => `${Math.floor(seconds / 60)}:${(seconds % 60).toFixed(1).padStart(4, "0")}`;

/**
 * Adds a language no translation engine here reaches (decision 0072): a box for every line's translation, then the
 * route's action hands them to the API's add-language call as `translations` (spoken, charged once, rendered, all
 * or nothing). A plain form: it posts without the page's scripts, and a refusal keeps what was typed.
 */
export function TypeLanguage({ dubId, language, source, segments, speakerName, credits }: { dubId: string; language: string; source: string; segments: DubSegment[]; speakerName: (id: string) => string; credits: number }) {
  const answer = useActionData<LanguageFailure>();
  const result = answer?.intent === "add-typed-language" && answer.language === language ? answer : undefined;
  const navigation = useNavigation();
  const dubbing = navigation.state !== "idle" && navigation.formData?.get("intent") === "add-typed-language";
  const name = dubbingLanguageName(language);
  return (
    <section aria-labelledby="studio-type-language-title" className="flex flex-col gap-3 rounded-lg border border-border p-3" data-testid="studio-type-language">
      <h3 id="studio-type-language-title" className="flex items-center gap-2 text-sm font-medium">
        <Keyboard aria-hidden="true" className="size-4" />
        {`Type the ${name} translations`}
      </h3>
      <p className="text-sm text-muted-foreground">{STUDIO_TEXTS.typeLanguage(name, segments.length)}</p>
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="add-typed-language" />
        <input type="hidden" name="language" value={language} />
        <ol className="flex flex-col divide-y divide-border">
          {segments.map((segment, index) => {
            const id = `typed-${segment.id}`;
            return (
              <li key={segment.id} className="grid gap-2 py-2 lg:grid-cols-[7rem_1fr_1fr] lg:gap-4">
                <span className="text-sm text-muted-foreground">
                  {time(segment.start)}–{time(segment.end)} · {speakerName(segment.speakerId)}
                </span>
                <p className="text-sm" lang={source} id={`${id}-source`}>
                  {segment.text}
                </p>
                <div className="flex flex-col gap-1">
                  <Label htmlFor={id} className="sr-only">
                    {name} translation of line {index + 1}
                  </Label>
                  <Textarea
                    id={id}
                    name={`${TYPED_LINE_FIELD}${segment.id}`}
                    lang={language}
                    rows={2}
                    required
                    maxLength={MAX_LINE_CHARACTERS}
                    aria-describedby={`${id}-source`}
                    defaultValue={result?.lines?.[segment.id] ?? ""}
                    readOnly={dubbing}
                    data-testid="studio-typed-line"
                  />
                </div>
              </li>
            );
          })}
        </ol>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={dubbing} data-testid="studio-type-language-submit">
            {dubbing ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <AudioLines aria-hidden="true" />}
            {dubbing ? "Dubbing…" : `Dub ${name} (${credits.toLocaleString("en")} credits)`}
          </Button>
          <Link to={`/app/dubbing/${dubId}`} className={buttonClass("ghost")} aria-disabled={dubbing || undefined}>
            Cancel
          </Link>
        </div>
        {dubbing ? (
          <p role="status" className="flex items-start gap-2 text-sm" data-testid="studio-type-language-progress">
            <LoaderCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin" />
            {STUDIO_TEXTS.dubbingTyped(name, segments.length)}
          </p>
        ) : null}
        {result?.error && !dubbing ? (
          <Hint tone="error" className="text-sm">
            {result.error}
          </Hint>
        ) : null}
      </Form>
    </section>
  );
}
