/**
 * A FLAC encoder for 16-bit mono PCM, in plain TypeScript (RFC 9639): fixed blocks of 4096 samples, each
 * coded with the best of FLAC's fixed predictors (orders 0 to 4) and one Rice partition, or verbatim or
 * constant when that is smaller. It is lossless: decoding gives back exactly the samples pushed. Streamed
 * output may leave STREAMINFO's total-sample count at 0, which RFC 9639 defines as "unknown".
 */
export const FLAC_BLOCK_SIZE = 4096;

class BitWriter {
  private bytes = new Uint8Array(1024);
  private length = 0;
  private acc = 0;
  private bits = 0;

  write(value: number, count: number): void {
    // Up to 32 bits at a time, in pieces of at most 16 so the accumulator stays exact.
    while (count > 16) {
      count -= 16;
      this.write(Math.floor(value / 2 ** count) & 0xffff, 16);
    }
    this.acc = ((this.acc << count) | (value & ((1 << count) - 1))) >>> 0;
    this.bits += count;
    while (this.bits >= 8) {
      this.bits -= 8;
      this.push((this.acc >>> this.bits) & 0xff);
    }
    this.acc &= (1 << this.bits) - 1;
  }

  /** `q` zero bits, then a one. */
  unary(q: number): void {
    while (q >= 16) {
      this.write(0, 16);
      q -= 16;
    }
    this.write(1, q + 1);
  }

  alignToByte(): void {
    if (this.bits) this.write(0, 8 - this.bits);
  }

  private push(byte: number): void {
    if (this.length === this.bytes.length) {
      const bigger = new Uint8Array(this.bytes.length * 2);
      bigger.set(this.bytes);
      this.bytes = bigger;
    }
    this.bytes[this.length++] = byte;
  }

  done(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

const CRC8 = new Uint8Array(256);
const CRC16 = new Uint16Array(256);
for (let i = 0; i < 256; i++) {
  let c8 = i;
  let c16 = i << 8;
  for (let b = 0; b < 8; b++) {
    c8 = c8 & 0x80 ? ((c8 << 1) ^ 0x07) & 0xff : (c8 << 1) & 0xff;
    c16 = c16 & 0x8000 ? ((c16 << 1) ^ 0x8005) & 0xffff : (c16 << 1) & 0xffff;
  }
  CRC8[i] = c8;
  CRC16[i] = c16;
}
const crc8 = (bytes: Uint8Array) => bytes.reduce((c, b) => CRC8[c ^ b]!, 0);
const crc16 = (bytes: Uint8Array) => bytes.reduce((c, b) => ((c << 8) & 0xffff) ^ CRC16[(c >> 8) ^ b]!, 0);

/** The frame header's sample-rate codes FLAC has (others are read from STREAMINFO: code 0). */
const RATE_CODES: Record<number, number> = { 88200: 1, 176400: 2, 192000: 3, 8000: 4, 16000: 5, 22050: 6, 24000: 7, 32000: 8, 44100: 9, 48000: 10, 96000: 11 };

/** "fLaC" and the STREAMINFO block; `totalSamples` 0 means unknown (a stream). */
export function flacHeader(sampleRate: number, totalSamples = 0): Uint8Array {
  const w = new BitWriter();
  for (const ch of "fLaC") w.write(ch.charCodeAt(0), 8);
  w.write(1, 1); // the last metadata block
  w.write(0, 7); // STREAMINFO
  w.write(34, 24);
  w.write(FLAC_BLOCK_SIZE, 16);
  w.write(FLAC_BLOCK_SIZE, 16);
  w.write(0, 24); // frame sizes: unknown
  w.write(0, 24);
  w.write(sampleRate, 20);
  w.write(0, 3); // one channel
  w.write(15, 5); // 16 bits per sample
  w.write(Math.floor(totalSamples / 2 ** 32) & 0xf, 4);
  w.write(totalSamples >>> 0, 32);
  for (let i = 0; i < 4; i++) w.write(0, 32); // MD5: not computed (all zero is allowed)
  return w.done();
}

/** FLAC's fixed predictors' residuals of one order. */
function residuals(block: Int16Array, order: number): Int32Array {
  const out = new Int32Array(block.length - order);
  for (let i = order; i < block.length; i++) {
    const s = block;
    let predicted = 0;
    if (order === 1) predicted = s[i - 1]!;
    else if (order === 2) predicted = 2 * s[i - 1]! - s[i - 2]!;
    else if (order === 3) predicted = 3 * s[i - 1]! - 3 * s[i - 2]! + s[i - 3]!;
    else if (order === 4) predicted = 4 * s[i - 1]! - 6 * s[i - 2]! + 4 * s[i - 3]! - s[i - 4]!;
    out[i - order] = s[i]! - predicted;
  }
  return out;
}

const fold = (r: number) => (r >= 0 ? 2 * r : -2 * r - 1);

/** Rice coding's size with parameter k. Folded residuals of 16-bit audio stay below 2^21, so shifts are exact. */
function riceBits(res: Int32Array, k: number): number {
  let bits = res.length * (k + 1);
  for (let i = 0; i < res.length; i++) bits += fold(res[i]!) >>> k;
  return bits;
}

/** The Rice parameter (0 to 14) that codes these residuals in the fewest bits: near log2 of their mean, checked around it. */
function bestRice(res: Int32Array): { k: number; bits: number } {
  let sum = 0;
  for (let i = 0; i < res.length; i++) sum += fold(res[i]!);
  const guess = Math.max(0, Math.min(14, Math.round(Math.log2(Math.max(1, sum / Math.max(1, res.length))))));
  let best = { k: guess, bits: riceBits(res, guess) };
  for (const k of [guess - 2, guess - 1, guess + 1, guess + 2]) {
    if (k < 0 || k > 14) continue;
    const bits = riceBits(res, k);
    if (bits < best.bits) best = { k, bits };
  }
  return best;
}

function utf8Number(w: BitWriter, n: number): void {
  if (n < 0x80) return w.write(n, 8);
  const bytes: number[] = [];
  let rest = n;
  let room = 6; // payload bits the leading byte has left
  while (rest >= 1 << room) {
    bytes.unshift(0x80 | (rest & 0x3f));
    rest = Math.floor(rest / 64);
    room--;
  }
  const lead = (0xff << (7 - bytes.length)) & 0xff;
  w.write(lead | rest, 8);
  for (const b of bytes) w.write(b, 8);
}

/** One frame of up to 65535 samples. */
export function flacFrame(block: Int16Array, frameNumber: number, sampleRate: number): Uint8Array {
  const w = new BitWriter();
  w.write(0b11111111111110, 14);
  w.write(0, 1);
  w.write(0, 1); // fixed block size
  const sizeCode = block.length === FLAC_BLOCK_SIZE ? 12 : 7;
  w.write(sizeCode, 4);
  w.write(RATE_CODES[sampleRate] ?? 0, 4);
  w.write(0, 4); // mono
  w.write(0b100, 3); // 16 bits
  w.write(0, 1);
  utf8Number(w, frameNumber);
  if (sizeCode === 7) w.write(block.length - 1, 16);
  const header = w.done();
  w.write(crc8(header), 8);

  // Subframe: the smallest of constant, the fixed predictors and verbatim.
  w.write(0, 1);
  if (block.every((s) => s === block[0])) {
    w.write(0, 6);
    w.write(0, 1);
    w.write(block[0]! & 0xffff, 16);
  } else {
    let best: { order: number; res: Int32Array; k: number; bits: number } | null = null;
    for (let order = 0; order <= 4 && order < block.length; order++) {
      const res = residuals(block, order);
      const rice = bestRice(res);
      const bits = order * 16 + 6 + 4 + rice.bits;
      if (!best || bits < best.bits) best = { order, res, ...rice, bits };
    }
    if (!best || best.bits >= block.length * 16) {
      w.write(1, 6);
      w.write(0, 1);
      for (const s of block) w.write(s & 0xffff, 16);
    } else {
      w.write(0b001000 | best.order, 6);
      w.write(0, 1);
      for (let i = 0; i < best.order; i++) w.write(block[i]! & 0xffff, 16);
      w.write(0, 2); // Rice, 4-bit parameters
      w.write(0, 4); // partition order 0: one partition
      w.write(best.k, 4);
      for (const r of best.res) {
        const u = fold(r);
        w.unary(u >>> best.k);
        if (best.k) w.write(u & ((1 << best.k) - 1), best.k);
      }
    }
  }
  w.alignToByte();
  const body = w.done();
  const frame = new Uint8Array(body.length + 2);
  frame.set(body);
  const crc = crc16(body);
  frame[body.length] = crc >> 8;
  frame[body.length + 1] = crc & 0xff;
  return frame;
}

/** Encodes a stream chunk by chunk: whole blocks as they fill, the rest at `finish`. */
export class FlacStream {
  private pending = new Int16Array(0);
  private frames = 0;
  total = 0;

  constructor(readonly sampleRate: number) {}

  push(samples: Int16Array): Uint8Array[] {
    const all = new Int16Array(this.pending.length + samples.length);
    all.set(this.pending);
    all.set(samples, this.pending.length);
    this.total += samples.length;
    const out: Uint8Array[] = [];
    let at = 0;
    for (; at + FLAC_BLOCK_SIZE <= all.length; at += FLAC_BLOCK_SIZE) out.push(flacFrame(all.subarray(at, at + FLAC_BLOCK_SIZE), this.frames++, this.sampleRate));
    this.pending = all.slice(at);
    return out;
  }

  finish(): Uint8Array[] {
    if (!this.pending.length) return [];
    const last = flacFrame(this.pending, this.frames++, this.sampleRate);
    this.pending = new Int16Array(0);
    return [last];
  }
}

/** A whole FLAC file, its STREAMINFO carrying the exact length. */
export function flacFile(samples: Int16Array, sampleRate: number): Uint8Array {
  const stream = new FlacStream(sampleRate);
  const frames = [...stream.push(samples), ...stream.finish()];
  const header = flacHeader(sampleRate, samples.length);
  const file = new Uint8Array(header.length + frames.reduce((n, f) => n + f.length, 0));
  let offset = 0;
  for (const part of [header, ...frames]) {
    file.set(part, offset);
    offset += part.length;
  }
  return file;
}
