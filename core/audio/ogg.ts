/**
 * The Ogg container as Ogg Opus files use it (RFC 3533, RFC 7845): pages of packets for one logical
 * stream, written as audio streams out and read back for share videos.
 */
import { concatBytes } from "./bytes";

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let bit = 0; bit < 8; bit++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

/** Ogg's CRC-32: polynomial 0x04c11db7, not reflected, starting at 0, no final xor. */
export function oggCrc32(bytes: Uint8Array): number {
  let crc = 0;
  for (let i = 0; i < bytes.length; i++) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ bytes[i]!) & 0xff]!) >>> 0;
  return crc;
}

export type OggPageFlags = { bos?: boolean; eos?: boolean };

/** Writes the pages of one logical stream; each call makes one page of whole packets. */
export class OggStreamWriter {
  private sequence = 0;
  constructor(private readonly serial: number) {}

  /** One page holding `packets` (at most 255 segments), ending at `granule` (-1: no packet ends here). */
  page(packets: Uint8Array[], granule: number, flags: OggPageFlags = {}): Uint8Array {
    const lacing: number[] = [];
    for (const packet of packets) {
      for (let left = packet.length; ; left -= 255) {
        lacing.push(Math.min(left, 255));
        if (left < 255) break;
      }
    }
    if (lacing.length > 255) throw new Error("too many packets for one Ogg page");
    const bodyLength = packets.reduce((n, p) => n + p.length, 0);
    const page = new Uint8Array(27 + lacing.length + bodyLength);
    const view = new DataView(page.buffer);
    page.set([0x4f, 0x67, 0x67, 0x53]); // "OggS"
    page[4] = 0; // version
    page[5] = (flags.bos ? 2 : 0) | (flags.eos ? 4 : 0);
    // 64-bit granule position, little-endian; -1 is all ones.
    view.setUint32(6, granule < 0 ? 0xffffffff : granule % 2 ** 32, true);
    view.setUint32(10, granule < 0 ? 0xffffffff : Math.floor(granule / 2 ** 32), true);
    view.setUint32(14, this.serial, true);
    view.setUint32(18, this.sequence++, true);
    page[26] = lacing.length;
    page.set(lacing, 27);
    let at = 27 + lacing.length;
    for (const packet of packets) {
      page.set(packet, at);
      at += packet.length;
    }
    view.setUint32(22, oggCrc32(page), true);
    return page;
  }
}

export type OggPage = { flags: number; granule: number; serial: number; sequence: number; packets: Uint8Array[]; crcValid: boolean };

/** The pages of an Ogg stream with their whole packets (a packet continued across pages is joined). */
export function readOggPages(bytes: Uint8Array): OggPage[] {
  const pages: OggPage[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let carry: Uint8Array[] = [];
  let at = 0;
  while (at + 27 <= bytes.length) {
    if (bytes[at] !== 0x4f || bytes[at + 1] !== 0x67 || bytes[at + 2] !== 0x67 || bytes[at + 3] !== 0x53) throw new Error("not an Ogg page");
    const segments = bytes[at + 26]!;
    const lacing = bytes.subarray(at + 27, at + 27 + segments);
    const bodyLength = lacing.reduce((n, l) => n + l, 0);
    const end = at + 27 + segments + bodyLength;
    if (end > bytes.length) throw new Error("truncated Ogg page");
    const raw = bytes.slice(at, end);
    const stored = view.getUint32(at + 22, true);
    raw.fill(0, 22, 26);
    const packets: Uint8Array[] = [];
    let offset = at + 27 + segments;
    let length = 0;
    for (const l of lacing) {
      length += l;
      if (l < 255) {
        carry.push(bytes.subarray(offset, offset + length));
        packets.push(carry.length === 1 ? carry[0]! : concatBytes(carry));
        carry = [];
        offset += length;
        length = 0;
      }
    }
    if (length > 0) {
      carry.push(bytes.subarray(offset, offset + length));
    }
    const low = view.getUint32(at + 6, true);
    const high = view.getUint32(at + 10, true);
    pages.push({
      flags: bytes[at + 5]!,
      granule: low === 0xffffffff && high === 0xffffffff ? -1 : high * 2 ** 32 + low,
      serial: view.getUint32(at + 14, true),
      sequence: view.getUint32(at + 18, true),
      packets,
      crcValid: oggCrc32(raw) === stored,
    });
    at = end;
  }
  return pages;
}
