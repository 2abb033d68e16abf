import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createKey, ORIGIN, signUp } from "./helpers";

const ARIA = "pv01aria000000000000";
const OWN = "own0zed0000000000001";
const PREMADE_IDS = [
  "pv01aria000000000000", "pv02roger00000000000", "pv03alice00000000000", "pv04george0000000000", "pv05greta00000000000", "pv06klaus00000000000", "pv07camille000000000",
  "pv08louis00000000000", "pv09lucia00000000000", "pv10mateo00000000000", "pv11giulia0000000000", "pv12marco00000000000", "pv13beatriz000000000", "pv14joao000000000000",
  // A pair for each of the spec's dubbing languages the engine speaks (migration 0048).
  "pv15priya00000000000", "pv16arjun00000000000", "pv17mei0000000000000", "pv18wei0000000000000", "pv19yui0000000000000", "pv20haruto0000000000", "pv21layla00000000000",
  "pv22omar000000000000", "pv23natasha000000000", "pv24dmitri0000000000", "pv25jiwoo00000000000", "pv26minjun0000000000", "pv27sari000000000000", "pv28budi000000000000",
  "pv29femke00000000000", "pv30daan000000000000", "pv31elif000000000000", "pv32emre000000000000", "pv33zofia00000000000", "pv34jakub00000000000", "pv35astrid0000000000",
  "pv36erik000000000000", "pv37aisyah0000000000", "pv38hafiz00000000000", "pv39ioana00000000000", "pv40andrei0000000000", "pv41oksana0000000000", "pv42taras00000000000",
  "pv43eleni00000000000", "pv44nikos00000000000", "pv45tereza0000000000", "pv46jan0000000000000", "pv47freja00000000000", "pv48mads000000000000", "pv49aino000000000000",
  "pv50mikko00000000000", "pv51desislava0000000", "pv52georgi0000000000", "pv53ana0000000000000", "pv54luka000000000000", "pv55zuzana0000000000", "pv56marek00000000000",
  "pv57kavya00000000000", "pv58karthik000000000", "pv59reka000000000000", "pv60bence00000000000", "pv61ingrid0000000000", "pv62lars000000000000", "pv63linh000000000000",
  "pv64minh000000000000",
];

const PREMADE_NAMES = ["Alice", "Aria", "Beatriz", "Camille", "George", "Giulia", "Greta", "João", "Klaus", "Louis", "Lucía", "Marco", "Mateo", "Roger", "Priya", "Arjun", "Mei", "Wei", "Yui", "Haruto", "Layla", "Omar", "Natasha", "Dmitri", "Jiwoo", "Minjun", "Sari", "Budi", "Femke", "Daan", "Elif", "Emre", "Zofia", "Jakub", "Astrid", "Erik", "Aisyah", "Hafiz", "Ioana", "Andrei", "Oksana", "Taras", "Eleni", "Nikos", "Tereza", "Jan", "Freja", "Mads", "Aino", "Mikko", "Desislava", "Georgi", "Ana", "Luka", "Zuzana", "Marek", "Kavya", "Karthik", "Réka", "Bence", "Ingrid", "Lars", "Linh", "Minh"];

type VoiceJson = { voice_id: string; name: string; category: string; is_owner: boolean; created_at_unix: number | null; preview_url: string | null };
type Page = { voices: VoiceJson[]; has_more: boolean; total_count: number | null; next_page_token: string | null };

const ids = (voices: { voice_id: string }[]) => voices.map((voice) => voice.voice_id);
const v1 = async (key: string) => ((await (await api("/v1/voices", { key })).json()) as { voices: VoiceJson[] }).voices;
const v2 = async (key: string, query = "") => (await (await api(`/v2/voices?page_size=100${query}`, { key })).json()) as Page;

let owner: { cookie: string; key: string };
let stranger: { cookie: string; key: string };

beforeAll(async () => {
  const ownerCookie = await signUp("voice-owner@example.com");
  const strangerCookie = await signUp("voice-stranger@example.com");
  owner = { cookie: ownerCookie, key: await createKey(ownerCookie) };
  stranger = { cookie: strangerCookie, key: await createKey(strangerCookie) };
  const workspace = ((await (await api("/v1/workspace", { key: owner.key })).json()) as { workspace_id: string }).workspace_id;
  // A cloned voice of the owner's workspace, as the voices issue will create them; its preview key even looks
  // like a premade one's, and still is not public.
  await env.DB.prepare(
    `INSERT INTO voices (voice_id, workspace_id, category, name, description, labels, language, engine, engine_parameters, preview_key, created_at)
     VALUES (?, ?, 'cloned', 'Zed Private', 'A private clone.', '{"accent":"scottish","gender":"male"}', 'en', 'embedded',
             '{"espeakVoice":"en-gb-x-rp","variant":"m1","basePitch":40,"externalVoices":{}}', 'voice-previews/voice_preview_zed_private.mp3', 1700000000)`,
  )
    .bind(OWN, workspace)
    .run();
});

describe("voices in D1", () => {
  it("seed the premade voices with their ids, in their order, for every workspace", async () => {
    const voices = await v1(stranger.key);
    expect(ids(voices)).toEqual(PREMADE_IDS);
    expect(voices.every((voice) => voice.category === "premade" && !voice.is_owner && voice.created_at_unix === null)).toBe(true);
  });

  it("refuse what the columns do not allow: a premade voice with an owner, an owned one without, an unknown category, bad JSON", async () => {
    const insert = (workspace: string | null, category: string) =>
      env.DB.prepare("INSERT INTO voices (voice_id, workspace_id, category, name, language, engine, engine_parameters) VALUES ('bad', ?, ?, 'Bad', 'en', 'embedded', '{}')").bind(workspace, category).run();
    const workspace = ((await (await api("/v1/workspace", { key: owner.key })).json()) as { workspace_id: string }).workspace_id;
    await expect(insert(workspace, "premade")).rejects.toThrow(/CHECK constraint failed/);
    await expect(insert(null, "cloned")).rejects.toThrow(/CHECK constraint failed/);
    await expect(insert(workspace, "famous")).rejects.toThrow(/CHECK constraint failed/);
    await expect(env.DB.prepare("UPDATE voices SET labels = 'not json' WHERE voice_id = ?").bind(ARIA).run()).rejects.toThrow(/CHECK constraint failed/);
  });

  it("show a workspace its own voice after the premade ones, as its owner's", async () => {
    const voices = await v1(owner.key);
    expect(ids(voices)).toEqual([...PREMADE_IDS, OWN]);
    expect(voices.at(-1)).toMatchObject({ voice_id: OWN, name: "Zed Private", category: "cloned", is_owner: true, created_at_unix: 1700000000 });
    expect(ids((await v2(owner.key, "&voice_type=personal")).voices)).toEqual([OWN]);
    expect(ids((await v2(owner.key, "&voice_type=non-default")).voices)).toEqual([OWN]);
    expect(ids((await v2(owner.key, "&voice_type=default")).voices)).toEqual(expect.not.arrayContaining([OWN]));
    expect(ids((await v2(owner.key, "&search=scottish")).voices)).toEqual([OWN]);
    expect(ids((await v2(owner.key, "&category=cloned")).voices)).toEqual([OWN]);
    expect((await v2(owner.key)).total_count).toBe(PREMADE_IDS.length + 1);
    const single = (await (await api(`/v1/voices/${OWN}`, { key: owner.key })).json()) as VoiceJson & { settings: { stability: number } };
    expect(single).toMatchObject({ voice_id: OWN, is_owner: true, settings: { stability: 0.5 } });
    expect((await api(`/v1/voices/${OWN}/settings/edit`, { method: "POST", key: owner.key, json: { stability: 0.8 } })).status).toBe(200);
    expect(await (await api(`/v1/voices/${OWN}/settings`, { key: owner.key })).json()).toMatchObject({ stability: 0.8 });
  });

  it("speak a workspace's own voice for it, recording its name and category", async () => {
    const response = await api(`/v1/text-to-speech/${OWN}`, { method: "POST", key: owner.key, json: { text: "My own voice." } });
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const item = (await (await api(`/v1/history/${response.headers.get("history-item-id")}`, { key: owner.key })).json()) as Record<string, unknown>;
    expect(item).toMatchObject({ voice_id: OWN, voice_name: "Zed Private", voice_category: "cloned" });
  });

  it("never show or speak another workspace's voice", async () => {
    expect(ids(await v1(stranger.key))).not.toContain(OWN);
    for (const query of ["", "&voice_type=personal", "&voice_type=workspace", "&voice_type=non-default", "&voice_type=saved", "&voice_type=community", "&category=cloned", "&search=zed"]) {
      const page = await v2(stranger.key, query);
      expect(ids(page.voices), query).not.toContain(OWN);
    }
    expect((await v2(stranger.key)).total_count).toBe(PREMADE_IDS.length);
    const notFound = { detail: { status: "voice_not_found", message: `A voice with the voice_id ${OWN} was not found.` } };
    for (const [path, init] of [
      [`/v1/voices/${OWN}`, {}],
      [`/v1/voices/${OWN}/settings`, {}],
      [`/v1/voices/${OWN}/settings/edit`, { method: "POST", json: { stability: 0.1 } }],
      [`/v1/text-to-speech/${OWN}`, { method: "POST", json: { text: "Not mine." } }],
    ] as const) {
      const response = await api(path, { key: stranger.key, ...init });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual(notFound);
    }
    const dialogue = await api("/v1/text-to-dialogue", { method: "POST", key: stranger.key, json: { inputs: [{ text: "Hi.", voice_id: ARIA }, { text: "Not mine.", voice_id: OWN }] } });
    expect(dialogue.status).toBe(404);
    // The owner's settings stay untouched by the refused edit.
    expect(await (await api(`/v1/voices/${OWN}/settings`, { key: owner.key })).json()).toMatchObject({ stability: 0.8 });
    // Nor in the pages, the visitors' try-it box or the public previews.
    const page = await (await SELF.fetch(`${ORIGIN}/app/speech-synthesis/text-to-speech`, { headers: { cookie: stranger.cookie } })).text();
    expect(page).toContain("Aria");
    expect(page).not.toContain("Zed Private");
    expect(await (await SELF.fetch(`${ORIGIN}/app/speech-synthesis/text-to-speech`, { headers: { cookie: owner.cookie } })).text()).toContain("Zed Private");
    expect(await (await SELF.fetch(`${ORIGIN}/app/default-voices`, { headers: { cookie: owner.cookie } })).text()).not.toContain("Zed Private");
    const tryIt = await SELF.fetch(`${ORIGIN}/v1/try-it`, { method: "POST", headers: { origin: ORIGIN, "content-type": "application/json", "x-parlance-client-ip": "203.0.113.77" }, body: JSON.stringify({ text: "Hi", voice_id: OWN }) });
    expect(tryIt.status).toBe(404);
    expect((await api("/v1/voices/previews/voice_preview_zed_private.mp3")).status).toBe(404);
  });

  it("sort the v2 list by name either way, and by creation time with the name breaking ties", async () => {
    const names = async (query: string) => (await v2(stranger.key, query)).voices.map((voice) => voice.name);
    const ascending = await names("");
    // By code point, as the list sorts ("Réka" after "Roger").
    expect(ascending).toEqual([...PREMADE_NAMES].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(await names("&sort_direction=desc")).toEqual([...ascending].reverse());
    // Oldest first, the name breaking ties: the voices of migration 0048 came after the first fourteen (or in the
    // same second, when the test database is migrated at once).
    const byName = (list: string[]) => [...list].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const byCreation = await names("&sort=created_at_unix");
    expect([ascending, [...byName(PREMADE_NAMES.slice(0, 14)), ...byName(PREMADE_NAMES.slice(14))]]).toContainEqual(byCreation);
    expect((await v2(owner.key, "&sort=created_at_unix")).voices[0]!.voice_id).toBe(OWN);
    expect((await v2(owner.key, "&sort=created_at_unix&sort_direction=desc")).voices.at(-1)!.voice_id).toBe(OWN);
    const pages: string[] = [];
    let token: string | null = null;
    do {
      const page: Page = (await (await api(`/v2/voices?page_size=4${token ? `&next_page_token=${token}` : ""}`, { key: stranger.key })).json()) as Page;
      pages.push(...page.voices.map((voice) => voice.name));
      token = page.next_page_token;
      expect(page.has_more).toBe(token !== null);
    } while (token);
    expect(pages).toEqual(ascending);
  });

  it("keep each dialogue line's voice name in the history", async () => {
    const response = await api("/v1/text-to-dialogue", { method: "POST", key: stranger.key, json: { inputs: [{ text: "Hi.", voice_id: ARIA }, { text: "Hello.", voice_id: "pv02roger00000000000" }] } });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const item = (await (await api(`/v1/history/${response.headers.get("history-item-id")}`, { key: stranger.key })).json()) as { dialogue: unknown[] };
    expect(item.dialogue).toEqual([
      { text: "Hi.", voice_id: ARIA, voice_name: "Aria" },
      { text: "Hello.", voice_id: "pv02roger00000000000", voice_name: "Roger" },
    ]);
  });
});
