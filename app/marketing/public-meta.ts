import type { HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { PUBLIC_PAGE_CACHE_CONTROL, publicMetaTags, type PublicPageMeta } from "~/marketing/rules/public-pages";

/** The site's origin as the root loader saw it, so canonical and Open Graph URLs are absolute. */
export function originFrom(matches: { id: string; data?: unknown }[]): string {
  const root = matches.find((match) => match.id === "root")?.data as { origin?: string } | undefined;
  return root?.origin ?? "http://localhost";
}

/** The meta function of a public page with fixed texts. */
export function publicMeta(page: PublicPageMeta): MetaFunction {
  return ({ matches }) => publicMetaTags(page, originFrom(matches));
}

/** Public pages are the same for everyone: the edge and browsers may keep them. */
export const publicHeaders: HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });
