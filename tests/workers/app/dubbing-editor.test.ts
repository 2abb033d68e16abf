// The dubbing studio editor's "add a target language" (decision 0068), typing a language's translations and
// removing a language (decision 0072): /app/dubbing/{id}'s action, posted as the
// form posts it without JavaScript and as Remix's fetch posts it with. The language is translated (here by the
// LibreTranslate stand-in vitest.config.ts configures, which takes en, de, fr, es, it, pt), spoken, charged once and
// rendered; refusals charge and keep nothing; another workspace's dub is not found.
import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { dubbingCredits } from "../../../core/dubbing/dub-rules";
import { MAX_LINE_CHARACTERS, STUDIO_TEXTS, TYPED_LINE_FIELD } from "../../../app/dubbing/rules/studio";
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

describe("typing a language's translations in the dubbing studio editor (decision 0072)", () => {
  const typed = { [`${TYPED_LINE_FIELD}seg_0`]: "il tempo oggi è soleggiato e caldo in città", [`${TYPED_LINE_FIELD}seg_1`]: "voglio visitare la vecchia casa vicino al fiume" };
  const post = (fields: Record<string, string>, as = cookie) => fetcherPost(`/app/dubbing/${dubId}`, fields, as);

  // Italian: any language the engine speaks may be typed (the embedded engine's six bundled dictionaries are what
  // this pool has; the editor offers typing for those no translator reaches, tested in tests/e2e/dubbing.test.ts).
  it("opens a box for every line under ?type=, for a language the engine speaks and the dub lacks only", async () => {
    const html = await (await page(`/app/dubbing/${dubId}?type=it`)).text();
    expect(html).toContain('data-testid="studio-type-language"');
    expect(html).toContain("Type the Italian translations");
    expect(html).toContain(`name="${TYPED_LINE_FIELD}seg_0"`);
    expect(html).toContain(`name="${TYPED_LINE_FIELD}seg_1"`);
    expect(html).toMatch(/Dub Italian \([\d,]+ credits\)/);
    // A language the dub has, one espeak-ng cannot speak, an unknown code: no form.
    for (const code of ["es", "fr", "en", "fil", "xx"]) expect(await (await page(`/app/dubbing/${dubId}?type=${code}`)).text()).not.toContain('data-testid="studio-type-language"');
  }, 60_000);

  it("refuses a missing, empty, unknown or over-long line and a language it cannot take, keeping what was typed and charging nothing", async () => {
    const before = await charged();
    const intent = { intent: "add-typed-language" };
    const cases: [Record<string, string>, number, string][] = [
      [{ ...intent, language: "it", [`${TYPED_LINE_FIELD}seg_0`]: "solo una riga" }, 400, "missing seg_1"],
      [{ ...intent, language: "it", ...typed, [`${TYPED_LINE_FIELD}seg_1`]: "   " }, 400, STUDIO_TEXTS.typeEveryLine],
      [{ ...intent, language: "it" }, 400, STUDIO_TEXTS.typeEveryLine],
      [{ ...intent, language: "it", ...typed, [`${TYPED_LINE_FIELD}seg_9`]: "nessuna" }, 400, "no segment seg_9"],
      [{ ...intent, language: "it", ...typed, [`${TYPED_LINE_FIELD}seg_0`]: "a".repeat(MAX_LINE_CHARACTERS + 1) }, 400, "at most"],
      [{ ...intent, language: "", ...typed }, 400, "Choose a language."],
      [{ ...intent, language: "fr", ...typed }, 409, "The dub already has French."],
      [{ ...intent, language: "fil", ...typed }, 422, "does not speak Filipino"],
      [{ ...intent, language: "xx", ...typed }, 400, "xx is not a language code dubbing knows"],
    ];
    for (const [fields, status, message] of cases) {
      const refused = await post(fields);
      const data = refused.data as { error: string; intent: string };
      expect([refused.status, data.error, data.intent]).toEqual([status, expect.stringContaining(message), "add-typed-language"]);
    }
    // What was typed comes back, so the form keeps it.
    const kept = await post({ ...intent, language: "it", [`${TYPED_LINE_FIELD}seg_0`]: "solo una riga" });
    expect((kept.data as { lines: Record<string, string> }).lines).toEqual({ seg_0: "solo una riga" });
    expect(await charged()).toBe(before);
    expect(await mediaUnder("it")).toBe(0);
    expect(((await (await api(`/v1/dubbing/${dubId}`, { key })).json()) as Dub).target_languages).toEqual(["es", "fr"]);
  }, 60_000);

  it("adds Italian from the typed lines as the form posts them: spoken, charged once, rendered, shown", async () => {
    const before = await charged();
    const init = form({ intent: "add-typed-language", language: "it", ...typed });
    const posted = await SELF.fetch(`${ORIGIN}/app/dubbing/${dubId}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
    expect(posted.status).toBe(302);
    const location = posted.headers.get("location")!;
    expect(location).toBe(`/app/dubbing/${dubId}?language=it&added=typed`);
    expect(await charged()).toBe(before + dubbingCredits(5));
    const transcript = (await (await api(`/v1/dubbing/project/${dubId}/language/it/transcript`, { key })).json()) as { segments: { translation: string | null }[] };
    expect(transcript.segments.map((s) => s.translation)).toEqual([typed[`${TYPED_LINE_FIELD}seg_0`], typed[`${TYPED_LINE_FIELD}seg_1`]]);
    const audio = await api(`/v1/dubbing/${dubId}/audio/it`, { key });
    expect([audio.status, audio.headers.get("content-type")]).toEqual([200, "audio/mpeg"]);
    await audio.arrayBuffer();
    const html = await (await page(location)).text();
    expect(html).toContain(STUDIO_TEXTS.typedLanguageAdded("Italian"));
    expect(html).toMatch(/aria-current="page"[^>]*>Italian</);
  }, 120_000);
});

describe("removing a target language in the dubbing studio editor (decision 0072)", () => {
  const post = (fields: Record<string, string>, as = cookie) => fetcherPost(`/app/dubbing/${dubId}`, fields, as);
  const languages = async () => ((await (await api(`/v1/dubbing/${dubId}`, { key })).json()) as Dub).target_languages;

  it("offers Remove for the shown language, and the confirmation is in the page's HTML under ?remove=1", async () => {
    const html = await (await page(`/app/dubbing/${dubId}?language=it`)).text();
    expect(html).toMatch(/data-testid="studio-remove-language"[^>]*>.*Remove Italian/s);
    expect(html).not.toContain('data-testid="studio-remove-language-dialog"');
    const asked = await (await page(`/app/dubbing/${dubId}?language=it&remove=1`)).text();
    expect(asked).toContain('data-testid="studio-remove-language-dialog"');
    expect(asked).toContain("Remove Italian from this dub?");
  }, 60_000);

  it("refuses bad input and another workspace, changing nothing", async () => {
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "remove-language", language: "" }, 400, "Choose a language."],
      [{ intent: "remove-language", language: "de" }, 404, "The dub has no de language."],
      [{ intent: "remove-language", language: "x".repeat(30) }, 400, "at most"],
      [{ intent: "remove-everything", language: "it" }, 400, "Unknown action."],
    ];
    for (const [fields, status, message] of cases) {
      const refused = await post(fields);
      expect([refused.status, (refused.data as { error: string }).error]).toEqual([status, expect.stringContaining(message)]);
    }
    const other = await signUp("dub-editor-remover@example.com");
    // Removing, and typing a language, as the forms post without JavaScript (the page) and with it (.data).
    const posts: Record<string, string>[] = [{ intent: "remove-language", language: "it" }, { intent: "add-typed-language", language: "pt", [`${TYPED_LINE_FIELD}seg_0`]: "a", [`${TYPED_LINE_FIELD}seg_1`]: "b" }];
    for (const fields of posts) {
      const init = form(fields);
      for (const path of [`/app/dubbing/${dubId}`, `/app/dubbing/${dubId}.data`]) {
        expect((await SELF.fetch(`${ORIGIN}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: other } })).status).toBe(404);
      }
    }
    expect(await languages()).toEqual(["es", "fr", "it"]);
    expect(await mediaUnder("it")).toBeGreaterThan(0);
  }, 60_000);

  it("removes Italian as the form posts it: its lines, track and media gone, the others kept", async () => {
    const before = await charged();
    const init = form({ intent: "remove-language", language: "it" });
    const posted = await SELF.fetch(`${ORIGIN}/app/dubbing/${dubId}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
    expect([posted.status, posted.headers.get("location")]).toEqual([302, `/app/dubbing/${dubId}?removed=it`]);
    expect(await languages()).toEqual(["es", "fr"]);
    expect(await mediaUnder("it")).toBe(0);
    expect(await charged()).toBe(before);
    const html = await (await page(`/app/dubbing/${dubId}?removed=it`)).text();
    expect(html).toContain(STUDIO_TEXTS.languageRemoved("Italian"));
    expect(html).not.toMatch(/>Italian<\/a>/);
  }, 60_000);

  it("refuses the last language with the reason, and shows its Remove disabled with that reason", async () => {
    const init = form({ intent: "remove-language", language: "fr" });
    expect((await SELF.fetch(`${ORIGIN}/app/dubbing/${dubId}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } })).status).toBe(302);
    const refused = await post({ intent: "remove-language", language: "es" });
    expect([refused.status, (refused.data as { error: string }).error]).toEqual([409, STUDIO_TEXTS.lastLanguage]);
    expect(await languages()).toEqual(["es"]);
    const audio = await api(`/v1/dubbing/${dubId}/audio/es`, { key });
    expect(audio.status).toBe(200);
    await audio.arrayBuffer();
    const html = await (await page(`/app/dubbing/${dubId}`)).text();
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="studio-remove-language-reason"/);
    expect(html).toContain(STUDIO_TEXTS.lastLanguage);
  }, 60_000);
});
