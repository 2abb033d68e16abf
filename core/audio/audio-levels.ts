/**
 * Loudness over time of a history item's stored audio, for share videos, without decoding it: PCM, µ-law
 * and A-law by RMS; MP3 from each frame's side information (the global gain of frames that carry sound).
 */
export const LEVELS_PER_SECOND = 40;
export type AudioLevels = { perSecond: number; levels: number[]; durationSeconds: number };

const MPEG1_BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_BITRATES = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

export type Mp3Frame = { offset: number; length: number; sampleRate: number; samples: number; gain: number; bits: number };

/** The Layer III frames of an MP3 (an ID3v2 tag is skipped), with the loudness clues of each. */
export function mp3Frames(bytes: Uint8Array): Mp3Frame[] {
  const frames: Mp3Frame[] = [];
  let at = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33) at = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!);
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) {
      at++;
      continue;
    }
    const version = (bytes[at + 1]! >> 3) & 3; // 3 MPEG-1, 2 MPEG-2, 0 MPEG-2.5
    const layer = (bytes[at + 1]! >> 1) & 3; // 1 = Layer III
    const protectedByCrc = (bytes[at + 1]! & 1) === 0;
    const bitrateIndex = bytes[at + 2]! >> 4;
    const rateIndex = (bytes[at + 2]! >> 2) & 3;
    const padding = (bytes[at + 2]! >> 1) & 1;
    const mono = bytes[at + 3]! >> 6 === 3;
    if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) {
      at++;
      continue;
    }
    const mpeg1 = version === 3;
    const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
    const bitrate = (mpeg1 ? MPEG1_BITRATES : MPEG2_BITRATES)[bitrateIndex]! * 1000;
    const samples = mpeg1 ? 1152 : 576;
    const length = Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
    if (length < 4 || at + length > bytes.length + 1) break;
    // Side information: skip main_data_begin and private bits (and scfsi on MPEG-1), then read the first
    // granule's part2_3_length (bits of sound data) and global_gain.
    const bit = new BitReader(bytes, at + 4 + (protectedByCrc ? 2 : 0));
    bit.skip(mpeg1 ? 9 : 8);
    bit.skip(mpeg1 ? (mono ? 5 : 3) : mono ? 1 : 2);
    if (mpeg1) bit.skip(mono ? 4 : 8);
    const bits = bit.read(12);
    bit.skip(9);
    const gain = bit.read(8);
    frames.push({ offset: at, length, sampleRate, samples, gain, bits });
    at += length;
  }
  return frames;
}

class BitReader {
  private position: number;
  constructor(private readonly bytes: Uint8Array, offset: number) {
    this.position = offset * 8;
  }
  skip(bits: number) {
    this.position += bits;
  }
  read(bits: number): number {
    let value = 0;
    for (let i = 0; i < bits; i++, this.position++) value = (value << 1) | (((this.bytes[this.position >> 3] ?? 0) >> (7 - (this.position & 7))) & 1);
    return value;
  }
}

/** Scales a series so its loudest point is 1 (silence stays 0). */
function normalised(values: number[]): number[] {
  const loudest = Math.max(0, ...values);
  return loudest > 0 ? values.map((v) => v / loudest) : values.map(() => 0);
}

/** Resamples per-frame values onto LEVELS_PER_SECOND steps. */
function onGrid(values: number[], valuesPerSecond: number, durationSeconds: number): number[] {
  const steps = Math.ceil(durationSeconds * LEVELS_PER_SECOND);
  return Array.from({ length: steps }, (_, i) => values[Math.min(values.length - 1, Math.floor((i / LEVELS_PER_SECOND) * valuesPerSecond))] ?? 0);
}

export function mp3Levels(bytes: Uint8Array): AudioLevels {
  const frames = mp3Frames(bytes);
  if (frames.length === 0) return { perSecond: LEVELS_PER_SECOND, levels: [], durationSeconds: 0 };
  const durationSeconds = frames.reduce((s, f) => s + f.samples / f.sampleRate, 0);
  // Frames without sound data are silence; otherwise the quantizer's global gain rises with loudness. Speech
  // moves it over a narrow range, so the range from the quietest tenth to the loudest is stretched to 0..1.
  const gains = frames.filter((f) => f.bits > 0).map((f) => f.gain).sort((a, b) => a - b);
  const floor = (gains[Math.floor(gains.length * 0.1)] ?? 0) - 2;
  const raw = frames.map((f) => (f.bits > 0 ? Math.max(0.02, f.gain - floor) : 0));
  const perSecond = frames[0]!.sampleRate / frames[0]!.samples;
  return { perSecond: LEVELS_PER_SECOND, levels: normalised(onGrid(raw, perSecond, durationSeconds)), durationSeconds };
}

export function pcmLevels(samples: Int16Array, sampleRate: number): AudioLevels {
  const window = Math.max(1, Math.round(sampleRate / LEVELS_PER_SECOND));
  const raw: number[] = [];
  for (let start = 0; start < samples.length; start += window) {
    let sum = 0;
    const end = Math.min(samples.length, start + window);
    for (let i = start; i < end; i++) sum += samples[i]! * samples[i]!;
    raw.push(Math.sqrt(sum / (end - start)));
  }
  return { perSecond: LEVELS_PER_SECOND, levels: normalised(raw), durationSeconds: samples.length / sampleRate };
}

/** G.711 µ-law and A-law back to 16-bit PCM. */
export function decodeMuLaw(bytes: Uint8Array): Int16Array {
  return Int16Array.from(bytes, (byte) => {
    const u = ~byte & 0xff;
    const magnitude = ((((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4)) - 0x84;
    return u & 0x80 ? -magnitude : magnitude;
  });
}
export function decodeALaw(bytes: Uint8Array): Int16Array {
  return Int16Array.from(bytes, (byte) => {
    const a = byte ^ 0x55;
    const exponent = (a & 0x70) >> 4;
    let magnitude = (a & 0x0f) << 4;
    magnitude = exponent === 0 ? magnitude + 8 : (magnitude + 0x108) << (exponent - 1);
    return a & 0x80 ? magnitude : -magnitude;
  });
}

/** Levels of stored audio in any output format of the API. */
export function audioLevels(bytes: Uint8Array, spec: { codec: "mp3" | "pcm" | "ulaw" | "alaw"; sampleRate: number }): AudioLevels {
  switch (spec.codec) {
    case "mp3":
      return mp3Levels(bytes);
    case "pcm":
      return pcmLevels(new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength - (bytes.byteLength % 2))), spec.sampleRate);
    case "ulaw":
      return pcmLevels(decodeMuLaw(bytes), spec.sampleRate);
    case "alaw":
      return pcmLevels(decodeALaw(bytes), spec.sampleRate);
  }
}
