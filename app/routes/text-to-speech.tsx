import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { FlagBadge, MarketingLayout } from "~/marketing/components/site-chrome";
import { LinkButton } from "~/common/ui/button";
import { PRODUCT_NAME } from "../../core/brand";
import { publicHeaders, publicMeta } from "~/marketing/public-meta";
import { ALL_LANDING_PAGES as LANDING_PAGES, LANGUAGES } from "~/speech/rules/languages";
import { SIGN_UP_PATH } from "~/common/rules/navigation";
import { BUILT_IN_VOICES } from "~/marketing/rules/speech-claims";
import { premadeVoiceCount } from "~/voices/voices.server";

export const headers = publicHeaders;

export const meta = publicMeta({ title: `Text to speech · ${PRODUCT_NAME}`, description: `Text to speech in ${LANDING_PAGES.length} languages and accents, in the browser or through the API.`, path: "/text-to-speech" });

export async function loader({ context }: LoaderFunctionArgs) {
  return { voiceCount: await premadeVoiceCount(context.cloudflare.env) };
}

export default function TextToSpeechLanding() {
  const { voiceCount } = useLoaderData<typeof loader>();
  return (
    <MarketingLayout>
      <section className="mx-auto max-w-4xl space-y-6 px-4 py-16">
        <h1 className="text-4xl font-bold tracking-tight">Text to speech</h1>
        <p className="text-lg text-muted-foreground">
          {voiceCount} voices, each speaking any of {LANGUAGES.length} languages, streaming as they speak, with character-level timestamps, a speech history and a public API.
        </p>
        <p className="text-muted-foreground">{BUILT_IN_VOICES}</p>
        <LinkButton to={SIGN_UP_PATH}>Start for free</LinkButton>
        <h2 className="pt-6 text-xl font-semibold">Languages and accents</h2>
        <ul className="grid gap-2 sm:grid-cols-2">
          {LANDING_PAGES.map((page) => (
            <li key={page.audioSrc}>
              <Link to={`/languages/${page.audioSrc}`} className="block rounded-xl border border-border px-4 py-3 hover:bg-zinc-50 dark:hover:bg-zinc-900">
                <FlagBadge code={page.flag} /> {page.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </MarketingLayout>
  );
}
