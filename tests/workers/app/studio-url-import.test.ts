import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { api, createKey, fetcherPost, signUp } from "./helpers";
import { importUrlProblem } from "../../../app/studio/server/url-import.server";

// A stand-in for the outside web site, only inside this test: the app worker runs in the test's isolate, so its
// outbound fetch to books.example is answered here; everything else goes on as usual.
const PAGES: Record<string, () => Response> = {
  "https://books.example/story": () => new Response(null, { status: 301, headers: { location: "/story.html" } }),
  "https://books.example/story.html": () => new Response("<html><body><h1>One</h1><p>The first page.</p><h1>Two</h1><p>The second page.</p></body></html>", { headers: { "content-type": "text/html; charset=utf-8" } }),
  "https://books.example/image.png": () => new Response("png", { headers: { "content-type": "image/png" } }),
};
const realFetch = globalThis.fetch;
beforeAll(() => {
  vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    return PAGES[url] ? Promise.resolve(PAGES[url]()) : realFetch(input, init);
  });
});
afterAll(() => vi.restoreAllMocks());

describe("Studio import from a URL", () => {
  it("reads an HTML page into chapters, following a redirect, and refuses what it cannot use", async () => {
    const cookie = await signUp("studio-url@example.com");
    const key = await createKey(cookie);
    const workspace = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
    await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active' WHERE id = ?").bind(workspace).run();
    const form = new FormData();
    form.append("name", "From the web");
    form.append("from_url", "https://books.example/story");
    const created = await api("/v1/studio/projects", { method: "POST", key, body: form });
    expect(created.status).toBe(200);
    const { project } = (await created.json()) as { project: { project_id: string } };
    const chapters = (await (await api(`/v1/studio/projects/${project.project_id}/chapters`, { key })).json()) as { chapters: { name: string }[] };
    expect(chapters.chapters.map((c) => c.name)).toEqual(["One", "Two"]);

    const image = new FormData();
    image.append("name", "Picture");
    image.append("from_url", "https://books.example/image.png");
    const refused = await api("/v1/studio/projects", { method: "POST", key, body: image });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { detail: { status: string } }).detail.status).toBe("unsupported_document");
  });

  it("creates a project from a page address on the Studio page's URL tab, and explains a refused address", async () => {
    const cookie = await signUp("studio-url-page@example.com");
    const created = await fetcherPost("/app/studio", { mode: "url", name: "Web story", url: "https://books.example/story" }, cookie);
    expect(created).toMatchObject({ status: 302, redirect: expect.stringMatching(/^\/app\/studio\/[A-Za-z0-9]{20}$/) });
    const projectId = (created as unknown as { redirect: string }).redirect.split("/").pop();
    const chapters = await env.DB.prepare("SELECT name FROM studio_chapters WHERE project_id = ? ORDER BY name").bind(projectId).all<{ name: string }>();
    expect(chapters.results.map((c) => c.name)).toEqual(["One", "Two"]);
    const refused = await fetcherPost("/app/studio", { mode: "url", name: "Web story", url: "file:///etc/passwd" }, cookie);
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({ error: "The URL must be a full http(s) URL." });
  });

  it("refuses private and loopback hosts in production only, and URLs that are not http(s)", () => {
    for (const url of ["http://127.0.0.1/a", "http://localhost:8787/", "http://10.1.2.3/", "http://[::1]/", "http://192.168.0.4/x", "http://intranet/"]) {
      expect(importUrlProblem(url, true)).toBe("from_url must point to a public host, not a private, loopback or local address.");
      expect(importUrlProblem(url, false)).toBeNull();
    }
    expect(importUrlProblem("https://books.example/story", true)).toBeNull();
    expect(importUrlProblem("file:///etc/passwd", false)).toBe("from_url must be a full http(s) URL.");
    expect(importUrlProblem("https://user:pw@books.example/", false)).toBe("from_url cannot carry a user name or password.");
  });
});
