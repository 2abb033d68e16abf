// Which dictionary each espeak-ng voice loads and where the dictionaries not bundled lie in R2, as
// scripts/build-espeak.mjs wrote them into the bundled archive (docs/decisions/0059-every-espeak-language.md).

export type EspeakManifest = {
  version: string;
  /** The R2 key of the pack of every dictionary not bundled (named by its content's hash: a stale pack is not found). */
  pack: string;
  /** Bundled dictionaries and their sizes in bytes. */
  bundled: Record<string, number>;
  /** The other dictionaries: each one's byte range in the pack. */
  dictionaries: Record<string, { offset: number; size: number }>;
  /** Every language voice file: its id (file name), languages and the dictionary it loads. */
  voices: { id: string; file: string; name: string; languages: string[]; dictionary: string }[];
};

/** The manifest's name inside the bundled data archive. */
export const MANIFEST_FILE = "parlance-languages.json";

export function readManifest(files: Map<string, Uint8Array>): EspeakManifest {
  const bytes = files.get(MANIFEST_FILE);
  if (!bytes) throw new Error(`speech data archive: no ${MANIFEST_FILE}`);
  return JSON.parse(new TextDecoder().decode(bytes)) as EspeakManifest;
}

/**
 * The dictionary an engine voice name ("hu", "vi-vn-x-south+f3", "en-us") loads: the voice file of that name,
 * else the first whose languages include it (espeak-ng's own matching is case-insensitive); null when unknown.
 */
export function dictionaryOfVoice(voice: string, voices: EspeakManifest["voices"]): string | null {
  const base = voice.split("+")[0]!.trim().toLowerCase();
  const found = voices.find((v) => v.id.toLowerCase() === base) ?? voices.find((v) => v.languages.includes(base));
  return found?.dictionary ?? null;
}

/** Thrown when a language's dictionary is not where the manifest says: the pack was not put into R2. */
export class DictionaryUnavailable extends Error {
  constructor(readonly dictionary: string, readonly key: string) {
    super(`The embedded speech engine's data for language "${dictionary}" is not installed: put ${key} into the MEDIA bucket (npm start does it locally; docs/decisions/0059-every-espeak-language.md).`);
  }
}

/** One dictionary's bytes, a range read of the pack in R2. */
export async function readDictionary(bucket: R2Bucket | undefined, dictionary: string, manifest: EspeakManifest): Promise<Uint8Array> {
  const range = manifest.dictionaries[dictionary];
  if (!range) throw new Error(`No espeak-ng dictionary ${dictionary}`);
  const object = bucket ? await bucket.get(manifest.pack, { range: { offset: range.offset, length: range.size } }) : null;
  if (!object) throw new DictionaryUnavailable(dictionary, manifest.pack);
  const bytes = new Uint8Array(await object.arrayBuffer());
  if (bytes.byteLength !== range.size) throw new DictionaryUnavailable(dictionary, manifest.pack);
  return bytes;
}
