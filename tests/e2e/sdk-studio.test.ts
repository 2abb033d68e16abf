import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKeyOverHttp, executeSql, signUpOverHttp, streamBytes, uniqueEmail } from "./http";

/** The official SDK's studio.projects against the running stack. */
const baseUrl = inject("baseUrl");
const stateDir = inject("stateDir");
let client: ElevenLabsClient;
const ARIA = "pv01aria000000000000";
const ROGER = "pv02roger00000000000";

beforeAll(async () => {
  const email = uniqueEmail("sdk-studio");
  const key = await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, email));
  // The Studio API needs a plan with allowed_to_use_projects_api (Starter and up): the operator's way to set one.
  await executeSql(stateDir, `UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 30000 WHERE owner_id = (SELECT id FROM users WHERE email = '${email.toLowerCase()}')`);
  client = new ElevenLabsClient({ apiKey: key, baseUrl });
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 120; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("timed out");
}

describe("official SDK: studio projects", () => {
  it("creates a project from content, adds a chapter, converts it, lists snapshots and streams the audio", async () => {
    const content = [{ name: "Opening", blocks: [{ sub_type: "h1", nodes: [{ type: "tts_node", voice_id: ARIA, text: "Opening" }] }, { sub_type: "p", nodes: [{ type: "tts_node", voice_id: ARIA, text: "It began with a letter." }] }] }];
    const { project } = await client.studio.projects.create({ name: "SDK book", defaultTitleVoiceId: ARIA, defaultParagraphVoiceId: ARIA, fromContentJson: JSON.stringify(content), author: "Ann" });
    expect(project).toMatchObject({ name: "SDK book", author: "Ann", state: "default", targetAudience: "all ages", canBeDownloaded: false });
    expect((await client.studio.projects.list()).projects.map((p) => p.projectId)).toContain(project.projectId);

    const { chapter } = await client.studio.projects.chapters.create(project.projectId, { name: "Second" });
    await client.studio.projects.chapters.update(project.projectId, chapter.chapterId, { content: { blocks: [{ subType: "p", nodes: [{ type: "tts_node", voiceId: ARIA, text: "The second chapter is short." }] }] } });
    const chapters = await client.studio.projects.chapters.list(project.projectId);
    expect(chapters.chapters.map((c) => c.name)).toEqual(["Opening", "Second"]);

    await client.studio.projects.chapters.convert(project.projectId, chapter.chapterId);
    const converted = await until(() => client.studio.projects.chapters.get(project.projectId, chapter.chapterId), (c) => c.state === "default" && c.canBeDownloaded);
    expect(converted.conversionProgress).toBe(1);
    const snapshots = await client.studio.projects.chapters.snapshots.list(project.projectId, chapter.chapterId);
    expect(snapshots.snapshots).toHaveLength(1);
    const snapshot = await client.studio.projects.chapters.snapshots.get(project.projectId, chapter.chapterId, snapshots.snapshots[0]!.chapterSnapshotId);
    expect(snapshot.characterAlignments[0]!.characters.join("")).toBe("The second chapter is short.");
    const audio = await streamBytes(await client.studio.projects.chapters.snapshots.stream(project.projectId, chapter.chapterId, snapshot.chapterSnapshotId));
    expect(audio.byteLength).toBeGreaterThan(5000);

    await client.studio.projects.convert(project.projectId);
    await until(() => client.studio.projects.get(project.projectId), (p) => p.state === "default" && p.chapters.every((c) => c.canBeDownloaded));
    const projectSnapshots = await until(() => client.studio.projects.snapshots.list(project.projectId), (s) => s.snapshots.length >= 2);
    const whole = await streamBytes(await client.studio.projects.snapshots.stream(project.projectId, projectSnapshots.snapshots[0]!.projectSnapshotId));
    expect(whole.byteLength).toBeGreaterThan(audio.byteLength);
    const zip = await streamBytes(await client.studio.projects.snapshots.streamArchive(project.projectId, projectSnapshots.snapshots[0]!.projectSnapshotId));
    expect([zip[0], zip[1]]).toEqual([0x50, 0x4b]);

    await client.studio.projects.update(project.projectId, { name: "SDK book, revised", defaultTitleVoiceId: ARIA, defaultParagraphVoiceId: ARIA, isbnNumber: "978-0-00-000000-2" });
    expect((await client.studio.projects.get(project.projectId)).isbnNumber).toBe("978-0-00-000000-2");
    await client.studio.projects.delete(project.projectId);
    await expect(client.studio.projects.get(project.projectId)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("refuses bad content and unknown voices with errors the SDK raises", async () => {
    await expect(client.studio.projects.create({ name: "Bad", fromContentJson: "{" })).rejects.toMatchObject({ statusCode: 400 });
    await expect(client.studio.projects.create({ name: "Bad", defaultTitleVoiceId: "nope", defaultParagraphVoiceId: "nope" })).rejects.toMatchObject({ statusCode: 400 });
  });

  it("creates a podcast in host and guest turns and reads the project's muted tracks", async () => {
    const { project } = await client.studio.createPodcast({
      modelId: "eleven_multilingual_v2",
      mode: { type: "conversation", conversation: { hostVoiceId: ARIA, guestVoiceId: ROGER } },
      source: { type: "text", text: "This is a test podcast. The guest answers here." },
      durationScale: "short",
    });
    expect(project).toMatchObject({ name: "This is a test podcast. The guest answers here.", contentType: "podcast" });
    const chapters = await client.studio.projects.chapters.list(project.projectId);
    const chapter = await client.studio.projects.chapters.get(project.projectId, chapters.chapters[0]!.chapterId);
    expect(chapter.content.blocks.map((b) => b.nodes.map((n) => ("voiceId" in n ? n.voiceId : null)))).toEqual([[ARIA], [ROGER]]);
    // Converted at once, as the SDK's description says.
    await until(() => client.studio.projects.chapters.get(project.projectId, chapter.chapterId), (c) => c.state === "default" && c.canBeDownloaded);
    expect(await client.studio.projects.getMutedTracks(project.projectId)).toEqual({ chapterIds: [] });

    await expect(client.studio.createPodcast({ modelId: "eleven_multilingual_v2", mode: { type: "bulletin", bulletin: { hostVoiceId: ARIA } }, source: { type: "text", text: "Words." }, instructionsPrompt: "Make it funny." })).rejects.toMatchObject({ statusCode: 400 });
    await expect(client.studio.projects.getMutedTracks("nope")).rejects.toMatchObject({ statusCode: 404 });
  });
});

