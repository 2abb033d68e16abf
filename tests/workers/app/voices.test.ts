import { env, SELF } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it, it as test } from "vitest";
import { api, createKey, installSpeechLanguages, ORIGIN, signUp } from "./helpers";
import { fromBase64 } from "../../../core/base64";

describe("voices", () => {
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
});

describe("voice-safety", () => {
  const ARIA = "pv01aria000000000000";
  const GIULIA = "pv11giulia0000000000";
  type Challenge = { challenge_id: string; image: string; audio_url: string; expires_at_unix: number; attempts: number };
  let key: string;

  async function control(voiceId: string, safetyControl: "BAN" | "CAPTCHA") {
    await env.DB.prepare("UPDATE voices SET safety_control = ? WHERE voice_id = ?").bind(safetyControl, voiceId).run();
  }
  async function characterCount(): Promise<number> {
    return ((await (await api("/v1/user/subscription", { key })).json()) as { character_count: number }).character_count;
  }

  async function newChallenge(apiKey?: string, cookie?: string): Promise<Challenge> {
    const response = await api(`/v1/voices/${GIULIA}/captcha`, { method: "POST", key: apiKey, cookie });
    expect(response.status).toBe(200);
    return (await response.json()) as Challenge;
  }
  function solve(apiKey: string | undefined, challengeId: string, answer: string, cookie?: string) {
    return api(`/v1/voices/${GIULIA}/captcha/${challengeId}`, { method: "POST", key: apiKey, cookie, json: { answer } });
  }
  /** What a person reads in the picture (the test reads it where the server keeps it). */
  async function answerOf(challengeId: string): Promise<string> {
    return (await env.DB.prepare("SELECT answer FROM voice_captcha_challenges WHERE id = ?").bind(challengeId).first<string>("answer"))!;
  }

  beforeAll(async () => {
    key = await createKey(await signUp("safety@example.com"));
  });
  afterEach(async () => {
    await env.DB.prepare("UPDATE voices SET safety_control = NULL").run();
  });

  describe("voice safety controls", () => {
    it("are null for an unrestricted voice and shown on every voice endpoint once set", async () => {
      const before = (await (await api(`/v1/voices/${ARIA}`, { key })).json()) as { safety_control: string | null };
      expect(before.safety_control).toBeNull();
      await control(ARIA, "CAPTCHA");
      const single = (await (await api(`/v1/voices/${ARIA}`, { key })).json()) as { safety_control: string | null };
      expect(single.safety_control).toBe("CAPTCHA");
      const v1 = (await (await api("/v1/voices", { key })).json()) as { voices: { voice_id: string; safety_control: string | null }[] };
      expect(v1.voices.find((v) => v.voice_id === ARIA)!.safety_control).toBe("CAPTCHA");
      expect(v1.voices.filter((v) => v.safety_control !== null)).toHaveLength(1);
      const v2 = (await (await api("/v2/voices?page_size=100", { key })).json()) as { voices: { voice_id: string; safety_control: string | null }[] };
      expect(v2.voices.find((v) => v.voice_id === ARIA)!.safety_control).toBe("CAPTCHA");
    });

    it("refuse a blocked voice with 403 voice_blocked, charging nothing", async () => {
      await control(ARIA, "BAN");
      const before = await characterCount();
      const response = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text: "Blocked voices make no speech." } });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { detail: { status: string } }).detail.status).toBe("voice_blocked");
      expect(await characterCount()).toBe(before);
    });

    it("refuse a CAPTCHA voice on every generation path until the workspace has passed its check, charging nothing", async () => {
      await control(GIULIA, "CAPTCHA");
      const before = await characterCount();
      const speech = { text: "Checked voices wait for a person." };
      const attempts: [string, unknown][] = [
        [`/v1/text-to-speech/${GIULIA}`, speech],
        [`/v1/text-to-speech/${GIULIA}/stream`, speech],
        [`/v1/text-to-speech/${GIULIA}/with-timestamps`, speech],
        [`/v1/text-to-speech/${GIULIA}/stream/with-timestamps`, speech],
        ["/v1/text-to-dialogue", { inputs: [{ text: "Hello.", voice_id: ARIA }, { text: "Ciao.", voice_id: GIULIA }] }],
        ["/v1/text-to-dialogue/stream", { inputs: [{ text: "Ciao.", voice_id: GIULIA }] }],
        ["/v1/audio/speech", { model: "tts-1", input: "Ciao.", voice: GIULIA }],
      ];
      for (const [path, json] of attempts) {
        const response = await api(path, { method: "POST", key, json });
        expect([path, response.status]).toEqual([path, 403]);
        const body = (await response.json()) as { detail: { status: string; message: string; voice_id: string } } | { error: { code: string; message: string; param: string } };
        // The OpenAI-compatible route answers in OpenAI's shape (decision 0027).
        if ("error" in body) expect(body.error).toMatchObject({ code: "voice_captcha_required", param: "voice" });
        else expect(body.detail).toMatchObject({ status: "voice_captcha_required", voice_id: GIULIA });
        expect("error" in body ? body.error.message : body.detail.message).toContain(`/v1/voices/${GIULIA}/captcha`);
      }
      expect(await characterCount()).toBe(before);
      // Other voices are not affected.
      expect((await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: speech })).status).toBe(200);
    });

    it("let a person pass the check through the API: an image challenge (and its audio), three tries, then a pass for the workspace", async () => {
      await control(GIULIA, "CAPTCHA");
      const challenge = await newChallenge(key);
      // The characters are drawn, never written: the document holds paths, not the answer.
      const svg = new TextDecoder().decode(fromBase64(challenge.image.replace("data:image/svg+xml;base64,", "")));
      const answer = await answerOf(challenge.challenge_id);
      expect(svg).toMatch(/^<svg[^>]*>.*<path d="M/);
      expect(svg).not.toMatch(/<text|<title|<desc/);
      expect(svg).not.toContain(answer);
      expect(challenge).toMatchObject({ attempts: 3, audio_url: `${ORIGIN}/v1/voices/${GIULIA}/captcha/${challenge.challenge_id}/audio` });
      const audio = await api(new URL(challenge.audio_url).pathname, { key });
      expect(audio.status).toBe(200);
      expect(audio.headers.get("content-type")).toBe("audio/mpeg");
      expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(10_000);

      const wrong = await solve(key, challenge.challenge_id, "WRONG");
      expect(wrong.status).toBe(400);
      expect(await wrong.json()).toMatchObject({ detail: { status: "captcha_incorrect", attempts_left: 2 } });
      // Case and spaces do not matter, as in the page.
      const right = await solve(key, challenge.challenge_id, ` ${answer.toLowerCase().split("").join(" ")} `);
      expect(right.status).toBe(200);
      const passed = (await right.json()) as { status: string; valid_until_unix: number };
      expect(passed.status).toBe("ok");
      expect(passed.valid_until_unix - Math.floor(Date.now() / 1000)).toBeGreaterThan(12 * 3600 - 60);
      // Consumed: the same challenge cannot be answered twice.
      expect((await solve(key, challenge.challenge_id, answer)).status).toBe(404);

      const spoken = await api(`/v1/text-to-speech/${GIULIA}/stream`, { method: "POST", key, json: { text: "Ora posso parlare." } });
      expect(spoken.status).toBe(200);
      await spoken.arrayBuffer();
      expect((await api("/v1/text-to-dialogue", { method: "POST", key, json: { inputs: [{ text: "Ciao.", voice_id: GIULIA }] } })).status).toBe(200);

      // The pass is this workspace's alone, and it ends.
      const strangerKey = await createKey(await signUp("captcha-stranger@example.com"));
      expect((await api(`/v1/text-to-speech/${GIULIA}`, { method: "POST", key: strangerKey, json: { text: "Not mine." } })).status).toBe(403);
      expect((await solve(strangerKey, challenge.challenge_id, answer)).status).toBe(404);
      expect((await api(new URL(challenge.audio_url).pathname, { key: strangerKey })).status).toBe(404);
      await env.DB.prepare("UPDATE voice_captcha_passes SET valid_until = 1 WHERE voice_id = ?").bind(GIULIA).run();
      expect((await api(`/v1/text-to-speech/${GIULIA}`, { method: "POST", key, json: { text: "Expired." } })).status).toBe(403);
    });

    it("use a challenge up after three wrong answers, and let the page's session take the same steps", async () => {
      await control(GIULIA, "CAPTCHA");
      const cookie = await signUp("captcha-page@example.com");
      const challenge = await newChallenge(undefined, cookie);
      const answer = await answerOf(challenge.challenge_id);
      for (const left of [2, 1, 0]) {
        const wrong = await solve(undefined, challenge.challenge_id, "nope", cookie);
        expect(await wrong.json()).toMatchObject({ detail: { status: "captcha_incorrect", attempts_left: left } });
      }
      expect((await solve(undefined, challenge.challenge_id, answer, cookie)).status).toBe(404);
      // A new challenge replaces the used one, and the session's answer gives the workspace its pass.
      const next = await newChallenge(undefined, cookie);
      expect((await solve(undefined, next.challenge_id, await answerOf(next.challenge_id), cookie)).status).toBe(200);
      const spoken = await api(`/v1/text-to-speech/${GIULIA}`, { method: "POST", cookie, json: { text: "Dalla pagina." } });
      expect(spoken.status).toBe(200);
      await spoken.arrayBuffer();
    });

    it("answer the challenge routes plainly for voices without a check, blocked and unknown ones", async () => {
      await control(GIULIA, "BAN");
      const ask = (voiceId: string) => api(`/v1/voices/${voiceId}/captcha`, { method: "POST", key });
      expect(await (await ask(ARIA)).json()).toMatchObject({ detail: { status: "voice_captcha_not_required" } });
      expect((await ask(GIULIA)).status).toBe(403);
      expect((await ask("no_such_voice")).status).toBe(404);
      expect((await solve(key, "not-a-uuid", "ABCDE")).status).toBe(422);
    });

    it("keep restricted voices out of the visitors' try-it box, and blocked voices out of the public previews", async () => {
      const tryIt = (voiceId: string) =>
        SELF.fetch(`${ORIGIN}/v1/try-it`, { method: "POST", headers: { origin: ORIGIN, "content-type": "application/json", "x-parlance-client-ip": "203.0.113.91" }, body: JSON.stringify({ text: "Hi", voice_id: voiceId }) });
      await control(GIULIA, "CAPTCHA");
      expect(await (await tryIt(GIULIA)).json()).toMatchObject({ detail: { status: "voice_captcha_required" } });
      const offered = (html: string) => [...html.matchAll(/<option value="(pv[0-9a-z]+)"/g)].map((match) => match[1]);
      expect(offered(await (await SELF.fetch(`${ORIGIN}/languages/italian`)).text())).toEqual(["pv12marco00000000000"]);
      expect(offered(await (await SELF.fetch(`${ORIGIN}/`)).text())).not.toContain(GIULIA);
      // A CAPTCHA voice's fixed preview stays public (the page asks the check before playing it).
      expect((await api("/v1/voices/previews/voice_preview_giulia.mp3")).status).toBe(200);
      await control(GIULIA, "BAN");
      expect(await (await tryIt(GIULIA)).json()).toMatchObject({ detail: { status: "voice_blocked" } });
      expect((await api("/v1/voices/previews/voice_preview_giulia.mp3")).status).toBe(403);
    });
  });
});

describe("voice-design", () => {
  /** Each design synthesizes three previews: these tests take seconds, not milliseconds. */
  const it = (name: string, fn: () => Promise<void>) => test(name, fn, 60_000);

  const DESCRIPTION = "A deep, calm British man with a warm voice";
  const ARIA = "pv01aria000000000000";

  type Preview = { generated_voice_id: string; audio_base_64: string; media_type: string; duration_secs: number; language: string };
  type Previews = { previews: Preview[]; text: string };

  async function design(key: string, body: Record<string, unknown> = { voice_description: DESCRIPTION }, path = "/v1/text-to-voice/create-previews") {
    return api(path, { method: "POST", key, json: body });
  }

  async function previewsOf(key: string, body?: Record<string, unknown>): Promise<Previews> {
    const response = await design(key, body);
    expect(response.status).toBe(200);
    return response.json();
  }

  function save(key: string, generated_voice_id: string, voice_name = "Designed") {
    return api("/v1/text-to-voice", { method: "POST", key, json: { voice_name, voice_description: DESCRIPTION, generated_voice_id, labels: { use_case: "narration" } } });
  }

  describe("POST /v1/text-to-voice/create-previews and /design", () => {
    it("answer three distinct playable previews from a description, the same for the same seed", async () => {
      const key = await createKey(await signUp("designer@example.com"));
      const first = await previewsOf(key, { voice_description: DESCRIPTION, seed: 11 });
      expect(first.previews).toHaveLength(3);
      expect(first.text.length).toBeGreaterThanOrEqual(100);
      for (const preview of first.previews) {
        expect(preview).toMatchObject({ media_type: "audio/mpeg", language: "en" });
        expect(preview.generated_voice_id).toMatch(/^[A-Za-z0-9]{20}$/);
        expect(preview.duration_secs).toBeGreaterThan(3);
        expect(atob(preview.audio_base_64).length).toBeGreaterThan(5000);
      }
      expect(new Set(first.previews.map((p) => p.audio_base_64)).size).toBe(3);

      const again = (await (await design(key, { voice_description: DESCRIPTION, seed: 11 }, "/v1/text-to-voice/design")).json()) as Previews;
      expect(again.previews.map((p) => p.audio_base_64).join() === first.previews.map((p) => p.audio_base_64).join()).toBe(true);
      expect(again.previews[0]!.generated_voice_id).not.toBe(first.previews[0]!.generated_voice_id);

      const stream = await api(`/v1/text-to-voice/${first.previews[0]!.generated_voice_id}/stream`, { key });
      expect(stream.status).toBe(200);
      expect(stream.headers.get("content-type")).toBe("audio/mpeg");
      expect((await stream.arrayBuffer()).byteLength).toBe(atob(first.previews[0]!.audio_base_64).length);
    });

    it("say the caller's text and speak the language the description names", async () => {
      const key = await createKey(await signUp("designer-text@example.com"));
      const text = "Bonjour à tous. Je suis une voix conçue à partir de quelques mots, et je lis ce texte pour que vous puissiez m'entendre.";
      const result = await previewsOf(key, { voice_description: "A lively young French woman, high and fast", text });
      expect(result.text).toBe(text);
      expect(result.previews.every((p) => p.language === "fr")).toBe(true);
    });

    test("speak every accent and variant the designer can choose (the engine knows each voice it names)", async () => {
      const key = await createKey(await signUp("designer-accents@example.com"));
      const descriptions = [
        "a latin american man, raspy and old",
        "a new yorker woman, breathy",
        "a posh english man, whispering",
        "a scottish woman, robotic and flat",
        "a caribbean man, robotic voice",
        "a british old woman, raspy",
        "a german woman, warm and bright",
        "a belgian man, breathy and warm",
        "a swiss woman, whispering softly",
        "a parisian man, bright and old",
        "a brazilian woman, old and breathy",
        "a portuguese man, deep and warm",
        "a castilian woman, raspy and high",
        "an italian man, bright and fast",
      ];
      for (const voice_description of descriptions) {
        const response = await design(key, { voice_description, text: "One two three four five six seven eight nine ten. ".repeat(3) });
        expect(response.status, voice_description).toBe(200);
      }
    }, 300_000);

    it("refuse a missing, too short or too long description and a text outside 100 to 1000 characters (422)", async () => {
      const key = await createKey(await signUp("designer-bad@example.com"));
      expect((await design(key, {})).status).toBe(422);
      expect((await design(key, { voice_description: "" })).status).toBe(422);
      const short = await design(key, { voice_description: "deep man" });
      expect(short.status).toBe(422);
      expect(JSON.stringify(await short.json())).toContain("at least 20 characters");
      expect((await design(key, { voice_description: "a deep voice ".repeat(100) })).status).toBe(422);
      expect((await design(key, { voice_description: DESCRIPTION, text: "Too short." })).status).toBe(422);
      expect((await design(key, { voice_description: DESCRIPTION, text: "word ".repeat(300) })).status).toBe(422);
      expect((await api("/v1/text-to-voice/create-previews", { method: "POST", json: { voice_description: DESCRIPTION } })).status).toBe(401);
    });
  });

  describe("POST /v1/text-to-voice", () => {
    it("saves a preview as a generated voice that lists and speaks, once", async () => {
      const key = await createKey(await signUp("designer-save@example.com"));
      const { previews } = await previewsOf(key);
      const response = await save(key, previews[1]!.generated_voice_id, "Edmund");
      expect(response.status).toBe(200);
      const voice = (await response.json()) as { voice_id: string; name: string; category: string; labels: Record<string, string>; description: string };
      expect(voice).toMatchObject({ name: "Edmund", category: "generated", description: DESCRIPTION });
      expect(voice.labels).toMatchObject({ gender: "male", accent: "british", use_case: "narration" });

      const listed = (await (await api("/v1/voices", { key })).json()) as { voices: { voice_id: string; category: string }[] };
      expect(listed.voices.find((v) => v.voice_id === voice.voice_id)?.category).toBe("generated");
      // The chosen preview is the voice's own private preview, served to its owner only.
      const preview = await api(`/v1/voices/${voice.voice_id}/preview`, { key });
      expect(preview.status).toBe(200);
      expect(preview.headers.get("content-type")).toBe("audio/mpeg");
      expect(new Uint8Array(await preview.arrayBuffer())).toEqual(Uint8Array.from(atob(previews[1]!.audio_base_64), (c) => c.charCodeAt(0)));

      const speak = async (voiceId: string) => {
        const r = await api(`/v1/text-to-speech/${voiceId}?output_format=pcm_22050`, { method: "POST", key, json: { text: "Good evening, and welcome.", seed: 3 } });
        expect(r.status).toBe(200);
        return Buffer.from(await r.arrayBuffer());
      };
      const designed = await speak(voice.voice_id);
      expect(designed.byteLength).toBeGreaterThan(10000);
      expect(designed.equals(await speak(ARIA))).toBe(false);

      // The preview is used up: a second save of it finds nothing.
      expect((await save(key, previews[1]!.generated_voice_id)).status).toBe(404);
    });

    it("refuses an unknown, expired or another workspace's generated_voice_id (404)", async () => {
      const key = await createKey(await signUp("designer-ids@example.com"));
      const other = await createKey(await signUp("designer-other@example.com"));
      const { previews } = await previewsOf(key);
      const unknown = await save(key, "NoSuchGeneratedVoice");
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { detail: { status: string } }).detail.status).toBe("generated_voice_not_found");

      expect((await save(other, previews[0]!.generated_voice_id)).status).toBe(404);
      expect((await api(`/v1/text-to-voice/${previews[0]!.generated_voice_id}/stream`, { key: other })).status).toBe(404);

      await env.DB.prepare("UPDATE generated_voices SET expires_at = unixepoch() - 1 WHERE generated_voice_id = ?").bind(previews[2]!.generated_voice_id).run();
      expect((await save(key, previews[2]!.generated_voice_id)).status).toBe(404);
      expect((await api(`/v1/text-to-voice/${previews[2]!.generated_voice_id}/stream`, { key })).status).toBe(404);

      // The preview that was neither expired nor taken still saves for its own workspace.
      expect((await save(key, previews[0]!.generated_voice_id)).status).toBe(200);
    });

    it("refuses a voice over the plan's custom voice limit (free: 3)", async () => {
      const key = await createKey(await signUp("designer-limit@example.com"));
      const first = await previewsOf(key);
      const second = await previewsOf(key);
      const ids = [...first.previews, ...second.previews].map((p) => p.generated_voice_id);
      for (const id of ids.slice(0, 3)) expect((await save(key, id)).status).toBe(200);
      const over = await save(key, ids[3]!);
      expect(over.status).toBe(400);
      expect(((await over.json()) as { detail: { status: string; message: string } }).detail).toMatchObject({ status: "voice_limit_reached", message: expect.stringContaining("(3)") });
    });

    it("refuses a body without name or id (422)", async () => {
      const key = await createKey(await signUp("designer-body@example.com"));
      expect((await api("/v1/text-to-voice", { method: "POST", key, json: { voice_description: DESCRIPTION, generated_voice_id: "x" } })).status).toBe(422);
      expect((await api("/v1/text-to-voice", { method: "POST", key, json: { voice_name: "A", voice_description: DESCRIPTION } })).status).toBe(422);
    });
  });

  describe("POST /v1/text-to-voice/{voice_id}/remix", () => {
    it("remixes a usable voice as the description says, and refuses another workspace's or an unknown one", async () => {
      const key = await createKey(await signUp("remixer@example.com"));
      const other = await createKey(await signUp("remixer-other@example.com"));
      const remix = (voiceId: string, k = key) => api(`/v1/text-to-voice/${voiceId}/remix`, { method: "POST", key: k, json: { voice_description: "Make the voice higher and much faster", seed: 4 } });
      const response = await remix(ARIA);
      expect(response.status).toBe(200);
      const { previews } = (await response.json()) as Previews;
      expect(previews).toHaveLength(3);
      const saved = (await (await save(key, previews[0]!.generated_voice_id, "Aria remix")).json()) as { voice_id: string };

      expect((await remix(saved.voice_id, other)).status).toBe(404);
      expect((await remix("NoSuchVoice")).status).toBe(404);
      expect((await remix(saved.voice_id)).status).toBe(200);
    });
  });
});

describe("language-previews", () => {
  const ARIA = "pv01aria000000000000";

  describe("voices in every language of the multilingual model", () => {
    it("list one verified language per engine language, each with its own preview that plays", async () => {
      const key = await createKey(await signUp("polyglot@example.com"));
      const voice = (await (await api(`/v1/voices/${ARIA}`, { key })).json()) as { verified_languages: { language: string; model_id: string; preview_url: string }[]; preview_url: string };
      expect(voice.verified_languages.map((l) => l.language)).toEqual(["en", "de", "fr", "es", "it", "pt"]);
      expect(new Set(voice.verified_languages.map((l) => l.model_id))).toEqual(new Set(["parlance_multilingual_v1"]));
      expect(voice.verified_languages.find((l) => l.language === "en")!.preview_url).toBe(voice.preview_url);
      const french = voice.verified_languages.find((l) => l.language === "fr")!.preview_url;
      expect(french).toMatch(/\/v1\/voices\/previews\/voice_preview_aria_fr\.mp3$/);

      const english = await api(new URL(voice.preview_url).pathname);
      const frenchAudio = await api(new URL(french).pathname);
      expect(frenchAudio.status).toBe(200);
      expect(frenchAudio.headers.get("content-type")).toBe("audio/mpeg");
      const [a, b] = [new Uint8Array(await english.arrayBuffer()), new Uint8Array(await frenchAudio.arrayBuffer())];
      expect(b.byteLength).toBeGreaterThan(2000);
      expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
      expect((await api("/v1/voices/previews/voice_preview_aria_xx.mp3")).status).toBe(404);
    });

    it("speak the requested language_code: the same text sounds different in French", async () => {
      const key = await createKey(await signUp("language-code@example.com"));
      const speak = async (language_code?: string) => {
        const response = await api(`/v1/text-to-speech/${ARIA}?output_format=pcm_22050`, { method: "POST", key, json: { text: "Bonjour, comment allez-vous?", seed: 7, ...(language_code ? { language_code } : {}) } });
        expect(response.status).toBe(200);
        return new Uint8Array(await response.arrayBuffer());
      };
      const english = await speak();
      const again = await speak("en");
      const french = await speak("fr");
      expect(Buffer.from(english).equals(Buffer.from(again))).toBe(true);
      expect(Buffer.from(english).equals(Buffer.from(french))).toBe(false);
    });

    it("speak every engine language by language_code, its data read from R2 on first use (decision 0059)", async () => {
      const key = await createKey(await signUp("every-language@example.com"));
      const speak = async (text: string, language_code?: string) => {
        const response = await api(`/v1/text-to-speech/${ARIA}?output_format=pcm_22050`, { method: "POST", key, json: { text, seed: 11, ...(language_code ? { language_code } : {}) } });
        if (response.status !== 200) return { status: response.status, pcm: new Int16Array(0), body: await response.text() };
        return { status: response.status, pcm: new Int16Array(await response.arrayBuffer()), body: "" };
      };
      const rms = (pcm: Int16Array) => Math.sqrt(pcm.reduce((sum, s) => sum + s * s, 0) / Math.max(1, pcm.length));
      // Not installed yet: refused, nothing spoken in the wrong language.
      const missing = await speak("Egy kettő három.", "hu");
      expect(missing.status).toBe(503);
      expect(missing.body).toContain("language_unavailable");
      await installSpeechLanguages();
      // First use of a language in this isolate reads its dictionary from R2; later ones find it mounted.
      const timed = async (text: string, language: string) => {
        const started = Date.now();
        const spoken = await speak(text, language);
        return { ...spoken, ms: Date.now() - started };
      };
      const firstHungarian = await timed("Egy kettő három négy öt.", "hu");
      const againHungarian = await timed("Egy kettő három négy öt.", "hu");
      const german = await timed("Eins zwei drei vier fünf.", "de");
      const faroese = await timed("Ein, tveir, trý.", "fo"); // the largest dictionary, 5.4 MB
      console.log(`first-use latency: Hungarian first ${firstHungarian.ms} ms, again ${againHungarian.ms} ms; German (bundled) ${german.ms} ms; Faroese first ${faroese.ms} ms`);
      expect(faroese.status).toBe(200);
      expect(Buffer.from(firstHungarian.pcm.buffer).equals(Buffer.from(againHungarian.pcm.buffer))).toBe(true);
      for (const [language, text] of [["hu", "Egy kettő három négy öt."], ["no", "En to tre fire fem."], ["vi", "Một hai ba bốn năm."], ["ja", "いち、に、さん。"]] as const) {
        const english = await speak(text);
        const spoken = await speak(text, language);
        expect(spoken.status, language).toBe(200);
        expect(rms(spoken.pcm), language).toBeGreaterThan(500);
        expect(Buffer.from(spoken.pcm.buffer).equals(Buffer.from(english.pcm.buffer)), language).toBe(false);
      }
      // A dialect code picks the dialect's voice: southern Vietnamese is not the northern standard.
      const north = await speak("Một hai ba bốn năm.", "vi");
      const south = await speak("Một hai ba bốn năm.", "vi-VN-x-south");
      expect(Buffer.from(south.pcm.buffer).equals(Buffer.from(north.pcm.buffer))).toBe(false);
    }, 60_000);
  });
});

describe("voice-library", () => {
  // Voices of the publisher's workspace, as cloning and design will make them (inserted here: the library only
  // reads the voices table).
  const SHARED = "libshared00000000001";
  const NO_COPY = "libnocopy00000000001";
  const PRIVATE = "libprivate0000000001";
  const ARIA = "pv01aria000000000000";

  type Library = { voices: { voice_id: string; public_owner_id: string; name: string; gender: string; age: string; use_case: string; preview_url: string; cloned_by_count: number; is_added_by_user: boolean; sharing_status: string; usage_character_count_1y: number; usage_character_count_7d: number }[]; has_more: boolean; total_count: number };
  type Voice = { voice_id: string; name: string; category: string; is_owner: boolean; sharing: { status: string; public_owner_id: string | null; original_voice_id: string | null } | null };

  let publisher: string;
  let adder: string;
  let stranger: string;
  let publisherWorkspace: string;

  async function insertVoice(voiceId: string, workspaceId: string, name: string, labels: Record<string, string>, category = "cloned") {
    await env.DB.prepare(
      `INSERT INTO voices (voice_id, workspace_id, category, name, description, labels, language, engine, engine_parameters, samples, created_at)
     VALUES (?, ?, ?, ?, ?, ?, 'en', 'embedded', '{"espeakVoice":"en-gb-x-rp","variant":"m1","basePitch":38,"externalVoices":{}}', '[{"sampleId":"s1","fileName":"me.wav","mimeType":"audio/wav","sizeBytes":10,"hash":"h","key":"voice-samples/secret.wav"}]', 1700000000)`,
    )
      .bind(voiceId, workspaceId, category, name, `${name}, a test voice.`, JSON.stringify(labels))
      .run();
  }

  const library = async (key: string, query = "") => {
    const response = await api(`/v1/shared-voices${query}`, { key });
    expect(response.status).toBe(200);
    return (await response.json()) as Library;
  };
  const share = (key: string, voiceId: string, body: unknown) => api(`/v1/voices/${voiceId}/sharing`, { method: "POST", key, json: body });
  const add = (key: string, owner: string, voiceId: string, name = "My copy") => api(`/v1/voices/add/${owner}/${voiceId}`, { method: "POST", key, json: { new_name: name } });
  const detail = async (response: Response) => ((await response.json()) as { detail: { status: string; message: string } }).detail;

  beforeAll(async () => {
    publisher = await createKey(await signUp("library-publisher@example.com"));
    adder = await createKey(await signUp("library-adder@example.com"));
    stranger = await createKey(await signUp("library-stranger@example.com"));
    publisherWorkspace = ((await (await api("/v1/workspace", { key: publisher })).json()) as { workspace_id: string }).workspace_id;
    await insertVoice(SHARED, publisherWorkspace, "Brogan Shared", { gender: "male", age: "middle aged", accent: "scottish", use_case: "narration", descriptive: "calm" });
    await insertVoice(NO_COPY, publisherWorkspace, "Nell Listen Only", { gender: "female", age: "young", accent: "irish", use_case: "news" }, "professional");
    await insertVoice(PRIVATE, publisherWorkspace, "Pia Private", { gender: "female", age: "old", accent: "welsh", use_case: "narration" });
  });

  describe("sharing a voice", () => {
    it("publishes one of the workspace's voices under its opaque public_user_id, with or without copying", async () => {
      const shared = await share(publisher, SHARED, { published: true });
      expect(shared.status).toBe(200);
      const sharing = (await shared.json()) as { status: string; public_owner_id: string; date_unix: number };
      expect(sharing).toMatchObject({ status: "enabled", public_owner_id: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(sharing.public_owner_id).not.toContain(publisherWorkspace);
      const noCopy = (await (await share(publisher, NO_COPY, { published: true, copying_allowed: false, live_moderation_enabled: true })).json()) as { status: string; public_owner_id: string };
      expect(noCopy).toMatchObject({ status: "copied_disabled", public_owner_id: sharing.public_owner_id });
      const voice = (await (await api(`/v1/voices/${SHARED}`, { key: publisher })).json()) as Voice;
      expect(voice.sharing).toMatchObject({ status: "enabled", public_owner_id: sharing.public_owner_id, original_voice_id: null });
    });

    it("refuses another workspace's voice, a premade one, an unknown one and a bad body", async () => {
      expect((await share(stranger, PRIVATE, { published: true })).status).toBe(404);
      expect((await share(stranger, SHARED, { published: false })).status).toBe(404);
      expect((await share(publisher, ARIA, { published: true })).status).toBe(404);
      expect((await share(publisher, "nope", { published: true })).status).toBe(404);
      expect((await share(publisher, SHARED, { published: "yes" })).status).toBe(422);
      expect((await library(stranger)).voices.map((voice) => voice.voice_id)).not.toContain(PRIVATE);
    });
  });

  describe("GET /v1/shared-voices", () => {
    it("lists the published voices only, in the SDK's shape, never a private one", async () => {
      const page = await library(stranger);
      expect(page.voices.map((voice) => voice.voice_id).sort()).toEqual([NO_COPY, SHARED].sort());
      expect(page.total_count).toBe(2);
      expect(page.has_more).toBe(false);
      const brogan = page.voices.find((voice) => voice.voice_id === SHARED)!;
      expect(brogan).toMatchObject({ name: "Brogan Shared", gender: "male", age: "middle aged", use_case: "narration", cloned_by_count: 0, is_added_by_user: false, sharing_status: "enabled" });
      expect(brogan.preview_url).toMatch(/\/v1\/shared-voices\/previews\/libshared00000000001\.mp3$/);
      expect(JSON.stringify(page)).not.toContain("secret.wav");
    });

    it("filters by search, gender, age, accent, use cases, category, owner and live moderation", async () => {
      const ids = async (query: string) => (await library(stranger, query)).voices.map((voice) => voice.voice_id);
      expect(await ids("?search=brogan")).toEqual([SHARED]);
      expect(await ids("?search=IRISH")).toEqual([NO_COPY]);
      expect(await ids("?gender=female")).toEqual([NO_COPY]);
      expect(await ids("?age=middle_aged")).toEqual([SHARED]);
      expect(await ids("?accent=scottish")).toEqual([SHARED]);
      expect(await ids("?use_cases=news&use_cases=podcast")).toEqual([NO_COPY]);
      expect(await ids("?use_cases=narration,news")).toHaveLength(2);
      expect(await ids("?category=professional")).toEqual([NO_COPY]);
      expect(await ids("?category=famous")).toEqual([]);
      expect(await ids("?featured=true")).toEqual([]);
      expect(await ids("?include_live_moderated=false")).toEqual([SHARED]);
      expect(await ids("?language=de")).toEqual([]);
      const owner = (await library(stranger)).voices[0]!.public_owner_id;
      expect(await ids(`?owner_id=${owner}`)).toHaveLength(2);
      expect(await ids(`?owner_id=${"0".repeat(64)}`)).toEqual([]);
    });

    it("pages from 0 and sorts by usage", async () => {
      const first = await library(stranger, "?page_size=1");
      const second = await library(stranger, "?page_size=1&page=1");
      expect(first.has_more).toBe(true);
      expect(second.has_more).toBe(false);
      expect(first.voices[0]!.voice_id).not.toBe(second.voices[0]!.voice_id);
      await env.DB.prepare(
        "INSERT INTO usage_events (id, workspace_id, user_id, occurred_at, characters, voice_id, voice_name, model_id, source) VALUES ('u-lib-1', ?, 'u', unixepoch(), 500, ?, 'Nell', 'm', 'api')",
      )
        .bind(publisherWorkspace, NO_COPY)
        .run();
      const byUsage = await library(stranger, "?sort=usage_character_count_1y");
      expect(byUsage.voices.map((voice) => [voice.voice_id, voice.usage_character_count_1y, voice.usage_character_count_7d])).toEqual([
        [NO_COPY, 500, 500],
        [SHARED, 0, 0],
      ]);
      expect((await library(stranger, "?sort=trending")).voices[0]!.voice_id).toBe(NO_COPY);
    });

    it("refuses bad paging and sorting with 422, and asks for a key", async () => {
      for (const query of ["?page_size=0", "?page_size=101", "?page_size=abc", "?page=-1", "?page=1.5", "?sort=random", "?category=cloned", "?featured=maybe"]) {
        expect((await api(`/v1/shared-voices${query}`, { key: stranger })).status, query).toBe(422);
      }
      expect((await api("/v1/shared-voices")).status).toBe(401);
    });

    it("serves a library voice's preview publicly, spoken by the voice; none for a private voice", async () => {
      const preview = await api(`/v1/shared-voices/previews/${SHARED}.mp3`);
      expect(preview.status).toBe(200);
      expect(preview.headers.get("content-type")).toBe("audio/mpeg");
      expect((await preview.arrayBuffer()).byteLength).toBeGreaterThan(5000);
      expect((await api(`/v1/shared-voices/previews/${PRIVATE}.mp3`)).status).toBe(404);
      expect((await api(`/v1/shared-voices/previews/${ARIA}.mp3`)).status).toBe(404);
    });
  });

  describe("adding a shared voice", () => {
    it("copies it into the adder's workspace under the new name, linked to the original, without its samples, with its own preview", async () => {
      const owner = (await library(adder)).voices[0]!.public_owner_id;
      const added = await add(adder, owner, SHARED, "  Brogan for me ");
      expect(added.status).toBe(200);
      const { voice_id: copyId } = (await added.json()) as { voice_id: string };
      expect(copyId).not.toBe(SHARED);
      const copy = (await (await api(`/v1/voices/${copyId}`, { key: adder })).json()) as Voice & { samples?: unknown };
      expect(copy).toMatchObject({ name: "Brogan for me", category: "cloned", is_owner: true, sharing: { status: "copied", original_voice_id: SHARED, public_owner_id: owner } });
      expect(copy.samples).toBeUndefined();
      const community = (await (await api("/v2/voices?voice_type=community", { key: adder })).json()) as { voices: Voice[] };
      expect(community.voices.map((voice) => voice.voice_id)).toEqual([copyId]);
      const listed = (await library(adder, "?search=brogan")).voices[0]!;
      expect(listed).toMatchObject({ is_added_by_user: true, cloned_by_count: 1 });
      // The copy is the adder's alone, and speaks.
      expect((await api(`/v1/voices/${copyId}`, { key: stranger })).status).toBe(404);
      const speech = await api(`/v1/text-to-speech/${copyId}`, { method: "POST", key: adder, json: { text: "A copied voice." } });
      expect(speech.status).toBe(200);
      // Its own preview, spoken by the copy, for the adder only.
      expect((copy as Voice & { preview_url: string }).preview_url).toMatch(new RegExp(`/v1/voices/${copyId}/preview$`));
      const preview = await api(`/v1/voices/${copyId}/preview`, { key: adder });
      expect(preview.status).toBe(200);
      expect((await preview.arrayBuffer()).byteLength).toBeGreaterThan(5000);
      expect((await api(`/v1/voices/${copyId}/preview`, { key: stranger })).status).toBe(404);
      expect((await add(adder, owner, SHARED)).status).toBe(400);
    });

    it("refuses copied_disabled, an unshared or private voice, a wrong owner, the publisher itself and a bad name", async () => {
      const owner = (await library(adder)).voices[0]!.public_owner_id;
      const noCopy = await add(adder, owner, NO_COPY);
      expect(noCopy.status).toBe(403);
      expect(await detail(noCopy)).toMatchObject({ status: "voice_copy_disabled" });
      const privateVoice = await add(adder, owner, PRIVATE);
      expect(privateVoice.status).toBe(404);
      expect(await detail(privateVoice)).toMatchObject({ status: "voice_not_found" });
      expect((await add(adder, owner, ARIA)).status).toBe(404);
      expect((await add(adder, "0".repeat(64), SHARED)).status).toBe(404);
      expect((await add(adder, "not-an-id", SHARED)).status).toBe(404);
      expect(await detail(await add(publisher, owner, SHARED))).toMatchObject({ status: "voice_already_owned" });
      expect((await add(stranger, owner, SHARED, "   ")).status).toBe(400);
      expect((await api(`/v1/voices/add/${owner}/${SHARED}`, { method: "POST", key: stranger, json: {} })).status).toBe(422);
      // Unpublished, it is gone from the library and cannot be added; the adder's copy stays.
      expect((await share(publisher, SHARED, { published: false })).status).toBe(200);
      expect((await add(stranger, owner, SHARED)).status).toBe(404);
      expect((await library(stranger)).voices.map((voice) => voice.voice_id)).toEqual([NO_COPY]);
      expect((await (await api("/v2/voices?voice_type=community", { key: adder })).json()) as { voices: unknown[] }).toMatchObject({ voices: [expect.anything()] });
      expect((await share(publisher, SHARED, { published: true })).status).toBe(200);
    });

    it("counts the copy against the plan's voice limit (free: 3)", async () => {
      const owner = (await library(stranger)).voices[0]!.public_owner_id;
      const workspace = ((await (await api("/v1/workspace", { key: stranger })).json()) as { workspace_id: string }).workspace_id;
      for (const n of [1, 2, 3]) await insertVoice(`limit0000000000000${n}`, workspace, `Mine ${n}`, {});
      const refused = await add(stranger, owner, SHARED);
      expect(refused.status).toBe(400);
      const { status, message } = await detail(refused);
      expect(status).toBe("voice_limit_reached");
      expect(message).toContain("custom voices (3)");
    });

    it("does not let a copy be shared again", async () => {
      const copy = ((await (await api("/v2/voices?voice_type=community", { key: adder })).json()) as { voices: Voice[] }).voices[0]!;
      const refused = await share(adder, copy.voice_id, { published: true });
      expect(refused.status).toBe(400);
      expect(await detail(refused)).toMatchObject({ status: "voice_not_shareable" });
    });
  });

  describe("collections", () => {
    it("creates, renames, lists by title, fills, filters /v2/voices, empties and deletes", async () => {
      const created = await api("/v1/voices/collections", { method: "POST", key: adder, json: { title: " Stories ", icon: "book" } });
      expect(created.status).toBe(200);
      const collection = (await created.json()) as { collection_id: string; title: string; icon: string; permission_on_resource: string };
      expect(collection).toMatchObject({ title: "Stories", icon: "book", permission_on_resource: "admin" });
      await api("/v1/voices/collections", { method: "POST", key: adder, json: { title: "Ads", icon: "" } });
      const list = (await (await api("/v1/voices/collections", { key: adder })).json()) as { collections: { title: string }[] };
      expect(list.collections.map((entry) => entry.title)).toEqual(["Ads", "Stories"]);
      const id = collection.collection_id;
      const renamed = await api(`/v1/voices/collections/${id}`, { method: "PATCH", key: adder, json: { title: "Bedtime stories" } });
      expect(await renamed.json()).toMatchObject({ title: "Bedtime stories", icon: "book" });
      expect((await api(`/v1/voices/collections/${id}/voice/${ARIA}`, { method: "POST", key: adder })).status).toBe(200);
      expect((await api(`/v1/voices/collections/${id}/voice/${ARIA}`, { method: "POST", key: adder })).status).toBe(200);
      const filtered = (await (await api(`/v2/voices?collection_id=${id}`, { key: adder })).json()) as { voices: Voice[]; total_count: number };
      expect(filtered.voices.map((voice) => voice.voice_id)).toEqual([ARIA]);
      expect((await (await api(`/v1/voices/collections/${id}`, { key: adder })).json()) as object).toMatchObject({ voice_count: 1 });
      const counts = (await (await api("/v1/voices/collections", { key: adder })).json()) as { collections: { title: string; voice_count: number }[] };
      expect(counts.collections.map((entry) => [entry.title, entry.voice_count])).toEqual([["Ads", 0], ["Bedtime stories", 1]]);
      expect((await api(`/v1/voices/collections/${id}/voice/${ARIA}`, { method: "DELETE", key: adder })).status).toBe(200);
      expect((await api(`/v1/voices/collections/${id}/voice/${ARIA}`, { method: "DELETE", key: adder })).status).toBe(404);
      expect(((await (await api(`/v2/voices?collection_id=${id}`, { key: adder })).json()) as { voices: unknown[] }).voices).toEqual([]);
      expect((await api(`/v1/voices/collections/${id}`, { method: "DELETE", key: adder })).status).toBe(200);
      expect((await api(`/v1/voices/collections/${id}`, { key: adder })).status).toBe(404);
      // The voice itself stays.
      expect((await api(`/v1/voices/${ARIA}`, { key: adder })).status).toBe(200);
    });

    it("keeps each workspace's collections its own and refuses unknown ones, other workspaces' voices and bad titles", async () => {
      const mine = (await (await api("/v1/voices/collections", { method: "POST", key: publisher, json: { title: "Mine", icon: "" } })).json()) as { collection_id: string };
      const id = mine.collection_id;
      expect((await api(`/v1/voices/collections/${id}`, { key: stranger })).status).toBe(404);
      expect((await api(`/v1/voices/collections/${id}`, { method: "PATCH", key: stranger, json: { title: "Taken" } })).status).toBe(404);
      expect((await api(`/v1/voices/collections/${id}`, { method: "DELETE", key: stranger })).status).toBe(404);
      expect((await api(`/v1/voices/collections/${id}/voice/${ARIA}`, { method: "POST", key: stranger })).status).toBe(404);
      const unknown = await api(`/v2/voices?collection_id=${id}`, { key: stranger });
      expect(unknown.status).toBe(404);
      expect(await detail(unknown)).toMatchObject({ status: "collection_not_found" });
      expect((await api("/v2/voices?collection_id=nope", { key: adder })).status).toBe(404);
      // Another workspace's private voice cannot go into a collection.
      const privateVoice = await api(`/v1/voices/collections/${id}/voice/libprivate0000000001`, { method: "POST", key: publisher });
      expect(privateVoice.status).toBe(200);
      const strangers = (await (await api("/v1/voices/collections", { method: "POST", key: stranger, json: { title: "Theirs", icon: "" } })).json()) as { collection_id: string };
      expect((await api(`/v1/voices/collections/${strangers.collection_id}/voice/${PRIVATE}`, { method: "POST", key: stranger })).status).toBe(404);
      expect((await api("/v1/voices/collections", { method: "POST", key: stranger, json: { title: "   ", icon: "" } })).status).toBe(400);
      expect((await api("/v1/voices/collections", { method: "POST", key: stranger, json: { icon: "" } })).status).toBe(422);
      expect((await (await api("/v1/voices/collections", { key: stranger })).json()) as object).toEqual({ collections: [expect.objectContaining({ title: "Theirs" })] });
    });
  });

  describe("a voice leaving the library", () => {
    const hook = async (key: string) => {
      const created = await api("/v1/workspace/webhooks", { method: "POST", key, json: { settings: { auth_type: "hmac", name: "Library", webhook_url: "https://hooks.example.com/library", events: ["voice_library_removal_notice"] } } });
      expect(created.status).toBe(200);
      return ((await created.json()) as { webhook_id: string }).webhook_id;
    };
    const notices = async (webhookIds: string[]) =>
      (await env.DB.prepare(`SELECT webhook_id, event_type, payload FROM webhook_deliveries WHERE webhook_id IN (${webhookIds.map(() => "?").join(", ")}) ORDER BY created_at, rowid`).bind(...webhookIds).all<{ webhook_id: string; event_type: string; payload: string }>())
        .results;

    it("is announced to each workspace that added a copy, when unpublished and when deleted; the publisher and others hear nothing", async () => {
      const owner = await createKey(await signUp("library-leaving-owner@example.com"));
      const holder = await createKey(await signUp("library-leaving-holder@example.com"));
      const ownerWorkspace = ((await (await api("/v1/workspace", { key: owner })).json()) as { workspace_id: string }).workspace_id;
      const leaving = "libleaving0000000001";
      await insertVoice(leaving, ownerWorkspace, "Lorna Leaving", { gender: "female", accent: "scottish" });
      expect((await share(owner, leaving, { published: true })).status).toBe(200);
      const publicOwner = ((await (await api(`/v1/voices/${leaving}`, { key: owner })).json()) as Voice).sharing!.public_owner_id!;
      const copied = await add(holder, publicOwner, leaving, "Lorna at work");
      expect(copied.status).toBe(200);
      const copyId = ((await copied.json()) as { voice_id: string }).voice_id;
      const [holderHook, ownerHook, strangerHook] = [await hook(holder), await hook(owner), await hook(stranger)];

      // Changing settings while it stays published tells nobody; unpublishing tells the holder.
      expect((await share(owner, leaving, { published: true, copying_allowed: false })).status).toBe(200);
      expect(await notices([holderHook, ownerHook, strangerHook])).toEqual([]);
      expect((await share(owner, leaving, { published: false })).status).toBe(200);
      // Unpublishing again, or deleting a voice that is no longer in the library, tells nobody twice.
      expect((await share(owner, leaving, { published: false })).status).toBe(200);
      let rows = await notices([holderHook, ownerHook, strangerHook]);
      expect(rows.map((row) => [row.webhook_id, row.event_type])).toEqual([[holderHook, "voice_library_removal_notice"]]);
      const body = JSON.parse(rows[0]!.payload) as { type: string; data: Record<string, unknown> };
      expect(body.type).toBe("voice_library_removal_notice");
      expect(body.data).toMatchObject({ voice_id: copyId, name: "Lorna at work", original_voice_id: leaving, public_owner_id: publicOwner, reason: "unpublished", copy_remains_usable: true });

      // Published again and then deleted: the holder hears of the deletion; the copy stays theirs and usable.
      expect((await share(owner, leaving, { published: true })).status).toBe(200);
      expect((await api(`/v1/voices/${leaving}`, { method: "DELETE", key: owner })).status).toBe(200);
      rows = await notices([holderHook, ownerHook, strangerHook]);
      expect(rows).toHaveLength(2);
      expect((JSON.parse(rows[1]!.payload) as { data: { reason: string; voice_id: string } }).data).toMatchObject({ reason: "deleted", voice_id: copyId });
      expect((await api(`/v1/voices/${copyId}`, { key: holder })).status).toBe(200);
    });
  });

  describe("royalties for a library voice (decision 0056)", () => {
    it("accrues the owner's rate on other workspaces' generations with a copy, and pays each finished day once on /app/payouts", async () => {
      const ROYAL = "libroyal000000000001";
      const ownerCookie = await signUp("royalty-owner@example.com");
      const owner = await createKey(ownerCookie);
      const holderCookie = await signUp("royalty-holder@example.com");
      const holder = await createKey(holderCookie);
      const ownerWorkspace = ((await (await api("/v1/workspace", { key: owner })).json()) as { workspace_id: string }).workspace_id;
      const ownerId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind("royalty-owner@example.com").first<{ id: string }>())!.id;
      await insertVoice(ROYAL, ownerWorkspace, "Rhona Royal", { gender: "female", accent: "scottish" });

      // The rate is whole cents per 1,000 credits, from $0.01 to $1.00; rewards without a rate are refused.
      for (const body of [{ fiat_rate: 0.031 }, { fiat_rate: 2 }, {}]) {
        const refused = await share(owner, ROYAL, { published: true, financial_rewards_enabled: true, ...body });
        expect(refused.status).toBe(400);
        expect((await detail(refused)).status).toBe("invalid_royalty_rate");
      }
      const shared = await share(owner, ROYAL, { published: true, financial_rewards_enabled: true, fiat_rate: 0.03 });
      expect(shared.status).toBe(200);
      expect(await shared.json()).toMatchObject({ status: "enabled", financial_rewards_enabled: true, fiat_rate: 0.03 });
      // Changing other settings without naming the rate keeps it.
      expect(await (await share(owner, ROYAL, { published: true, live_moderation_enabled: false })).json()).toMatchObject({ fiat_rate: 0.03 });
      const listed = (await library(holder, "?search=rhona")).voices[0] as Library["voices"][number] & { fiat_rate: number | null };
      expect(listed.fiat_rate).toBe(0.03);

      const copyId = ((await (await add(holder, listed.public_owner_id, ROYAL, "Rhona here")).json()) as { voice_id: string }).voice_id;
      const text = "Royalties are paid for every character. ".repeat(25).trim();
      expect((await api(`/v1/text-to-speech/${copyId}`, { method: "POST", key: holder, json: { text } })).status).toBe(200);
      // The owner's own use of the voice earns nothing.
      expect((await api(`/v1/text-to-speech/${ROYAL}`, { method: "POST", key: owner, json: { text: "My own voice." } })).status).toBe(200);
      const accruals = await env.DB.prepare("SELECT voice_id, earner_user_id, characters, rate FROM voice_royalty_accruals WHERE voice_id = ?").bind(ROYAL).all<{ voice_id: string; earner_user_id: string; characters: number; rate: number }>();
      expect(accruals.results).toEqual([{ voice_id: ROYAL, earner_user_id: ownerId, characters: text.length, rate: 3 }]);

      const earnings = () => env.DB.prepare("SELECT source, source_id, amount FROM earnings WHERE user_id = ?").bind(ownerId).all<{ source: string; source_id: string; amount: number }>();
      // Today is not over: nothing is recorded yet.
      expect((await api("/app/payouts", { cookie: ownerCookie })).status).toBe(200);
      expect((await earnings()).results).toEqual([]);
      // A day later the day is settled, once, however often the page is opened: floor(999 × 3 / 1,000) cents.
      await env.DB.prepare("UPDATE voice_royalty_accruals SET occurred_at = occurred_at - 86400 WHERE voice_id = ?").bind(ROYAL).run();
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      let page = "";
      for (let visit = 0; visit < 2; visit++) page = await (await api("/app/payouts", { cookie: ownerCookie })).text();
      expect((await earnings()).results).toEqual([{ source: "voice_royalty", source_id: `${ROYAL}:${yesterday}`, amount: Math.floor((text.length * 3) / 1000) }]);
      expect(page).toContain(`Rhona Royal: ${text.length} characters generated by other workspaces`);
      expect(page).toContain("Voice library royalty");
      // The holder earns nothing from using it.
      expect((await api("/app/payouts", { cookie: holderCookie })).status).toBe(200);
      expect((await env.DB.prepare("SELECT count(*) AS n FROM earnings e JOIN users u ON u.id = e.user_id WHERE u.email = ?").bind("royalty-holder@example.com").first<{ n: number }>())!.n).toBe(0);

      // Unpublished, the voice earns nothing more, even from the copy that remains usable.
      expect(await (await share(owner, ROYAL, { published: false })).json()).toMatchObject({ financial_rewards_enabled: false, fiat_rate: null });
      expect((await api(`/v1/text-to-speech/${copyId}`, { method: "POST", key: holder, json: { text: "After the end." } })).status).toBe(200);
      expect((await env.DB.prepare("SELECT count(*) AS n FROM voice_royalty_accruals WHERE voice_id = ?").bind(ROYAL).first<{ n: number }>())!.n).toBe(1);
    }, 30_000);
  });
});

describe("voice-flags", () => {
  // Spec §3 Voice: unverified voices that require verification, or whose owner is in probation, are flagged (decision 0075).
  const ROUTE = "routes/app.speech-synthesis.text-to-speech";
  const PARAMETERS = '{"espeakVoice":"en-us","variant":"m3","basePitch":50,"externalVoices":{}}';

  async function offered(cookie: string) {
    const { decode } = await import("turbo-stream");
    const response = await api(`/app/speech-synthesis/text-to-speech.data?_routes=${encodeURIComponent(ROUTE)}`, { cookie });
    expect(response.status).toBe(200);
    const decoded = await decode(response.body!);
    await decoded.done;
    const data = (decoded.value as Record<string, { data: { voices: { voice_id: string; flag: string | null }[] } }>)[ROUTE]!.data;
    return new Map(data.voices.map((v) => [v.voice_id, v.flag]));
  }
  const memberOf = (email: string) =>
    env.DB.prepare("SELECT m.workspace_id, m.user_id FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE u.email = ?").bind(email).first<{ workspace_id: string; user_id: string }>();
  const probation = (userId: string, until: number | null) => env.DB.prepare("UPDATE users SET probation_until = ? WHERE id = ?").bind(until, userId).run();

  it("flags an unverified voice, the voices of an owner in probation and copies of them, only while probation lasts; GET /v1/user says so", async () => {
    const ownerCookie = await signUp("flags-owner@example.com");
    const copierCookie = await signUp("flags-copier@example.com");
    const owner = (await memberOf("flags-owner@example.com"))!;
    const copier = (await memberOf("flags-copier@example.com"))!;
    const voice = (id: string, who: { workspace_id: string; user_id: string }, extra: { requiresVerification?: boolean; original?: string } = {}) =>
      env.DB.prepare(
        `INSERT INTO voices (voice_id, workspace_id, category, name, language, engine, engine_parameters, created_by_user_id, requires_verification, is_verified, original_voice_id) VALUES (?, ?, 'cloned', ?, 'en', 'embedded', ?, ?, ?, 0, ?)`,
      ).bind(id, who.workspace_id, id, PARAMETERS, who.user_id, extra.requiresVerification ? 1 : 0, extra.original ?? null);
    await env.DB.batch([
      voice("flagsownervoice00001", owner),
      voice("flagsunverified00001", owner, { requiresVerification: true }),
      voice("flagscopiedvoice0001", copier, { original: "flagsownervoice00001" }),
      voice("flagscopierown000001", copier),
    ]);
    const key = await createKey(ownerCookie);
    const inProbation = async () => ((await (await api("/v1/user", { key })).json()) as { is_in_probation: boolean }).is_in_probation;

    // Before any probation: only the voice needing verification is flagged; premade voices never are.
    let flags = await offered(ownerCookie);
    expect([flags.get("flagsownervoice00001"), flags.get("flagsunverified00001"), flags.get("pv01aria000000000000")]).toEqual([null, "unverified", null]);
    expect(await inProbation()).toBe(false);

    // In probation: the owner's voices, and another workspace's copy of one, are flagged; the copier's own voice is not.
    const now = Math.floor(Date.now() / 1000);
    await probation(owner.user_id, now + 3600);
    flags = await offered(ownerCookie);
    expect([flags.get("flagsownervoice00001"), flags.get("flagsunverified00001")]).toEqual(["owner_in_probation", "unverified"]);
    const copierFlags = await offered(copierCookie);
    expect([copierFlags.get("flagscopiedvoice0001"), copierFlags.get("flagscopierown000001")]).toEqual(["owner_in_probation", null]);
    expect(copierFlags.has("flagsownervoice00001")).toBe(false);
    expect(await inProbation()).toBe(true);

    // Once its end has passed, nothing is flagged for it.
    await probation(owner.user_id, now - 1);
    expect((await offered(copierCookie)).get("flagscopiedvoice0001")).toBeNull();
    expect((await offered(ownerCookie)).get("flagsownervoice00001")).toBeNull();
    expect(await inProbation()).toBe(false);
  });
});
