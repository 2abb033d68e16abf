import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { wavFile } from "../../core/audio/wav";
import { createApiKeyOverHttp, executeSql, signUpOverHttp, uniqueEmail, streamBytes } from "./http";

/** The official SDK's dubbing calls, unchanged, against the running stack (its embedded engines). */
const baseUrl = inject("baseUrl");
const stateDir = inject("stateDir");
const ROGER = "pv02roger00000000000";
let client: ElevenLabsClient;
let other: ElevenLabsClient;

// The SDK waits 240 s for an answer by default. A request the local runtime leaves unanswered (STATUS.md, dubbing)
// then held a whole attempt for four minutes before the journey's retry; 60 s is ample for every call here.
const TIMEOUT_IN_SECONDS = 60;

beforeAll(async () => {
  const email = uniqueEmail("sdk-dub");
  client = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, email)), baseUrl, timeoutInSeconds: TIMEOUT_IN_SECONDS });
  // The dubbing studio (client.dubbing.resource) starts with Starter: the operator's way to set a plan.
  await executeSql(stateDir, `UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 30000 WHERE owner_id = (SELECT id FROM users WHERE email = '${email.toLowerCase()}')`);
  other = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-dub-other"))), baseUrl, timeoutInSeconds: TIMEOUT_IN_SECONDS });
});

describe("official SDK: dubbing", () => {
  it("creates a dub, gets it until dubbed, downloads the Spanish audio and both transcripts, edits and re-dubs a line in the studio, lists and deletes it", async () => {
    const pcm = await streamBytes(await client.textToSpeech.convert(ROGER, { text: "Good morning. I want to learn a new language.", outputFormat: "pcm_16000" }));
    const speech = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.byteLength / 2));
    const samples = new Int16Array(speech.length + 16000);
    samples.set(speech, 8000);
    const file = new Blob([wavFile(samples, 16000) as Uint8Array<ArrayBuffer>], { type: "audio/wav" });

    const created = await client.dubbing.create({ file, name: "SDK dub", sourceLang: "en", targetLang: "es", numSpeakers: 1 });
    expect(created.expectedDurationSec).toBeGreaterThan(0);
    // Under `wrangler dev` a request that arrives while the consumer runs is sometimes never answered: each get
    // has a short timeout and the loop asks again (STATUS.md, dubbing).
    const get = () => client.dubbing.get(created.dubbingId, { timeoutInSeconds: 5, maxRetries: 0 }).catch(() => null);
    let dub = await get();
    for (let i = 0; i < 100 && dub?.status !== "dubbed" && dub?.status !== "failed"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      dub = await get();
    }
    expect(dub).toMatchObject({ dubbingId: created.dubbingId, name: "SDK dub", status: "dubbed", targetLanguages: ["es"], sourceLanguage: "en" });
    expect(dub!.mediaMetadata?.duration).toBeCloseTo(samples.length / 16000, 1);

    const audio = await streamBytes(await client.dubbing.audio.get(created.dubbingId, "es"));
    expect(audio.byteLength).toBeGreaterThan(2000);
    const srt = await client.dubbing.transcript.getTranscriptForDub(created.dubbingId, "es", { formatType: "srt" });
    console.log(`Spanish SRT:\n${String(srt)}`);
    expect(String(srt)).toContain(" --> ");
    const vtt = await client.dubbing.transcripts.get(created.dubbingId, "source", "webvtt");
    expect(vtt.webvtt?.startsWith("WEBVTT")).toBe(true);

    // The dubbing studio: fix a line, re-dub only it, render the track again.
    const resource = await client.dubbing.resource.get(created.dubbingId);
    const [segmentId] = Object.keys(resource.speakerSegments);
    expect(resource.targetLanguages).toEqual(["es"]);
    const edited = await client.dubbing.resource.segment.update(created.dubbingId, segmentId!, "es", { text: "Buenos días. Quiero aprender un idioma nuevo." });
    expect(edited.version).toBe(resource.version + 1);
    expect((await client.dubbing.resource.get(created.dubbingId)).speakerSegments[segmentId!]!.dubs.es).toMatchObject({ text: "Buenos días. Quiero aprender un idioma nuevo.", audioStale: true });
    await client.dubbing.resource.dub(created.dubbingId, { segments: [segmentId!], languages: ["es"] });
    expect((await client.dubbing.resource.get(created.dubbingId)).speakerSegments[segmentId!]!.dubs.es!.audioStale).toBe(false);
    const render = await client.dubbing.resource.render(created.dubbingId, "es", { renderType: "mp3" });
    expect((await client.dubbing.resource.get(created.dubbingId)).renders[render.renderId]).toMatchObject({ language: "es", status: "complete" });
    await expect(other.dubbing.resource.get(created.dubbingId)).rejects.toMatchObject({ statusCode: 404 });

    expect((await client.dubbing.list({ dubbingStatus: "dubbed" })).dubs.map((d) => d.dubbingId)).toContain(created.dubbingId);
    await expect(other.dubbing.get(created.dubbingId)).rejects.toMatchObject({ statusCode: 404 });
    expect((await client.dubbing.delete(created.dubbingId)).status).toBe("ok");
    await expect(client.dubbing.get(created.dubbingId)).rejects.toMatchObject({ statusCode: 404 });
  }, 120_000);

  it("a dubbing project: created from an upload, ready with Spanish, transcripts edited and regenerated, a French target added and removed, a segment heard again, a speaker's similar voices", async () => {
    const pcm = await streamBytes(await client.textToSpeech.convert(ROGER, { text: "Good morning. I want to learn a new language.", outputFormat: "pcm_16000" }));
    const speech = new Int16Array(pcm.buffer, pcm.byteOffset, Math.floor(pcm.byteLength / 2));
    const samples = new Int16Array(speech.length + 16000);
    samples.set(speech, 8000);
    const file = new Blob([wavFile(samples, 16000) as Uint8Array<ArrayBuffer>], { type: "audio/wav" });
    const duration = samples.length / 16000;
    const t0 = Date.now();
    const lap = (step: string) => console.log(`project journey: ${step} at ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const created = await client.dubbing.project.create({ file, sourceLanguage: "en", targetLanguage: "es", reference: "SDK project" });
    expect(created).toMatchObject({ status: "queued", reference: "SDK project", languageIds: ["es"] });
    const id = created.projectId;
    const get = () => client.dubbing.project.get(id, { timeoutInSeconds: 5, maxRetries: 0 }).catch(() => null);
    let project = await get();
    for (let i = 0; i < 100 && project?.status !== "ready" && project?.status !== "failed"; i++) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      project = await get();
    }
    lap("ready");
    expect(project).toMatchObject({ projectId: id, status: "ready", sourceLanguage: "en", languageIds: ["es"] });
    expect((await client.dubbing.project.list({ pageSize: 100 })).projects.map((p) => p.projectId)).toContain(id);
    expect((await client.dubbing.project.language.list(id)).languages.map((l) => [l.languageId, l.status])).toEqual([["es", "completed"]]);

    lap("listed");
    const source = await client.dubbing.project.transcript.get(id);
    const [first] = source.segments;
    expect(first).toMatchObject({ id: expect.any(String), speakerId: expect.any(String) });
    const edited = await client.dubbing.project.transcript.updateSegment(id, first!.id, { text: "good morning to everyone" });
    expect(edited.segment.text).toBe("good morning to everyone");
    expect((await client.dubbing.project.language.transcript.get(id, "es")).segments.find((s) => s.id === first!.id)?.translation ?? null).toBeNull();
    expect((await client.dubbing.project.language.get(id, "es")).status).toBe("stale");
    const regenerated = await client.dubbing.project.language.transcript.regenerate(id, "es");
    expect(regenerated.regeneratedSegmentIds).toContain(first!.id);
    const spanish = await client.dubbing.project.language.transcript.get(id, "es");
    expect(spanish.segments.find((s) => s.id === first!.id)?.translation).toEqual(expect.any(String));
    lap("regenerated");
    const fixed = await client.dubbing.project.language.transcript.updateSegments(id, "es", { segments: { [first!.id]: { translation: "Buenos días a todos." } } });
    expect(fixed.segments[0]).toMatchObject({ id: first!.id, translation: "Buenos días a todos." });
    expect((await client.dubbing.project.language.transcript.updateSegment(id, "es", first!.id, { translation: "Buenos días." })).segment.translation).toBe("Buenos días.");
    await client.dubbing.project.language.transcript.regenerate(id, "es");
    expect((await client.dubbing.project.language.get(id, "es")).status).toBe("completed");

    lap("regenerated again");
    const added = await client.dubbing.project.transcript.createSegment(id, { text: "bye", speakerId: first!.speakerId, startS: duration - 0.45, endS: duration - 0.05 });
    expect((await client.dubbing.project.transcript.updateSegments(id, { segments: { [added.segment.id]: { text: "goodbye" } } })).segments[0]!.text).toBe("goodbye");
    expect((await client.dubbing.project.transcript.deleteSegment(id, added.segment.id)).revision).toBeGreaterThan(added.revision);

    lap("segments edited");
    const translations = Object.fromEntries(source.segments.map((s) => [s.id, "Bonjour à tous."]));
    const french = await client.dubbing.project.language.create(id, { targetLanguage: "fr", translations });
    expect(french).toMatchObject({ languageId: "fr", status: "completed" });
    await client.dubbing.project.language.delete(id, "fr");
    expect((await client.dubbing.project.get(id)).languageIds).toEqual(["es"]);

    lap("French added and removed");
    const heard = await client.dubbing.resource.transcribe(id, { segments: [first!.id] });
    expect(heard.version).toBeGreaterThan(0);
    lap("heard again");
    const similar = await client.dubbing.resource.speaker.findSimilarVoices(id, first!.speakerId);
    expect(similar.voices.length).toBeGreaterThan(0);
    expect(similar.voices[0]).toMatchObject({ voiceId: expect.any(String), name: expect.any(String) });

    lap("similar voices");
    await expect(other.dubbing.project.get(id)).rejects.toMatchObject({ statusCode: 404 });
    lap("other refused");
    await client.dubbing.project.delete(id);
    lap("deleted");
    await expect(client.dubbing.project.get(id)).rejects.toMatchObject({ statusCode: 404 });
  }, 300_000);

  it("refuses a target equal to the source, an unknown language and a source_url on a private host, charging nothing", async () => {
    const file = new Blob([wavFile(new Int16Array(16000), 16000) as Uint8Array<ArrayBuffer>], { type: "audio/wav" });
    await expect(client.dubbing.create({ file, sourceLang: "en", targetLang: "en" })).rejects.toMatchObject({ statusCode: 400 });
    await expect(client.dubbing.create({ file, targetLang: "klingon" })).rejects.toMatchObject({ statusCode: 400 });
    // source_url: the server fetches only from public hosts; this stack's own (loopback) address is refused.
    await expect(client.dubbing.create({ sourceUrl: `${baseUrl}/favicon.ico`, targetLang: "es" })).rejects.toMatchObject({ statusCode: 400, body: { detail: { status: "invalid_source_url" } } });
  });
});
