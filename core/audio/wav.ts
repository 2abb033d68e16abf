/** A RIFF WAVE file of 16-bit mono PCM. */
export function wavFile(samples: Int16Array, sampleRate: number): Uint8Array {
  const dataBytes = samples.length * 2;
  const file = new Uint8Array(44 + dataBytes);
  const view = new DataView(file.buffer);
  const ascii = (at: number, text: string) => [...text].forEach((c, i) => (file[at + i] = c.charCodeAt(0)));
  ascii(0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, "data");
  view.setUint32(40, dataBytes, true);
  // Samples are little-endian, as WAVE wants, on every platform workerd runs on.
  file.set(new Uint8Array(samples.buffer, samples.byteOffset, dataBytes), 44);
  return file;
}

/**
 * Reads a RIFF WAVE file: integer PCM of 8 to 32 bits or 32-bit float, any number of channels (averaged to
 * mono). Throws with the reason for anything else.
 */
export function parseWav(bytes: Uint8Array): { samples: Int16Array; sampleRate: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (bytes.byteLength < 12 || ascii(0) !== "RIFF" || ascii(8) !== "WAVE") throw new Error("not a WAVE file");
  let format: { code: number; channels: number; sampleRate: number; bits: number } | null = null;
  for (let at = 12; at + 8 <= bytes.byteLength; ) {
    const id = ascii(at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === "fmt " && size >= 16) {
      let code = view.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE names the real format in its sub-format GUID's first two bytes.
      if (code === 0xfffe && size >= 26) code = view.getUint16(body + 24, true);
      format = { code, channels: view.getUint16(body + 2, true), sampleRate: view.getUint32(body + 4, true), bits: view.getUint16(body + 14, true) };
    } else if (id === "data") {
      if (!format) throw new Error("WAVE data before its format");
      const { code, channels, sampleRate, bits } = format;
      const width = bits / 8;
      const pcm = code === 1 && [1, 2, 3, 4].includes(width);
      const float = code === 3 && bits === 32;
      if ((!pcm && !float) || channels < 1 || sampleRate < 1) throw new Error(`WAVE encoding ${code} with ${bits} bits is not read: use 16-bit PCM`);
      const end = Math.min(bytes.byteLength, body + size);
      const frames = Math.floor((end - body) / (width * channels));
      const samples = new Int16Array(frames);
      const read = (offset: number): number => {
        if (float) return Math.max(-1, Math.min(1, view.getFloat32(offset, true))) * 32767;
        if (width === 1) return (view.getUint8(offset) - 128) << 8;
        if (width === 2) return view.getInt16(offset, true);
        if (width === 3) return ((view.getUint8(offset + 2) << 24) | (view.getUint8(offset + 1) << 16) | (view.getUint8(offset) << 8)) >> 16;
        return view.getInt32(offset, true) >> 16;
      };
      for (let i = 0; i < frames; i++) {
        let acc = 0;
        for (let ch = 0; ch < channels; ch++) acc += read(body + (i * channels + ch) * width);
        samples[i] = Math.round(acc / channels);
      }
      return { samples, sampleRate };
    }
    at = body + size + (size % 2);
  }
  throw new Error("WAVE file without audio data");
}
