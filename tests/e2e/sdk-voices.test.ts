// The official SDK's voice calls against the running stack: instant cloning from a sample the platform itself
// spoke, speech with the clone, edit, sample audio, delete; a clone replicated into another workspace of the same person.
import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { newPage, sharedBrowser, signInInBrowser } from "./browser";
import { createApiKeyOverHttp, executeSql, signUpOverHttp, uniqueEmail, streamBytes } from "./http";
import { subscribeInBrowser } from "./plans";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();
const ROGER = "pv02roger00000000000";
let client: ElevenLabsClient;
let email: string;
let cookie: string;

beforeAll(async () => {
  email = uniqueEmail("sdk-voices");
  cookie = await signUpOverHttp(baseUrl, email);
  const { page, context } = await newPage(browser(), baseUrl);
  await signInInBrowser(page, email);
  await page.waitForURL(/\/app\/home/);
  await subscribeInBrowser(page, "starter", "Starter");
  await context.close();
  client = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, cookie), baseUrl });
});

describe("official SDK: voices", () => {
  it("clones, speaks with the clone, edits, reads a sample and deletes", async () => {
    const sample = await streamBytes(await client.textToSpeech.convert(ROGER, { text: "Hello! This is how I sound. I can read your stories, articles and scripts aloud." }));
    const created = await client.voices.ivc.create({
      name: "SDK clone",
      files: [new File([sample as Uint8Array<ArrayBuffer>], "roger.mp3", { type: "audio/mpeg" })],
      description: "Cloned by the SDK",
      labels: { accent: "american" },
    });
    expect(created.requiresVerification).toBe(false);
    const voiceId = created.voiceId;

    const voice = await client.voices.get(voiceId);
    expect(voice).toMatchObject({ name: "SDK clone", category: "cloned", description: "Cloned by the SDK" });
    expect(voice.samples).toHaveLength(1);

    const speech = await streamBytes(await client.textToSpeech.convert(voiceId, { text: "Speaking as the clone." }));
    expect(speech.byteLength).toBeGreaterThan(3000);

    await expect(client.voices.update(voiceId, { name: "SDK clone, renamed", labels: { age: "middle_aged" } })).resolves.toMatchObject({ status: "ok" });
    const renamed = await client.voices.get(voiceId);
    expect(renamed.name).toBe("SDK clone, renamed");
    expect(renamed.labels).toMatchObject({ accent: "american", age: "middle_aged" });

    const audio = await streamBytes(await client.voices.samples.audio.get(voiceId, renamed.samples![0]!.sampleId!));
    expect(Buffer.from(audio).equals(Buffer.from(sample))).toBe(true);

    await expect(client.voices.delete(voiceId)).resolves.toMatchObject({ status: "ok" });
    await expect(client.voices.get(voiceId)).rejects.toMatchObject({ statusCode: 404 });
  });

  it("replicates a clone into another workspace its owner belongs to", async () => {
    // Decision 0091: the self-hosted meaning of replicateToIsolatedEnvironment. The owner joins a second workspace
    // (a Starter one with a free seat) by its e-mailed invite, then copies a clone there with their own key.
    const targetKey = await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-voices-target")));
    const target = new ElevenLabsClient({ apiKey: targetKey, baseUrl });
    const { workspace_id: targetWorkspaceId } = (await (await fetch(`${baseUrl}/v1/workspace`, { headers: { "xi-api-key": targetKey } })).json()) as { workspace_id: string };
    await executeSql(inject("stateDir"), `UPDATE workspaces SET tier = 'starter', max_seats = 3 WHERE id = '${targetWorkspaceId}'`);
    const invited = await fetch(`${baseUrl}/v1/workspace/invites/add`, { method: "POST", headers: { "xi-api-key": targetKey, "content-type": "application/json" }, body: JSON.stringify({ email }) });
    expect(invited.status).toBe(201);
    let code: string | undefined;
    for (let attempt = 0; attempt < 50 && !code; attempt++) {
      const html = await (await fetch(`${baseUrl}/dev/mailbox`)).text();
      code = html.split('data-testid="mail"').find((item) => item.includes(`>${email}<`) && item.includes("invite_code="))?.match(/invite_code=([0-9a-f]+)/)?.[1];
      if (!code) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const accepted = await fetch(`${baseUrl}/v1/workspace/invites/accept`, { method: "POST", headers: { cookie, origin: baseUrl, "content-type": "application/json" }, body: JSON.stringify({ invite_code: code }) });
    expect(accepted.status).toBe(200);

    const sample = await streamBytes(await client.textToSpeech.convert(ROGER, { text: "Hello! This is how I sound when I travel to another workspace." }));
    const { voiceId } = await client.voices.ivc.create({ name: "SDK traveller", files: [new File([sample as Uint8Array<ArrayBuffer>], "roger.mp3", { type: "audio/mpeg" })] });
    const replicated = await client.voices.replicateToIsolatedEnvironment(voiceId, { targetWorkspaceId });
    expect(replicated.voiceId).not.toBe(voiceId);
    await expect(target.voices.get(replicated.voiceId)).resolves.toMatchObject({ name: "SDK traveller", category: "cloned" });
    // A premade voice does not travel: 400 with the reason.
    await expect(client.voices.replicateToIsolatedEnvironment(ROGER, { targetWorkspaceId })).rejects.toMatchObject({ statusCode: 400 });
  });
});
