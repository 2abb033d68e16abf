/** Linear resampling of 16-bit mono PCM. Each sentence is resampled on its own (they start and end in silence). */
export function resample(input: Int16Array, fromRate: number, toRate: number): Int16Array {
  if (fromRate === toRate || input.length === 0) return input;
  const length = Math.max(1, Math.round((input.length * toRate) / fromRate));
  const output = new Int16Array(length);
  const step = fromRate / toRate;
  for (let i = 0; i < length; i++) {
    const position = i * step;
    const index = Math.floor(position);
    const fraction = position - index;
    const a = input[Math.min(index, input.length - 1)]!;
    const b = input[Math.min(index + 1, input.length - 1)]!;
    output[i] = Math.round(a + (b - a) * fraction);
  }
  return output;
}

/** G.711 µ-law, one byte per sample. */
export function encodeMuLaw(input: Int16Array): Uint8Array {
  const out = new Uint8Array(input.length);
  for (let i = 0; i < input.length; i++) {
    let sample = input[i]!;
    const sign = sample < 0 ? 0x80 : 0;
    if (sign) sample = -sample;
    sample = Math.min(sample, 32635) + 0x84;
    let exponent = 7;
    for (let mask = 0x4000; (sample & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
    const mantissa = (sample >> (exponent + 3)) & 0x0f;
    out[i] = ~(sign | (exponent << 4) | mantissa) & 0xff;
  }
  return out;
}

/** G.711 A-law, one byte per sample. */
export function encodeALaw(input: Int16Array): Uint8Array {
  const out = new Uint8Array(input.length);
  for (let i = 0; i < input.length; i++) {
    let sample = input[i]! >> 3;
    let sign = 0x80;
    if (sample < 0) {
      sample = -sample - 1;
      sign = 0;
    }
    let value: number;
    if (sample < 32) value = sample >> 1;
    else {
      let exponent = 1;
      while (sample >= 64 && exponent < 7) {
        sample >>= 1;
        exponent++;
      }
      value = (exponent << 4) | ((sample >> 1) & 0x0f);
    }
    out[i] = (value | sign) ^ 0x55;
  }
  return out;
}

export function int16FromBytes(bytes: Uint8Array): Int16Array {
  // Copy so the view is aligned whatever the source offset.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Int16Array(copy.buffer);
}

export function bytesFromInt16(samples: Int16Array): Uint8Array {
  return new Uint8Array(samples.buffer, samples.byteOffset, samples.byteLength);
}

/** Root-mean-square level of PCM in 0..1: speech is well above silence. */
export function rmsLevel(samples: Int16Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / samples.length) / 32768;
}

/** The sample runs one after another, in one new array. */
export function concatSamples(parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, part) => (out.set(part, at), at + part.length), 0);
  return out;
}
