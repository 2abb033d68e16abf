import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { FlagBadge, MarketingLayout } from "~/marketing/components/site-chrome";
import { TryItBox } from "~/marketing/components/try-it-box";
import { LinkButton } from "~/common/ui/button";
import { tryItVoiceChoices } from "~/voices/voices.server";
import { PRODUCT_NAME } from "../../core/brand";
import { findLandingPage, ALL_LANDING_PAGES as LANDING_PAGES } from "~/speech/rules/languages";
import { landingPath, publicMetaTags } from "~/marketing/rules/public-pages";
import { originFrom, publicHeaders } from "~/marketing/public-meta";
import { SIGN_UP_PATH } from "~/common/rules/navigation";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const page = findLandingPage(params.slug ?? "");
  if (!page) throw new Response("Not Found", { status: 404 });
  // The page's own voice first, then the language's others.
  const voices = await tryItVoiceChoices(context.cloudflare.env, page.language, page.voice_id);
  return { page, voices };
}

export const headers = publicHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: PRODUCT_NAME }];
  const path = landingPath(data.page.audioSrc);
  return publicMetaTags(
    {
      title: `${data.page.name} text to speech · ${PRODUCT_NAME}`,
      description: `Turn ${data.page.name} text into speech. ${data.page.feature1Description}`,
      path,
      audio: `${path}/sample.mp3`,
    },
    originFrom(matches),
  );
};

/** A landing page per language and accent, with a pre-generated sample of its placeholder text. */
export default function LanguageLanding() {
  const { page, voices } = useLoaderData<typeof loader>();
  return (
    <MarketingLayout>
      <section className="mx-auto max-w-4xl space-y-6 px-4 py-16">
        <FlagBadge code={page.flag} />
        <h1 className="text-4xl font-bold tracking-tight">{page.name} text to speech</h1>
        <blockquote lang={page.language} className="rounded-2xl border border-border p-5 text-lg" data-testid="placeholder-text">
          {page.placeholderText}
        </blockquote>
        <audio controls preload="none" src={`/languages/${page.audioSrc}/sample.mp3`} data-testid="landing-sample" className="w-full" />
        <p className="text-muted-foreground">{page.howToDescription}</p>
        {/* The try-it box speaks a voice in its own language: only a language with premade voices of its own has it. */}
        {voices.length > 0 && <TryItBox key={page.audioSrc} voices={voices} initialText={page.placeholderText} lang={page.language} />}
        <div className="grid gap-4 sm:grid-cols-2">
          {[
            [page.feature1Title, page.feature1Description],
            [page.feature2Title, page.feature2Description],
          ].map(([title, text]) => (
            <div key={title} className="rounded-2xl border border-border p-5">
              <h2 className="font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            </div>
          ))}
        </div>
        <LinkButton to={SIGN_UP_PATH}>Try it free</LinkButton>
        <nav aria-label="Other languages" className="border-t border-border pt-6">
          <h2 className="mb-2 text-sm font-semibold">Other languages</h2>
          <ul className="flex flex-wrap gap-2 text-sm">
            {LANDING_PAGES.filter((p) => p.audioSrc !== page.audioSrc).map((p) => (
              <li key={p.audioSrc}>
                <Link to={`/languages/${p.audioSrc}`} className="rounded-full border border-border px-3 py-1 hover:bg-zinc-50 dark:hover:bg-zinc-900">
                  <FlagBadge code={p.flag} /> {p.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </section>
    </MarketingLayout>
  );
}
