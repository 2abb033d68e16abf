import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";

export type PlayerItem = { id: string; title: string; voiceName: string; src?: string; downloadName?: string };
type Source = { kind: "url"; url: string } | { kind: "stream"; response: Response; mimeType: string };
type PlayerState = "idle" | "loading" | "playing" | "paused" | "ended";

type PlayerApi = { play: (item: PlayerItem, source: Source) => Promise<void>; item: PlayerItem | null; state: PlayerState };
const PlayerContext = createContext<PlayerApi | null>(null);

export function usePlayer(): PlayerApi {
  const api = useContext(PlayerContext);
  if (!api) throw new Error("usePlayer must be used inside <PlayerProvider>");
  return api;
}

/**
 * One <audio> element for the whole app (the bottom bar). A streamed generation plays while it arrives:
 * its chunks are appended to a MediaSource until the stream ends.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [item, setItem] = useState<PlayerItem | null>(null);
  const [state, setState] = useState<PlayerState>("idle");
  const objectUrl = useRef<string | null>(null);

  const play = useCallback(async (next: PlayerItem, source: Source) => {
    const element = audio.current;
    if (!element) return;
    setItem(next);
    setState("loading");
    if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    objectUrl.current = null;
    if (source.kind === "url") {
      element.src = source.url;
    } else if (typeof MediaSource !== "undefined" && MediaSource.isTypeSupported(source.mimeType) && source.response.body) {
      const media = new MediaSource();
      objectUrl.current = URL.createObjectURL(media);
      element.src = objectUrl.current;
      const reader = source.response.body.getReader();
      media.addEventListener(
        "sourceopen",
        async () => {
          const buffer = media.addSourceBuffer(source.mimeType);
          const appended = () => new Promise((resolve) => buffer.addEventListener("updateend", resolve, { once: true }));
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            buffer.appendBuffer(value);
            await appended();
          }
          if (media.readyState === "open") media.endOfStream();
        },
        { once: true },
      );
    } else {
      objectUrl.current = URL.createObjectURL(await source.response.blob());
      element.src = objectUrl.current;
    }
    try {
      await element.play();
    } catch (error) {
      // Autoplay can be refused by the browser; the user presses play instead.
      console.info("autoplay blocked", error);
      setState("paused");
    }
  }, []);

  return (
    <PlayerContext.Provider value={{ play, item, state }}>
      {children}
      <PlayerBar audioRef={audio} item={item} state={state} setState={setState} />
    </PlayerContext.Provider>
  );
}

function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds)) return "0:00";
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function PlayerBar({
  audioRef,
  item,
  state,
  setState,
}: {
  audioRef: RefObject<HTMLAudioElement>;
  item: PlayerItem | null;
  state: PlayerState;
  setState: (s: PlayerState) => void;
}) {
  const [time, setTime] = useState({ current: 0, duration: 0 });
  useEffect(() => {
    const element = audioRef.current;
    if (!element) return;
    const update = () => setTime({ current: element.currentTime, duration: element.duration });
    const onPlay = () => setState("playing");
    const onPause = () => setState(element.ended ? "ended" : "paused");
    element.addEventListener("timeupdate", update);
    element.addEventListener("durationchange", update);
    element.addEventListener("play", onPlay);
    element.addEventListener("pause", onPause);
    element.addEventListener("ended", onPause);
    return () => {
      element.removeEventListener("timeupdate", update);
      element.removeEventListener("durationchange", update);
      element.removeEventListener("play", onPlay);
      element.removeEventListener("pause", onPause);
      element.removeEventListener("ended", onPause);
    };
  }, [audioRef, setState]);
  const element = audioRef.current;
  const duration = Number.isFinite(time.duration) ? time.duration : 0;
  return (
    <div data-testid="player" data-state={state} className={`${item ? "flex" : "hidden"} h-20 items-center gap-4 border-t border-zinc-200 bg-white px-4 dark:border-zinc-800 dark:bg-zinc-950`}>
      <audio ref={audioRef} data-testid="player-audio" preload="auto" />
      <button
        type="button"
        aria-label={state === "playing" ? "Pause" : "Play"}
        className="flex h-10 w-10 items-center justify-center rounded-full bg-zinc-900 text-white dark:bg-white dark:text-zinc-900"
        onClick={() => (element?.paused ? element.play() : element?.pause())}
      >
        {state === "playing" ? "❚❚" : "▶"}
      </button>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" data-testid="player-title">
          {item?.title}
        </p>
        <p className="truncate text-xs text-zinc-500">{item?.voiceName}</p>
        <input
          type="range"
          aria-label="Seek"
          min={0}
          max={duration || 0}
          step={0.01}
          value={Math.min(time.current, duration || 0)}
          onChange={(event) => element && (element.currentTime = Number(event.target.value))}
          className="w-full"
        />
      </div>
      <span className="w-24 text-right text-xs tabular-nums text-zinc-500">
        {formatTime(time.current)} / {formatTime(duration)}
      </span>
      {item?.src ? (
        <a href={item.src} download={item.downloadName} className="text-sm underline">
          Download
        </a>
      ) : null}
    </div>
  );
}
