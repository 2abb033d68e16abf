import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signUp } from "./helpers";

describe("app worker", () => {
  it("renders the marketing home page with a request id", async () => {
    const response = await SELF.fetch("https://parlance.test/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const html = await response.text();
    expect(html).toContain("Voice AI you can run anywhere");
    expect(html).toContain('href="/app/sign-up"');
    expect(html).toContain('href="/terms"');
  });

  it("uses the request id and CSP nonce the edge passed on", async () => {
    const response = await SELF.fetch("https://parlance.test/", {
      headers: { "x-parlance-request-id": "req-from-edge", "x-parlance-csp-nonce": "abc123nonce" },
    });
    expect(response.headers.get("request-id")).toBe("req-from-edge");
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain('nonce="abc123nonce"');
  });

  it("answers unknown pages with the HTML 404 page", async () => {
    const response = await SELF.fetch("https://parlance.test/no/such/page");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(await response.text()).toContain("Page not found");
  });

  it("answers unknown API paths with a JSON 404 in the commercial API's shape", async () => {
    const response = await SELF.fetch("https://parlance.test/v1/no-such-thing", { method: "POST" });
    expect(response.status).toBe(404);
    expect(response.headers.get("request-id")).toBeTruthy();
    const body = (await response.json()) as { detail: { status: string; message: string } };
    expect(body.detail.status).toBe("not_found");
    expect(body.detail.message).toContain("/v1/no-such-thing");
  });

  it("sends signed-out visitors of /app to sign-in, coming back afterwards", async () => {
    const response = await SELF.fetch("https://parlance.test/app/home?x=1", { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/app/sign-in?redirect=%2Fapp%2Fhome%3Fx%3D1");
  });

  it("renders the /app shell with the player slot", async () => {
    const cookie = await signUp("shell@example.com");
    const response = await SELF.fetch("https://parlance.test/app/home", { headers: { cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('data-testid="global-player-slot"');
    expect(html).toContain('aria-label="App"');
  });

  it("runs on the migrated D1 schema", async () => {
    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>();
    expect(tables.results.map((t) => t.name)).toEqual(expect.arrayContaining(["users", "workspaces", "workspace_members", "sessions"]));
  });
});

describe("API description", () => {
  it("serves /openapi.json generated from the route schemas", async () => {
    const doc = (await (await SELF.fetch("https://parlance.test/openapi.json")).json()) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, { maxLength?: number }> } }> } }>>;
    };
    expect(doc.openapi).toBe("3.1.0");
    const tts = doc.paths["/v1/text-to-speech/{voice_id}"]!.post!;
    expect(tts.requestBody!.content["application/json"]!.schema.properties.text!.maxLength).toBe(10000);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/v1/history", "/v2/voices", "/v1/models"]));
  });

  it("renders the readable reference at /api", async () => {
    const html = await (await SELF.fetch("https://parlance.test/api")).text();
    expect(html).toContain("API reference");
    expect(html).toContain("/v1/text-to-speech/{voice_id}");
  });
});

describe("public site", () => {
  it("renders language landing pages with a sample generated once into R2, cacheable at the edge", async () => {
    const response = await SELF.fetch("https://parlance.test/languages/british-accent");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("stale-while-revalidate");
    const html = await response.text();
    expect(html).toContain("British English text to speech");
    expect(html).toContain('rel="canonical" href="https://parlance.test/languages/british-accent"');
    expect(html).toContain('href="/languages/german"');
    expect((await SELF.fetch("https://parlance.test/languages/no-such-language")).status).toBe(404);

    expect(await env.MEDIA.head("landing-samples/german.mp3")).toBeNull();
    const sample = await SELF.fetch("https://parlance.test/languages/german/sample.mp3");
    expect(sample.status).toBe(200);
    expect(sample.headers.get("content-type")).toBe("audio/mpeg");
    expect((await sample.arrayBuffer()).byteLength).toBeGreaterThan(10000);
    expect(await env.MEDIA.head("landing-samples/german.mp3")).not.toBeNull();
  });

  it("publishes a sitemap and robots.txt", async () => {
    const sitemap = await (await SELF.fetch("https://parlance.test/sitemap.xml")).text();
    expect(sitemap).toContain("<loc>https://parlance.test/languages/spanish-castilian-accent</loc>");
    expect(sitemap).toContain("<loc>https://parlance.test/text-to-speech</loc>");
    const robots = await (await SELF.fetch("https://parlance.test/robots.txt")).text();
    expect(robots).toContain("Disallow: /app/");
    expect(robots).toContain("Sitemap: https://parlance.test/sitemap.xml");
  });
});
