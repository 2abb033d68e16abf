// Voice activity and the end of a user's turn, from 16 kHz 16-bit PCM as the conversation protocol carries it: an
// energy detector with a floor that follows the background (decision 0037).

export const TURN_SAMPLE_RATE = 16000;
/** Analysis frames of 20 ms. */
const FRAME = 320;
/** Speech is this many times louder than the background, and never quieter than the floor (RMS, full scale 1). */
const SPEECH_OVER_NOISE = 3;
const MIN_SPEECH_RMS = 0.01;
/** Speech shorter than this is a click or a cough, not a turn. */
export const MIN_SPEECH_MS = 200;
/** Silence after speech that ends the turn. */
export const END_OF_TURN_SILENCE_MS = 700;
/** Audio kept from before the speech started, so its first syllable is not cut. */
const PRE_ROLL_MS = 200;

export type TurnEvent = { type: "speech-started" } | { type: "turn-ended"; audio: Int16Array };

export class TurnDetector {
  private noise = MIN_SPEECH_RMS / SPEECH_OVER_NOISE;
  private pending = new Int16Array(0);
  private preRoll: Int16Array[] = [];
  private utterance: Int16Array[] = [];
  private speechMs = 0;
  private silenceMs = 0;
  private speaking = false;

  /** Feeds audio; returns what happened in it (a turn that ended carries its audio). */
  push(samples: Int16Array): TurnEvent[] {
    const all = new Int16Array(this.pending.length + samples.length);
    all.set(this.pending);
    all.set(samples, this.pending.length);
    const events: TurnEvent[] = [];
    let at = 0;
    for (; at + FRAME <= all.length; at += FRAME) {
      const event = this.frame(all.subarray(at, at + FRAME));
      if (event) events.push(event);
    }
    this.pending = all.slice(at);
    return events;
  }

  private frame(frame: Int16Array): TurnEvent | null {
    let sum = 0;
    for (const s of frame) sum += (s / 32768) ** 2;
    const rms = Math.sqrt(sum / frame.length);
    const loud = rms > Math.max(MIN_SPEECH_RMS, this.noise * SPEECH_OVER_NOISE);
    const frameMs = (frame.length / TURN_SAMPLE_RATE) * 1000;
    if (!loud) this.noise = this.noise * 0.95 + rms * 0.05;
    if (!this.speaking) {
      this.preRoll.push(frame.slice());
      if (this.preRoll.length > PRE_ROLL_MS / frameMs) this.preRoll.shift();
      if (!loud) return null;
      this.speaking = true;
      this.utterance = [...this.preRoll];
      this.preRoll = [];
      this.speechMs = 0;
      this.silenceMs = 0;
    } else this.utterance.push(frame.slice());
    if (loud) {
      this.speechMs += frameMs;
      this.silenceMs = 0;
      return this.speechMs === frameMs ? { type: "speech-started" } : null;
    }
    this.silenceMs += frameMs;
    if (this.silenceMs < END_OF_TURN_SILENCE_MS) return null;
    this.speaking = false;
    const enough = this.speechMs >= MIN_SPEECH_MS;
    const audio = concat(this.utterance);
    this.utterance = [];
    return enough ? { type: "turn-ended", audio } : null;
  }
}

function concat(parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
