// The building blocks of procedural audio: a seeded random source, noise colours, filters, envelopes and a
// modal resonator bank. Everything works on Float32Array buffers at one sample rate, in place where it can.

/** mulberry32: a small, fast, seeded generator; the same seed gives the same sound. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

/** A value in [low, high). */
export function between(random: Random, low: number, high: number): number {
  return low + (high - low) * random();
}

export function whiteNoise(length: number, random: Random): Float32Array {
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) out[i] = random() * 2 - 1;
  return out;
}

/** Pink noise (-3 dB/octave), Paul Kellet's economical filter. */
export function pinkNoise(length: number, random: Random): Float32Array {
  const out = new Float32Array(length);
  let b0 = 0, b1 = 0, b2 = 0;
  for (let i = 0; i < length; i++) {
    const w = random() * 2 - 1;
    b0 = 0.99765 * b0 + w * 0.099046;
    b1 = 0.963 * b1 + w * 0.2965164;
    b2 = 0.57 * b2 + w * 1.0526913;
    out[i] = (b0 + b1 + b2 + w * 0.1848) * 0.2;
  }
  return out;
}

/** Brown noise (-6 dB/octave): leaky integrated white noise, the rumble of wind, fire and thunder. */
export function brownNoise(length: number, random: Random): Float32Array {
  const out = new Float32Array(length);
  let last = 0;
  for (let i = 0; i < length; i++) {
    last = (last + 0.02 * (random() * 2 - 1)) * 0.998;
    out[i] = last * 3.5;
  }
  return out;
}

/** One-pole low-pass, cutoff in Hz (a number, or one per sample for a sweep). */
export function lowPass(signal: Float32Array, cutoff: number | Float32Array, sampleRate: number): Float32Array {
  let y = 0;
  const fixed = typeof cutoff === "number" ? 1 - Math.exp((-2 * Math.PI * cutoff) / sampleRate) : 0;
  for (let i = 0; i < signal.length; i++) {
    const a = typeof cutoff === "number" ? fixed : 1 - Math.exp((-2 * Math.PI * cutoff[i]!) / sampleRate);
    y += a * (signal[i]! - y);
    signal[i] = y;
  }
  return signal;
}

/** One-pole high-pass: the signal minus its low-passed self. */
export function highPass(signal: Float32Array, cutoff: number, sampleRate: number): Float32Array {
  const a = 1 - Math.exp((-2 * Math.PI * cutoff) / sampleRate);
  let y = 0;
  for (let i = 0; i < signal.length; i++) {
    y += a * (signal[i]! - y);
    signal[i] = signal[i]! - y;
  }
  return signal;
}

/**
 * Band-pass biquad (RBJ cookbook, constant peak gain); the centre may move per sample (a whoosh's sweep,
 * wind's gusts), in which case the coefficients are refreshed every 32 samples.
 */
export function bandPass(signal: Float32Array, centre: number | Float32Array, q: number, sampleRate: number): Float32Array {
  let x1 = 0, x2 = 0, y1 = 0, y2 = 0;
  let b0 = 0, b2 = 0, a1 = 0, a2 = 0;
  const coefficients = (f: number) => {
    const w = (2 * Math.PI * Math.min(Math.max(f, 20), sampleRate * 0.45)) / sampleRate;
    const alpha = Math.sin(w) / (2 * q);
    const a0 = 1 + alpha;
    b0 = alpha / a0;
    b2 = -alpha / a0;
    a1 = (-2 * Math.cos(w)) / a0;
    a2 = (1 - alpha) / a0;
  };
  if (typeof centre === "number") coefficients(centre);
  for (let i = 0; i < signal.length; i++) {
    if (typeof centre !== "number" && (i & 31) === 0) coefficients(centre[i]!);
    const x = signal[i]!;
    const y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    signal[i] = y;
  }
  return signal;
}

/** A slow random walk in [0, 1] (smoothed noise): gusts, flicker, a crowd's swell. */
export function smoothRandom(length: number, rateHz: number, sampleRate: number, random: Random): Float32Array {
  const out = new Float32Array(length);
  const step = Math.max(1, Math.round(sampleRate / rateHz));
  let from = random();
  let to = random();
  for (let i = 0; i < length; i++) {
    const k = i % step;
    if (k === 0 && i > 0) {
      from = to;
      to = random();
    }
    const t = k / step;
    const s = t * t * (3 - 2 * t);
    out[i] = from + (to - from) * s;
  }
  return out;
}

/** A sine LFO in [0, 1]. */
export function lfo(length: number, rateHz: number, sampleRate: number, phase = 0): Float32Array {
  const out = new Float32Array(length);
  const w = (2 * Math.PI * rateHz) / sampleRate;
  for (let i = 0; i < length; i++) out[i] = 0.5 + 0.5 * Math.sin(phase + w * i);
  return out;
}

export function multiply(signal: Float32Array, by: Float32Array | number): Float32Array {
  if (typeof by === "number") for (let i = 0; i < signal.length; i++) signal[i] = signal[i]! * by;
  else for (let i = 0; i < signal.length; i++) signal[i] = signal[i]! * by[i]!;
  return signal;
}

/** Adds `source` into `target` from sample `at` (clipped at the end), scaled by `gain`. */
export function mixInto(target: Float32Array, source: Float32Array, at = 0, gain = 1): void {
  const start = Math.max(0, at);
  const end = Math.min(target.length, at + source.length);
  for (let i = start; i < end; i++) target[i] = target[i]! + source[i - at]! * gain;
}

/** Attack then exponential decay (time constant `decay` seconds), `length` samples. */
export function attackDecay(length: number, attack: number, decay: number, sampleRate: number): Float32Array {
  const out = new Float32Array(length);
  const attackSamples = Math.max(1, Math.round(attack * sampleRate));
  const k = Math.exp(-1 / (decay * sampleRate));
  let level = 1;
  for (let i = 0; i < length; i++) {
    if (i < attackSamples) out[i] = i / attackSamples;
    else {
      out[i] = level;
      level *= k;
    }
  }
  return out;
}

/**
 * Modal synthesis: a struck object rings at its modes, each a decaying sine. `modes` are frequency, amplitude
 * and decay time constant; the recursive oscillator avoids a sine call per sample.
 */
export function modal(modes: { frequency: number; amplitude: number; decay: number }[], seconds: number, sampleRate: number): Float32Array {
  const length = Math.max(1, Math.round(seconds * sampleRate));
  const out = new Float32Array(length);
  for (const { frequency, amplitude, decay } of modes) {
    if (frequency <= 0 || frequency >= sampleRate / 2) continue;
    const w = (2 * Math.PI * frequency) / sampleRate;
    const r = Math.exp(-1 / (decay * sampleRate));
    const c = 2 * r * Math.cos(w);
    let y1 = amplitude * Math.sin(w) * r;
    let y2 = 0;
    out[0] = out[0]! + y2;
    for (let i = 1; i < length; i++) {
      out[i] = out[i]! + y1;
      const y = c * y1 - r * r * y2;
      y2 = y1;
      y1 = y;
      if ((i & 1023) === 0 && Math.abs(y1) < 1e-6 && Math.abs(y2) < 1e-6) break;
    }
  }
  return out;
}

/** A sine whose frequency follows `frequency(t)` (t in 0..1 of its length): chirps, beeps, engine harmonics. */
export function sweep(seconds: number, sampleRate: number, frequency: (t: number) => number): Float32Array {
  const length = Math.max(1, Math.round(seconds * sampleRate));
  const out = new Float32Array(length);
  let phase = 0;
  for (let i = 0; i < length; i++) {
    phase += (2 * Math.PI * frequency(i / length)) / sampleRate;
    out[i] = Math.sin(phase);
  }
  return out;
}

export function peak(signal: Float32Array): number {
  let max = 0;
  for (let i = 0; i < signal.length; i++) max = Math.max(max, Math.abs(signal[i]!));
  return max;
}

/** Scales to a peak of `target` (silence stays silence). */
export function normalize(signal: Float32Array, target: number): Float32Array {
  const p = peak(signal);
  return p > 0 ? multiply(signal, target / p) : signal;
}

/** Short linear fades at both ends so a one-shot starts and stops without a click. */
export function fadeEdges(signal: Float32Array, seconds: number, sampleRate: number): Float32Array {
  const n = Math.min(Math.floor(signal.length / 2), Math.round(seconds * sampleRate));
  for (let i = 0; i < n; i++) {
    const g = i / n;
    signal[i] = signal[i]! * g;
    signal[signal.length - 1 - i] = signal[signal.length - 1 - i]! * g;
  }
  return signal;
}

/**
 * Makes a seamless loop of `length` samples from a signal `overlap` samples longer: the tail beyond
 * `length` is crossfaded (equal power) into the start, so the last sample runs on into the first.
 */
export function crossfadeLoop(signal: Float32Array, length: number): Float32Array {
  const overlap = signal.length - length;
  const out = signal.slice(0, length);
  for (let i = 0; i < overlap; i++) {
    const t = (i + 0.5) / overlap;
    out[i] = signal[i]! * Math.sin((t * Math.PI) / 2) + signal[length + i]! * Math.cos((t * Math.PI) / 2);
  }
  return out;
}
