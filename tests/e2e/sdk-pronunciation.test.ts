import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKeyOverHttp, executeSql, signUpOverHttp, streamBytes, uniqueEmail } from "./http";

/** The official SDK's pronunciationDictionaries (and a Studio project's) against the running stack. */
const baseUrl = inject("baseUrl");
const stateDir = inject("stateDir");
let client: ElevenLabsClient;
const ARIA = "pv01aria000000000000";

beforeAll(async () => {
  const email = uniqueEmail("sdk-pronunciation");
  const key = await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, email));
  await executeSql(stateDir, `UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 30000 WHERE owner_id = (SELECT id FROM users WHERE email = '${email.toLowerCase()}')`);
  client = new ElevenLabsClient({ apiKey: key, baseUrl });
});

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

describe("official SDK: pronunciation dictionaries", () => {
  it("creates from rules and from a PLS file, edits rules, lists, downloads and speaks with them", async () => {
    const added = await client.pronunciationDictionaries.createFromRules({ name: "SDK places", rules: [{ type: "alias", stringToReplace: "Thailand", caseSensitive: true, wordBoundaries: true, alias: "tie land" }] });
    expect(added).toMatchObject({ name: "SDK places", versionRulesNum: 1 });

    const pls = `<?xml version="1.0"?><lexicon version="1.0" alphabet="ipa" xml:lang="en-US"><lexeme><grapheme>hullo</grapheme><phoneme>həˈloʊ</phoneme></lexeme></lexicon>`;
    const fromFile = await client.pronunciationDictionaries.createFromFile({ name: "SDK lexicon", file: new File([pls], "lexicon.pls") });
    expect(fromFile.versionRulesNum).toBe(1);

    const more = await client.pronunciationDictionaries.rules.add(added.id, { rules: [{ type: "phoneme", stringToReplace: "tomato", phoneme: "T AH0 M AA1 T OW2", alphabet: "cmu-arpabet" }] });
    expect(more.versionRulesNum).toBe(2);
    const fewer = await client.pronunciationDictionaries.rules.remove(added.id, { ruleStrings: ["tomato"] });
    expect(fewer.versionRulesNum).toBe(1);
    const got = await client.pronunciationDictionaries.get(added.id);
    expect(got).toMatchObject({ latestVersionId: fewer.versionId, latestVersionRulesNum: 1, rules: [{ type: "alias", stringToReplace: "Thailand", alias: "tie land" }] });
    await client.pronunciationDictionaries.update(added.id, { name: "SDK countries" });

    const listed = await client.pronunciationDictionaries.list({ pageSize: 10 });
    expect(listed.pronunciationDictionaries.map((d) => d.name).sort()).toEqual(["SDK countries", "SDK lexicon"]);
    const lexicon = new TextDecoder().decode(await streamBytes(await client.pronunciationDictionaries.download(added.id, more.versionId)));
    expect(lexicon).toContain('<phoneme alphabet="x-arpabet">T AH0 M AA1 T OW2</phoneme>');

    const speak = async (text: string, ids: string[] = []) =>
      streamBytes(await client.textToSpeech.convert(ARIA, { text, seed: 5, outputFormat: "pcm_22050", pronunciationDictionaryLocators: ids.map((id) => ({ pronunciationDictionaryId: id, versionId: id === added.id ? fewer.versionId : fromFile.versionId })) }));
    expect(same(await speak("Thailand and hullo", [added.id, fromFile.id]), await speak("tie land and hello"))).toBe(true);
  });

  it("sets a Studio project's dictionaries", async () => {
    const dictionary = await client.pronunciationDictionaries.createFromRules({ name: "SDK studio", rules: [{ type: "alias", stringToReplace: "Dr.", alias: "Doctor", wordBoundaries: false }] });
    const content = [{ name: "One", blocks: [{ sub_type: "p", nodes: [{ type: "tts_node", voice_id: ARIA, text: "Dr. Who arrived." }] }] }];
    const { project } = await client.studio.projects.create({ name: "SDK dictionaries", defaultTitleVoiceId: ARIA, defaultParagraphVoiceId: ARIA, fromContentJson: JSON.stringify(content) });
    expect(await client.studio.projects.pronunciationDictionaries.create(project.projectId, { pronunciationDictionaryLocators: [{ pronunciationDictionaryId: dictionary.id }] })).toEqual({ status: "ok" });
    const fetched = await client.studio.projects.get(project.projectId);
    expect(fetched.pronunciationDictionaryLocators).toEqual([{ pronunciationDictionaryId: dictionary.id, versionId: dictionary.versionId }]);
  });
});
