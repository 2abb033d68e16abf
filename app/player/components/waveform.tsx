import { useEffect, useState } from "react";
import { playedBars, WAVEFORM_BARS, waveformPeaks } from "~/player/rules/waveform";

/** Decodes the item's audio once and outlines it; null until decoded (or when the browser cannot decode it). */
function usePeaks(src: string | undefined): number[] | null {
  const [peaks, setPeaks] = useState<number[] | null>(null);
  useEffect(() => {
    setPeaks(null);
    if (!src || typeof OfflineAudioContext === "undefined") return;
    let cancelled = false;
    (async () => {
      try {
        const bytes = await (await fetch(src)).arrayBuffer();
        // Decoding needs no running audio context (nor a user gesture): an offline one is enough.
        const decoded = await new OfflineAudioContext(1, 1, 44100).decodeAudioData(bytes);
        if (!cancelled) setPeaks(waveformPeaks(decoded.getChannelData(0)));
      } catch (error) {
        console.info("waveform unavailable", error);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [src]);
  return peaks;
}

/** The item's loudness as bars, the played part highlighted; a click seeks there. */
export function Waveform({ src, current, duration, onSeek }: { src: string | undefined; current: number; duration: number; onSeek: (seconds: number) => void }) {
  const peaks = usePeaks(src);
  if (!peaks) return null;
  const played = playedBars(current, duration);
  return (
    <svg
      data-testid="player-waveform"
      data-bars={peaks.length}
      data-played={played}
      viewBox={`0 0 ${WAVEFORM_BARS * 3} 40`}
      preserveAspectRatio="none"
      aria-hidden="true"
      className="hidden h-10 w-48 shrink-0 cursor-pointer md:block"
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        if (duration > 0) onSeek(((event.clientX - box.left) / box.width) * duration);
      }}
    >
      {peaks.map((peak, i) => {
        const height = Math.max(1, peak * 38);
        return <rect key={i} x={i * 3} y={(40 - height) / 2} width={2} height={height} rx={1} className={i < played ? "fill-violet-500" : "fill-zinc-300 dark:fill-zinc-700"} />;
      })}
    </svg>
  );
}
