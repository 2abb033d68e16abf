// Uploaded recordings (the audio tools' input) decoded to 16-bit mono samples, recognised by their bytes rather
// than the declared type, with a clear reason when a file cannot be read.
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from "mediabunny";
import { mp3Frames } from "./audio-levels";
import { decodeMp3 } from "./mp3-decoder";
import { decodeOggOpus, decodeOpusPackets, OPUS_RATE } from "./opus";
import { readOggPages } from "./ogg";
import { concatBytes } from "./bytes";
import { audioCodecName } from "./track-codecs";

/** What the file is, as its bytes say. */
export type Container = "mp3" | "wav" | "aiff" | "ogg" | "flac" | "aac" | "webm" | "mp4" | "avi" | "asf" | "flv" | "mpeg-ps" | "pcm";

export type DecodedUpload = { ok: true; samples: Int16Array; sampleRate: number; container: Container; hadVideo: boolean };

/**
 * Why a file was refused: `empty` (no bytes), `unrecognised` (not audio or video this platform knows),
 * `undecodable` (a known format whose codec the embedded decoders lack: the message names it), `corrupt`
 * (broken or cut short), `no_audio` (a video without a sound track).
 */
export type UploadRefusal = { ok: false; reason: "empty" | "unrecognised" | "undecodable" | "corrupt" | "no_audio"; message: string };

/** The raw format the commercial API names `pcm_s16le_16`: headerless 16-bit little-endian mono at 16 kHz. */
export const PCM_S16LE_16_RATE = 16000;

const ascii = (bytes: Uint8Array, at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));

/** The container, from the first bytes. */
export function sniffContainer(bytes: Uint8Array): Container | null {
  if (bytes.length < 4) return null;
  const four = ascii(bytes, 0, 4);
  if (four === "RIFF" && bytes.length >= 12) {
    const form = ascii(bytes, 8, 4);
    if (form === "WAVE") return "wav";
    if (form === "AVI ") return "avi";
    return null;
  }
  if (four === "FORM" && bytes.length >= 12 && /^AIF[FC]$/.test(ascii(bytes, 8, 4))) return "aiff";
  if (four === "OggS") return "ogg";
  if (four === "fLaC") return "flac";
  if (four === "FLV\u0001") return "flv";
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return "webm";
  if (bytes[0] === 0x30 && bytes[1] === 0x26 && bytes[2] === 0xb2 && bytes[3] === 0x75) return "asf";
  if (bytes[0] === 0x00 && bytes[1] === 0x00 && bytes[2] === 0x01 && bytes[3] === 0xba) return "mpeg-ps";
  if (bytes.length >= 8 && ascii(bytes, 4, 4) === "ftyp") return "mp4";
  if (ascii(bytes, 0, 3) === "ID3") return "mp3";
  if (bytes[0] === 0xff && (bytes[1]! & 0xf6) === 0xf0) return "aac"; // ADTS: sync and layer 00
  if (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0) return "mp3";
  return null;
}

const refuse = (reason: UploadRefusal["reason"], message: string): UploadRefusal => ({ ok: false, reason, message });

/** An MP3 whose last frame runs past the end of the file was cut short (an interrupted upload or copy). */
function mp3Problem(bytes: Uint8Array): UploadRefusal | null {
  const frames = mp3Frames(bytes);
  if (frames.length === 0) return refuse("corrupt", "The MP3 file has no audio frames.");
  const last = frames.at(-1)!;
  const end = last.offset + last.length;
  const rest = bytes.subarray(end);
  const id3v1 = rest.length >= 3 && ascii(rest, 0, 3) === "TAG";
  if (end > bytes.length || (rest.length >= 2 && !id3v1 && rest[0] === 0xff && (rest[1]! & 0xe0) === 0xe0)) {
    return refuse("corrupt", "The MP3 file is truncated: its last frame is cut short.");
  }
  return null;
}

/** 16-bit, 24-bit, 32-bit integer or 32-bit float PCM, any channel count, mixed down to mono. */
function pcmToMono(data: Uint8Array, format: { bits: number; float: boolean; channels: number; bigEndian: boolean }): Int16Array {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const width = format.bits / 8;
  const frames = Math.floor(data.byteLength / (width * format.channels));
  const out = new Int16Array(frames);
  const little = !format.bigEndian;
  const read = (at: number): number => {
    if (format.float) return view.getFloat32(at, little) * 32767;
    switch (format.bits) {
      case 8:
        return (view.getUint8(at) - 128) * 256;
      case 16:
        return view.getInt16(at, little);
      case 24: {
        const [a, b, c] = little ? [view.getUint8(at), view.getUint8(at + 1), view.getInt8(at + 2)] : [view.getUint8(at + 2), view.getUint8(at + 1), view.getInt8(at)];
        return ((c << 16) | (b << 8) | a) / 256;
      }
      default:
        return view.getInt32(at, little) / 65536;
    }
  };
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let ch = 0; ch < format.channels; ch++) sum += read((i * format.channels + ch) * width);
    out[i] = Math.max(-32768, Math.min(32767, Math.round(sum / format.channels)));
  }
  return out;
}

function decodeWav(bytes: Uint8Array): DecodedUpload | UploadRefusal {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 12;
  let format: { bits: number; float: boolean; channels: number; bigEndian: boolean } | null = null;
  let sampleRate = 0;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    if (id === "fmt " && at + 24 <= bytes.length) {
      const tag = view.getUint16(at + 8, true);
      const code = tag === 0xfffe && at + 34 <= bytes.length ? view.getUint16(at + 32, true) : tag; // WAVE_FORMAT_EXTENSIBLE
      const bits = view.getUint16(at + 22, true);
      if ((code !== 1 && code !== 3) || ![8, 16, 24, 32].includes(bits) || (code === 3 && bits !== 32)) {
        return refuse("undecodable", "This WAV file is compressed (not PCM); send PCM WAV, MP3, Ogg Opus or WebM Opus.");
      }
      format = { bits, float: code === 3, channels: Math.max(1, view.getUint16(at + 10, true)), bigEndian: false };
      sampleRate = view.getUint32(at + 12, true);
    } else if (id === "data") {
      if (!format || !sampleRate) return refuse("corrupt", "The WAV file has no format chunk before its data.");
      // Recorders that stream write 0 or 0xFFFFFFFF as the size; a larger size than what is there is a cut file.
      const streamed = size === 0 || size === 0xffffffff;
      if (!streamed && at + 8 + size > bytes.length) return refuse("corrupt", "The WAV file is truncated: its data is shorter than its header says.");
      const data = bytes.subarray(at + 8, streamed ? bytes.length : at + 8 + size);
      return { ok: true, samples: pcmToMono(data, format), sampleRate, container: "wav", hadVideo: false };
    }
    at += 8 + size + (size % 2);
  }
  return refuse("corrupt", "The WAV file has no audio data.");
}

/** AIFF: big-endian PCM; the rate is an 80-bit extended float. AIFC is read only when uncompressed. */
function decodeAiff(bytes: Uint8Array): DecodedUpload | UploadRefusal {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const compressed = ascii(bytes, 8, 4) === "AIFC";
  let at = 12;
  let format: { bits: number; float: boolean; channels: number; bigEndian: boolean } | null = null;
  let sampleRate = 0;
  while (at + 8 <= bytes.length) {
    const id = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, false);
    if (id === "COMM" && at + 26 <= bytes.length) {
      const channels = view.getUint16(at + 8, false);
      const bits = view.getUint16(at + 14, false);
      const exponent = view.getUint16(at + 16, false) & 0x7fff;
      const mantissa = view.getUint32(at + 18, false);
      sampleRate = Math.round(mantissa * 2 ** (exponent - 16383 - 31));
      const kind = compressed && at + 30 <= bytes.length ? ascii(bytes, at + 26, 4) : "NONE";
      if ((kind !== "NONE" && kind !== "twos") || ![8, 16, 24, 32].includes(bits)) return refuse("undecodable", "This AIFF file is compressed; send uncompressed AIFF, WAV, MP3 or Ogg Opus.");
      format = { bits, float: false, channels: Math.max(1, channels), bigEndian: true };
    } else if (id === "SSND") {
      if (!format || !sampleRate) return refuse("corrupt", "The AIFF file has no COMM chunk before its sound data.");
      if (at + 8 + size > bytes.length) return refuse("corrupt", "The AIFF file is truncated: its sound data is shorter than its header says.");
      const offset = view.getUint32(at + 8, false);
      const data = bytes.subarray(at + 16 + offset, at + 8 + size);
      // 8-bit AIFF is signed, unlike WAV's unsigned bytes.
      const samples = format.bits === 8 ? Int16Array.from(data, (b) => ((b << 24) >> 24) * 256) : pcmToMono(data, format);
      return { ok: true, samples, sampleRate, container: "aiff", hadVideo: false };
    }
    at += 8 + size + (size % 2);
  }
  return refuse("corrupt", "The AIFF file has no sound data.");
}

/** WebM, Matroska, MP4, M4A, QuickTime, 3GP: the sound track's Opus or MP3 packets (mediabunny demuxes them). */
async function decodeContainer(bytes: Uint8Array, container: "webm" | "mp4"): Promise<DecodedUpload | UploadRefusal> {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  try {
    const track = await input.getPrimaryAudioTrack().catch(() => undefined);
    if (track === undefined) return refuse("corrupt", `The ${container === "webm" ? "WebM/Matroska" : "MP4"} file cannot be read.`);
    const hadVideo = (await input.getPrimaryVideoTrack().catch(() => null)) !== null;
    if (!track) return refuse("no_audio", hadVideo ? "The video has no audio track." : "The file has no audio track.");
    const codec = await track.getCodec();
    const packets: Uint8Array[] = [];
    for await (const packet of new EncodedPacketSink(track).packets()) packets.push(packet.data);
    if (packets.length === 0) return refuse("no_audio", "The file's audio track is empty.");
    if (codec === "opus") {
      const config = await track.getDecoderConfig();
      const raw = config?.description;
      const description = !raw ? null : ArrayBuffer.isView(raw) ? new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength) : new Uint8Array(raw);
      const preSkip = description && description.length >= 12 ? description[10]! | (description[11]! << 8) : 0;
      const samples = await decodeOpusPackets(packets);
      return { ok: true, samples: samples.slice(preSkip), sampleRate: OPUS_RATE, container, hadVideo };
    }
    if (codec === "mp3") {
      const { samples, sampleRate } = await decodeMp3(concatBytes(packets));
      return { ok: true, samples, sampleRate, container, hadVideo };
    }
    const name = audioCodecName(codec);
    return refuse("undecodable", `The ${hadVideo ? "video's" : "file's"} audio is ${name}, which this deployment's embedded decoders do not read; send WAV, MP3, Ogg Opus, or WebM/MP4 with Opus or MP3 audio.`);
  } catch {
    return refuse("corrupt", "The file is damaged or cut short and its audio cannot be read.");
  } finally {
    input.dispose();
  }
}

const UNDECODABLE: Partial<Record<Container, string>> = {
  flac: "FLAC files are accepted by the API but this deployment's embedded decoders do not read FLAC; send WAV, MP3 or Ogg Opus.",
  aac: "Raw AAC (ADTS) is accepted by the API but this deployment's embedded decoders do not read AAC; send WAV, MP3 or Ogg Opus.",
  avi: "AVI video is accepted, but its audio cannot be extracted here; send MP4 or WebM video, or the audio alone.",
  asf: "WMV video is accepted, but its audio cannot be extracted here; send MP4 or WebM video, or the audio alone.",
  flv: "FLV video is accepted, but its audio cannot be extracted here; send MP4 or WebM video, or the audio alone.",
  "mpeg-ps": "MPEG video is accepted, but its audio cannot be extracted here; send MP4 or WebM video, or the audio alone.",
};

/** Decodes an upload, or says why not. `pcm16k`: the bytes are headerless 16-bit 16 kHz mono (file_format=pcm_s16le_16). */
export async function decodeUpload(bytes: Uint8Array, options: { pcm16k?: boolean } = {}): Promise<DecodedUpload | UploadRefusal> {
  if (bytes.length === 0) return refuse("empty", "The file is empty.");
  if (options.pcm16k) {
    if (bytes.length < 2) return refuse("corrupt", "The PCM data is shorter than one sample.");
    return { ok: true, samples: pcmToMono(bytes, { bits: 16, float: false, channels: 1, bigEndian: false }), sampleRate: PCM_S16LE_16_RATE, container: "pcm", hadVideo: false };
  }
  const container = sniffContainer(bytes);
  if (!container) return refuse("unrecognised", "The file is not audio or video of an accepted type.");
  const undecodable = UNDECODABLE[container];
  if (undecodable) return refuse("undecodable", undecodable);
  try {
    switch (container) {
      case "mp3": {
        const problem = mp3Problem(bytes);
        if (problem) return problem;
        const { samples, sampleRate } = await decodeMp3(bytes);
        return { ok: true, samples, sampleRate, container, hadVideo: false };
      }
      case "wav":
        return decodeWav(bytes);
      case "aiff":
        return decodeAiff(bytes);
      case "ogg": {
        const head = readOggPages(bytes)[0]?.packets[0];
        if (!head || ascii(head, 0, 8) !== "OpusHead") return refuse("undecodable", "This Ogg file is not Opus (Vorbis, say), which the embedded decoders do not read; send Ogg Opus, WAV or MP3.");
        return { ok: true, samples: await decodeOggOpus(bytes), sampleRate: OPUS_RATE, container, hadVideo: false };
      }
      default:
        return decodeContainer(bytes, container as "webm" | "mp4");
    }
  } catch {
    return refuse("corrupt", "The file is damaged or cut short and its audio cannot be read.");
  }
}
