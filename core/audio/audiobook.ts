/**
 * An audiobook as one MP3 whose ID3v2.3 tag carries the chapters (the ID3v2 Chapter Frame Addendum: a CTOC table of
 * contents and a CHAP frame per chapter with its start and end time and a TIT2 title), with the book's title,
 * author and cover. The chapters' MP3 frames follow the tag unchanged (decision 0049).
 */
import { concatBytes } from "./bytes";
import { mp3Frames } from "./audio-levels";

/** CTOC counts its entries in one byte. */
export const AUDIOBOOK_MAX_CHAPTERS = 255;

export type AudiobookChapter = { title: string; mp3: Uint8Array };
export type AudiobookMeta = { title: string; author?: string | null; cover?: { mimeType: string; bytes: Uint8Array } | null };
export type ChapterMark = { id: string; title: string; startMs: number; endMs: number };

const latin1 = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const isLatin1 = (s: string) => [...s].every((c) => c.charCodeAt(0) < 0x100);

/** A text frame's body: ISO-8859-1 when it fits, else UTF-16 with a byte-order mark. */
function encodedText(text: string): Uint8Array {
  if (isLatin1(text)) return concatBytes([Uint8Array.of(0), latin1(text)]);
  const body = new Uint8Array(3 + text.length * 2);
  body.set([1, 0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    body[3 + i * 2] = c & 0xff;
    body[4 + i * 2] = c >> 8;
  }
  return body;
}

function u32(value: number): Uint8Array {
  return Uint8Array.of((value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
}

/** An ID3v2.3 frame: its id, its size (a plain 32-bit number in v2.3), no flags, its body. */
function frame(id: string, body: Uint8Array): Uint8Array {
  return concatBytes([latin1(id), u32(body.byteLength), Uint8Array.of(0, 0), body]);
}

const textFrame = (id: string, text: string) => frame(id, encodedText(text));
const zeroTerminated = (s: string) => concatBytes([latin1(s), Uint8Array.of(0)]);

/** The tag's frames as bytes, behind the ID3v2.3 header (its size in 7-bit "syncsafe" bytes). */
function tag(frames: Uint8Array[]): Uint8Array {
  const body = concatBytes(frames);
  const size = body.byteLength;
  const header = Uint8Array.of(0x49, 0x44, 0x33, 3, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f);
  return concatBytes([header, body]);
}

/** Where an MP3's frames start (after any ID3v2 tag) and how long they play, in milliseconds. */
export function mp3Audio(bytes: Uint8Array): { frames: Uint8Array; durationMs: number } {
  const frames = mp3Frames(bytes);
  if (frames.length === 0) return { frames: new Uint8Array(0), durationMs: 0 };
  const seconds = frames.reduce((s, f) => s + f.samples / f.sampleRate, 0);
  return { frames: bytes.subarray(frames[0]!.offset), durationMs: Math.round(seconds * 1000) };
}

/** The chapters' marks: consecutive, each as long as its audio's frames. */
export function chapterMarks(chapters: { title: string; durationMs: number }[]): ChapterMark[] {
  let at = 0;
  return chapters.map((c, i) => {
    const mark = { id: `ch${i + 1}`, title: c.title, startMs: at, endMs: at + c.durationMs };
    at += c.durationMs;
    return mark;
  });
}

/** The audiobook: the chapter tag, then every chapter's MP3 frames in order. */
export function audiobookMp3(meta: AudiobookMeta, chapters: AudiobookChapter[]): Uint8Array {
  if (chapters.length === 0) throw new Error("An audiobook needs at least one chapter.");
  if (chapters.length > AUDIOBOOK_MAX_CHAPTERS) throw new Error(`An audiobook holds at most ${AUDIOBOOK_MAX_CHAPTERS} chapters.`);
  const audio = chapters.map((c) => mp3Audio(c.mp3));
  const marks = chapterMarks(chapters.map((c, i) => ({ title: c.title, durationMs: audio[i]!.durationMs })));
  // Byte offsets are "not used" (all ones): players seek by the times.
  const unused = u32(0xffffffff);
  const frames = [
    textFrame("TIT2", meta.title),
    textFrame("TALB", meta.title),
    ...(meta.author ? [textFrame("TPE1", meta.author)] : []),
    textFrame("TCON", "Audiobook"),
    ...(meta.cover ? [frame("APIC", concatBytes([Uint8Array.of(0), zeroTerminated(meta.cover.mimeType), Uint8Array.of(3), Uint8Array.of(0), meta.cover.bytes]))] : []),
    // The table of contents: top-level (0x02) and ordered (0x01), listing every chapter.
    frame("CTOC", concatBytes([zeroTerminated("toc"), Uint8Array.of(0x03, marks.length), ...marks.map((m) => zeroTerminated(m.id)), textFrame("TIT2", "Chapters")])),
    ...marks.map((m) => frame("CHAP", concatBytes([zeroTerminated(m.id), u32(m.startMs), u32(m.endMs), unused, unused, textFrame("TIT2", m.title)]))),
  ];
  return concatBytes([tag(frames), ...audio.map((a) => a.frames)]);
}
