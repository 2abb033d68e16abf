// The workspace's transcripts on /app/speech-to-text (decision 0069): the page's list (newest first, file name,
// length, language, speakers), a transcript opened again with its kept recording (Range for seeking), delete
// through DELETE /v1/speech-to-text/transcripts/{id} with the recording gone too, pages of 20, and another
// workspace seeing none of it (404 to open, play or delete).
import { env } from "cloudflare:test";
import { decode } from "turbo-stream";
import { beforeAll, describe, expect, it } from "vitest";
import type { SynthesisRequest, SynthesisResult } from "../../../core/engines/speech";
import { wavFile } from "../../../core/audio/wav";
import { resample } from "../../../core/audio/pcm";
import { TRANSCRIPT_LIST_PAGE_SIZE, type OpenedTranscript, type TranscriptListItem } from "~/transcription/rules/transcription";
import { TRANSCRIPT_EDIT_TEXTS } from "~/transcription/rules/transcript-edits";
import { api, createKey, installSpeechToTextModel, ORIGIN, signUp } from "./helpers";

const speech = env.SPEECH as unknown as { synthesize(request: SynthesisRequest): Promise<SynthesisResult> };
const ROUTE = "routes/app.speech-to-text";

type PageData = { transcripts: TranscriptListItem[]; hasMore: boolean; address: { page: number; search: string; editing: boolean; wordIndex: number | null }; opened: OpenedTranscript | null };

beforeAll(installSpeechToTextModel);

async function spoken(text: string) {
  const result = await speech.synthesize({ text, engineVoice: "en-us", rate: 160, pitch: 50, range: 50 });
  return { samples: new Int16Array(result.pcm.slice().buffer), rate: result.sampleRate };
}

async function transcribe(key: string, bytes: Uint8Array, name: string, type: string, fields: Record<string, string>) {
  const body = new FormData();
  body.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  body.append("model_id", "scribe_v1");
  for (const [field, value] of Object.entries(fields)) body.append(field, value);
  const response = await api("/v1/speech-to-text", { method: "POST", key, body });
  expect(response.status).toBe(200);
  return ((await response.json()) as { transcription_id: string }).transcription_id;
}

/** The page's loader data as the browser's router reads it (single fetch: `<path>.data`, in turbo-stream). */
async function pageData(cookie: string, search = "") {
  const response = await api(`/app/speech-to-text.data?_routes=${encodeURIComponent(ROUTE)}${search}`, { cookie });
  // A refusal (the thrown 404 or 400) is told by its status; its body is Remix's encoded error.
  if (response.status !== 200 || !response.body) return { status: response.status, data: null };
  const decoded = await decode(response.body);
  await decoded.done;
  const route = (decoded.value as Record<string, { data?: PageData; error?: unknown }>)[ROUTE];
  return { status: response.status, data: route?.data ?? null };
}

describe("the speech-to-text page's transcripts", () => {
  it("lists the workspace's transcripts newest first, opens one with its recording, deletes it with the recording; another workspace sees none", async () => {
    const cookie = await signUp("stt-list@example.com");
    const key = await createKey(cookie);
    const otherCookie = await signUp("stt-list-other@example.com");
    const otherKey = await createKey(otherCookie);

    // One WAV with speakers separated, then one raw 16 kHz PCM upload without: the list shows the newer first.
    const morning = await spoken("Good morning, the weather is warm.");
    const wav = wavFile(morning.samples, morning.rate);
    const first = await transcribe(key, wav, "morning call.wav", "audio/wav", { diarize: "true" });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const raw = await spoken("Hello there.");
    const pcm16k = new Uint8Array(resample(raw.samples, raw.rate, 16000).buffer);
    const second = await transcribe(key, pcm16k, "memo.raw", "", { file_format: "pcm_s16le_16" });
    // Another workspace's transcript never shows in this one's list.
    await transcribe(otherKey, wav, "theirs.wav", "audio/wav", {});

    const { data } = await pageData(cookie);
    expect(data!.transcripts.map((t) => [t.id, t.title, t.language, t.speakerCount])).toEqual([
      [second, "memo.raw", "English", null],
      [first, "morning call.wav", "English", 1],
    ]);
    expect(data!.transcripts[1]!.durationSeconds).toBeCloseTo(morning.samples.length / morning.rate, 1);
    expect(data!.transcripts[1]!.preview.length).toBeGreaterThan(0);
    expect(data!.hasMore).toBe(false);
    expect(data!.opened).toBeNull();
    const theirs = (await pageData(otherCookie)).data!;
    expect(theirs.transcripts.map((t) => t.title)).toEqual(["theirs.wav"]);

    // Opened again: the stored words and the kept recording, byte for byte, with Range for seeking.
    const opened = (await pageData(cookie, `&transcript=${first}`)).data!.opened!;
    const stored = (await (await api(`/v1/speech-to-text/transcripts/${first}`, { key })).json()) as { words: { text: string }[] };
    expect(opened).toMatchObject({ id: first, title: "morning call.wav", baseName: "morning call", audioUrl: `/v1/speech-to-text/transcripts/${first}/audio` });
    expect(opened.words.map((w) => w.text)).toEqual(stored.words.map((w) => w.text));
    const audio = await api(opened.audioUrl!, { cookie });
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/wav");
    expect(new Uint8Array(await audio.arrayBuffer())).toEqual(wav);
    const ranged = await api(opened.audioUrl!, { cookie, headers: { range: "bytes=44-99" } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(56);
    // Headerless PCM is kept as WAV, so a browser plays it.
    const memo = await api(`/v1/speech-to-text/transcripts/${second}/audio`, { key });
    expect(memo.headers.get("content-type")).toBe("audio/wav");
    const memoBytes = new Uint8Array(await memo.arrayBuffer());
    expect(new TextDecoder().decode(memoBytes.slice(0, 4))).toBe("RIFF");
    expect(memoBytes.byteLength).toBe(44 + pcm16k.byteLength);

    // The other workspace can neither open, play nor delete it.
    expect((await pageData(otherCookie, `&transcript=${first}`)).status).toBe(404);
    expect((await api(`/v1/speech-to-text/transcripts/${first}/audio`, { key: otherKey })).status).toBe(404);
    expect((await api(`/v1/speech-to-text/transcripts/${first}`, { method: "DELETE", cookie: otherCookie })).status).toBe(404);
    expect((await pageData(cookie, "&transcript=nope")).status).toBe(404);
    expect((await pageData(cookie, "&page=0")).status).toBe(400);
    expect((await pageData(cookie, "&page=abc")).status).toBe(400);

    // Deleted through the page's path (the session's DELETE): gone from the list, unopenable, its recording removed.
    const { audio_key } = (await env.DB.prepare("SELECT audio_key FROM transcripts WHERE id = ?").bind(first).first<{ audio_key: string }>())!;
    expect(await env.MEDIA.head(audio_key)).not.toBeNull();
    expect((await api(`/v1/speech-to-text/transcripts/${first}`, { method: "DELETE", cookie })).status).toBe(200);
    expect(await env.MEDIA.head(audio_key)).toBeNull();
    expect((await pageData(cookie)).data!.transcripts.map((t) => t.id)).toEqual([second]);
    expect((await pageData(cookie, `&transcript=${first}`)).status).toBe(404);
    expect((await api(`/v1/speech-to-text/transcripts/${first}/audio`, { key })).status).toBe(404);
    expect((await pageData(otherCookie)).data!.transcripts.map((t) => t.title)).toEqual(["theirs.wav"]);
  }, 120_000);

  it("pages the list 20 at a time; a realtime session's transcript is listed by what it was, without a recording", async () => {
    const cookie = await signUp("stt-list-pages@example.com");
    const { workspace_id, user_id } = (await env.DB.prepare("SELECT m.workspace_id, m.user_id FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE u.email = ?").bind("stt-list-pages@example.com").first<{ workspace_id: string; user_id: string }>())!;
    const total = TRANSCRIPT_LIST_PAGE_SIZE + 3;
    const result = (i: number) => JSON.stringify({ language_code: "en", language_probability: 1, text: `transcript number ${i}`, words: [{ text: "transcript", start: 0, end: 0.5, type: "word", logprob: 0 }], transcription_id: `t${i}` });
    await env.DB.batch(
      Array.from({ length: total }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO transcripts (id, workspace_id, user_id, request_id, created_at, duration_seconds, credits, model_id, language_code, result) VALUES (?, ?, ?, ?, ?, 1, 17, 'realtime:scribe_v2_realtime', 'en', ?)",
        ).bind(`page-test-${String(i).padStart(2, "0")}`, workspace_id, user_id, `req-${i}`, 1_790_000_000 + i, result(i)),
      ),
    );
    const first = (await pageData(cookie)).data!;
    expect(first.transcripts).toHaveLength(TRANSCRIPT_LIST_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(first.transcripts[0]).toMatchObject({ id: `page-test-${total - 1}`, title: "Realtime session", speakerCount: null, preview: `transcript number ${total - 1}` });
    const second = (await pageData(cookie, "&page=2")).data!;
    expect(second.transcripts.map((t) => t.id)).toEqual(["page-test-02", "page-test-01", "page-test-00"]);
    expect(second.hasMore).toBe(false);
    // Opened, it has no recording to play: the view says so instead of offering words to click.
    const opened = (await pageData(cookie, "&page=2&transcript=page-test-00")).data!.opened!;
    expect(opened.audioUrl).toBeNull();
    expect((await api("/v1/speech-to-text/transcripts/page-test-00/audio", { cookie })).status).toBe(404);
  }, 60_000);

  it("searches names and words, renames, and corrects a word so the API and exports read it; bad input is refused and another workspace gets 404", async () => {
    const cookie = await signUp("stt-edit@example.com");
    const otherCookie = await signUp("stt-edit-other@example.com");
    const member = (email: string) =>
      env.DB.prepare("SELECT m.workspace_id, m.user_id FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE u.email = ?").bind(email).first<{ workspace_id: string; user_id: string }>();
    const mine = (await member("stt-edit@example.com"))!;
    const theirs = (await member("stt-edit-other@example.com"))!;
    const words = (...texts: string[]) =>
      texts.flatMap((text, i) => [
        ...(i ? [{ text: " ", start: i - 0.1, end: i, type: "spacing", speaker_id: "speaker_0", logprob: 0 }] : []),
        { text, start: i, end: i + 0.9, type: "word", speaker_id: "speaker_0", logprob: 0 },
      ]);
    const row = (id: string, who: { workspace_id: string; user_id: string }, name: string | null, texts: string[], at: number, extra: object = {}) =>
      env.DB.prepare(
        "INSERT INTO transcripts (id, workspace_id, user_id, request_id, created_at, duration_seconds, credits, model_id, language_code, result, file_name) VALUES (?, ?, ?, ?, ?, 4, 67, 'scribe_v1', 'en', ?, ?)",
      ).bind(id, who.workspace_id, who.user_id, `req-${id}`, at, JSON.stringify({ language_code: "en", language_probability: 1, text: texts.join(" "), words: words(...texts), transcription_id: id, audio_duration_secs: 4, ...extra }), name);
    await env.DB.batch([
      row("edit-weather", mine, "Weather report.wav", ["the", "whether", "is", "warm"], 1_790_000_100, { additional_formats: [{ requested_format: "txt", content: "the whether is warm\n" }] }),
      row("edit-meeting", mine, "Team MEETING.mp3", ["hello", "team"], 1_790_000_200),
      row("edit-theirs", theirs, "weather of theirs.wav", ["warm", "day"], 1_790_000_300),
    ]);
    const titles = async (search: string, who = cookie) => (await pageData(who, search)).data!.transcripts.map((t) => t.title);

    // Search: a name or the text, any case; only this workspace's; special characters are taken literally.
    expect(await titles("&q=weather")).toEqual(["Weather report.wav"]);
    expect(await titles("&q=MEETING")).toEqual(["Team MEETING.mp3"]);
    expect(await titles("&q=hello%20team")).toEqual(["Team MEETING.mp3"]);
    expect(await titles("&q=WARM")).toEqual(["Weather report.wav"]);
    expect(await titles("&q=%25")).toEqual([]);
    expect(await titles("&q=weather", otherCookie)).toEqual(["weather of theirs.wav"]);
    expect((await pageData(cookie, "&q=weather")).data!.address.search).toBe("weather");
    expect((await pageData(cookie, `&q=${"x".repeat(101)}`)).status).toBe(400);

    const post = (fields: Record<string, string>, who = cookie, query = "") => api(`/app/speech-to-text${query}`, { method: "POST", cookie: who, body: new URLSearchParams(fields), headers: { "content-type": "application/x-www-form-urlencoded", host: new URL(ORIGIN).host }, redirect: "manual" });
    const stored = async (id: string) => JSON.parse((await env.DB.prepare("SELECT result FROM transcripts WHERE id = ?").bind(id).first<{ result: string }>())!.result) as { text: string; words: { text: string; start: number; end: number }[]; additional_formats?: { content: string }[] };

    // Rename: trimmed; empty or too long refused; another workspace's transcript is not found.
    expect((await post({ intent: "rename", id: "edit-weather", name: "  Morning   forecast " })).status).toBe(200);
    expect(await titles("&q=forecast")).toEqual(["Morning forecast"]);
    expect((await post({ intent: "rename", id: "edit-weather", name: "   " })).status).toBe(422);
    expect((await post({ intent: "rename", id: "edit-weather", name: "n".repeat(201) })).status).toBe(422);
    expect((await post({ intent: "rename", id: "edit-theirs", name: "mine now" })).status).toBe(404);
    expect((await post({ intent: "rename", id: "edit-weather", name: "stolen" }, otherCookie)).status).toBe(404);
    expect((await post({ intent: "shout", id: "edit-weather" })).status).toBe(422);
    expect(await titles("&q=theirs", otherCookie)).toEqual(["weather of theirs.wav"]);

    // Correct a word: without scripts the form posts and comes back to the words, that word's form closed.
    const corrected = await post({ intent: "correct-word", id: "edit-weather", index: "2", text: "weather" }, cookie, "?transcript=edit-weather&edit=1&word=2", );
    expect(corrected.status).toBe(302);
    expect(corrected.headers.get("location")).toBe("/app/speech-to-text?transcript=edit-weather&edit=1");
    const after = await stored("edit-weather");
    expect(after.text).toBe("the weather is warm");
    expect(after.words[2]).toMatchObject({ text: "weather", start: 1, end: 1.9 });
    expect(after.additional_formats![0]!.content).toBe("the weather is warm\n");
    const key = await createKey(cookie);
    expect(((await (await api("/v1/speech-to-text/transcripts/edit-weather", { key })).json()) as { text: string }).text).toBe("the weather is warm");
    const opened = (await pageData(cookie, "&transcript=edit-weather&edit=1&word=4")).data!;
    expect(opened.address).toMatchObject({ editing: true, wordIndex: 4 });
    expect(opened.opened!.text).toBe("the weather is warm");
    expect((await pageData(cookie, "&transcript=edit-weather&edit=1")).data!.address).toMatchObject({ editing: true, wordIndex: null });
    expect((await pageData(cookie, "&transcript=edit-weather&edit=1&word=1")).data!.address.wordIndex).toBeNull();
    // A spacing is not a word; the index is checked; another workspace's transcript is not found; nothing changed.
    expect((await post({ intent: "correct-word", id: "edit-weather", index: "1", text: "x" })).status).toBe(422);
    expect((await post({ intent: "correct-word", id: "edit-weather", index: "99", text: "x" })).status).toBe(422);
    expect((await post({ intent: "correct-word", id: "edit-weather", index: "-1", text: "x" })).status).toBe(422);
    expect((await post({ intent: "correct-word", id: "edit-weather", index: "two", text: "x" })).status).toBe(422);
    expect((await post({ intent: "correct-word", id: "edit-weather", index: "0", text: "y".repeat(101) })).status).toBe(422);
    expect((await post({ intent: "correct-word", id: "edit-theirs", index: "0", text: "cold" })).status).toBe(404);
    expect((await post({ intent: "correct-word", id: "edit-weather", index: "0", text: "a" }, otherCookie)).status).toBe(404);
    expect((await stored("edit-weather")).text).toBe("the weather is warm");
    expect((await stored("edit-theirs")).text).toBe("warm day");
    // An empty word removes it with one space; the words' times stay.
    expect((await post({ intent: "correct-word", id: "edit-weather", index: "0", text: "" })).status).toBe(302);
    expect((await stored("edit-weather")).text).toBe("weather is warm");

    // Two corrections at once: each either lands or is told to repeat (409); none is lost silently.
    const racing = await Promise.all([
      post({ intent: "correct-word", id: "edit-meeting", index: "0", text: "hi" }),
      post({ intent: "correct-word", id: "edit-meeting", index: "2", text: "everyone" }),
    ]);
    expect(racing.every((r) => r.status === 302 || r.status === 409)).toBe(true);
    const race = await stored("edit-meeting");
    expect(race.words[0]!.text).toBe(racing[0]!.status === 302 ? "hi" : "hello");
    expect(race.words[2]!.text).toBe(racing[1]!.status === 302 ? "everyone" : "team");
    if (racing.some((r) => r.status === 409)) expect(await racing.find((r) => r.status === 409)!.text()).toContain(TRANSCRIPT_EDIT_TEXTS.changedMeanwhile);
  }, 60_000);
});
