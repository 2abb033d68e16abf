import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { z } from "zod";
import { playVoicePreview, usePlayer } from "~/player/components/player";
import { Button, buttonClass } from "~/common/ui/button";
import { PRODUCT_NAME } from "../../core/brand";
import { languageName } from "~/speech/rules/languages";
import { matchesVoiceQuery } from "~/voices/rules/voice-gallery";
import { ENGINE_LANGUAGES, isEngineLanguage } from "~/voices/rules/voices";
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

const FIELD = "rounded-lg border border-input px-2 py-2 text-sm dark:bg-zinc-900";

export default function DefaultVoices() {
  const { query, voices, total } = useLoaderData<typeof loader>();
  const player = usePlayer();
  const submit = useSubmit();
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Voices</h1>
        <p className="text-sm text-muted-foreground">The premade voices, each speaking every language of the multilingual model. Preview one, then use it.</p>
      </div>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3" onChange={(e) => submit(e.currentTarget, { replace: true })}>
        <label className="min-w-48 flex-1 text-sm">
          <span className="mb-1 block text-xs text-muted-foreground">Search</span>
          <input type="search" name="search" defaultValue={query.search} placeholder="Name, accent, use…" className={`w-full ${FIELD}`} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block text-xs text-muted-foreground">Language</span>
          <select name="language" defaultValue={query.language} className={FIELD}>
            <option value="">All languages</option>
            {ENGINE_LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block text-xs text-muted-foreground">Gender</span>
          <select name="gender" defaultValue={query.gender} className={FIELD}>
            <option value="">Any</option>
            <option value="female">Female</option>
            <option value="male">Male</option>
          </select>
        </label>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      <p className="text-sm text-muted-foreground" data-testid="voice-count">{`${voices.length} of ${total} voices`}</p>
      {voices.length === 0 ? (
        <p className="text-sm">No voice matches. Try another language or fewer words.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Voices">
          {voices.map((voice) => (
            <li key={voice.voice_id} className="flex flex-col gap-2 rounded-2xl border border-border p-4" data-testid="voice-card">
              <div className="flex items-baseline justify-between gap-2">
                <h2 className="font-semibold">{voice.name}</h2>
                <span className="text-xs text-muted-foreground">{`${languageName(voice.language)} · ${voice.gender}`}</span>
              </div>
              <p className="flex-1 text-sm text-muted-foreground">{voice.description}</p>
              <div className="flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => void playVoicePreview(player, voice)}>
                  Preview<span className="sr-only">{` ${voice.name}`}</span>
                </Button>
                <Link to={`/app/speech-synthesis/text-to-speech?voice=${voice.voice_id}`} className={buttonClass("primary")}>
                  Use voice<span className="sr-only">{` ${voice.name}`}</span>
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
