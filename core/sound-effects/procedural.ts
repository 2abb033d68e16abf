// The embedded sound-effects engine: procedural audio, not a generative model. It reads the description's
// words, picks up to two recipes (rain and thunder make a storm) and their parameters, and renders them
// with a seeded random source: the same request and seed give the same samples.
import { between, crossfadeLoop, fadeEdges, normalize, seededRandom, type Random } from "./dsp";
import { AMBIENCE, automaticSeconds, RECIPES, type Recipe, type RecipeParameters } from "./recipes";

export const SOUND_SAMPLE_RATE = 44100;

/** Seconds of the crossfade that closes a loop. */
const LOOP_CROSSFADE_SECONDS = 0.25;

export type SoundEffectRequest = {
  prompt: string;
  /** Null: the recipe's own length. */
  durationSeconds: number | null;
  /** 0 to 1: how strictly the words set the parameters (1) rather than the seed varying them (0). */
  promptInfluence: number;
  loop: boolean;
  seed: number;
};

export type SoundEffect = { samples: Float32Array; sampleRate: number; recipes: string[]; durationSeconds: number };

const MODIFIERS: { parameter: "intensity" | "distance" | "speed"; value: number; stems: string[] }[] = [
  { parameter: "intensity", value: 0.9, stems: ["heavy", "loud", "strong", "big", "intense", "huge", "powerful", "hard", "violent", "torrential", "massive", "roaring"] },
  { parameter: "intensity", value: 0.15, stems: ["light", "soft", "gentle", "quiet", "small", "faint", "subtle", "little", "calm", "tiny", "weak"] },
  { parameter: "distance", value: 0.85, stems: ["distant", "far", "faraway", "muffled", "background", "remote", "outside"] },
  { parameter: "distance", value: 0.1, stems: ["close", "near", "closeup", "intimate"] },
  { parameter: "speed", value: 0.85, stems: ["fast", "running", "quick", "rapid", "hurried", "frantic"] },
  { parameter: "speed", value: 0.2, stems: ["slow", "walking", "lazy", "sluggish", "leisurely"] },
];

export function descriptionWords(prompt: string): Set<string> {
  return new Set(prompt.toLowerCase().normalize("NFKD").replace(/[\u0300-\u036f]/g, "").split(/[^a-z0-9]+/).filter(Boolean));
}

/** The recipes a description calls, best match first (at most two: a layer under the main sound). */
export function recipesFor(words: ReadonlySet<string>): Recipe[] {
  const scored = RECIPES.map((recipe, order) => ({
    recipe,
    order,
    score: [...words].filter((w) => recipe.keywords.some((k) => w.startsWith(k) && (k.length >= 4 || w === k || w === `${k}s`))).length,
  })).filter((s) => s.score > 0);
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return scored.length ? scored.slice(0, 2).map((s) => s.recipe) : [AMBIENCE];
}

/** The words' values, each moved by the seed by as much as the prompt influence leaves free. */
export function parametersFor(words: ReadonlySet<string>, promptInfluence: number, random: Random): RecipeParameters {
  const values = { intensity: 0.5, distance: 0.3, speed: 0.5 };
  for (const { parameter, value, stems } of MODIFIERS) if ([...words].some((w) => stems.some((s) => w === s || w.startsWith(s)))) values[parameter] = value;
  const freedom = 1 - Math.min(1, Math.max(0, promptInfluence));
  const vary = (v: number) => Math.min(1, Math.max(0, v + between(random, -0.5, 0.5) * freedom));
  return { intensity: vary(values.intensity), distance: vary(values.distance), speed: vary(values.speed), words };
}

export function generateSoundEffect(request: SoundEffectRequest): SoundEffect {
  const sampleRate = SOUND_SAMPLE_RATE;
  const words = descriptionWords(request.prompt);
  const recipes = recipesFor(words);
  const random = seededRandom(request.seed);
  const params = parametersFor(words, request.promptInfluence, random);
  const durationSeconds = request.durationSeconds ?? automaticSeconds(recipes, words);
  const length = Math.max(1, Math.round(durationSeconds * sampleRate));
  const overlap = request.loop ? Math.min(Math.round(LOOP_CROSSFADE_SECONDS * sampleRate), Math.floor(length / 2)) : 0;
  const mix = new Float32Array(length + overlap);
  recipes.forEach((recipe, layer) => {
    const rendered = normalize(recipe.render({ length: length + overlap, sampleRate, random, params }), layer === 0 ? 1 : 0.55);
    for (let i = 0; i < mix.length; i++) mix[i] = mix[i]! + rendered[i]!;
  });
  const samples = request.loop ? crossfadeLoop(mix, length) : fadeEdges(mix, 0.004, sampleRate);
  // Distance lowers the level as well as the brightness.
  normalize(samples, 0.89 - 0.35 * params.distance);
  return { samples, sampleRate, recipes: recipes.map((r) => r.id), durationSeconds: length / sampleRate };
}

/** 16-bit little-endian PCM, as the engines hand audio to the platform's encoders. */
export function pcm16(samples: Float32Array): Uint8Array {
  const out = new Uint8Array(samples.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, Math.round(Math.max(-1, Math.min(1, samples[i]!)) * 32767), true);
  return out;
}
