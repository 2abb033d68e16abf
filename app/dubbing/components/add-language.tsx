import { Form, useActionData, useNavigation } from "@remix-run/react";
import { Languages, LoaderCircle } from "lucide-react";
import { Button } from "~/common/ui/button";
import { Hint } from "~/common/ui/feedback";
import { Label } from "~/common/ui/input";
import { dubbingLanguageName, untranslatableTargetsNotice } from "../../../core/dubbing/dub-rules";
import { STUDIO_TEXTS } from "~/dubbing/rules/studio";
import type { LanguageOption } from "./new-dub-dialog";

export type AddLanguageProps = {
  /** What a translation engine reaches from the dub's source and the engine speaks, less what the dub has. */
  targets: LanguageOption[];
  /** Spoken by the engine, out of every configured translator's reach: counted, never offered. */
  untranslatable: LanguageOption[];
  /** What adding one language costs: every line dubbed once. */
  credits: number;
  lines: number;
};

/**
 * Adds a target language to a finished dub (decision 0068): the route's action translates every line, speaks it in
 * its speaker's voice, charges once and renders; then the page opens the new language. A plain form (a native
 * select), so it works before the page's scripts load.
 */
export function AddLanguage({ targets, untranslatable, credits, lines }: AddLanguageProps) {
  const result = useActionData<{ error?: string; language?: string }>();
  const navigation = useNavigation();
  const adding = navigation.state !== "idle" && navigation.formData?.get("intent") === "add-language" ? String(navigation.formData.get("language") ?? "") : null;
  return (
    <section aria-labelledby="studio-add-language-title" className="flex flex-col gap-2 rounded-lg border border-border p-3" data-testid="studio-add-language">
      <h3 id="studio-add-language-title" className="flex items-center gap-2 text-sm font-medium">
        <Languages aria-hidden="true" className="size-4" />
        Add a target language
      </h3>
      {targets.length ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="add-language" />
          <div className="flex min-w-0 flex-col gap-1">
            <Label htmlFor="studio-add-language-select" className="sr-only">
              Language to add
            </Label>
            <select
              id="studio-add-language-select"
              name="language"
              defaultValue={result?.language ?? targets[0]!.code}
              disabled={adding !== null}
              className="h-9 min-w-0 max-w-full rounded-lg border border-input bg-background px-3 text-sm text-foreground hover:bg-muted disabled:opacity-50"
              data-testid="studio-add-language-select"
            >
              {targets.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary" disabled={adding !== null} data-testid="studio-add-language-submit">
            {adding !== null ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Languages aria-hidden="true" />}
            {adding !== null ? "Adding…" : `Add (${credits.toLocaleString("en")} credits)`}
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
        <p className="text-xs text-muted-foreground" data-testid="studio-untranslatable" title={untranslatable.map((l) => l.name).join(", ")}>
          {untranslatableTargetsNotice(untranslatable.length)}
        </p>
      ) : null}
      {result?.error && adding === null ? (
        <Hint tone="error" className="text-sm">
          {result.error}
        </Hint>
      ) : null}
    </section>
  );
}
