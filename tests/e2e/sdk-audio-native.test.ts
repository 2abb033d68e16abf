import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createApiKeyOverHttp, signUpOverHttp, uniqueEmail } from "./http";

/** The official SDK's audioNative against the running stack. */
const baseUrl = inject("baseUrl");
let client: ElevenLabsClient;
const ARIA = "pv01aria000000000000";

beforeAll(async () => {
  client = new ElevenLabsClient({ apiKey: await createApiKeyOverHttp(baseUrl, await signUpOverHttp(baseUrl, uniqueEmail("sdk-native"))), baseUrl });
});

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 120; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("timed out");
}

const html = (paragraphs: string[]) => new Blob([`<html><body><div>${paragraphs.map((p) => `<p>${p}</p>`).join("")}</div></body></html>`], { type: "text/html" });

describe("official SDK: audio native", () => {
  it("creates a player from HTML, reads its settings once converted, and updates its content", async () => {
    const created = await client.audioNative.create({ name: "SDK article", title: "Hello readers", author: "Ann", voiceId: ARIA, textColor: "#222222", backgroundColor: "#FFFFFF", autoConvert: true, file: { data: html(["A short first paragraph.", "And a second one."]), filename: "article.html", contentType: "text/html" } });
    expect(created.converting).toBe(true);
    expect(created.htmlSnippet).toContain(created.projectId);
    const settings = await until(() => client.audioNative.getSettings(created.projectId), (s) => s.settings?.status === "ready");
    expect(settings.enabled).toBe(true);
    expect(settings.settings).toMatchObject({ title: "Hello readers", author: "Ann", textColor: "#222222", backgroundColor: "#FFFFFF", small: false });
    expect(settings.settings!.audioUrl).toContain(`/audio-native/${created.projectId}/audio/`);

    const updated = await client.audioNative.update(created.projectId, { file: { data: html(["A short first paragraph.", "A changed second one."]), filename: "article.html", contentType: "text/html" }, autoConvert: true, autoPublish: true });
    expect(updated).toMatchObject({ projectId: created.projectId, converting: true, publishing: true });
    const after = await until(() => client.audioNative.getSettings(created.projectId), (s) => s.settings?.status === "ready" && s.snapshotId !== settings.snapshotId);
    expect(after.snapshotId).not.toBe(settings.snapshotId);
  });
});
