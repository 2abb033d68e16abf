import { describe, expect, it } from "vitest";
import { ALL_LANDING_PAGES as LANDING_PAGES } from "~/speech/rules/languages";
import { publicMetaTags, publicPaths, robotsTxt, sitemapXml } from "./public-pages";

describe("public pages", () => {
  it("lists the home page, the marketing pages and every language page once", () => {
    const paths = publicPaths();
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain("/");
    expect(paths).toContain("/pricing");
    expect(paths).toContain("/sound-effects");
    for (const page of LANDING_PAGES) expect(paths).toContain(`/languages/${page.audioSrc}`);
    // Capabilities that do not exist are not public pages.
    expect(paths).toContain("/voice-isolator");
    expect(paths).toContain("/voice-cloning");
    expect(paths).toContain("/voice-changer");
    expect(paths).toContain("/studio");
    expect(paths).toContain("/dubbing");
  });

  it("writes a sitemap of absolute URLs and a robots.txt that points to it", () => {
    const xml = sitemapXml("https://parlance.example", ["/", "/about"]);
    expect(xml).toContain("<loc>https://parlance.example/</loc>");
    expect(xml).toContain("<loc>https://parlance.example/about</loc>");
    const robots = robotsTxt("https://parlance.example");
    expect(robots).toContain("Disallow: /app/");
    expect(robots).toContain("Disallow: /share/");
    expect(robots).toContain("Sitemap: https://parlance.example/sitemap.xml");
  });

  it("gives each page a canonical URL and Open Graph tags", () => {
    const tags = publicMetaTags({ title: "T", description: "D", path: "/about", audio: "/a.mp3" }, "https://parlance.example");
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://parlance.example/about" });
    expect(tags).toContainEqual({ property: "og:url", content: "https://parlance.example/about" });
    expect(tags).toContainEqual({ property: "og:audio", content: "https://parlance.example/a.mp3" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });
});
