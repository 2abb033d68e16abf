import { wavFile } from "../../../core/audio/wav";

/** A recording in the browser, as 16-bit mono WAV: every browser decodes its own MediaRecorder output, our server reads WAV. */
export async function recordingAsWav(blob: Blob): Promise<File> {
  const context = new AudioContext();
  try {
    const audio = await context.decodeAudioData(await blob.arrayBuffer());
    const mono = new Int16Array(audio.length);
    for (let i = 0; i < audio.length; i++) {
      let acc = 0;
      for (let ch = 0; ch < audio.numberOfChannels; ch++) acc += audio.getChannelData(ch)[i]!;
      mono[i] = Math.max(-32768, Math.min(32767, Math.round((acc / audio.numberOfChannels) * 32767)));
    }
    return new File([wavFile(mono, audio.sampleRate) as Uint8Array<ArrayBuffer>], `recording-${new Date().toISOString().slice(11, 19).replace(/:/g, "")}.wav`, { type: "audio/wav" });
  } finally {
    void context.close();
  }
}
