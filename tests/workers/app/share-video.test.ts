import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { videoKey } from "../../../core/sharing/video";
import { api, createKey, signUp } from "./helpers";

// The queue consumer (queues/video) has its own tests; here the app's side: queueing once, waiting,
// serving the result, and refusing what must be refused. A finished render is simulated in D1 and R2.
const ARIA = "pv01aria000000000000";
let key: string;
let otherKey: string;
let itemId: string;
let workspaceId: string;

function generate(k: string, id: string, query = "?wait_seconds=0") {
  return api(`/v1/history/${id}/generate-video${query}`, { method: "POST", key: k });
}
async function jobs(id: string) {
  return (await env.DB.prepare("SELECT id, theme, status FROM video_jobs WHERE history_item_id = ? ORDER BY theme").bind(id).all<{ id: string; theme: string; status: string }>()).results;
}
async function finishRender(id: string, theme: string, bytes: Uint8Array) {
  const keyInR2 = videoKey(workspaceId, id, theme as "colour");
  await env.MEDIA.put(keyInR2, bytes, { httpMetadata: { contentType: "video/mp4" } });
  await env.DB.prepare("UPDATE video_jobs SET status = 'done', progress = 100, video_key = ?, video_bytes = ? WHERE history_item_id = ? AND theme = ?")
    .bind(keyInR2, bytes.byteLength, id, theme)
    .run();
}

beforeAll(async () => {
  key = await createKey(await signUp("video-maker@example.com"));
  otherKey = await createKey(await signUp("video-stranger@example.com"));
  const made = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text: "A video of this." } });
  itemId = made.headers.get("history-item-id")!;
  workspaceId = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
});

describe("share videos", () => {
  it("queues one render per item and theme, answers 202 while it runs and 200 with video_url once done", async () => {
    const first = await generate(key, itemId);
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ status: "queued", progress: 0, video_url: null });
    expect((await generate(key, itemId)).status).toBe(202);
    expect(await jobs(itemId)).toHaveLength(1);

    await finishRender(itemId, "colour", new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112, 1, 2, 3, 4]));
    const done = await generate(key, itemId);
    expect(done.status).toBe(200);
    const body = (await done.json()) as { video_url: string; status: string };
    expect(body).toMatchObject({ status: "done", video_url: `/v1/history/${itemId}/video?theme=colour` });

    const video = await api(body.video_url, { key });
    expect(video.status).toBe(200);
    expect(video.headers.get("content-type")).toBe("video/mp4");
    expect(new Uint8Array(await video.arrayBuffer())).toHaveLength(12);
    const part = await api(body.video_url, { key, headers: { range: "bytes=4-7" } });
    expect(part.status).toBe(206);
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([102, 116, 121, 112]);

    // Another theme is another render.
    expect((await generate(key, itemId, "?theme=dark&wait_seconds=0")).status).toBe(202);
    expect((await jobs(itemId)).map((job) => job.theme)).toEqual(["colour", "dark"]);
    expect((await api(`/v1/history/${itemId}/video?theme=dark`, { key })).status).toBe(404);
  });

  it("waits for a render that finishes while the request is open", async () => {
    const made = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text: "Waiting for it." } });
    const id = made.headers.get("history-item-id")!;
    const pending = generate(key, id, "?theme=light&wait_seconds=5");
    await new Promise((resolve) => setTimeout(resolve, 600));
    await finishRender(id, "light", new Uint8Array([1, 2, 3]));
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { video_url: string }).video_url).toBe(`/v1/history/${id}/video?theme=light`);
  });

  it("reports a failed render with its message, and a new request queues it again", async () => {
    const made = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text: "This one fails." } });
    const id = made.headers.get("history-item-id")!;
    expect((await generate(key, id)).status).toBe(202);
    await env.DB.prepare("UPDATE video_jobs SET status = 'failed', error = 'encoder crashed' WHERE history_item_id = ?").bind(id).run();
    // The failed job is queued again rather than reported, since asking again means trying again.
    const retried = await generate(key, id);
    expect(retried.status).toBe(202);
    expect((await jobs(id))[0]!.status).toBe("queued");
  });

  it("reports a render that fails while the request waits", async () => {
    const made = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text: "Failing while waiting." } });
    const id = made.headers.get("history-item-id")!;
    const pending = generate(key, id, "?wait_seconds=5");
    await new Promise((resolve) => setTimeout(resolve, 600));
    await env.DB.prepare("UPDATE video_jobs SET status = 'failed', error = 'encoder crashed' WHERE history_item_id = ?").bind(id).run();
    const answer = await pending;
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({ detail: { status: "video_generation_failed", message: "encoder crashed" } });
  });

  it("refuses dialogue items, unknown themes, and other workspaces' items", async () => {
    const dialogue = await api("/v1/text-to-dialogue", { method: "POST", key, json: { inputs: [{ text: "One.", voice_id: ARIA }, { text: "Two.", voice_id: ARIA }] } });
    const dialogueId = dialogue.headers.get("history-item-id")!;
    const refused = await generate(key, dialogueId);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ detail: { status: "invalid_request", message: "Video generation is only available for text-to-speech items" } });
    expect(await jobs(dialogueId)).toHaveLength(0);

    expect((await generate(key, itemId, "?theme=neon")).status).toBe(422);
    expect((await generate(otherKey, itemId)).status).toBe(404);
    expect((await api(`/v1/history/${itemId}/video?theme=colour`, { key: otherKey })).status).toBe(404);
    expect((await generate(key, "no-such-item")).status).toBe(404);
  });

  it("renders a 320 px PNG preview per theme, and refuses what generate-video refuses", async () => {
    const preview = (k: string, id: string, theme = "colour") => api(`/v1/history/${id}/generate-video-preview-image?theme=${theme}`, { method: "POST", key: k });
    const images: Uint8Array[] = [];
    for (const theme of ["colour", "light", "dark"]) {
      const response = await preview(key, itemId, theme);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      const png = new Uint8Array(await response.arrayBuffer());
      expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join("")).toBe("PNG");
      const header = new DataView(png.buffer, 16, 8);
      expect([header.getUint32(0), header.getUint32(4)]).toEqual([320, 320]);
      images.push(png);
    }
    expect(new Set(images.map((png) => png.join(","))).size).toBe(3);
    expect((await preview(key, itemId, "neon")).status).toBe(422);
    expect((await preview(otherKey, itemId)).status).toBe(404);
    const dialogue = await api("/v1/text-to-dialogue", { method: "POST", key, json: { inputs: [{ text: "Uno.", voice_id: ARIA }, { text: "Dos.", voice_id: ARIA }] } });
    expect((await preview(key, dialogue.headers.get("history-item-id")!)).status).toBe(400);
  });

  it("deleting the item deletes its videos", async () => {
    const keyInR2 = videoKey(workspaceId, itemId, "colour");
    expect(await env.MEDIA.head(keyInR2)).not.toBeNull();
    expect((await api(`/v1/history/${itemId}`, { method: "DELETE", key })).status).toBe(200);
    expect(await env.MEDIA.head(keyInR2)).toBeNull();
    expect(await jobs(itemId)).toHaveLength(0);
  });
});
