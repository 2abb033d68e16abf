import { describe, expect, it } from "vitest";
import { SPEECH_PARAMETERS_READ, type SpeechProviderId } from "../../../core/engines/speech";
import { DEFAULT_VOICE_SETTINGS, type VoiceSettings } from "../../../core/voices/voice-settings";
import { engineParameters, HONOURED_SETTINGS, unusedSettingReason, type VoiceSettingName } from "../../../core/voices/voice-rules";

/** Other values of each setting, within their ranges (two, so that no clamp hides a change). */
const OTHER_VALUES: { [K in VoiceSettingName]: VoiceSettings[K][] } = {
  speed: [0.8, 1.15],
  stability: [0.1, 0.9],
  similarity_boost: [0, 1],
  style: [0.4, 1],
  use_speaker_boost: [false],
};

/** The settings whose change reaches a parameter the engine reads. */
function settingsThatMatter(engine: SpeechProviderId): VoiceSettingName[] {
  const read = SPEECH_PARAMETERS_READ[engine].filter((p): p is "rate" | "pitch" | "range" => p !== "seed");
  const base = engineParameters({ ...DEFAULT_VOICE_SETTINGS }, { basePitch: 50 });
  return (Object.keys(OTHER_VALUES) as VoiceSettingName[]).filter((setting) =>
    OTHER_VALUES[setting].some((value) => {
      const changed = engineParameters({ ...DEFAULT_VOICE_SETTINGS, [setting]: value }, { basePitch: 50 });
      return read.some((parameter) => changed[parameter] !== base[parameter]);
    }),
  );
}

describe("voice settings per engine", () => {
  it("claims exactly the settings that reach a parameter each engine reads", () => {
    for (const engine of Object.keys(HONOURED_SETTINGS) as SpeechProviderId[]) {
      expect([engine, [...settingsThatMatter(engine)].sort()]).toEqual([engine, [...HONOURED_SETTINGS[engine]].sort()]);
    }
  });

  it("the embedded engine maps speed to rate and stability and style to pitch range; similarity and speaker boost have no counterpart", () => {
    expect(HONOURED_SETTINGS.embedded).toEqual(["speed", "stability", "style"]);
    expect(unusedSettingReason("embedded", "style")).toBeNull();
    expect(unusedSettingReason("embedded", "similarity_boost")).toMatch(/formant synthesis/);
    expect(unusedSettingReason("embedded", "use_speaker_boost")).toMatch(/changes nothing/);
    expect(unusedSettingReason("openai", "speed")).toBeNull();
    expect(unusedSettingReason("openai", "style")).toMatch(/only a voice and a speed/);
    expect(unusedSettingReason("workers-ai", "speed")).toMatch(/only a voice/);
  });
});
