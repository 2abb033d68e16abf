// The rule is shared with the public share page (workers/share), so it lives in core.
export { playedBars, WAVEFORM_BARS, WAVEFORM_FLOOR, waveformPeaks } from "../../../core/audio/waveform";
