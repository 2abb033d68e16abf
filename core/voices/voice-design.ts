/**
 * Voice design with the embedded engine: the words of a description ("a deep, calm British man") mapped onto what
 * a formant synthesizer (espeak-ng) can change: pitch, pitch range, pace, the language voice (accent) and the
 * voice variant (a timbre preset). It understands the words below and nothing else; it is not a neural voice
 * designer, and the page and the API say so (DESIGN_HONESTY).
 */
import type { VoiceEngineParameters, VoiceLabels } from "./voices";

/** Shown on the design page and in the API description: what the embedded designer really does. */
export const DESIGN_HONESTY =
  "The embedded designer maps the words of your description (gender, age, deep or high, fast or slow, calm or energetic, accent, raspy, breathy, whispering...) onto a formant synthesizer's pitch, pace, pitch range and voice variant. It makes a synthetic voice of that shape, not a natural-sounding person.";

/** Spec of the commercial API: the description is 20 to 1000 characters, the preview text 100 to 1000. */
export const DESCRIPTION_LENGTH = { min: 20, max: 1000 } as const;
export const PREVIEW_TEXT_LENGTH = { min: 100, max: 1000 } as const;
/** A designed voice can be saved for a day after its preview was made. */
export const GENERATED_VOICE_TTL_SECONDS = 24 * 60 * 60;
export const PREVIEW_COUNT = 3;

/** espeak-ng's default pace (words per minute) and pitch range, the centre a description moves from. */
export const DEFAULT_RATE = 175;
export const DEFAULT_RANGE = 50;
const RATE_BOUNDS = { min: 110, max: 260 } as const;

export type DesignGender = "female" | "male";
export type DesignAge = "young" | "middle_aged" | "old";

/** A language voice of the embedded engine and what it is called in a voice's labels. */
export type DesignAccent = { espeakVoice: string; language: string; accent: string };

/** Accent and language words, longest phrases first so "latin american" wins over "american". */
const ACCENTS: [string[], DesignAccent][] = [
  [["latin american", "mexican", "colombian", "argentinian", "argentine"], { espeakVoice: "es-419", language: "es", accent: "latin american" }],
  [["new york", "new yorker", "brooklyn"], { espeakVoice: "en-us-nyc", language: "en", accent: "new york" }],
  [["received pronunciation", "posh", "rp"], { espeakVoice: "en-gb-x-rp", language: "en", accent: "received pronunciation" }],
  [["scottish", "scot", "scots"], { espeakVoice: "en-gb-scotland", language: "en", accent: "scottish" }],
  [["caribbean", "jamaican"], { espeakVoice: "en-029", language: "en", accent: "caribbean" }],
  [["british", "english", "london", "uk"], { espeakVoice: "en", language: "en", accent: "british" }],
  [["american", "us", "usa"], { espeakVoice: "en-us", language: "en", accent: "american" }],
  [["german", "deutsch"], { espeakVoice: "de", language: "de", accent: "standard" }],
  [["belgian"], { espeakVoice: "fr-be", language: "fr", accent: "belgian" }],
  [["swiss"], { espeakVoice: "fr-ch", language: "fr", accent: "swiss" }],
  [["french", "parisian"], { espeakVoice: "fr", language: "fr", accent: "parisian" }],
  [["brazilian"], { espeakVoice: "pt-br", language: "pt", accent: "brazilian" }],
  [["portuguese"], { espeakVoice: "pt", language: "pt", accent: "european" }],
  [["spanish", "castilian", "spain"], { espeakVoice: "es", language: "es", accent: "castilian" }],
  [["italian"], { espeakVoice: "it", language: "it", accent: "standard" }],
];
export const DEFAULT_ACCENT: DesignAccent = { espeakVoice: "en-us", language: "en", accent: "american" };

const GENDER_WORDS: Record<DesignGender, string[]> = {
  female: ["woman", "women", "female", "girl", "lady", "she", "her", "feminine", "mother", "grandmother", "granny", "queen", "actress"],
  male: ["man", "men", "male", "boy", "guy", "gentleman", "he", "his", "masculine", "father", "grandfather", "king", "actor", "dude"],
};
const AGE_WORDS: Record<DesignAge, string[]> = {
  young: ["young", "youthful", "teen", "teenage", "teenager", "child", "kid", "girl", "boy", "little", "younger"],
  middle_aged: ["middle-aged", "middle aged", "adult", "mature"],
  old: ["old", "elderly", "aged", "senior", "grandmother", "grandfather", "granny", "ancient", "wise", "older"],
};

/** What a word does to the centre: pitch (espeak 0-100 steps), pace (words per minute), pitch range, timbre. */
type Effect = { pitch?: number; rate?: number; range?: number; character?: Character };
/** Timbres the engine has variants for. */
export type Character = "raspy" | "breathy" | "whisper" | "robotic" | "warm" | "bright";

const WORD_EFFECTS: [string[], Effect][] = [
  [["deep", "low", "bass", "baritone", "booming", "gravelly", "husky", "dark", "deeper", "lower"], { pitch: -10 }],
  [["high", "high-pitched", "squeaky", "shrill", "soprano", "chirpy", "piping", "childlike", "higher", "squeakier"], { pitch: 12 }],
  [["fast", "quick", "rapid", "hurried", "brisk", "speedy", "faster", "quicker"], { rate: 35 }],
  [["slow", "slowly", "unhurried", "leisurely", "deliberate", "measured", "drawling", "slower"], { rate: -35 }],
  [["calm", "relaxed", "soothing", "gentle", "soft", "peaceful", "serene", "meditative", "calmer", "softer"], { rate: -20, range: -15 }],
  [["energetic", "excited", "enthusiastic", "lively", "upbeat", "cheerful", "bubbly", "peppy"], { rate: 25, range: 25, pitch: 3 }],
  [["expressive", "animated", "dramatic", "theatrical", "emotional", "dynamic", "livelier"], { range: 30 }],
  [["monotone", "flat", "dull", "bored", "deadpan", "emotionless"], { range: -35 }],
  [["raspy", "hoarse", "croaky", "rough", "gritty", "scratchy"], { character: "raspy" }],
  [["breathy", "airy", "sultry"], { character: "breathy" }],
  [["whisper", "whispering", "whispered", "whispery", "hushed"], { character: "whisper", range: -10 }],
  [["robotic", "robot", "mechanical", "synthetic", "android"], { character: "robotic", range: -30 }],
  [["warm", "rich", "smooth", "mellow", "velvety", "friendly"], { character: "warm", pitch: -2 }],
  [["bright", "clear", "crisp", "sharp"], { character: "bright", pitch: 2 }],
  [["authoritative", "commanding", "serious", "stern"], { pitch: -4, range: -10 }],
  [["narrator", "narration", "storyteller", "audiobook"], { rate: -10 }],
];
const INTENSIFIERS = ["very", "extremely", "really", "super", "incredibly", "quite", "so"];
const SOFTENERS = ["slightly", "somewhat", "a bit", "a little", "bit", "little"];

/** A description as the engine can follow it: what it says, and which of its words were understood. */
export type VoiceDescription = {
  gender: DesignGender | null;
  age: DesignAge | null;
  accent: DesignAccent | null;
  characters: Character[];
  /** Shifts from the centre: espeak pitch steps, words per minute, pitch-range steps. */
  pitchShift: number;
  rateShift: number;
  rangeShift: number;
  /** The words that changed something, in the order they appeared. */
  understood: string[];
};

function words(text: string): string[] {
  return text.toLowerCase().normalize("NFKC").split(/[^\p{L}\p{N}-]+/u).filter(Boolean);
}

/** Finds each known word or phrase in the description; phrases of two words are tried before single words. */
export function parseVoiceDescription(description: string): VoiceDescription {
  const tokens = words(description);
  const result: VoiceDescription = { gender: null, age: null, accent: null, characters: [], pitchShift: 0, rateShift: 0, rangeShift: 0, understood: [] };
  let scale = 1;
  for (let i = 0; i < tokens.length; i++) {
    const pair = i + 1 < tokens.length ? `${tokens[i]} ${tokens[i + 1]}` : null;
    const token = tokens[i]!;
    const phrase = (candidates: string[]) => (pair && candidates.includes(pair) ? pair : candidates.includes(token) ? token : null);
    let matched: string | null = null;
    if (INTENSIFIERS.includes(token)) {
      scale = 1.6;
      continue;
    }
    const softener = phrase(SOFTENERS);
    if (softener) {
      scale = 0.5;
      if (softener === pair) i++;
      continue;
    }
    for (const [candidates, accent] of ACCENTS) {
      const found = phrase(candidates);
      if (found) {
        result.accent ??= accent;
        matched = found;
        break;
      }
    }
    for (const gender of ["female", "male"] as const) {
      const found = phrase(GENDER_WORDS[gender]);
      if (found && !matched) {
        result.gender ??= gender;
        matched = found;
      }
    }
    for (const age of ["young", "middle_aged", "old"] as const) {
      const found = phrase(AGE_WORDS[age]);
      if (found) {
        result.age ??= age;
        matched ??= found;
      }
    }
    for (const [candidates, effect] of WORD_EFFECTS) {
      const found = phrase(candidates);
      if (!found) continue;
      result.pitchShift += (effect.pitch ?? 0) * scale;
      result.rateShift += (effect.rate ?? 0) * scale;
      result.rangeShift += (effect.range ?? 0) * scale;
      if (effect.character && !result.characters.includes(effect.character)) result.characters.push(effect.character);
      matched ??= found;
    }
    if (matched) {
      result.understood.push(matched);
      if (matched === pair) i++;
    }
    scale = 1;
  }
  return result;
}

/** The voice variants of each gender, by character; the first is the plain one. */
const VARIANTS: Record<DesignGender, Record<Character | "plain" | "old", string[]>> = {
  female: { plain: ["f1", "f2", "f3", "f4", "f5"], old: ["grandma", "f4"], raspy: ["f4", "grandma"], breathy: ["f5", "whisperf"], whisper: ["whisperf"], robotic: ["klatt2", "robosoft2"], warm: ["f2", "f3"], bright: ["f3", "f5"] },
  male: { plain: ["m1", "m2", "m3", "m4", "m5", "m6", "m7"], old: ["grandpa", "m7"], raspy: ["croak", "m4"], breathy: ["m7", "whisper"], whisper: ["whisper"], robotic: ["klatt", "robosoft"], warm: ["m2", "m6"], bright: ["m3", "m5"] },
};
const BASE_PITCH: Record<DesignGender, number> = { female: 58, male: 42 };
const AGE_PITCH: Record<DesignAge, number> = { young: 5, middle_aged: 0, old: -4 };
const AGE_RATE: Record<DesignAge, number> = { young: 10, middle_aged: 0, old: -20 };

/** A designed voice: the engine parameters it is spoken with and the labels it is listed with. */
export type DesignedVoice = { language: string; engineParameters: VoiceEngineParameters; labels: VoiceLabels };
/** What a remix starts from: the existing voice. */
export type DesignBase = { language: string; engineParameters: VoiceEngineParameters; labels: VoiceLabels };

const clamp = (value: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, value)));

function variantPool(gender: DesignGender, description: VoiceDescription): string[] {
  const family = VARIANTS[gender];
  const pools = description.characters.map((character) => family[character]);
  if (description.age === "old") pools.push(family.old);
  const chosen = [...new Set(pools.flat())];
  return chosen.length ? chosen : family.plain;
}

function genderOfBase(base: DesignBase): DesignGender | null {
  const label = base.labels.gender;
  if (label === "female" || label === "male") return label;
  return base.engineParameters.variant?.startsWith("f") ? "female" : base.engineParameters.variant?.startsWith("m") ? "male" : null;
}

/**
 * The centre voice of a description: a new one (design) or an existing voice changed as the description says
 * (remix: its accent, gender and variant stay unless the description names others; pitch, pace and range move).
 */
export function designCentre(description: VoiceDescription, base?: DesignBase): DesignedVoice & { gender: DesignGender; variants: string[] } {
  const gender = description.gender ?? (base && genderOfBase(base)) ?? (description.pitchShift > 0 ? "female" : "male");
  const accent = description.accent ?? (base ? null : DEFAULT_ACCENT);
  const changesTimbre = description.gender !== null || description.characters.length > 0 || description.age === "old";
  const variants = base && !changesTimbre && base.engineParameters.variant ? [base.engineParameters.variant] : variantPool(gender, description);
  const agePitch = description.age ? AGE_PITCH[description.age] : 0;
  const ageRate = description.age ? AGE_RATE[description.age] : 0;
  const fromPitch = base && description.gender === null ? base.engineParameters.basePitch : BASE_PITCH[gender];
  const fromRate = base?.engineParameters.rate ?? DEFAULT_RATE;
  const fromRange = base?.engineParameters.baseRange ?? DEFAULT_RANGE;
  const engineParameters: VoiceEngineParameters = {
    espeakVoice: accent?.espeakVoice ?? base!.engineParameters.espeakVoice,
    variant: variants[0]!,
    basePitch: clamp(fromPitch + description.pitchShift + agePitch, 5, 95),
    rate: clamp(fromRate + description.rateShift + ageRate, RATE_BOUNDS.min, RATE_BOUNDS.max),
    baseRange: clamp(fromRange + description.rangeShift, 5, 95),
    externalVoices: {},
  };
  const labels: VoiceLabels = {
    ...(base?.labels ?? {}),
    gender,
    accent: accent?.accent ?? base?.labels.accent ?? DEFAULT_ACCENT.accent,
    language: accent?.language ?? base?.language ?? DEFAULT_ACCENT.language,
  };
  if (description.age) labels.age = description.age;
  if (description.characters[0]) labels.descriptive = description.characters[0];
  delete labels.description;
  return { language: accent?.language ?? base!.language, engineParameters, labels, gender, variants };
}

/** mulberry32: a small, fast, deterministic generator (the same seed gives the same previews). */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}

/**
 * Three voices around the centre, the same for the same description and seed: the pitch spread low, middle
 * and high (so no two sound alike even with one variant), each with its own pace and range jitter and, where
 * the description allows several variants, a different variant.
 */
export function designVariations(description: string, seed: number, base?: DesignBase): DesignedVoice[] {
  const parsed = parseVoiceDescription(description);
  const centre = designCentre(parsed, base);
  const next = random(hash(description.trim().toLowerCase()) ^ seed);
  const pitchOrder = [0, 1, 2].sort(() => next() - 0.5);
  const start = Math.floor(next() * centre.variants.length);
  return pitchOrder.map((slot, index) => {
    const pitchOffset = (slot - 1) * 6 + Math.round((next() - 0.5) * 3);
    const rateOffset = Math.round((next() - 0.5) * 24);
    const rangeOffset = Math.round((next() - 0.5) * 20);
    const parameters = centre.engineParameters;
    return {
      language: centre.language,
      labels: centre.labels,
      engineParameters: {
        ...parameters,
        variant: centre.variants[(start + index) % centre.variants.length]!,
        basePitch: clamp(parameters.basePitch + pitchOffset, 0, 100),
        rate: clamp((parameters.rate ?? DEFAULT_RATE) + rateOffset, RATE_BOUNDS.min, RATE_BOUNDS.max),
        baseRange: clamp((parameters.baseRange ?? DEFAULT_RANGE) + rangeOffset, 0, 100),
      },
    };
  });
}

/** A text for the previews that suits the voice, when the caller asks for one (auto_generate_text). */
export function previewTextFor(description: VoiceDescription): string {
  const who = description.age === "old" ? "someone who has seen a great deal" : description.age === "young" ? "someone just starting out" : "a voice made from a few words";
  const mood = description.rateShift < 0 ? "I like to take my time, and let every sentence settle before the next one begins." : "I speak with energy, and I am ready to read whatever you write for me.";
  return `Hello there. I am ${who}, described in words and shaped by a speech synthesizer. ${mood} Listen closely, then pick the version of me you like best.`;
}
