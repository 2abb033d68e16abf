import { generateSoundEffect, pcm16 } from "../../sound-effects/procedural";
import type { SoundGenerationEngine } from "../sound-generation";

/** The embedded sound-generation provider: the procedural engine of core/sound-effects, run in the worker. */
export const proceduralSound: SoundGenerationEngine = {
  async generate(request) {
    const effect = generateSoundEffect(request);
    return { pcm: pcm16(effect.samples), sampleRate: effect.sampleRate, recipes: effect.recipes };
  },
};
