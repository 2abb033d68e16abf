import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PUBLIC_PAGE_CACHE_CONTROL, publicPaths } from "../../../app/marketing/rules/public-pages";
import { PRODUCT_NAME } from "../../../core/brand";
import { mainMarketingPages, SIGN_IN_PATH } from "../../../app/common/rules/navigation";
import { ORIGIN, signUp } from "./helpers";

const NONCE = { "x-parlance-csp-nonce": "fixednonce" };

describe("public site: cacheable at the edge, the same for everyone", () => {
  it.each(publicPaths())("%s is public, cacheable, and carries canonical and Open Graph tags", async (path) => {
    const response = await SELF.fetch(ORIGIN + path, { headers: NONCE });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
    expect(response.headers.has("set-cookie")).toBe(false);
    const html = await response.text();
    expect(html).toContain(`<link rel="canonical" href="${new URL(path, ORIGIN).toString()}"/>`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"\/>/);
    expect(html).toMatch(/<title>[^<]+<\/title>/);
  });

  it("renders a public page identically for a signed-in visitor: nothing of theirs can enter the cache", async () => {
    const email = "cache-leak@example.com";
    const cookie = await signUp(email);
    for (const path of ["/", "/pricing", "/languages/english"]) {
      const anonymous = await (await SELF.fetch(ORIGIN + path, { headers: NONCE })).text();
      const signedIn = await SELF.fetch(ORIGIN + path, { headers: { ...NONCE, cookie } });
      expect(signedIn.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
      const html = await signedIn.text();
      expect(html).not.toContain(email);
      expect(html).toBe(anonymous);
    }
  });

  it("marks app pages personal, never cacheable", async () => {
    const cookie = await signUp("private-pages@example.com");
    for (const path of ["/app/home", "/app/settings"]) {
      const response = await SELF.fetch(ORIGIN + path, { headers: { cookie }, redirect: "manual" });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    expect((await SELF.fetch(`${ORIGIN}/app/sign-in`)).headers.get("cache-control")).toBe("private, no-store");
  });

  it("serves sitemap.xml with every public page, and robots.txt pointing to it", async () => {
    const sitemap = await SELF.fetch(`${ORIGIN}/sitemap.xml`);
    expect(sitemap.headers.get("content-type")).toContain("application/xml");
    const xml = await sitemap.text();
    for (const path of publicPaths()) expect(xml).toContain(`<loc>${new URL(path, ORIGIN).toString()}</loc>`);
    const robots = await (await SELF.fetch(`${ORIGIN}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(robots).toContain("Disallow: /app/");
  });

  it("/sound-effects is a public page that says its engine is procedural audio", async () => {
    const response = await SELF.fetch(`${ORIGIN}/sound-effects`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("not a generative model");
  });

  it("/voice-isolator is a public page that says which engine it runs", async () => {
    const response = await SELF.fetch(`${ORIGIN}/voice-isolator`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("RNNoise");
  });

  it("/voice-cloning is a public page that says what the embedded clone matches", async () => {
    const response = await SELF.fetch(`${ORIGIN}/voice-cloning`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("not the voice itself");
  });

  it("/voice-changer is a public page that says its method and limits", async () => {
    const response = await SELF.fetch(`${ORIGIN}/voice-changer`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("not a neural voice model");
  });

  it("/studio describes Studio with the audiobook store's loudness range from the rules", async () => {
    const response = await SELF.fetch(`${ORIGIN}/studio`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/-23(<!-- -->)? to (<!-- -->)?-18(<!-- -->)? dB RMS/);
    expect(html).toContain("espeak-ng formant synthesis");
  });

  it("/dubbing is a public page naming its engines and the languages this deployment dubs into", async () => {
    const response = await SELF.fetch(`${ORIGIN}/dubbing`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("PocketSphinx");
    // The languages come from the engine catalog: the embedded translator and speech engine reach Spanish.
    expect(html).toMatch(/From (<!-- -->)?English[^<]*(<!-- -->)? \(or detected automatically\) into (<!-- -->)?[^<]*Spanish/);
  });

  it("the header lists the main pages in the served HTML twice: the wide screens' nav and the phones' <details> menu, which needs no script", async () => {
    const html = await (await SELF.fetch(`${ORIGIN}/pricing`, { headers: NONCE })).text();
    const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
    const navs = [...header.matchAll(/<nav aria-label="Main"[^>]*>(.*?)<\/nav>/g)].map((nav) => [...nav[1].matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((a) => [a[1], a[2]]));
    const expected = mainMarketingPages().map((page) => [page.to, page.label]);
    // The phones' menu also holds "Sign in", which the header itself shows only on wide screens.
    expect(navs).toEqual([expected, [...expected, [SIGN_IN_PATH, "Sign in"]]]);
    expect(header).toMatch(/<details[^>]*data-testid="site-menu"[^>]*><summary aria-label="Menu"/);
    expect(header).toMatch(/<a [^>]*aria-current="page"[^>]*href="\/pricing"|<a [^>]*href="\/pricing"[^>]*aria-current="page"/);
  });

  it.each(["/app/sign-in", "/app/sign-up", "/app/reset-password"])("%s has no site header; its logo and 'Back to home' lead home", async (path) => {
    const html = await (await SELF.fetch(ORIGIN + path, { headers: NONCE })).text();
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*data-testid="back-to-home"|<a [^>]*data-testid="back-to-home"[^>]*href="\/"/);
    expect(html).toMatch(new RegExp(`<a [^>]*href="/"[^>]*>(?:(?!</a>).)*${PRODUCT_NAME}</span></a>`));
    expect(html).not.toContain('data-testid="site-menu"');
  });
});
