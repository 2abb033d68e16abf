import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, createKey, signUp } from "./helpers";
import { ARIA } from "./billing-helpers";

type Added = { id: string; version_id: string; version_rules_num: number };

async function keyFor(email: string): Promise<string> {
  return createKey(await signUp(email));
}

async function addFromRules(key: string, name: string, rules: unknown[]): Promise<Added> {
  const response = await api("/v1/pronunciation-dictionaries/add-from-rules", { method: "POST", key, json: { name, rules } });
  expect(response.status).toBe(200);
  return (await response.json()) as Added;
}

/** Seeded PCM, so the same spoken text gives the same bytes. */
async function speak(key: string, text: string, locators?: { pronunciation_dictionary_id: string; version_id?: string }[]): Promise<Uint8Array> {
  const response = await api(`/v1/text-to-speech/${ARIA}?output_format=pcm_22050`, { method: "POST", key, json: { text, seed: 11, pronunciation_dictionary_locators: locators } });
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

describe("/v1/pronunciation-dictionaries", () => {
  it("creates from rules, versions every change, downloads each version's PLS and hides it from other workspaces", async () => {
    const key = await keyFor("pd-crud@example.com");
    const added = await addFromRules(key, "Places", [{ type: "alias", string_to_replace: "Thailand", alias: "tie land" }]);
    expect(added.version_rules_num).toBe(1);

    const got = (await (await api(`/v1/pronunciation-dictionaries/${added.id}`, { key })).json()) as Record<string, unknown>;
    expect(got).toMatchObject({ id: added.id, name: "Places", latest_version_id: added.version_id, latest_version_rules_num: 1, rules: [{ type: "alias", string_to_replace: "Thailand", alias: "tie land", case_sensitive: true, word_boundaries: true }] });

    const more = (await (await api(`/v1/pronunciation-dictionaries/${added.id}/add-rules`, { method: "POST", key, json: { rules: [{ type: "phoneme", string_to_replace: "tomato", phoneme: "təˈmɑːtoʊ", alphabet: "ipa" }, { type: "alias", string_to_replace: "Thailand", alias: "tai land" }] } })).json()) as Added;
    expect(more.version_rules_num).toBe(2);
    expect(more.version_id).not.toBe(added.version_id);
    const fewer = (await (await api(`/v1/pronunciation-dictionaries/${added.id}/remove-rules`, { method: "POST", key, json: { rule_strings: ["tomato"] } })).json()) as Added;
    expect(fewer.version_rules_num).toBe(1);

    const first = await api(`/v1/pronunciation-dictionaries/${added.id}/${added.version_id}/download`, { key });
    expect(first.headers.get("content-type")).toContain("application/pls+xml");
    expect(await first.text()).toContain("<alias>tie land</alias>");
    expect(await (await api(`/v1/pronunciation-dictionaries/${added.id}/${more.version_id}/download`, { key })).text()).toMatch(/<grapheme>tomato<\/grapheme>\s*<phoneme alphabet="ipa">təˈmɑːtoʊ<\/phoneme>/);

    const renamed = await api(`/v1/pronunciation-dictionaries/${added.id}`, { method: "PATCH", key, json: { name: "Countries", archived: true } });
    expect(await renamed.json()).toMatchObject({ name: "Countries", latest_version_id: fewer.version_id, latest_version_rules_num: 1 });
    const listed = (await (await api("/v1/pronunciation-dictionaries", { key })).json()) as { pronunciation_dictionaries: unknown[] };
    expect(listed.pronunciation_dictionaries).toEqual([]);
    const archived = (await (await api("/v1/pronunciation-dictionaries?include_archived=true", { key })).json()) as { pronunciation_dictionaries: { id: string }[]; has_more: boolean };
    expect(archived.pronunciation_dictionaries.map((d) => d.id)).toEqual([added.id]);

    const other = await keyFor("pd-crud-other@example.com");
    expect((await api(`/v1/pronunciation-dictionaries/${added.id}`, { key: other })).status).toBe(404);
    expect((await api(`/v1/pronunciation-dictionaries/${added.id}/${added.version_id}/download`, { key: other })).status).toBe(404);
    expect((await api(`/v1/pronunciation-dictionaries/${added.id}/set-rules`, { method: "POST", key: other, json: { rules: [] } })).status).toBe(404);
    const speaking = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key: other, json: { text: "Thailand", pronunciation_dictionary_locators: [{ pronunciation_dictionary_id: added.id }] } });
    expect(speaking.status).toBe(404);
    expect(((await speaking.json()) as { detail: { status: string } }).detail.status).toBe("pronunciation_dictionary_not_found");
  });

  it("pages the list with a cursor", async () => {
    const key = await keyFor("pd-pages@example.com");
    for (const name of ["A", "B", "C"]) await addFromRules(key, name, []);
    const page1 = (await (await api("/v1/pronunciation-dictionaries?page_size=2&sort=name&sort_direction=ascending", { key })).json()) as { pronunciation_dictionaries: { name: string }[]; next_cursor: string; has_more: boolean };
    expect(page1.pronunciation_dictionaries.map((d) => d.name)).toEqual(["A", "B"]);
    expect(page1.has_more).toBe(true);
    const page2 = (await (await api(`/v1/pronunciation-dictionaries?page_size=2&sort=name&sort_direction=ascending&cursor=${encodeURIComponent(page1.next_cursor)}`, { key })).json()) as { pronunciation_dictionaries: { name: string }[]; has_more: boolean };
    expect(page2.pronunciation_dictionaries.map((d) => d.name)).toEqual(["C"]);
    expect(page2.has_more).toBe(false);
  });

  it("reads PLS lexicon files and refuses what it cannot use", async () => {
    const key = await keyFor("pd-file@example.com");
    const pls = `<?xml version="1.0"?><lexicon version="1.0" alphabet="ipa" xml:lang="en-US"><lexeme><grapheme>GIF</grapheme><phoneme>dʒɪf</phoneme></lexeme><lexeme><grapheme>SQL</grapheme><alias>sequel</alias></lexeme></lexicon>`;
    const body = new FormData();
    body.append("name", "Tech");
    body.append("file", new File([pls], "tech.pls", { type: "application/pls+xml" }));
    const created = await api("/v1/pronunciation-dictionaries/add-from-file", { method: "POST", key, body });
    expect(created.status).toBe(200);
    expect(((await created.json()) as Added).version_rules_num).toBe(2);

    const bad = new FormData();
    bad.append("name", "Broken");
    bad.append("file", new File(["<html></html>"], "page.pls"));
    const refused = await api("/v1/pronunciation-dictionaries/add-from-file", { method: "POST", key, body: bad });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { detail: { status: string } }).detail.status).toBe("invalid_pls_file");

    const french = await api("/v1/pronunciation-dictionaries/add-from-rules", { method: "POST", key, json: { name: "Fr", rules: [{ type: "phoneme", string_to_replace: "Paris", phoneme: "paʁi", alphabet: "ipa" }] } });
    expect(french.status).toBe(400);
    expect(await french.json()).toEqual({ detail: { status: "invalid_pronunciation_rules", message: 'Rule 1 ("Paris"): the embedded engine cannot speak "ʁ" in ipa.' } });
  });
});

describe("pronunciation dictionaries in text to speech", () => {
  it("an alias rule speaks its alias, a phoneme rule its phonemes, exactly as if that had been written", async () => {
    const key = await keyFor("pd-tts@example.com");
    const alias = await addFromRules(key, "Alias", [{ type: "alias", string_to_replace: "Thailand", alias: "tie land" }]);
    const phoneme = await addFromRules(key, "Phoneme", [{ type: "phoneme", string_to_replace: "hullo", phoneme: "HH AH0 L OW1", alphabet: "cmu-arpabet" }]);

    const plain = await speak(key, "Thailand");
    const withAlias = await speak(key, "Thailand", [{ pronunciation_dictionary_id: alias.id }]);
    expect(same(withAlias, plain)).toBe(false);
    expect(same(withAlias, await speak(key, "tie land"))).toBe(true);

    expect(same(await speak(key, "hullo", [{ pronunciation_dictionary_id: phoneme.id, version_id: phoneme.version_id }]), await speak(key, "hello"))).toBe(true);
    expect(same(await speak(key, "hullo"), await speak(key, "hello"))).toBe(false);
  });
});

describe("pronunciation dictionaries in Studio", () => {
  it("a project's dictionary reconverts only the paragraph it changes, and its audio is the rule's", async () => {
    const cookie = await signUp("pd-studio@example.com");
    const key = await createKey(cookie);
    const workspace = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
    await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 30000 WHERE id = ?").bind(workspace).run();
    const form = new FormData();
    form.append("name", "Trip");
    form.append("from_content_json", JSON.stringify([{ name: "One", blocks: [{ nodes: [{ type: "tts_node", voice_id: ARIA, text: "We went to Thailand." }] }, { nodes: [{ type: "tts_node", voice_id: ARIA, text: "It was warm." }] }] }]));
    const { project } = (await (await api("/v1/studio/projects", { method: "POST", key, body: form })).json()) as { project: { project_id: string } };
    const chapters = (await (await api(`/v1/studio/projects/${project.project_id}/chapters`, { key })).json()) as { chapters: { chapter_id: string }[] };
    const chapterId = chapters.chapters[0]!.chapter_id;
    type Stats = { statistics: { paragraphs_unconverted: number }; state: string };
    const chapter = async () => (await (await api(`/v1/studio/projects/${project.project_id}/chapters/${chapterId}`, { key })).json()) as Stats;
    const convert = async () => {
      expect((await api(`/v1/studio/projects/${project.project_id}/convert`, { method: "POST", key })).status).toBe(200);
      for (let i = 0; i < 200 && ((await chapter()).statistics.paragraphs_unconverted > 0 || (await chapter()).state !== "default"); i++) await new Promise((r) => setTimeout(r, 100));
    };
    await convert();
    const charged = async () => (await env.DB.prepare("SELECT character_count AS n FROM workspaces WHERE id = ?").bind(workspace).first<{ n: number }>())!.n;
    const before = await charged();

    const dictionary = await addFromRules(key, "Places", [{ type: "alias", string_to_replace: "Thailand", alias: "tie land" }]);
    const set = await api(`/v1/studio/projects/${project.project_id}/pronunciation-dictionaries`, { method: "POST", key, json: { pronunciation_dictionary_locators: [{ pronunciation_dictionary_id: dictionary.id }] } });
    expect(await set.json()).toEqual({ status: "ok" });
    expect((await chapter()).statistics.paragraphs_unconverted).toBe(1);
    const got = (await (await api(`/v1/studio/projects/${project.project_id}`, { key })).json()) as { pronunciation_dictionary_locators: unknown[]; pronunciation_dictionary_versions: unknown[] };
    expect(got.pronunciation_dictionary_locators).toEqual([{ pronunciation_dictionary_id: dictionary.id, version_id: dictionary.version_id }]);
    expect(got.pronunciation_dictionary_versions).toMatchObject([{ pronunciation_dictionary_id: dictionary.id, version_id: dictionary.version_id, dictionary_name: "Places", version_name: "v1", version_rules_num: 1 }]);

    await convert();
    expect(await charged()).toBe(before + "We went to Thailand.".length);
    const block = await env.DB.prepare("SELECT audio_key FROM studio_blocks WHERE chapter_id = ? ORDER BY rowid LIMIT 1").bind(chapterId).first<{ audio_key: string }>();
    const stored = new Uint8Array(await (await env.MEDIA.get(block!.audio_key))!.arrayBuffer());
    expect(stored.length).toBeGreaterThan(0);

    const other = await keyFor("pd-studio-other@example.com");
    const foreign = await api(`/v1/studio/projects/${project.project_id}/pronunciation-dictionaries`, { method: "POST", key: other, json: { pronunciation_dictionary_locators: [{ pronunciation_dictionary_id: dictionary.id }] } });
    expect(foreign.status).toBe(403);
  }, 30_000);
});
