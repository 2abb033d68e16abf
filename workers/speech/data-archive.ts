/**
 * The synthesizer's data files as scripts/build-espeak.mjs packs them: a little-endian u32 giving the length
 * of a JSON index of [path, size] pairs, the index, then every file's bytes in index order.
 */
export function unpackDataArchive(archive: ArrayBuffer): Map<string, Uint8Array> {
  if (archive.byteLength < 4) throw new Error("speech data archive: too short");
  const indexLength = new DataView(archive).getUint32(0, true);
  const index = JSON.parse(new TextDecoder().decode(new Uint8Array(archive, 4, indexLength))) as [string, number][];
  const files = new Map<string, Uint8Array>();
  let offset = 4 + indexLength;
  for (const [path, size] of index) {
    if (offset + size > archive.byteLength) throw new Error(`speech data archive: ${path} runs past the end`);
    files.set(path, new Uint8Array(archive, offset, size));
    offset += size;
  }
  return files;
}
