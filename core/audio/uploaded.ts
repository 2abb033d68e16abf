// Audio people upload (voice samples): recognised by its bytes, not its name, and decoded to 16-bit mono PCM.
import { decodeMp3 } from "./mp3-decoder";
import { decodeOggOpus, OPUS_RATE } from "./opus";
import { parseWav } from "./wav";

export type UploadedCodec = "mp3" | "wav" | "ogg";

/** What the bytes are, by their magic numbers; null for anything this build cannot decode. */
export function sniffAudio(bytes: Uint8Array): UploadedCodec | null {
  const ascii = (at: number, length: number) => String.fromCharCode(...bytes.subarray(at, at + length));
  if (ascii(0, 4) === "RIFF" && ascii(8, 4) === "WAVE") return "wav";
  if (ascii(0, 4) === "OggS") return "ogg";
  if (ascii(0, 3) === "ID3") return "mp3";
  // An MPEG audio frame header: 11 sync bits, then layer III.
  if (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0 && ((bytes[1] ?? 0) & 0x06) === 0x02) return "mp3";
  return null;
}

/** Decodes an uploaded file; throws with a reason a person can act on. */
export async function decodeUploadedAudio(bytes: Uint8Array): Promise<{ samples: Int16Array; sampleRate: number; codec: UploadedCodec }> {
  const codec = sniffAudio(bytes);
  switch (codec) {
    case "wav":
      return { ...parseWav(bytes), codec };
    case "mp3":
      return { ...(await decodeMp3(bytes)), codec };
    case "ogg":
      return { samples: await decodeOggOpus(bytes), sampleRate: OPUS_RATE, codec };
    case null:
      throw new Error("the file is not MP3, WAV or Ogg Opus audio");
  }
}
