import { useEffect, useState, type PointerEvent } from "react";
import { playedBars, WAVEFORM_BARS, waveformPeaks } from "../../../core/audio/waveform";
import { KEYBOARD_SKIP_SECONDS } from "~/player/rules/player";

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

/**
 * The player's one seek surface: the item's loudness as bars, the played part highlighted (a plain track
 * until the audio is decoded). A click or a drag seeks there; as a slider it takes the arrow keys too.
 */
export function Waveform({ src, current, duration, onSeek }: { src: string | undefined; current: number; duration: number; onSeek: (seconds: number) => void }) {
  const peaks = usePeaks(src);
  const played = playedBars(current, duration);
  const seekAt = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (duration > 0 && box.width > 0) onSeek(((event.clientX - box.left) / box.width) * duration);
  };
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label="Seek"
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(current)}
      aria-valuetext={`${Math.floor(current)} of ${Math.floor(duration)} seconds`}
      data-testid="player-seek"
      className="relative h-10 min-w-0 flex-1 cursor-pointer touch-none rounded-md"
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        seekAt(event);
      }}
      onPointerMove={(event) => event.buttons === 1 && seekAt(event)}
      onKeyDown={(event) => {
        const step = event.key === "ArrowRight" || event.key === "ArrowUp" ? KEYBOARD_SKIP_SECONDS : event.key === "ArrowLeft" || event.key === "ArrowDown" ? -KEYBOARD_SKIP_SECONDS : 0;
        if (event.key === "Home") onSeek(0);
        else if (event.key === "End") onSeek(duration);
        else if (step) onSeek(current + step);
        else return;
        // The player's own keys (space, arrows on the page) must not also act on this one.
        event.preventDefault();
        event.stopPropagation();
      }}
    >
      {peaks ? (
        <svg data-testid="player-waveform" data-bars={peaks.length} data-played={played} viewBox={`0 0 ${WAVEFORM_BARS * 3} 40`} preserveAspectRatio="none" aria-hidden="true" className="h-full w-full">
          {peaks.map((peak, i) => {
            const height = Math.max(1, peak * 38);
            return <rect key={i} x={i * 3} y={(40 - height) / 2} width={2} height={height} rx={1} className={i < played ? "fill-accent" : "fill-zinc-300 dark:fill-zinc-600"} />;
          })}
        </svg>
      ) : (
        <span aria-hidden="true" className="absolute inset-x-0 top-1/2 block h-1 -translate-y-1/2 overflow-hidden rounded-full bg-muted">
          <span className="block h-full bg-accent" style={{ width: `${duration ? (current / duration) * 100 : 0}%` }} />
        </span>
      )}
    </div>
  );
}
