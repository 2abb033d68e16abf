import { ElevenLabsClient, ElevenLabsError } from "@elevenlabs/elevenlabs-js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail, executeSql } from "./http";

/** The official SDK, unchanged, on the voice library: shared voices, adding one, collections. */
const baseUrl = inject("baseUrl");
const stateDir = inject("stateDir");
const ARIA = "pv01aria000000000000";
const SHARED = "sdklibshared00000001";
const LISTEN_ONLY = "sdkliblisten00000001";
let publisherKey: string;
let client: ElevenLabsClient;


/** The publisher shares a voice (the sharing settings are not in the SDK: plain HTTP). */
async function publish(voiceId: string, copying: boolean) {
  // Once more on a dropped connection: the stack closes a keep-alive socket left idle while wrangler ran.
  const post = () => fetch(`${baseUrl}/v1/voices/${voiceId}/sharing`, {
    method: "POST",
    signal: AbortSignal.timeout(20_000),
    headers: { "xi-api-key": publisherKey, "content-type": "application/json" },
    body: JSON.stringify({ published: true, copying_allowed: copying }),
  });
  const response = await post().catch(post);
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  publisherKey = await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-publisher")));
  client = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-library"))), baseUrl });
  const workspace = ((await (await fetch(`${baseUrl}/v1/workspace`, { headers: { "xi-api-key": publisherKey } })).json()) as { workspace_id: string }).workspace_id;
  // Two voices of the publisher's workspace, as cloning makes them.
  const row = (id: string, name: string, gender: string) =>
    `('${id}', '${workspace}', 'cloned', '${name}', 'A warm reader.', '{"gender":"${gender}","accent":"irish","age":"young","use_case":"narration"}', 'en', 'embedded', '{"espeakVoice":"en-gb-x-rp","variant":"f2","basePitch":52,"externalVoices":{}}')`;
  await executeSql(
    stateDir,
    `INSERT INTO voices (voice_id, workspace_id, category, name, description, labels, language, engine, engine_parameters) VALUES ${row(SHARED, "Sorcha Storyteller", "female")}, ${row(LISTEN_ONLY, "Lorcan Listen", "male")}`,
  );
  await publish(SHARED, true);
  await publish(LISTEN_ONLY, false);
}, 180_000);

describe("the voice library through the official SDK", () => {
  it("lists shared voices with filters and paging, and adds one to the caller's voices", async () => {
    const all = await client.voices.getShared({ pageSize: 1, page: 0, sort: "created_date" });
    expect(all.voices).toHaveLength(1);
    expect(all.hasMore).toBe(true);
    // The library is the whole stack's: other journeys may have shared voices before this one.
    expect(all.totalCount).toBeGreaterThanOrEqual(2);
    const found = await client.voices.getShared({ search: "sorcha", gender: "female", useCases: ["narration"] });
    expect(found.voices.map((voice) => voice.voiceId)).toEqual([SHARED]);
    const shared = found.voices[0]!;
    expect(shared).toMatchObject({ name: "Sorcha Storyteller", accent: "irish", category: "cloned", clonedByCount: 0, isAddedByUser: false });
    expect(shared.publicOwnerId).toMatch(/^[0-9a-f]{64}$/);
    expect((await fetch(shared.previewUrl!)).headers.get("content-type")).toBe("audio/mpeg");

    const { voiceId } = await client.voices.share(shared.publicOwnerId, SHARED, { newName: "My Sorcha" });
    const copy = await client.voices.get(voiceId);
    expect(copy).toMatchObject({ name: "My Sorcha", category: "cloned", isOwner: true, sharing: { status: "copied" } });
    expect((await client.voices.search({ voiceType: "community" })).voices.map((voice) => voice.voiceId)).toEqual([voiceId]);
    const audio = await client.textToSpeech.convert(voiceId, { text: "Read by a voice from the library." });
    let bytes = 0;
    for await (const chunk of audio as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
    expect(bytes).toBeGreaterThan(3000);
    expect((await client.voices.getShared({ search: "sorcha" })).voices[0]).toMatchObject({ isAddedByUser: true, clonedByCount: 1 });
  });

  it("is refused a voice whose owner does not allow copies, and one that is not shared", async () => {
    const owner = (await client.voices.getShared({ search: "lorcan" })).voices[0]!.publicOwnerId;
    const copyDisabled = await client.voices.share(owner, LISTEN_ONLY, { newName: "Nope" }).catch((error: unknown) => error);
    expect(copyDisabled).toBeInstanceOf(ElevenLabsError);
    expect((copyDisabled as ElevenLabsError).statusCode).toBe(403);
    expect(JSON.stringify((copyDisabled as ElevenLabsError).body)).toContain("voice_copy_disabled");
    const premade = await client.voices.share(owner, ARIA, { newName: "Nope" }).catch((error: unknown) => error);
    expect((premade as ElevenLabsError).statusCode).toBe(404);
  });

  it("creates, renames, fills, filters by, empties and deletes a collection", async () => {
    const created = await client.voices.collections.create({ title: "Narrators", icon: "book" });
    expect(created).toMatchObject({ title: "Narrators", icon: "book", permissionOnResource: "admin" });
    const id = created.collectionId;
    expect((await client.voices.collections.update(id, { title: "Night narrators" })).title).toBe("Night narrators");
    expect((await client.voices.collections.list()).collections.map((collection) => collection.title)).toContain("Night narrators");
    expect(await client.voices.collections.addVoice(id, ARIA)).toMatchObject({ collectionId: id, voiceId: ARIA });
    expect((await client.voices.search({ collectionId: id })).voices.map((voice) => voice.voiceId)).toEqual([ARIA]);
    expect(await client.voices.collections.removeVoice(id, ARIA)).toMatchObject({ voiceId: ARIA });
    expect((await client.voices.search({ collectionId: id })).voices).toEqual([]);
    expect(await client.voices.collections.delete(id)).toMatchObject({ collectionId: id });
    const gone = await client.voices.collections.get(id).catch((error: unknown) => error);
    expect((gone as ElevenLabsError).statusCode).toBe(404);
  });
});
