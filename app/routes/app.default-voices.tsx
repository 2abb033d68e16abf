import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useSubmit } from "@remix-run/react";
import { Search, SearchX } from "lucide-react";
import { useRef } from "react";
import { z } from "zod";
import { VoiceCard } from "~/voices/components/voice-card";
import { Button } from "~/common/ui/button";
import { EmptyState } from "~/common/ui/feedback";
import { Input } from "~/common/ui/input";
import { Page } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { PRODUCT_NAME } from "../../core/brand";
import { languageName } from "~/speech/rules/languages";
import { matchesVoiceQuery } from "~/voices/rules/voice-gallery";
import { ENGINE_LANGUAGES, isEngineLanguage } from "../../core/voices/voice-rules";
import { requireViewer } from "~/accounts/accounts.server";
import { defaultVoiceOptions } from "~/voices/voices.server";

export const meta: MetaFunction = () => [{ title: `Voices · ${PRODUCT_NAME}` }];

/** The filters; anything unknown is simply no filter. */
const galleryQuery = z.object({
  search: z.string().trim().max(100).catch(""),
  language: z.string().transform((value) => (isEngineLanguage(value) ? value : "")).catch(""),
  gender: z.enum(["female", "male", ""]).catch(""),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const url = new URL(request.url);
  const query = galleryQuery.parse({ search: url.searchParams.get("search") ?? "", language: url.searchParams.get("language") ?? "", gender: url.searchParams.get("gender") ?? "" });
  const voices = await defaultVoiceOptions(context.cloudflare.env);
  return { query, voices: voices.filter((voice) => matchesVoiceQuery(voice, query)), total: voices.length };
}

// Radix Select items cannot have an empty value: "no filter" is sent as these, which the loader reads as no filter.
const ALL_LANGUAGES = "all";
const ANY_GENDER = "any";

export default function DefaultVoices() {
  const { query, voices, total } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  // A filter applies as it changes: the form's fields, with the changed one, and no empty "all" parameters.
  const apply = (field: string, value: string) => {
    const data = new FormData(form.current ?? undefined);
    data.set(field, value);
    for (const [key, entry] of [...data.entries()]) if (entry === "" || entry === ALL_LANGUAGES || entry === ANY_GENDER) data.delete(key);
    submit(data, { replace: true });
  };
  return (
    <Page title="Voices" description="The premade voices, each speaking every language of the multilingual model. Preview one, then use it." width="wide">
      <Form ref={form} method="get" role="search" className="flex flex-wrap items-end gap-3">
        <label className="min-w-48 flex-1">
          <span className="mb-1 block text-xs text-muted-foreground">Search</span>
          <span className="relative block">
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
            <Input type="search" name="search" defaultValue={query.search} placeholder="Name, accent, use…" className="pl-9" onChange={(e) => apply("search", e.currentTarget.value)} />
          </span>
        </label>
        <div>
          <span className="mb-1 block text-xs text-muted-foreground" aria-hidden="true">
            Language
          </span>
          <Select
            label="Language"
            name="language"
            className="w-44"
            defaultValue={query.language || ALL_LANGUAGES}
            onValueChange={(value) => apply("language", value)}
            options={[{ value: ALL_LANGUAGES, label: "All languages" }, ...ENGINE_LANGUAGES.map((code) => ({ value: code, label: languageName(code) }))]}
          />
        </div>
        <div>
          <span className="mb-1 block text-xs text-muted-foreground" aria-hidden="true">
            Gender
          </span>
          <Select
            label="Gender"
            name="gender"
            className="w-32"
            defaultValue={query.gender || ANY_GENDER}
            onValueChange={(value) => apply("gender", value)}
            options={[
              { value: ANY_GENDER, label: "Any" },
              { value: "female", label: "Female" },
              { value: "male", label: "Male" },
            ]}
          />
        </div>
        {/* Without JavaScript the filters apply through this button. */}
        <noscript>
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </noscript>
      </Form>
      <p className="text-sm text-muted-foreground" data-testid="voice-count">{`${voices.length} of ${total} voices`}</p>
      {voices.length === 0 ? (
        <EmptyState icon={<SearchX />} title="No voice matches.">
          Try another language or fewer words.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Voices">
          {voices.map((voice) => (
            <li key={voice.voice_id} className="flex">
              <VoiceCard voice={voice} useHref={`/app/speech-synthesis/text-to-speech?voice=${voice.voice_id}`} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
