import { describe, expect, it } from "vitest";
import { api, createKey, installSpeechLanguages, signUp } from "./helpers";

const ARIA = "pv01aria000000000000";

describe("voices in every language of the multilingual model", () => {
  it("list one verified language per engine language, each with its own preview that plays", async () => {
    const key = await createKey(await signUp("polyglot@example.com"));
    const voice = (await (await api(`/v1/voices/${ARIA}`, { key })).json()) as { verified_languages: { language: string; model_id: string; preview_url: string }[]; preview_url: string };
    expect(voice.verified_languages.map((l) => l.language)).toEqual(["en", "de", "fr", "es", "it", "pt"]);
    expect(new Set(voice.verified_languages.map((l) => l.model_id))).toEqual(new Set(["parlance_multilingual_v1"]));
    expect(voice.verified_languages.find((l) => l.language === "en")!.preview_url).toBe(voice.preview_url);
    const french = voice.verified_languages.find((l) => l.language === "fr")!.preview_url;
    expect(french).toMatch(/\/v1\/voices\/previews\/voice_preview_aria_fr\.mp3$/);

    const english = await api(new URL(voice.preview_url).pathname);
    const frenchAudio = await api(new URL(french).pathname);
    expect(frenchAudio.status).toBe(200);
    expect(frenchAudio.headers.get("content-type")).toBe("audio/mpeg");
    const [a, b] = [new Uint8Array(await english.arrayBuffer()), new Uint8Array(await frenchAudio.arrayBuffer())];
    expect(b.byteLength).toBeGreaterThan(2000);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    expect((await api("/v1/voices/previews/voice_preview_aria_xx.mp3")).status).toBe(404);
  });

  it("speak the requested language_code: the same text sounds different in French", async () => {
    const key = await createKey(await signUp("language-code@example.com"));
    const speak = async (language_code?: string) => {
      const response = await api(`/v1/text-to-speech/${ARIA}?output_format=pcm_22050`, { method: "POST", key, json: { text: "Bonjour, comment allez-vous?", seed: 7, ...(language_code ? { language_code } : {}) } });
      expect(response.status).toBe(200);
      return new Uint8Array(await response.arrayBuffer());
    };
    const english = await speak();
    const again = await speak("en");
    const french = await speak("fr");
    expect(Buffer.from(english).equals(Buffer.from(again))).toBe(true);
    expect(Buffer.from(english).equals(Buffer.from(french))).toBe(false);
  });

  it("speak every engine language by language_code, its data read from R2 on first use (decision 0059)", async () => {
    const key = await createKey(await signUp("every-language@example.com"));
    const speak = async (text: string, language_code?: string) => {
      const response = await api(`/v1/text-to-speech/${ARIA}?output_format=pcm_22050`, { method: "POST", key, json: { text, seed: 11, ...(language_code ? { language_code } : {}) } });
      if (response.status !== 200) return { status: response.status, pcm: new Int16Array(0), body: await response.text() };
      return { status: response.status, pcm: new Int16Array(await response.arrayBuffer()), body: "" };
    };
    const rms = (pcm: Int16Array) => Math.sqrt(pcm.reduce((sum, s) => sum + s * s, 0) / Math.max(1, pcm.length));
    // Not installed yet: refused, nothing spoken in the wrong language.
    const missing = await speak("Egy kettő három.", "hu");
    expect(missing.status).toBe(503);
    expect(missing.body).toContain("language_unavailable");
    await installSpeechLanguages();
    // First use of a language in this isolate reads its dictionary from R2; later ones find it mounted.
    const timed = async (text: string, language: string) => {
      const started = Date.now();
      const spoken = await speak(text, language);
      return { ...spoken, ms: Date.now() - started };
    };
    const firstHungarian = await timed("Egy kettő három négy öt.", "hu");
    const againHungarian = await timed("Egy kettő három négy öt.", "hu");
    const german = await timed("Eins zwei drei vier fünf.", "de");
    const faroese = await timed("Ein, tveir, trý.", "fo"); // the largest dictionary, 5.4 MB
    console.log(`first-use latency: Hungarian first ${firstHungarian.ms} ms, again ${againHungarian.ms} ms; German (bundled) ${german.ms} ms; Faroese first ${faroese.ms} ms`);
    expect(faroese.status).toBe(200);
    expect(Buffer.from(firstHungarian.pcm.buffer).equals(Buffer.from(againHungarian.pcm.buffer))).toBe(true);
    for (const [language, text] of [["hu", "Egy kettő három négy öt."], ["no", "En to tre fire fem."], ["vi", "Một hai ba bốn năm."], ["ja", "いち、に、さん。"]] as const) {
      const english = await speak(text);
      const spoken = await speak(text, language);
      expect(spoken.status, language).toBe(200);
      expect(rms(spoken.pcm), language).toBeGreaterThan(500);
      expect(Buffer.from(spoken.pcm.buffer).equals(Buffer.from(english.pcm.buffer)), language).toBe(false);
    }
    // A dialect code picks the dialect's voice: southern Vietnamese is not the northern standard.
    const north = await speak("Một hai ba bốn năm.", "vi");
    const south = await speak("Một hai ba bốn năm.", "vi-VN-x-south");
    expect(Buffer.from(south.pcm.buffer).equals(Buffer.from(north.pcm.buffer))).toBe(false);
  }, 60_000);
});
