import { Hono } from "hono";
import { LANDING_PAGES } from "~/domain/languages";
import { MARKETING_PAGES } from "~/domain/navigation";
import { landingSample } from "~/lib/landing-samples.server";

/** Public, cacheable resources of the marketing site that are not pages: samples, sitemap, robots. */
export const publicSite = new Hono<{ Bindings: Env }>();

publicSite.get("/languages/:slug/sample.mp3", async (c) => {
  const object = await landingSample(c.env, c.req.param("slug"));
  if (!object) return c.text("Not found", 404);
  return new Response(object.body, { headers: { "content-type": "audio/mpeg", etag: object.httpEtag, "cache-control": "public, max-age=86400, s-maxage=604800" } });
});

publicSite.get("/sitemap.xml", (c) => {
  const origin = new URL(c.req.url).origin;
  const paths = ["/", "/text-to-speech", ...MARKETING_PAGES.map((p) => p.to), ...LANDING_PAGES.map((p) => `/languages/${p.audioSrc}`)];
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[...new Set(paths)].map((p) => `  <url><loc>${origin}${p}</loc></url>`).join("\n")}\n</urlset>\n`;
  return c.body(body, 200, { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" });
});

publicSite.get("/robots.txt", (c) => {
  const origin = new URL(c.req.url).origin;
  return c.text(`User-agent: *\nAllow: /\nDisallow: /app/\nDisallow: /v1/\nDisallow: /dev/\nSitemap: ${origin}/sitemap.xml\n`, 200, { "cache-control": "public, max-age=86400" });
});
