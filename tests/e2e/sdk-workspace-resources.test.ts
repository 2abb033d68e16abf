import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail } from "./http";

/** The official SDK's workspace.resources (get, share, unshare) against the running stack (decision 0039). */
const baseUrl = inject("baseUrl");
let client: ElevenLabsClient;

beforeAll(async () => {
  client = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-resources"))), baseUrl });
});

describe("official SDK: workspace resources", () => {
  it("an admin's voice reaches a service account only once shared with its key, as viewer: it reads, never edits", async () => {
    const designed = await client.textToVoice.createPreviews({ voiceDescription: "A calm older man with a low, slow voice, for audiobooks", autoGenerateText: true });
    const voice = await client.textToVoice.create({ voiceName: "Shared narrator", voiceDescription: "A calm older man with a low, slow voice", generatedVoiceId: designed.previews[0]!.generatedVoiceId });
    const { serviceAccountUserId } = await client.serviceAccounts.create({ name: "Reader backend" });
    const { xiApiKey, keyId } = await client.serviceAccounts.apiKeys.create(serviceAccountUserId, { name: "voices", permissions: ["voices_read", "voices_write"] });
    const backend = new ElevenLabsClient({ apiKey: xiApiKey, baseUrl });

    await expect(backend.voices.get(voice.voiceId)).rejects.toMatchObject({ statusCode: 404 });
    await client.workspace.resources.share(voice.voiceId, { role: "viewer", resourceType: "voice", workspaceApiKeyId: keyId });
    expect((await backend.voices.get(voice.voiceId)).name).toBe("Shared narrator");
    await expect(backend.voices.update(voice.voiceId, { name: "Renamed" })).rejects.toMatchObject({ statusCode: 403 });

    const metadata = await client.workspace.resources.get(voice.voiceId, { resourceType: "voice" });
    expect(metadata).toMatchObject({ resourceId: voice.voiceId, resourceName: "Shared narrator", resourceType: "voice" });
    expect(metadata.roleToGroupIds.viewer).toEqual([serviceAccountUserId]);
    expect(metadata.roleToGroupIds.admin).toHaveLength(1);

    await client.workspace.resources.unshare(voice.voiceId, { resourceType: "voice", workspaceApiKeyId: keyId });
    await expect(backend.voices.get(voice.voiceId)).rejects.toMatchObject({ statusCode: 404 });
    await expect(client.workspace.resources.share(voice.voiceId, { role: "viewer", resourceType: "voice" })).rejects.toMatchObject({ statusCode: 400 });
    await expect(client.workspace.resources.get("no_such_voice", { resourceType: "voice" })).rejects.toMatchObject({ statusCode: 404 });
  });
});
