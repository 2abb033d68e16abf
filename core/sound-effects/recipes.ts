// Recipes of the procedural sound engine: for each kind of sound, the words that call it, its natural length,
// and how it is built from the blocks in dsp.ts (noise shaping, modal synthesis, granular layers, envelopes,
// LFOs). A recipe reads the description's modifiers (heavy, distant, fast, metal...) as parameters.
import {
  attackDecay,
  bandPass,
  between,
  brownNoise,
  highPass,
  lfo,
  lowPass,
  mixInto,
  modal,
  multiply,
  pinkNoise,
  smoothRandom,
  sweep,
  whiteNoise,
  type Random,
} from "./dsp";

/** Parameters in [0, 1] that the description's words set (0.5 when it says nothing), plus variant words. */
export type RecipeParameters = {
  intensity: number;
  distance: number;
  speed: number;
  /** The description's words, for a recipe's variants (metal, gravel, applause, beep...). */
  words: ReadonlySet<string>;
};

export type RecipeContext = { length: number; sampleRate: number; random: Random; params: RecipeParameters };

export type Recipe = {
  id: string;
  label: string;
  /** Word stems that call this recipe (a description's word matches when it starts with one). */
  keywords: readonly string[];
  /** The length when the request leaves it to the engine ("automatic"). */
  defaultSeconds: number;
  render(context: RecipeContext): Float32Array;
};

const has = (words: ReadonlySet<string>, ...stems: string[]) => [...words].some((w) => stems.some((s) => w.startsWith(s)));

/** Places `count` grains at random times (a Poisson-like scatter) built by `grain`. */
function scatter(out: Float32Array, count: number, random: Random, grain: () => { samples: Float32Array; gain: number }): void {
  for (let n = 0; n < count; n++) {
    const at = Math.floor(random() * out.length);
    const { samples, gain } = grain();
    mixInto(out, samples, at, gain);
  }
}

function noiseBurst(seconds: number, decay: number, sampleRate: number, random: Random): Float32Array {
  const burst = whiteNoise(Math.max(1, Math.round(seconds * sampleRate)), random);
  return multiply(burst, attackDecay(burst.length, 0.0005, decay, sampleRate));
}

function rain({ length, sampleRate, random, params }: RecipeContext): Float32Array {
  const bed = highPass(pinkNoise(length, random), 300, sampleRate);
  lowPass(bed, 9000 - 5000 * params.distance, sampleRate);
  multiply(bed, 0.35 + 0.4 * params.intensity);
  const seconds = length / sampleRate;
  const drops = Math.round(seconds * (30 + 220 * params.intensity));
  scatter(bed, drops, random, () => {
    const drop = modal([{ frequency: between(random, 1800, 6000), amplitude: 1, decay: between(random, 0.002, 0.008) }], 0.04, sampleRate);
    mixInto(drop, noiseBurst(0.004, 0.001, sampleRate, random), 0, 0.5);
    return { samples: drop, gain: between(random, 0.1, 0.6) * (1 - 0.6 * params.distance) };
  });
  return bed;
}

function wind({ length, sampleRate, random, params }: RecipeContext): Float32Array {
  const gust = smoothRandom(length, 0.25 + 0.6 * params.speed, sampleRate, random);
  const howl = has(params.words, "howl", "whistl");
  const centre = new Float32Array(length);
  for (let i = 0; i < length; i++) centre[i] = (howl ? 500 : 250) + (howl ? 900 : 700) * gust[i]! * (0.5 + params.intensity);
  const body = bandPass(pinkNoise(length, random), centre, howl ? 8 : 1.2, sampleRate);
  const rumble = lowPass(brownNoise(length, random), 120, sampleRate);
  mixInto(body, rumble, 0, 0.5 * params.intensity);
  for (let i = 0; i < length; i++) body[i] = body[i]! * (0.25 + 0.75 * gust[i]!);
  return body;
}

function water({ length, sampleRate, random, params }: RecipeContext): Float32Array {
  const seconds = length / sampleRate;
  const { words } = params;
  const bubble = (low: number, high: number) => {
    const f0 = between(random, low, high);
    const dur = between(random, 0.02, 0.08);
    // A bubble's resonance rises as it nears the surface (Minnaert frequency, van den Doel's model).
    const tone = sweep(dur, sampleRate, (t) => f0 * (1 + 0.8 * t));
    return { samples: multiply(tone, attackDecay(tone.length, 0.001, dur / 3, sampleRate)), gain: between(random, 0.1, 0.5) };
  };
  if (has(words, "drip", "drop", "leak")) {
    const out = new Float32Array(length);
    const interval = 0.9 - 0.6 * params.speed;
    for (let t = between(random, 0.05, 0.3); t < seconds; t += interval * between(random, 0.8, 1.25)) {
      mixInto(out, bubble(900, 1800).samples, Math.round(t * sampleRate), 0.8);
    }
    return out;
  }
  if (has(words, "wave", "ocean", "sea", "surf", "beach", "shore")) {
    const swell = lfo(length, 0.08 + 0.08 * params.speed, sampleRate, random() * 6.28);
    const surf = lowPass(pinkNoise(length, random), 2500, sampleRate);
    for (let i = 0; i < length; i++) surf[i] = surf[i]! * (0.1 + 0.9 * swell[i]! ** 2);
    return surf;
  }
  const stream = bandPass(pinkNoise(length, random), 1200, 0.6, sampleRate);
  multiply(stream, 0.4 + 0.3 * params.intensity);
  scatter(stream, Math.round(seconds * (20 + 60 * params.intensity)), random, () => bubble(400, 2400));
  if (has(words, "splash", "plunge", "dive")) mixInto(stream, lowPass(noiseBurst(0.6, 0.12, sampleRate, random), 3000, sampleRate), Math.round(0.02 * sampleRate), 2);
  return stream;
}

function fire({ length, sampleRate, random, params }: RecipeContext): Float32Array {
  const flicker = smoothRandom(length, 3, sampleRate, random);
  const roar = lowPass(brownNoise(length, random), 200 + 300 * params.intensity, sampleRate);
  const hiss = highPass(whiteNoise(length, random), 3000, sampleRate);
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = (roar[i]! * 0.9 + hiss[i]! * 0.05) * (0.5 + 0.5 * flicker[i]!);
  const crackles = Math.round((length / sampleRate) * (6 + 30 * params.intensity));
  scatter(out, crackles, random, () => {
    const crack = bandPass(noiseBurst(between(random, 0.002, 0.012), 0.002, sampleRate, random), between(random, 1500, 6000), 1.5, sampleRate);
    return { samples: crack, gain: between(random, 0.5, 2.5) };
  });
  return out;
}

function thunder({ length, sampleRate, random, params }: RecipeContext): Float32Array {
  const out = new Float32Array(length);
  const seconds = length / sampleRate;
  const strikes = Math.max(1, Math.round(seconds / 8));
  for (let s = 0; s < strikes; s++) {
    const at = Math.round(((s + between(random, 0.02, 0.15)) * length) / strikes);
    const rollSeconds = Math.min(seconds, between(random, 3, 6) * (0.7 + 0.6 * params.intensity));
    const roll = lowPass(brownNoise(Math.round(rollSeconds * sampleRate), random), 250 + 500 * (1 - params.distance), sampleRate);
    const rolls = smoothRandom(roll.length, 5, sampleRate, random);
    const env = attackDecay(roll.length, 0.05 + 0.3 * params.distance, rollSeconds / 3.5, sampleRate);
    for (let i = 0; i < roll.length; i++) roll[i] = roll[i]! * env[i]! * (0.3 + 0.7 * rolls[i]!);
    mixInto(out, roll, at, 1);
    // A close strike starts with a crack; a distant one is only the rumble.
    if (params.distance < 0.6) mixInto(out, highPass(noiseBurst(0.25, 0.06, sampleRate, random), 800, sampleRate), at, 1.2 * (1 - params.distance));
  }
  return out;
}

/** A surface under a footstep or a struck object: its modes and how noisy its contact is. */
function material(words: ReadonlySet<string>): "metal" | "wood" | "glass" | "gravel" | "snow" | "stone" {
  if (has(words, "metal", "steel", "iron", "pan", "bell", "anvil", "sword", "clang")) return "metal";
  if (has(words, "glass", "bottle", "window", "shatter")) return "glass";
  if (has(words, "wood", "door", "table", "floorboard", "knock", "plank")) return "wood";
  if (has(words, "gravel", "dirt", "leaves", "forest", "grass")) return "gravel";
  if (has(words, "snow", "sand", "mud")) return "snow";
  return "stone";
}

function modesOf(kind: ReturnType<typeof material>, random: Random) {
  const ratios = { metal: [1, 2.76, 5.4, 8.93, 13.34], glass: [1, 2.32, 4.25, 6.63], wood: [1, 2.3, 3.9, 5.6], stone: [1, 1.6, 2.9], gravel: [1, 1.8], snow: [1] }[kind];
  const f0 = { metal: between(random, 280, 600), glass: between(random, 1200, 2400), wood: between(random, 140, 320), stone: between(random, 90, 160), gravel: between(random, 80, 140), snow: between(random, 70, 110) }[kind];
  const decay = { metal: 0.7, glass: 0.5, wood: 0.06, stone: 0.04, gravel: 0.03, snow: 0.03 }[kind];
  return ratios.map((r, k) => ({ frequency: f0 * r * between(random, 0.98, 1.02), amplitude: 1 / (k + 1), decay: decay / (1 + 0.3 * k) }));
}

function footsteps({ length, sampleRate, random, params }: RecipeContext): Float32Array {
  const out = new Float32Array(length);
  const surface = material(params.words);
  const running = has(params.words, "run", "sprint", "jog");
  const interval = running ? 0.3 : 0.75 - 0.35 * params.speed;
  const seconds = length / sampleRate;
  let step = 0;
  for (let t = 0.05; t < seconds - 0.05; t += interval * between(random, 0.96, 1.04), step++) {
    const at = Math.round(t * sampleRate);
    const weight = (step % 2 === 0 ? 1 : 0.8) * (0.6 + 0.4 * params.intensity);
    mixInto(out, modal(modesOf(surface === "metal" || surface === "glass" ? "stone" : surface, random), 0.15, sampleRate), at, 0.6 * weight);
    // The sole's contact: short on hard ground, a long crunch on gravel and snow.
    const crunch = surface === "gravel" || surface === "snow" ? 0.14 : 0.025;
    const contact = bandPass(noiseBurst(crunch * 2, crunch / 2, sampleRate, random), surface === "snow" ? 900 : 2200, 0.9, sampleRate);
    mixInto(out, contact, at, 0.7 * weight);
    if (surface === "metal") mixInto(out, modal(modesOf("metal", random).map((m) => ({ ...m, decay: m.decay / 4 })), 0.3, sampleRate), at, 0.15 * weight);
  }
  if (params.distance > 0.6) lowPass(out, 1500, sampleRate);
  return out;
}

function impact({ length, sampleRate, random, params }: RecipeContext): Float32Array {
  const out = new Float32Array(length);
  const { words } = params;
  const kind = material(words);
  const hit = () => {
    const ring = modal(modesOf(kind, random), Math.min(2.5, length / sampleRate), sampleRate);
    mixInto(ring, lowPass(noiseBurst(0.05, 0.008, sampleRate, random), 4000, sampleRate), 0, 0.8);
    // A heavy impact has a body: a low thump under the ringing.
    mixInto(ring, modal([{ frequency: between(random, 50, 80), amplitude: 1, decay: 0.08 + 0.1 * params.intensity }], 0.5, sampleRate), 0, 0.5 + params.intensity);
    return ring;
  };
  const knocks = has(words, "knock") ? 3 : 1;
  for (let k = 0; k < knocks; k++) mixInto(out, hit(), Math.round((0.02 + k * 0.2) * sampleRate), k === knocks - 1 ? 1 : 0.9);
  if (has(words, "shatter", "break", "smash", "crash")) {
    scatter(out, 60, random, () => ({ samples: modal([{ frequency: between(random, 2500, 9000), amplitude: 1, decay: between(random, 0.01, 0.05) }], 0.15, sampleRate), gain: between(random, 0.05, 0.3) }));
  }
  if (has(words, "punch", "kick", "body")) lowPass(out, 1800, sampleRate);
  return out;
}

function whoosh({ length, sampleRate, random, params }: RecipeContext): Float32Array {
  const out = new Float32Array(length);
  const seconds = length / sampleRate;
  const each = Math.min(seconds, 1.4 - 0.8 * params.speed);
  const count = Math.max(1, Math.floor(seconds / Math.max(each * 1.3, 1)));
  for (let n = 0; n < count; n++) {
    const len = Math.round(each * sampleRate);
    const centre = new Float32Array(len);
    const env = new Float32Array(len);
    const top = 1500 + 2500 * params.intensity;
    for (let i = 0; i < len; i++) {
      const t = i / len;
      // The pass-by: the band rises to its top as the object passes and falls away, the level a bell.
      centre[i] = 250 + top * Math.sin(Math.PI * t) ** 2;
      env[i] = Math.sin(Math.PI * t) ** 3;
    }
    const gust = multiply(bandPass(pinkNoise(len, random), centre, 2.5, sampleRate), env);
    mixInto(out, gust, Math.round((n * length) / count + between(random, 0, 0.1) * sampleRate), 1);
  }
  return out;
}

function engine({ length, sampleRate, random, params }: RecipeContext): Float32Array {
  const { words } = params;
  const rev = has(words, "rev", "accelerat", "speed", "race", "racing");
  const idle = has(words, "idle", "idling");
  const cylinders = has(words, "motorcycle", "motorbike", "bike") ? 2 : has(words, "truck", "diesel", "bus") ? 6 : 4;
  const baseRpm = idle ? 800 : 1800 + 1500 * params.speed;
  const drift = smoothRandom(length, 1.5, sampleRate, random);
  const noise = whiteNoise(length, random);
  const out = new Float32Array(length);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    const t = i / length;
    const rpm = (rev ? baseRpm * (1 + 2.2 * Math.sin((Math.PI * t) / 1.2) ** 2) : baseRpm) * (0.97 + 0.06 * drift[i]!);
    phase += (rpm / 60) * (cylinders / 2) / sampleRate;
    const p = phase - Math.floor(phase);
    // Each firing is a pressure pulse with a noisy exhaust tail.
    out[i] = Math.exp(-p * 7) * (0.7 + 0.3 * noise[i]!) - 0.14;
  }
  lowPass(out, 600 + 1800 * params.intensity, sampleRate);
  lowPass(out, 2500, sampleRate);
  if (params.distance > 0.6) lowPass(out, 500, sampleRate);
  return out;
}

function crowd({ length, sampleRate, random, params }: RecipeContext): Float32Array {
  const { words } = params;
  const seconds = length / sampleRate;
  const out = new Float32Array(length);
  const applause = has(words, "applau", "clap", "ovation");
  const cheer = has(words, "cheer", "stadium", "crowd", "roar", "celebrat");
  if (applause || cheer) {
    const claps = Math.round(seconds * (applause ? 60 + 200 * params.intensity : 30));
    scatter(out, claps, random, () => ({ samples: bandPass(noiseBurst(0.02, 0.006, sampleRate, random), between(random, 900, 2600), 2, sampleRate), gain: between(random, 0.4, 1) }));
  }
  if (!applause || cheer) {
    // Babble: voices, each noise through two moving formants, opened and closed at a syllable rate.
    const voices = 5 + Math.round(10 * params.intensity);
    for (let v = 0; v < voices; v++) {
      const source = pinkNoise(length, random);
      const f1 = smoothRandom(length, 4, sampleRate, random);
      const f2 = smoothRandom(length, 4, sampleRate, random);
      const c1 = new Float32Array(length);
      const c2 = new Float32Array(length);
      for (let i = 0; i < length; i++) {
        c1[i] = 300 + 500 * f1[i]!;
        c2[i] = 900 + 1300 * f2[i]!;
      }
      const voice = bandPass(source.slice(), c1, 6, sampleRate);
      mixInto(voice, bandPass(source, c2, 8, sampleRate), 0, 0.6);
      const syllables = smoothRandom(length, between(random, 3.5, 6), sampleRate, random);
      for (let i = 0; i < length; i++) voice[i] = voice[i]! * Math.max(0, syllables[i]! - 0.35);
      mixInto(out, voice, 0, cheer ? 1.6 : 1);
    }
  }
  if (params.distance > 0.6) lowPass(out, 1200, sampleRate);
  return out;
}

function birds({ length, sampleRate, random, params }: RecipeContext): Float32Array {
  const seconds = length / sampleRate;
  const out = new Float32Array(length);
  const singers = has(params.words, "flock", "many", "forest", "dawn", "chorus") ? 4 : 2;
  for (let b = 0; b < singers; b++) {
    const base = between(random, 2500, 5000);
    const shape = random();
    for (let t = between(random, 0, 0.8); t < seconds - 0.2; t += between(random, 0.8, 2.5) / (0.6 + params.speed)) {
      const notes = 2 + Math.floor(random() * 5);
      for (let n = 0; n < notes; n++) {
        const dur = between(random, 0.05, 0.14);
        const vibrato = between(random, 25, 60);
        // A chirp: a fast frequency sweep (down or up) with vibrato, in a short bell envelope.
        const chirp = sweep(dur, sampleRate, (x) => base * (shape > 0.5 ? 1.3 - 0.5 * x : 0.8 + 0.5 * x) * (1 + 0.04 * Math.sin(2 * Math.PI * vibrato * x * dur)));
        for (let i = 0; i < chirp.length; i++) chirp[i] = chirp[i]! * Math.sin((Math.PI * i) / chirp.length) ** 2;
        mixInto(out, chirp, Math.round((t + n * (dur + 0.03)) * sampleRate), between(random, 0.3, 0.8) * (1 - 0.5 * params.distance));
      }
    }
  }
  mixInto(out, lowPass(pinkNoise(length, random), 800, sampleRate), 0, 0.04);
  return out;
}

function ui({ length, sampleRate, random, params }: RecipeContext): Float32Array {
  const { words } = params;
  const out = new Float32Array(length);
  const at = Math.round(0.01 * sampleRate);
  const tone = (frequency: number, seconds: number, square = false) => {
    const s = sweep(seconds, sampleRate, () => frequency);
    if (square) for (let i = 0; i < s.length; i++) s[i] = Math.sign(s[i]!) * 0.4;
    const env = attackDecay(s.length, 0.004, seconds, sampleRate);
    for (let i = 0; i < s.length; i++) s[i] = s[i]! * env[i]! * Math.min(1, (s.length - i) / (0.005 * sampleRate));
    return s;
  };
  const bell = (frequency: number) => modal([1, 2.0, 3.01, 4.2].map((r, k) => ({ frequency: frequency * r, amplitude: 1 / (k + 1) ** 1.5, decay: 0.35 / (1 + k) })), 1.2, sampleRate);
  if (has(words, "error", "fail", "wrong", "alert", "warning", "buzz")) {
    mixInto(out, tone(520, 0.14, true), at);
    mixInto(out, tone(390, 0.22, true), at + Math.round(0.16 * sampleRate));
  } else if (has(words, "notif", "chime", "ding", "success", "message", "ping", "complete")) {
    const root = 880;
    mixInto(out, bell(root * 1.498), at);
    mixInto(out, bell(root * 2), at + Math.round(0.12 * sampleRate));
  } else if (has(words, "beep", "bleep", "tone", "scanner", "timer", "alarm")) {
    const count = has(words, "beeps", "alarm", "timer") ? Math.max(1, Math.floor(length / sampleRate / 0.5)) : 1;
    for (let n = 0; n < count; n++) mixInto(out, tone(1000, 0.15), at + Math.round(n * 0.5 * sampleRate));
  } else {
    // Clicks: a tiny broadband tick and a short high resonance; typing is many of them.
    const typing = has(words, "typing", "keyboard", "keys");
    const clicks = typing ? Math.round((length / sampleRate) * (4 + 6 * params.speed)) : 1;
    for (let n = 0; n < clicks; n++) {
      const click = highPass(noiseBurst(0.004, 0.0008, sampleRate, random), 1500, sampleRate);
      mixInto(click, modal([{ frequency: between(random, 2500, 4000), amplitude: 0.6, decay: 0.004 }], 0.03, sampleRate));
      mixInto(out, click, typing ? Math.floor(random() * (length - 0.05 * sampleRate)) : at, between(random, 0.7, 1));
    }
  }
  return out;
}

/** A quiet room tone: what the engine makes of a description none of its recipes matches. */
function ambience({ length, sampleRate, random, params }: RecipeContext): Float32Array {
  const tone = lowPass(pinkNoise(length, random), 600 + 1200 * (1 - params.distance), sampleRate);
  const swell = smoothRandom(length, 0.2, sampleRate, random);
  for (let i = 0; i < length; i++) tone[i] = tone[i]! * (0.6 + 0.4 * swell[i]!);
  return tone;
}

export const RECIPES: readonly Recipe[] = [
  { id: "rain", label: "Rain", keywords: ["rain", "drizzl", "downpour", "shower", "storm"], defaultSeconds: 8, render: rain },
  { id: "wind", label: "Wind", keywords: ["wind", "breeze", "gust", "gale", "blizzard", "howl"], defaultSeconds: 8, render: wind },
  { id: "water", label: "Water", keywords: ["water", "stream", "river", "brook", "creek", "drip", "splash", "bubbl", "wave", "ocean", "sea", "surf", "waterfall", "pour"], defaultSeconds: 6, render: water },
  { id: "fire", label: "Fire", keywords: ["fire", "flame", "campfire", "fireplace", "burn", "crackl", "bonfire"], defaultSeconds: 8, render: fire },
  { id: "thunder", label: "Thunder", keywords: ["thunder", "lightning", "storm", "rumbl"], defaultSeconds: 7, render: thunder },
  { id: "footsteps", label: "Footsteps", keywords: ["footstep", "step", "walk", "running", "jog", "stomp", "feet", "boots"], defaultSeconds: 5, render: footsteps },
  { id: "impact", label: "Impact", keywords: ["impact", "hit", "punch", "slam", "knock", "bang", "crash", "smash", "thud", "clang", "shatter", "break", "kick", "anvil", "drop"], defaultSeconds: 2, render: impact },
  { id: "whoosh", label: "Whoosh", keywords: ["whoosh", "swoosh", "swish", "woosh", "swipe", "swing", "pass", "fly", "flying", "zoom", "transition"], defaultSeconds: 1.5, render: whoosh },
  { id: "engine", label: "Engine", keywords: ["engine", "motor", "car", "truck", "motorcycle", "motorbike", "idle", "idling", "rev", "revv", "vehicle", "bus", "diesel"], defaultSeconds: 6, render: engine },
  { id: "crowd", label: "Crowd", keywords: ["crowd", "applau", "clap", "cheer", "chatter", "murmur", "people", "audience", "stadium", "restaurant", "cafe", "party", "ovation"], defaultSeconds: 6, render: crowd },
  { id: "birds", label: "Birds", keywords: ["bird", "chirp", "tweet", "songbird", "sparrow", "robin", "dawn", "forest"], defaultSeconds: 8, render: birds },
  { id: "interface", label: "Interface", keywords: ["click", "beep", "bleep", "notif", "chime", "ding", "ping", "button", "ui", "interface", "alert", "error", "success", "typing", "keyboard", "tone", "timer", "alarm", "mouse"], defaultSeconds: 0.5, render: ui },
];

export const AMBIENCE: Recipe = { id: "ambience", label: "Room tone (no recipe matched)", keywords: [], defaultSeconds: 5, render: ambience };

/** Interface sounds that last longer than a click want more time when automatic. */
export function automaticSeconds(recipes: readonly Recipe[], words: ReadonlySet<string>): number {
  const base = Math.max(...recipes.map((r) => r.defaultSeconds));
  if (recipes.some((r) => r.id === "interface") && has(words, "notif", "chime", "ding", "success", "message", "error", "alert", "beeps", "alarm", "typing", "keyboard")) return Math.max(base, 1.5);
  return base;
}
