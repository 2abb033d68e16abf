// Synthetic speech with known pitch and formants, for the tests of the analyses and of the voice changer.

/**
 * A synthetic vowel: a glottal pulse train at `f0` (rising and falling by `glideSemitones` over each syllable)
 * through second-order resonators at `formants`, in syllables of `syllableSeconds` separated by short gaps.
 */
export function syntheticSpeech(options: { f0: number; formants: number[]; sampleRate?: number; seconds?: number; syllablesPerSecond?: number; glideSemitones?: number }) {
  const { f0, formants, sampleRate = 22_050, seconds = 3, syllablesPerSecond = 4, glideSemitones = 0 } = options;
  const n = Math.floor(sampleRate * seconds);
  const source = new Float32Array(n);
  const period = 1 / syllablesPerSecond;
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / sampleRate;
    const within = (t % period) / period;
    // 70% of each syllable voiced, with a smooth envelope; the rest silent (a pause between syllables).
    const envelope = within < 0.7 ? Math.sin((Math.PI * within) / 0.7) : 0;
    const hz = f0 * 2 ** ((glideSemitones * Math.sin((2 * Math.PI * Math.min(within, 0.7)) / 0.7)) / 12);
    phase += hz / sampleRate;
    if (phase >= 1) {
      phase -= 1;
      source[i] = envelope;
    }
  }
  let signal: Float32Array = source;
  for (const formant of formants) {
    const bandwidth = 80 + formant * 0.05;
    const r = Math.exp((-Math.PI * bandwidth) / sampleRate);
    const theta = (2 * Math.PI * formant) / sampleRate;
    const a1 = 2 * r * Math.cos(theta);
    const a2 = -r * r;
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) out[i] = signal[i]! + a1 * (out[i - 1] ?? 0) + a2 * (out[i - 2] ?? 0);
    signal = out;
  }
  let peak = 0;
  for (const v of signal) peak = Math.max(peak, Math.abs(v));
  return { samples: signal.map((v) => (v / peak) * 0.8), sampleRate };
}
