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
