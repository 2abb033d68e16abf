// libopus compiled to WebAssembly (from @evan/opus), imported as a compiled module; copied here by the build.
import opusWasm from "./generated/opus.wasm";
import { concatBytes } from "./bytes";
import { OggStreamWriter, readOggPages } from "./ogg";
import { concatSamples } from "./pcm";

/** Opus always runs at 48 kHz here; 20 ms frames. */
export const OPUS_RATE = 48000;
const FRAME = 960;
const MAX_PACKET = 4000;
const SERIAL = 0x5061726c; // one logical stream per file: a fixed serial keeps seeded output byte-identical

// libopus constants (opus_defines.h).
const APPLICATION_VOIP = 2048;
const SET_BITRATE = 4002;
const GET_LOOKAHEAD = 4027;

type OpusExports = {
  memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(size: number): number;
  free(ptr: number): void;
  opus_strerror(code: number): number;
  opus_encoder_get_size(channels: number): number;
  opus_encoder_init(ptr: number, rate: number, channels: number, application: number): number;
  opus_encode(ptr: number, pcm: number, frameSize: number, out: number, maxBytes: number): number;
  opus_encoder_ctl_set(ptr: number, request: number, value: number): number;
  opus_encoder_ctl_get(ptr: number, request: number): number;
  opus_decoder_get_size(channels: number): number;
  opus_decoder_init(ptr: number, rate: number, channels: number): number;
  opus_decode(ptr: number, data: number, length: number, pcm: number, maxFrame: number, fec: number): number;
};

/** A private libopus instance: each stream gets its own memory, so concurrent requests never share state. */
async function instantiate(wasm: WebAssembly.Module): Promise<OpusExports> {
  const instance = await WebAssembly.instantiate(wasm, {
    wasi_snapshot_preview1: {
      fd_seek: () => 0,
      fd_write: () => 0,
      fd_close: () => 0,
      proc_exit: (code: number) => {
        throw new Error(`opus exited with ${code}`);
      },
    },
    env: { emscripten_notify_memory_growth: () => {} },
  });
  const exports = instance.exports as unknown as OpusExports;
  exports._initialize();
  return exports;
}

function check(opus: OpusExports, code: number): number {
  if (code >= 0) return code;
  const bytes = new Uint8Array(opus.memory.buffer);
  let end = opus.opus_strerror(code);
  const start = end;
  while (bytes[end]) end++;
  throw new Error(`opus: ${new TextDecoder().decode(bytes.subarray(start, end))}`);
}

export type OpusStream = {
  /** Encodes 16-bit mono samples at 48 kHz; returns the Ogg pages completed so far. */
  encode(samples: Int16Array): Uint8Array;
  /** The last frames and the end-of-stream page. */
  finish(): Uint8Array;
};

function opusHead(preSkip: number): Uint8Array {
  const head = new Uint8Array(19);
  const view = new DataView(head.buffer);
  head.set(new TextEncoder().encode("OpusHead"));
  head[8] = 1; // version
  head[9] = 1; // mono
  view.setUint16(10, preSkip, true);
  view.setUint32(12, OPUS_RATE, true);
  view.setInt16(16, 0, true); // output gain
  head[18] = 0; // channel mapping family: mono/stereo
  return head;
}

function opusTags(): Uint8Array {
  const vendor = new TextEncoder().encode("Parlance libopus");
  const tags = new Uint8Array(8 + 4 + vendor.length + 4);
  const view = new DataView(tags.buffer);
  tags.set(new TextEncoder().encode("OpusTags"));
  view.setUint32(8, vendor.length, true);
  tags.set(vendor, 12);
  view.setUint32(12 + vendor.length, 0, true); // no user comments
  return tags;
}

/** An Ogg Opus stream (RFC 7845) of mono speech at `kbps`. */
export async function createOpusStream(kbps: number, wasm: WebAssembly.Module = opusWasm as WebAssembly.Module): Promise<OpusStream> {
  const opus = await instantiate(wasm);
  const encoder = opus.malloc(opus.opus_encoder_get_size(1));
  check(opus, opus.opus_encoder_init(encoder, OPUS_RATE, 1, APPLICATION_VOIP));
  check(opus, opus.opus_encoder_ctl_set(encoder, SET_BITRATE, kbps * 1000));
  const preSkip = check(opus, opus.opus_encoder_ctl_get(encoder, GET_LOOKAHEAD));
  const pcm = opus.malloc(FRAME * 2);
  const out = opus.malloc(MAX_PACKET);
  const writer = new OggStreamWriter(SERIAL);

  let pending = new Int16Array(0);
  let inputSamples = 0;
  let frames = 0;
  let started = false;

  const encodeFrame = (frame: Int16Array): Uint8Array => {
    new Int16Array(opus.memory.buffer, pcm, FRAME).set(frame);
    const length = check(opus, opus.opus_encode(encoder, pcm, FRAME, out, MAX_PACKET));
    frames++;
    return new Uint8Array(opus.memory.buffer, out, length).slice();
  };
  const headers = (): Uint8Array[] => {
    if (started) return [];
    started = true;
    return [writer.page([opusHead(preSkip)], 0, { bos: true }), writer.page([opusTags()], 0)];
  };
  /** Pages of at most 100 packets (2 s); each ends at the samples decoded so far, pre-skip included. */
  const pages = (packets: Uint8Array[], lastGranule: number | null): Uint8Array[] => {
    const result: Uint8Array[] = [];
    const firstFrame = frames - packets.length;
    for (let i = 0; i < packets.length; i += 100) {
      const chunk = packets.slice(i, i + 100);
      const last = i + 100 >= packets.length;
      const granule = last && lastGranule !== null ? lastGranule : (firstFrame + i + chunk.length) * FRAME;
      result.push(writer.page(chunk, granule, { eos: last && lastGranule !== null }));
    }
    return result;
  };

  return {
    encode(samples) {
      inputSamples += samples.length;
      const all = new Int16Array(pending.length + samples.length);
      all.set(pending);
      all.set(samples, pending.length);
      const whole = Math.floor(all.length / FRAME) * FRAME;
      const packets: Uint8Array[] = [];
      for (let at = 0; at < whole; at += FRAME) packets.push(encodeFrame(all.subarray(at, at + FRAME)));
      pending = all.slice(whole);
      return concatBytes([...headers(), ...pages(packets, null)]);
    },
    finish() {
      // Pad the last frame with silence, then keep encoding silence until the encoder's lookahead has
      // come out: the end page says exactly how many samples are real.
      const packets: Uint8Array[] = [];
      const padded = new Int16Array(FRAME);
      padded.set(pending);
      packets.push(encodeFrame(padded));
      pending = new Int16Array(0);
      while (frames * FRAME < preSkip + inputSamples) packets.push(encodeFrame(new Int16Array(FRAME)));
      const bytes = concatBytes([...headers(), ...pages(packets, preSkip + inputSamples)]);
      opus.free(encoder);
      return bytes;
    },
  };
}

/** Decodes an Ogg Opus file (as `createOpusStream` makes, or any other: stereo is mixed down) to 48 kHz mono samples, pre-skip and padding removed. */
export async function decodeOggOpus(bytes: Uint8Array, wasm: WebAssembly.Module = opusWasm as WebAssembly.Module): Promise<Int16Array> {
  const pages = readOggPages(bytes);
  const head = pages[0]?.packets[0];
  if (!head || new TextDecoder().decode(head.subarray(0, 8)) !== "OpusHead") throw new Error("not an Ogg Opus stream");
  const preSkip = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint16(10, true);
  const lastGranule = pages.at(-1)!.granule;
  const all = await decodeOpusPackets(pages.slice(2).flatMap((page) => page.packets), wasm);
  return all.slice(preSkip, Math.max(preSkip, Math.min(all.length, lastGranule)));
}

/**
 * Opus packets (from any container) to 48 kHz mono samples, pre-skip not removed. A mono decoder also reads
 * stereo packets, mixing them down (libopus does it).
 */
export async function decodeOpusPackets(packets: Uint8Array[], wasm: WebAssembly.Module = opusWasm as WebAssembly.Module): Promise<Int16Array> {
  const opus = await instantiate(wasm);
  const decoder = opus.malloc(opus.opus_decoder_get_size(1));
  check(opus, opus.opus_decoder_init(decoder, OPUS_RATE, 1));
  const data = opus.malloc(MAX_PACKET);
  const maxFrame = 5760; // 120 ms, the longest Opus frame
  const pcm = opus.malloc(maxFrame * 2);
  const decoded: Int16Array[] = [];
  for (const packet of packets) {
    if (packet.length > MAX_PACKET) throw new Error("opus: packet too large");
    new Uint8Array(opus.memory.buffer, data, packet.length).set(packet);
    const samples = check(opus, opus.opus_decode(decoder, data, packet.length, pcm, maxFrame, 0));
    decoded.push(new Int16Array(opus.memory.buffer, pcm, samples).slice());
  }
  return concatSamples(decoded);
}
