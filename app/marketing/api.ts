import { Hono } from "hono";
import { PUBLIC_PAGE_CACHE_CONTROL, publicPaths, robotsTxt, sitemapXml } from "~/marketing/rules/public-pages";
import { landingSample } from "~/marketing/server/landing-samples.server";

/** Public, cacheable resources of the marketing site that are not pages: samples, sitemap, robots. */
export const publicSite = new Hono<{ Bindings: Env }>();

publicSite.get("/languages/:slug/sample.mp3", async (c) => {
  const object = await landingSample(c.env, c.req.param("slug"));
  if (!object) return c.text("Not found", 404);
  return new Response(object.body, { headers: { "content-type": "audio/mpeg", etag: object.httpEtag, "cache-control": "public, max-age=86400, s-maxage=604800" } });
});

publicSite.get("/sitemap.xml", (c) =>
  c.body(sitemapXml(new URL(c.req.url).origin, publicPaths()), 200, { "content-type": "application/xml; charset=utf-8", "cache-control": PUBLIC_PAGE_CACHE_CONTROL }),
);

publicSite.get("/robots.txt", (c) => c.text(robotsTxt(new URL(c.req.url).origin), 200, { "cache-control": PUBLIC_PAGE_CACHE_CONTROL }));
