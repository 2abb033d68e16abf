import { describe, expect, it } from "vitest";
import { ElevenLabsClient } from "@elevenlabs/elevenlabs-js";
import { signWebhook, verifyWebhook, webhookBody, webhookRetryDelaySeconds, webhookUrlProblem } from "./webhooks";

describe("webhook signatures", () => {
  const secret = "whsec_test_secret";
  const body = webhookBody("test", 1_700_000_000, { message: "hello" });

  it("the official SDK's constructEvent accepts our signature and refuses a forged one", async () => {
    const now = Math.floor(Date.now() / 1000);
    const header = await signWebhook(secret, body, now);
    expect(header).toMatch(/^t=\d+,v0=[0-9a-f]{64}$/);
    const client = new ElevenLabsClient({ apiKey: "unused" });
    await expect(client.webhooks.constructEvent(body, header, secret)).resolves.toEqual(JSON.parse(body));
    await expect(client.webhooks.constructEvent(body, header, "another secret")).rejects.toThrow(/does not match/);
    await expect(client.webhooks.constructEvent(body.replace("hello", "hullo"), header, secret)).rejects.toThrow(/does not match/);
  });

  it("our own check: right secret and body, within the tolerance", async () => {
    const header = await signWebhook(secret, body, 1000);
    expect(await verifyWebhook(secret, body, header, 1000)).toBe(true);
    expect(await verifyWebhook(secret, body, header, 1000 + 31 * 60)).toBe(false);
    expect(await verifyWebhook("wrong", body, header, 1000)).toBe(false);
    expect(await verifyWebhook(secret, `${body} `, header, 1000)).toBe(false);
    expect(await verifyWebhook(secret, body, "v0=abc", 1000)).toBe(false);
  });

  it("retries back off from 30 seconds to at most an hour", () => {
    expect([1, 2, 3, 4].map(webhookRetryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(webhookRetryDelaySeconds(20)).toBe(3600);
  });
});

describe("webhook URLs", () => {
  it("production takes public https URLs only", () => {
    expect(webhookUrlProblem("https://hooks.example.com/x", true)).toBeNull();
    expect(webhookUrlProblem("http://hooks.example.com/x", true)).toMatch(/https/);
    for (const inside of ["https://localhost/x", "https://127.0.0.1/x", "https://10.1.2.3/x", "https://192.168.0.1/", "https://[::1]/", "https://169.254.169.254/", "https://intranet/", "https://db.internal/"]) {
      expect(webhookUrlProblem(inside, true), inside).toMatch(/public host/);
    }
    expect(webhookUrlProblem("not a url", true)).toMatch(/full URL/);
    expect(webhookUrlProblem("https://user:pw@example.com/", true)).toMatch(/user name/);
  });

  it("development also takes http and local hosts (a local receiver)", () => {
    expect(webhookUrlProblem("http://localhost:9000/hook", false)).toBeNull();
    expect(webhookUrlProblem("ftp://example.com/", false)).toMatch(/https/);
  });
});
