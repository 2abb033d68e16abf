import { PRODUCT_NAME } from "../../../core/brand";
import { ALL_LANDING_PAGES } from "~/speech/rules/languages";
import { MARKETING_PAGES } from "~/common/rules/navigation";

/** Public pages may be kept by the edge and browsers; a new deploy shows within the hour, stale for a day. */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=300, s-maxage=3600, stale-while-revalidate=86400";

export function landingPath(slug: string): string {
  return `/languages/${slug}`;
}

/** Every public page, for sitemap.xml: the home page, the marketing pages that exist, every language page. */
export function publicPaths(): string[] {
  return ["/", ...MARKETING_PAGES.map((page) => page.to), ...ALL_LANDING_PAGES.map((page) => landingPath(page.audioSrc))];
}

export type PublicPageMeta = { title: string; description: string; path: string; image?: string; audio?: string };

/** Title, description, canonical URL, Open Graph and Twitter tags of a public page. */
export function publicMetaTags(page: PublicPageMeta, origin: string) {
  const url = new URL(page.path, origin).toString();
  const tags: Record<string, string>[] = [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: PRODUCT_NAME },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: new URL(page.image ?? "/og-image.jpg", origin).toString() },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
  ];
  if (page.audio) tags.push({ property: "og:audio", content: new URL(page.audio, origin).toString() });
  return tags;
}

export function sitemapXml(origin: string, paths: string[]): string {
  const urls = paths.map((path) => `  <url><loc>${new URL(path, origin).toString()}</loc></url>`).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Crawlers may read the public site, not the app, the API or share links (those are for their recipients). */
export function robotsTxt(origin: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /app/", "Disallow: /v1/", "Disallow: /share/", "Disallow: /dev/", `Sitemap: ${new URL("/sitemap.xml", origin).toString()}`, ""].join("\n");
}
