// The audiobook export (decision 0049): chapter marks read back from the downloaded file by a parser written here
// (independent of the writer), and ACX loudness measured on the decoded audio of each chapter. Also a project
// created with pronunciation_dictionary_locators.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { decodeMp3 } from "../../../core/audio/mp3-decoder";
import { api, createKey, fetcherPost, signUp } from "./helpers";
import { ARIA } from "./billing-helpers";

async function starter(email: string): Promise<string> {
  return (await starterMember(email)).key;
}

/** A Starter workspace's owner: an API key, and the session cookie for the editor's actions. */
async function starterMember(email: string): Promise<{ key: string; cookie: string }> {
  const cookie = await signUp(email);
  const key = await createKey(cookie);
  const { workspace_id: workspace } = (await (await api("/v1/workspace", { key })).json()) as { workspace_id: string };
  await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 30000 WHERE id = ?").bind(workspace).run();
  return { key, cookie };
}

function form(fields: [string, string][]): FormData {
  const body = new FormData();
  for (const [name, value] of fields) body.append(name, value);
  return body;
}

const paragraphs = (texts: string[]) => ({ blocks: texts.map((text) => ({ sub_type: "p", nodes: [{ type: "tts_node", voice_id: ARIA, text }] })) });

type Mark = { id: string; title: string; startMs: number; endMs: number };

/** ID3v2.3/2.4 CHAP frames of a file, read here byte by byte. */
function readChapters(bytes: Uint8Array): { marks: Mark[]; toc: string[]; tagEnd: number } {
  expect(String.fromCharCode(...bytes.subarray(0, 3))).toBe("ID3");
  const version = bytes[3]!;
  const syncsafe = (at: number) => (bytes[at]! << 21) | (bytes[at + 1]! << 14) | (bytes[at + 2]! << 7) | bytes[at + 3]!;
  const u32 = (at: number) => ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
  const tagEnd = 10 + syncsafe(6);
  const text = (at: number, end: number) => {
    const body = bytes.subarray(at + 1, end);
    if (bytes[at] === 0) return String.fromCharCode(...body);
    const units: number[] = [];
    for (let i = 2; i + 1 < body.length; i += 2) units.push(body[i]! | (body[i + 1]! << 8));
    return String.fromCharCode(...units);
  };
  const frames = (from: number, to: number) => {
    const out: { id: string; at: number; end: number }[] = [];
    for (let at = from; at + 10 <= to && bytes[at] !== 0; ) {
      const size = version === 4 ? syncsafe(at + 4) : u32(at + 4);
      out.push({ id: String.fromCharCode(...bytes.subarray(at, at + 4)), at: at + 10, end: at + 10 + size });
      at += 10 + size;
    }
    return out;
  };
  const zeroString = (at: number) => {
    let end = at;
    while (bytes[end] !== 0) end++;
    return { value: String.fromCharCode(...bytes.subarray(at, end)), next: end + 1 };
  };
  const marks: Mark[] = [];
  let toc: string[] = [];
  for (const f of frames(10, tagEnd)) {
    if (f.id === "CHAP") {
      const id = zeroString(f.at);
      const title = frames(id.next + 16, f.end).find((s) => s.id === "TIT2");
      marks.push({ id: id.value, title: title ? text(title.at, title.end) : "", startMs: u32(id.next), endMs: u32(id.next + 4) });
    }
    if (f.id === "CTOC") {
      let at = zeroString(f.at).next;
      const count = bytes[at + 1]!;
      at += 2;
      toc = [];
      for (let i = 0; i < count; i++) {
        const child = zeroString(at);
        toc.push(child.value);
        at = child.next;
      }
    }
  }
  return { marks, toc, tagEnd };
}

/** RMS, peak and the quietest 0.5 s window's RMS in dB of full scale, as ACX's checker measures them. */
function measure(samples: Int16Array, rate: number) {
  const db = (v: number) => 20 * Math.log10(Math.max(v, 1e-12) / 32768);
  let sum = 0;
  let peak = 0;
  for (const v of samples) {
    sum += v * v;
    peak = Math.max(peak, Math.abs(v));
  }
  const window = Math.round(rate / 2);
  let quietest = Infinity;
  for (let start = 0; start + window <= samples.length; start += window) {
    let w = 0;
    for (let i = start; i < start + window; i++) w += samples[i]! * samples[i]!;
    quietest = Math.min(quietest, w / window);
  }
  return { rms: db(Math.sqrt(sum / samples.length)), peak: db(peak), floor: db(Math.sqrt(quietest)) };
}

async function waitConverted(key: string, projectId: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const project = (await (await api(`/v1/studio/projects/${projectId}`, { key })).json()) as { state: string; chapters: { state: string }[] };
    if (project.state === "default" && project.chapters.every((c) => c.state === "default")) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("conversion did not finish");
}

describe("Studio audiobook export", () => {
  it("creates a project with pronunciation dictionaries, refusing malformed and unknown locators", async () => {
    const key = await starter("studio-locators@example.com");
    const added = await api("/v1/pronunciation-dictionaries/add-from-rules", { method: "POST", key, json: { name: "Names", rules: [{ type: "alias", string_to_replace: "Nguyen", alias: "win" }] } });
    const dictionary = (await added.json()) as { id: string; version_id: string };
    const made = await api("/v1/studio/projects", { method: "POST", key, body: form([["name", "Names"], ["pronunciation_dictionary_locators", JSON.stringify({ pronunciation_dictionary_id: dictionary.id, version_id: dictionary.version_id })]]) });
    expect(made.status).toBe(200);
    const { project } = (await made.json()) as { project: { project_id: string } };
    const got = (await (await api(`/v1/studio/projects/${project.project_id}`, { key })).json()) as { pronunciation_dictionary_locators: unknown[] };
    expect(got.pronunciation_dictionary_locators).toEqual([{ pronunciation_dictionary_id: dictionary.id, version_id: dictionary.version_id }]);

    const before = ((await (await api("/v1/studio/projects", { key })).json()) as { projects: unknown[] }).projects.length;
    const malformed = await api("/v1/studio/projects", { method: "POST", key, body: form([["name", "Bad"], ["pronunciation_dictionary_locators", "not json"]]) });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { detail: { status: string } }).detail.status).toBe("invalid_pronunciation_dictionary_locators");
    const unknown = await api("/v1/studio/projects", { method: "POST", key, body: form([["name", "Bad"], ["pronunciation_dictionary_locators", JSON.stringify({ pronunciation_dictionary_id: "nosuchdictionary0000" })]]) });
    expect(unknown.status).toBe(404);
    expect(((await (await api("/v1/studio/projects", { key })).json()) as { projects: unknown[] }).projects).toHaveLength(before);
  });

  it("exports an MP3 whose ID3 chapter marks match its chapters, each normalised to ACX's loudness", async () => {
    const { key, cookie } = await starterMember("studio-audiobook@example.com");
    const chapters = [
      { name: "The Harbour", ...paragraphs(["The boats came home before the storm.", "Only one was missing, and the keeper waited by the lamp."]) },
      { name: "Épilogue", ...paragraphs(["In the morning the sea was calm again."]) },
    ];
    const made = await api("/v1/studio/projects", { method: "POST", key, body: form([["name", "Lighthouse"], ["author", "Ana Núñez"], ["acx_volume_normalization", "true"], ["from_content_json", JSON.stringify(chapters)]]) });
    const { project } = (await made.json()) as { project: { project_id: string } };
    expect((await api(`/v1/studio/projects/${project.project_id}/convert`, { method: "POST", key })).status).toBe(200);
    await waitConverted(key, project.project_id);
    const { snapshots } = (await (await api(`/v1/studio/projects/${project.project_id}/snapshots`, { key })).json()) as { snapshots: { project_snapshot_id: string }[] };
    const response = await api(`/v1/studio/projects/${project.project_id}/snapshots/${snapshots[0]!.project_snapshot_id}/audiobook`, { method: "POST", key });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("audio/mpeg");
    const book = new Uint8Array(await response.arrayBuffer());

    const { marks, toc, tagEnd } = readChapters(book);
    expect(toc).toEqual(marks.map((m) => m.id));
    expect(marks.map((m) => m.title)).toEqual(["The Harbour", "Épilogue"]);
    expect(marks[0]!.startMs).toBe(0);
    expect(marks[1]!.startMs).toBe(marks[0]!.endMs);

    const { samples, sampleRate } = await decodeMp3(book.subarray(tagEnd));
    expect(sampleRate).toBe(44100);
    // The marks cover the decoded audio (to an MP3 frame).
    expect(Math.abs((samples.length / sampleRate) * 1000 - marks[1]!.endMs)).toBeLessThan(30);
    for (const mark of marks) {
      const chapter = samples.subarray(Math.round((mark.startMs / 1000) * sampleRate), Math.round((mark.endMs / 1000) * sampleRate));
      const level = measure(chapter, sampleRate);
      expect(level.rms, `${mark.title} RMS`).toBeGreaterThanOrEqual(-23);
      expect(level.rms, `${mark.title} RMS`).toBeLessThanOrEqual(-18);
      expect(level.peak, `${mark.title} peak`).toBeLessThanOrEqual(-3);
      expect(level.floor, `${mark.title} noise floor`).toBeLessThanOrEqual(-60);
    }

    // Chapters reordered in the editor: the next export follows the new order without converting again.
    const order = ((await (await api(`/v1/studio/projects/${project.project_id}`, { key })).json()) as { chapters_order: string[] }).chapters_order;
    expect((await fetcherPost(`/app/studio/${project.project_id}`, { intent: "place-chapter", chapter_id: order[1]!, index: "0" }, cookie)).status).toBe(200);
    const reordered = await api(`/v1/studio/projects/${project.project_id}/snapshots/${snapshots[0]!.project_snapshot_id}/audiobook`, { method: "POST", key });
    expect(readChapters(new Uint8Array(await reordered.arrayBuffer())).marks.map((m) => m.title)).toEqual(["Épilogue", "The Harbour"]);

    // Another workspace cannot download it.
    const other = await starter("studio-audiobook-other@example.com");
    expect((await api(`/v1/studio/projects/${project.project_id}/snapshots/${snapshots[0]!.project_snapshot_id}/audiobook`, { method: "POST", key: other })).status).toBe(404);
  }, 30_000);
});
