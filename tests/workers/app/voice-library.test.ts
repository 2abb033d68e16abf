import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, createKey, signUp } from "./helpers";

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
