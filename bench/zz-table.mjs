import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
const ROOT = "/work/h-tools";
const { loadBundle } = await import(ROOT + "/bench/bundle.mjs");
const { createEmbeddedSynthesizer } = await import(ROOT + "/bench/espeak.mjs");
const dir = mkdtempSync(join(tmpdir(), "diag-"));
const synth = await createEmbeddedSynthesizer(dir);
const lib = await loadBundle(dir, "d", `export { analyseSpeaker, floatSamples } from ${JSON.stringify(join(ROOT, "core/voices/speaker-analysis.ts"))};
export { PREVIEW_TEXT } from ${JSON.stringify(join(ROOT, "app/voices/rules/voices.ts"))};
export { CALIBRATION_TEXT } from ${JSON.stringify(join(ROOT, "app/voices/rules/voice-cloning.ts"))};`);
const texts = [lib.CALIBRATION_TEXT.en, lib.PREVIEW_TEXT.en, "The old house stood at the end of a quiet road, and every morning the baker opened his shop at six.", "Please call me tomorrow afternoon if the weather is still bad; we can change our plans."];
for (const rate of [80, 120, 175, 260, 350, 450]) {
  const row = [];
  for (const v of ["m3", "f2"]) for (const text of texts) {
    const s = await synth.speak({ text, voice: `en+${v}`, rate, pitch: 50, range: 50 });
    row.push(lib.analyseSpeaker(lib.floatSamples(s.samples), s.sampleRate).speakingRate);
  }
  console.log(rate, (row.reduce((a, b) => a + b) / row.length).toFixed(2), row.map((r) => r.toFixed(2)).join(" "));
}
