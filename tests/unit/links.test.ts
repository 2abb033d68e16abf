// No page links to something that answers 404: every internal link in app/ is checked against the Remix
// routes (app/routes, flat-route file names) and the paths the app worker answers itself.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { APP_SECTIONS, MARKETING_PAGES, SIGN_IN_PATH, SIGN_UP_PATH } from "../../app/common/rules/navigation";
import { achievableChecklistItems, CHECKLIST_ITEMS } from "../../app/accounts/rules/onboarding";
import { SOURCE_ARCHIVE_PATH } from "../../core/brand";

const root = fileURLToPath(new URL("../..", import.meta.url));

function files(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [join(dir, entry.name)] : [],
  );
}

/** `app.subscription_.invoices.$invoiceId.tsx` → `/app/subscription/invoices/:invoiceId`; null for the 404 splat. */
function routePath(file: string): string | null {
  const name = file.replace(/\.tsx?$/, "");
  if (name === "$") return null;
  const segments = name
    .split(".")
    .filter((s) => s !== "_index" && !s.startsWith("_"))
    .map((s) => s.replace(/_$/, "").replace(/^\$/, ":"));
  return "/" + segments.join("/");
}

const PAGES = readdirSync(join(root, "app/routes")).map(routePath).filter((p): p is string => p !== null);
/** What the app worker (and the front door's other workers) answer besides the pages. */
const OTHER_PATHS = ["/openapi.json", "/sitemap.xml", "/robots.txt", SOURCE_ARCHIVE_PATH, "/languages/:slug/sample.mp3", "/v1/*", "/share/*"];

function exists(link: string): boolean {
  const path = link.split(/[?#]/)[0]!.replace(/\/$/, "") || "/";
  const parts = path.split("/");
  return [...PAGES, ...OTHER_PATHS].some((pattern) => {
    const expected = pattern.split("/");
    if (expected.at(-1) === "*") return path.startsWith(pattern.slice(0, -1));
    return expected.length === parts.length && expected.every((segment, i) => segment === parts[i] || (segment.startsWith(":") && parts[i] !== ""));
  });
}

/** Literal links in the source: to="/x", href="/x", action="/x", redirect("/x"), with `${...}` as a parameter. */
function literalLinks(): { file: string; link: string }[] {
  const found: { file: string; link: string }[] = [];
  const pattern = /(?:\b(?:to|href|action)=\{?|\bredirect\(|\bnavigate\()\s*(["'`])(\/[^"'`]*)\1/g;
  for (const file of files("app")) {
    const source = readFileSync(join(root, file), "utf8");
    for (const match of source.matchAll(pattern)) found.push({ file: relative(root, join(root, file)), link: match[2]!.replace(/\$\{[^}]*\}/g, ":x") });
  }
  return found;
}

describe("internal links", () => {
  it("finds the pages of app/routes", () => {
    expect(PAGES).toEqual(expect.arrayContaining(["/", "/pricing", "/app/speech-synthesis/text-to-speech/history", "/app/subscription/invoices/:invoiceId", "/app/sign-in", "/languages/:slug"]));
  });

  it("every literal link in app/ leads to a page or a path the worker answers", () => {
    const links = literalLinks();
    expect(links.length).toBeGreaterThan(15);
    expect(links.filter(({ link }) => !exists(link))).toEqual([]);
  });

  it("the navigation, sign-in and sign-up, and the source archive lead somewhere", () => {
    const linked = [...MARKETING_PAGES, ...APP_SECTIONS].map((l) => l.to);
    expect([...linked, SIGN_IN_PATH, SIGN_UP_PATH, SOURCE_ARCHIVE_PATH].filter((link) => !exists(link))).toEqual([]);
  });

  it("the onboarding checklist shows exactly the items whose landing page exists, each linked to it", () => {
    // app/routes/app.onboarding-checklist.tsx shows achievableChecklistItems of the app's sections.
    const shown = achievableChecklistItems(APP_SECTIONS.map((s) => s.to));
    for (const item of shown) expect(exists(item.landing), item.landing).toBe(true);
    // Every item whose page is built is shown; the rest are not, and have no page.
    for (const item of CHECKLIST_ITEMS.filter((i) => !shown.includes(i))) expect(exists(item.landing), item.landing).toBe(false);
    expect(shown.map((i) => i.id)).toEqual(expect.arrayContaining(["generate_text_to_speech", "generate_api_key", "create_dub"]));
  });

  it("a capability that is not built is not a page", () => {
    // The spec's public paths this build has no page for (blog, careers, customers, enterprise, use cases).
    for (const path of ["/blog", "/careers", "/customers", "/enterprise", "/use-cases/podcasts"]) expect(exists(path), path).toBe(false);
  });
});
