import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, form, ORIGIN, signUp } from "./helpers";

const ARIA = "pv01aria000000000000";
const PAGE = `${ORIGIN}/app/speech-synthesis/text-to-speech`;
let cookie: string;

async function page(): Promise<string> {
  const response = await SELF.fetch(PAGE, { headers: { cookie } });
  expect(response.status).toBe(200);
  return response.text();
}
const LABELS: Record<string, string> = { "slider-speed": "Speed", "slider-stability": "Stability", "slider-similarity": "Similarity", "slider-style-exaggeration": "Style exaggeration" };
/** The opening tag of the slider's thumb (role="slider", named by its label), as the server rendered it. */
function control(html: string, id: string): string {
  const tag = html.match(new RegExp(`<span[^>]*role="slider"[^>]*aria-label="${LABELS[id]}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`no control ${id}`);
  return tag;
}
const DISABLED = /data-disabled=""/;
/** Radix sets aria-valuenow once mounted; the server's HTML carries the value as the page reads it out. */
const value = (v: string) => `aria-valuetext="${Number(v).toFixed(2)}"`;

beforeAll(async () => {
  cookie = await signUp("tts-page@example.com");
});

describe("text-to-speech page: voice settings", () => {
  it("disables the controls the chosen model's engine ignores, with the reason, and leaves the others", async () => {
    const html = await page();
    // The default model is the embedded engine: similarity and speaker boost change nothing there.
    expect(control(html, "slider-similarity")).toMatch(DISABLED);
    expect(control(html, "slider-similarity")).toContain('aria-describedby="setting-similarity-unused"');
    expect(html).toMatch(/id="setting-similarity-unused"[^>]*>(<span[^>]*>)?The embedded engine is formant synthesis \(espeak-ng\): there is no recorded speaker/);
    expect(html).toMatch(/<input type="checkbox"[^>]*disabled=""[^>]*aria-describedby="speaker-boost-unused"/);
    for (const honoured of ["slider-speed", "slider-stability", "slider-style-exaggeration"]) expect(control(html, honoured)).not.toMatch(DISABLED);
  });

  it("starts the sliders from the workspace's saved settings for the voice, and saves them from the page", async () => {
    expect(control(await page(), "slider-stability")).toContain(value("0.5"));
    // Saved through the API ...
    expect((await api(`/v1/voices/${ARIA}/settings/edit`, { method: "POST", cookie, json: { stability: 0.3, style: 0.4 } })).status).toBe(200);
    let html = await page();
    expect(control(html, "slider-stability")).toContain(value("0.3"));
    expect(control(html, "slider-style-exaggeration")).toContain(value("0.4"));
    // ... and from the page's own form.
    const init = form({ intent: "save-voice-settings", voice_id: ARIA, stability: "0.7", similarity_boost: "0.75", style: "0.1", speed: "1.1", use_speaker_boost: "true" });
    const saved = await SELF.fetch(PAGE, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
    expect(saved.status).toBe(200);
    expect(await (await api(`/v1/voices/${ARIA}/settings`, { cookie })).json()).toEqual({ stability: 0.7, similarity_boost: 0.75, style: 0.1, use_speaker_boost: true, speed: 1.1 });
    html = await page();
    expect(control(html, "slider-speed")).toContain(value("1.1"));
    // Another workspace's voice cannot be given settings; values out of range are refused.
    for (const fields of [{ voice_id: "no_such_voice", stability: "0.5" }, { voice_id: ARIA, stability: "2" }]) {
      const bad = form({ intent: "save-voice-settings", similarity_boost: "0.75", style: "0", speed: "1", use_speaker_boost: "true", ...fields });
      const refused = await SELF.fetch(PAGE, { ...bad, headers: { ...(bad.headers as Record<string, string>), cookie } });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(refused.status).toBeLessThan(500);
    }
  });
});
