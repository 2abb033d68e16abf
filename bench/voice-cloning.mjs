// The embedded clone against its sample: each premade voice speaks its preview text (the sample), the speaker
// analysis measures it, the clone's engine voice is derived from the measurement and speaks the same text, and
// the clone is measured the same way. Targets: median pitch within 10% of the sample's, speaking rate within 15%.
// Exactly the code the app runs (core/voices) over the speech worker's WebAssembly build.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../scripts/stack.mjs";
import { loadBundle } from "./bundle.mjs";
import { createEmbeddedSynthesizer } from "./espeak.mjs";
import { isMain } from "./standalone.mjs";

/** The premade voices as migration 0013 seeds them: name, language and engine parameters. */
function premadeVoices() {
  const sql = readFileSync(join(ROOT, "migrations/0013_voices.sql"), "utf8");
  const rows = [...sql.matchAll(/VALUES \('([^']+)', 'premade', '([^']+)', '[^']*', '[^']*', '([a-z]+)', 'embedded', '(\{[^']+\})'/g)];
  return rows.map(([, voiceId, name, language, parameters]) => ({ voiceId, name, language, engineParameters: JSON.parse(parameters) }));
}

export async function voiceCloningBench() {
  const dir = mkdtempSync(join(tmpdir(), "bench-clone-"));
  try {
    const synth = await createEmbeddedSynthesizer(dir);
    const lib = await loadBundle(
      dir,
      "cloning",
      `export { analyseSpeaker, floatSamples } from ${JSON.stringify(join(ROOT, "core/voices/speaker-analysis.ts"))};
export { cloneEngineVoice, refineCloneVoice } from ${JSON.stringify(join(ROOT, "core/voices/clone-parameters.ts"))};
export { PREVIEW_TEXT } from ${JSON.stringify(join(ROOT, "app/voices/rules/voices.ts"))};
export { CALIBRATION_TEXT } from ${JSON.stringify(join(ROOT, "app/voices/rules/voice-cloning.ts"))};
export { engineParameters } from ${JSON.stringify(join(ROOT, "app/voices/rules/voices.ts"))};
export { DEFAULT_VOICE_SETTINGS } from ${JSON.stringify(join(ROOT, "core/voices/voice-settings.ts"))};`,
    );
    const rows = [];
    for (const voice of premadeVoices()) {
      const text = lib.PREVIEW_TEXT[voice.language] ?? lib.PREVIEW_TEXT.en;
      const { espeakVoice, variant, basePitch } = voice.engineParameters;
      const sampleParams = lib.engineParameters(lib.DEFAULT_VOICE_SETTINGS, { basePitch });
      const sample = await synth.speak({ text, voice: variant ? `${espeakVoice}+${variant}` : espeakVoice, ...sampleParams });
      const measured = lib.analyseSpeaker(lib.floatSamples(sample.samples), sample.sampleRate);
      // As the app clones: a first estimate from the tables, spoken once on the calibration text and corrected.
      const first = lib.cloneEngineVoice(measured);
      const calibrationText = lib.CALIBRATION_TEXT[voice.language] ?? lib.CALIBRATION_TEXT.en;
      const calibration = await synth.speak({ text: calibrationText, voice: `${espeakVoice}+${first.variant}`, ...lib.engineParameters(lib.DEFAULT_VOICE_SETTINGS, first) });
      const clone = lib.refineCloneVoice(first, measured, lib.analyseSpeaker(lib.floatSamples(calibration.samples), calibration.sampleRate));
      const cloneParams = lib.engineParameters(lib.DEFAULT_VOICE_SETTINGS, clone);
      const spoken = await synth.speak({ text, voice: `${espeakVoice}+${clone.variant}`, ...cloneParams });
      const heard = lib.analyseSpeaker(lib.floatSamples(spoken.samples), spoken.sampleRate);
      if (!heard) throw new Error(`${voice.name}: the clone (${JSON.stringify(clone)}, ${JSON.stringify(cloneParams)}) was not measurable`);
      rows.push({
        voice: voice.name,
        sample: `${variant} p${basePitch}`,
        clone: `${clone.variant} p${clone.basePitch} r${clone.baseRange} ${clone.rate}wpm`,
        pitchSample: measured.pitchMedianHz,
        pitchClone: heard.pitchMedianHz,
        pitchError: Math.abs(heard.pitchMedianHz / measured.pitchMedianHz - 1),
        rateSample: measured.speakingRate,
        rateClone: heard.speakingRate,
        rateError: Math.abs(heard.speakingRate / measured.speakingRate - 1),
      });
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printVoiceCloningBench(rows) {
  const pct = (v) => `${(v * 100).toFixed(1)}%`;
  console.log("\nEmbedded voice cloning: each premade voice as the sample, its clone speaking the same text");
  console.table(
    rows.map((r) => ({
      voice: r.voice,
      sample: r.sample,
      clone: r.clone,
      "pitch sample Hz": r.pitchSample.toFixed(1),
      "pitch clone Hz": r.pitchClone.toFixed(1),
      "pitch error (<10%)": pct(r.pitchError),
      "rate sample syl/s": r.rateSample.toFixed(2),
      "rate clone syl/s": r.rateClone.toFixed(2),
      "rate error (<15%)": pct(r.rateError),
    })),
  );
  const pitchOk = rows.filter((r) => r.pitchError < 0.1).length;
  const rateOk = rows.filter((r) => r.rateError < 0.15).length;
  console.log(`pitch within 10%: ${pitchOk}/${rows.length}; speaking rate within 15%: ${rateOk}/${rows.length}`);
}

if (isMain(import.meta.url)) printVoiceCloningBench(await voiceCloningBench());
