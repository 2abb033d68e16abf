// The dubbing studio editor's "add a target language" (decision 0068): /app/dubbing/{id}'s action, posted as the
// form posts it without JavaScript and as Remix's fetch posts it with. The language is translated (here by the
// LibreTranslate stand-in vitest.config.ts configures, which takes en, de, fr, es, it, pt), spoken, charged once and
// rendered; refusals charge and keep nothing; another workspace's dub is not found.
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { dubbingCredits } from "../../../core/dubbing/dub-rules";
import { api, createKey, fetcherPost, form, ORIGIN, signUp } from "./helpers";
import { seedFinishedDub } from "./dubbing-clip";

let cookie = "";
let key = "";
let workspaceId = "";
let dubId = "";

const charged = async () => (await env.DB.prepare("SELECT character_count AS n FROM workspaces WHERE id = ?").bind(workspaceId).first<{ n: number }>())!.n;
const dubbingEvents = async () => (await env.DB.prepare("SELECT count(*) AS n FROM usage_events WHERE workspace_id = ? AND model_id = 'dubbing'").bind(workspaceId).first<{ n: number }>())!.n;
const page = async (path: string, as = cookie) => SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie: as } });
const mediaUnder = async (language: string) => (await env.MEDIA.list({ prefix: `dubs/${workspaceId}/${dubId}/${language}/` })).objects.length;
type Dub = { target_languages: string[]; targets: Record<string, { audio: string }> };

beforeAll(async () => {
  cookie = await signUp("dub-editor@example.com");
  key = await createKey(cookie);
  workspaceId = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
  await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 30000 WHERE id = ?").bind(workspaceId).run();
  dubId = await seedFinishedDub(workspaceId);
}, 60_000);

describe("adding a target language in the dubbing studio editor", () => {
  it("offers the languages a translation engine reaches from the source, less those the dub has", async () => {
    const html = await (await page(`/app/dubbing/${dubId}`)).text();
    expect(html).toContain('data-testid="studio-add-language-select"');
    expect(html).toContain('<option value="fr">French</option>');
    expect(html).not.toContain('<option value="es">');
    expect(html).not.toContain('<option value="en">');
    // Filipino is a dubbing language espeak-ng has no voice for: never offered.
    expect(html).not.toContain('<option value="fil">');
    expect(html).toMatch(/Add \([\d,]+ credits\)/);
  });

  it("adds French from the plain form: translated, spoken, charged once, rendered, then shown in the language switch", async () => {
    const before = await charged();
    const events = await dubbingEvents();
    const init = form({ intent: "add-language", language: "fr" });
    const posted = await SELF.fetch(`${ORIGIN}/app/dubbing/${dubId}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
    expect(posted.status).toBe(302);
    const location = posted.headers.get("location")!;
    expect(location).toBe(`/app/dubbing/${dubId}?language=fr&added=1`);

    // Every line (2.5 s + 2.5 s) dubbed once in one language: one charge.
    expect(await charged()).toBe(before + dubbingCredits(5));
    expect(await dubbingEvents()).toBe(events + 1);

    const dub = (await (await api(`/v1/dubbing/${dubId}`, { key })).json()) as Dub;
    expect(dub.target_languages).toEqual(["es", "fr"]);
    expect(dub.targets.fr).toMatchObject({ audio: `/v1/dubbing/${dubId}/audio/fr` });
    expect(await (await api(`/v1/dubbing/project/${dubId}/language/fr`, { key })).json()).toMatchObject({ status: "completed", output_revision: expect.any(Number) });
    const audio = await api(`/v1/dubbing/${dubId}/audio/fr`, { key });
    expect([audio.status, audio.headers.get("content-type")]).toEqual([200, "audio/mpeg"]);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(10_000);

    const html = await (await page(location)).text();
    expect(html).toContain("French added: every line translated, spoken and rendered.");
    expect(html).toMatch(/aria-current="page"[^>]*>French</);
    expect(html).toContain("[fr] the weather today is sunny and warm in the city");
    expect(html).toContain(`/v1/dubbing/${dubId}/audio/fr?format=audio`);
    // Added once: French is no longer offered.
    expect(html).not.toContain('<option value="fr">');
  }, 120_000);

  it("refuses a language the dub has, one no engine reaches, an unknown code and an empty choice, charging and keeping nothing", async () => {
    const before = await charged();
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "add-language", language: "fr" }, 409, "The dub already has French."],
      [{ intent: "add-language", language: "es" }, 409, "The dub already has Spanish."],
      // Spoken by espeak-ng, but the configured translation server does not take the pair.
      [{ intent: "add-language", language: "hu" }, 422, "could not translate English into Hungarian"],
      [{ intent: "add-language", language: "fil" }, 422, "does not speak Filipino"],
      [{ intent: "add-language", language: "xx" }, 400, "xx is not a language code dubbing knows"],
      [{ intent: "add-language", language: "" }, 400, "Choose a language to add."],
      [{ intent: "render", language: "de" }, 400, "Unknown action."],
    ];
    for (const [fields, status, message] of cases) {
      const refused = await fetcherPost(`/app/dubbing/${dubId}`, fields, cookie);
      expect([refused.status, (refused.data as { error: string }).error]).toEqual([status, expect.stringContaining(message)]);
    }
    expect(await charged()).toBe(before);
    expect(await mediaUnder("hu")).toBe(0);
  }, 60_000);

  it("refuses out of credits with how many it needs: nothing charged, nothing added, no lines or track left behind", async () => {
    await env.DB.prepare("UPDATE workspaces SET character_limit = character_count + 10 WHERE id = ?").bind(workspaceId).run();
    const before = await charged();
    const events = await dubbingEvents();
    const refused = await fetcherPost(`/app/dubbing/${dubId}`, { intent: "add-language", language: "de" }, cookie);
    expect(refused.status).toBe(401);
    expect((refused.data as { error: string }).error).toMatch(/^Dubbing these lines needs \d+ credits; 10 remain\.$/);
    expect([await charged(), await dubbingEvents()]).toEqual([before, events]);
    expect(((await (await api(`/v1/dubbing/${dubId}`, { key })).json()) as Dub).target_languages).toEqual(["es", "fr"]);
    expect(await mediaUnder("de")).toBe(0);
    await env.DB.prepare("UPDATE workspaces SET character_limit = 30000 WHERE id = ?").bind(workspaceId).run();
  }, 60_000);

  it("answers another workspace 404, on the page and the action, and adds nothing", async () => {
    const other = await signUp("dub-editor-other@example.com");
    expect((await page(`/app/dubbing/${dubId}`, other)).status).toBe(404);
    const init = form({ intent: "add-language", language: "de" });
    // As the form posts it without JavaScript (the page) and with it (Remix's .data fetch).
    for (const path of [`/app/dubbing/${dubId}`, `/app/dubbing/${dubId}.data`]) {
      expect((await SELF.fetch(`${ORIGIN}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: other } })).status).toBe(404);
    }
    expect(((await (await api(`/v1/dubbing/${dubId}`, { key })).json()) as Dub).target_languages).toEqual(["es", "fr"]);
  }, 60_000);
});
