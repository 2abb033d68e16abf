import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { FlagBadge, MarketingLayout } from "~/components/site-chrome";
import { LinkButton } from "~/components/ui";
import { PRODUCT_NAME } from "~/domain/brand";
import { findLandingPage, LANDING_PAGES, PUBLIC_PAGE_CACHE_CONTROL } from "~/domain/languages";
import { SIGN_UP_PATH } from "~/domain/navigation";

export async function loader({ params, request }: LoaderFunctionArgs) {
  const page = findLandingPage(params.slug ?? "");
  if (!page) throw new Response("Not Found", { status: 404 });
  return { page, canonical: new URL(`/languages/${page.audioSrc}`, request.url).toString() };
}

export const headers: HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: PRODUCT_NAME }];
  const title = `${data.page.name} text to speech · ${PRODUCT_NAME}`;
  const description = `Turn ${data.page.name} text into natural speech. ${data.page.feature1Description}`;
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: data.canonical },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: data.canonical },
    { property: "og:audio", content: `${data.canonical}/sample.mp3` },
  ];
};

/** A landing page per language and accent, with a pre-generated sample of its placeholder text. */
export default function LanguageLanding() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <MarketingLayout>
      <section className="mx-auto max-w-4xl space-y-6 px-4 py-16">
        <FlagBadge code={page.flag} />
        <h1 className="text-4xl font-bold tracking-tight">{page.name} text to speech</h1>
        <blockquote lang={page.language} className="rounded-2xl border border-zinc-200 p-5 text-lg dark:border-zinc-800" data-testid="placeholder-text">
          {page.placeholderText}
        </blockquote>
        <audio controls preload="none" src={`/languages/${page.audioSrc}/sample.mp3`} data-testid="landing-sample" className="w-full" />
        <p className="text-zinc-600 dark:text-zinc-400">{page.howToDescription}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {[
            [page.feature1Title, page.feature1Description],
            [page.feature2Title, page.feature2Description],
          ].map(([title, text]) => (
            <div key={title} className="rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800">
              <h2 className="font-semibold">{title}</h2>
              <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{text}</p>
            </div>
          ))}
        </div>
        <LinkButton to={SIGN_UP_PATH}>Try it free</LinkButton>
        <nav aria-label="Other languages" className="border-t border-zinc-200 pt-6 dark:border-zinc-800">
          <h2 className="mb-2 text-sm font-semibold">Other languages</h2>
          <ul className="flex flex-wrap gap-2 text-sm">
            {LANDING_PAGES.filter((p) => p.audioSrc !== page.audioSrc).map((p) => (
              <li key={p.audioSrc}>
                <Link to={`/languages/${p.audioSrc}`} className="rounded-full border border-zinc-200 px-3 py-1 hover:bg-zinc-50 dark:border-zinc-800 dark:hover:bg-zinc-900">
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
