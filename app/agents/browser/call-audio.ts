// The browser's side of a call's audio: the microphone resampled to 16 kHz 16-bit PCM (what the conversation
// protocol carries) and the agent's PCM played in order, stoppable at once when the user interrupts.

const RATE = 16000;

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Starts the microphone; `onChunk` gets base64 PCM about every 100 ms and `onLevel` its loudness (0..1). */
export async function startMicrophone(onChunk: (base64: string) => void, onLevel: (level: number) => void): Promise<() => void> {
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, channelCount: 1 } });
  const context = new AudioContext();
  const source = context.createMediaStreamSource(stream);
  // ScriptProcessor is deprecated but everywhere, and needs no separate worklet file.
  const processor = context.createScriptProcessor(4096, 1, 1);
  const ratio = context.sampleRate / RATE;
  let carry = 0;
  processor.onaudioprocess = (event) => {
    const input = event.inputBuffer.getChannelData(0);
    const out: number[] = [];
    let sum = 0;
    for (let at = carry; at < input.length; at += ratio) {
      const s = Math.max(-1, Math.min(1, input[Math.floor(at)]!));
      sum += s * s;
      out.push(Math.round(s * 32767));
    }
    carry = (carry + Math.ceil((input.length - carry) / ratio) * ratio) - input.length;
    const pcm = new Int16Array(out);
    onLevel(Math.min(1, Math.sqrt(sum / Math.max(1, out.length)) * 4));
    onChunk(toBase64(new Uint8Array(pcm.buffer)));
  };
  source.connect(processor);
  processor.connect(context.destination);
  return () => {
    processor.disconnect();
    source.disconnect();
    for (const track of stream.getTracks()) track.stop();
    void context.close();
  };
}

/** Plays 16 kHz PCM pieces one after another; `stop` silences what is queued (an interruption). */
export class AgentSpeaker {
  private context: AudioContext | null = null;
  private playing: AudioBufferSourceNode[] = [];
  private next = 0;

  play(base64: string, onEnded?: () => void): void {
    this.context ??= new AudioContext();
    const context = this.context;
    const binary = atob(base64);
    const samples = new Float32Array(binary.length >> 1);
    for (let i = 0; i < samples.length; i++) {
      const v = binary.charCodeAt(2 * i) | (binary.charCodeAt(2 * i + 1) << 8);
      samples[i] = (v >= 0x8000 ? v - 0x10000 : v) / 32768;
    }
    if (!samples.length) return;
    const buffer = context.createBuffer(1, samples.length, RATE);
    buffer.copyToChannel(samples, 0);
    const node = context.createBufferSource();
    node.buffer = buffer;
    node.connect(context.destination);
    const at = Math.max(context.currentTime + 0.02, this.next);
    node.start(at);
    this.next = at + buffer.duration;
    this.playing.push(node);
    node.onended = () => {
      this.playing = this.playing.filter((n) => n !== node);
      if (!this.playing.length) onEnded?.();
    };
  }

  get busy(): boolean {
    return this.playing.length > 0;
  }

  stop(): void {
    for (const node of this.playing) node.stop();
    this.playing = [];
    this.next = 0;
  }

  close(): void {
    this.stop();
    void this.context?.close();
    this.context = null;
  }
}
