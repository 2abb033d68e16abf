import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import { audioFileName } from "~/history/rules/file-names";
import type { LanguagePreview } from "~/speech/rules/language-previews";
import { languageName } from "~/speech/rules/languages";
import { requestJson, RequestFailure } from "~/common/rules/http-error";
import {
  clampTime,
  HISTORY_POLL_DELAYS_MS,
  isTypingTarget,
  ITEM_NOT_FOUND,
  keyAction,
  PLAYER_SPEEDS,
  PROGRESS_TICK_MS,
  showFeedbackControls,
  SKIP_SECONDS,
} from "~/player/rules/player";
import { FeedbackControls } from "~/history/components/feedback";
import { Waveform } from "./waveform";
import { ChevronDown, ChevronUp, Download, Pause, Play, RotateCcw, RotateCw } from "lucide-react";
import { Button, buttonClass } from "~/common/ui/button";
import { IconButton } from "~/common/ui/icon-button";
import { Select } from "~/common/ui/select";
import { Tooltip } from "~/common/ui/tooltip";
import { useVoiceSafety, type CheckedVoice } from "~/voices/components/voice-safety";

export type PlayerItem = {
  id: string;
  title: string;
  voiceName: string;
  src?: string;
  downloadName?: string;
  /** A generation whose history item may not exist yet: the player looks for it before offering download and feedback. */
  historyItemId?: string;
  text?: string;
  /** A voice preview in other languages (the multilingual model's verified previews). */
  languagePreviewUrls?: LanguagePreview[];
  /** Which of them is playing. */
  playingUrl?: string;
  /** The voice, when it may be under a safety control: a blocked one is not played. */
  voice?: CheckedVoice;
};
type Source = { kind: "url"; url: string } | { kind: "stream"; response: Response; mimeType: string };
type PlayerState = "idle" | "loading" | "playing" | "paused" | "ended";
type ItemStatus = "ready" | "pending" | "missing";

/** `toggle` pauses or resumes what is loaded (a voice card's preview button pauses its own preview with it). */
type PlayerApi = { play: (item: PlayerItem, source: Source) => Promise<void>; toggle: () => void; item: PlayerItem | null; state: PlayerState };
const PlayerContext = createContext<PlayerApi | null>(null);

type PlayerBarProps = {
  play: PlayerApi["play"];
  audioRef: RefObject<HTMLAudioElement>;
  item: PlayerItem | null;
  status: ItemStatus;
  state: PlayerState;
  setState: (s: PlayerState) => void;
  feedbackValue: boolean | null;
  setFeedbackValue: (v: boolean | null) => void;
};
const PlayerBarContext = createContext<PlayerBarProps | null>(null);

export function usePlayer(): PlayerApi {
  const api = useContext(PlayerContext);
  if (!api) throw new Error("usePlayer must be used inside <PlayerProvider>");
  return api;
}

/** A voice as the pages offer it (app/voices/server/voice-options.server.ts); a voice without a preview has none to play. */
export type PreviewableVoice = { voice_id: string; name: string; preview: string | null; languagePreviews: LanguagePreview[]; safety_control: CheckedVoice["safetyControl"] };

/** The player item id of a voice's preview: what tells a voice's preview button that its preview is the one loaded. */
export function previewItemId(voiceId: string): string {
  return `preview-${voiceId}`;
}

/** Plays a voice's preview (its safety control applies; its other languages are offered). */
export function playVoicePreview(player: PlayerApi, voice: PreviewableVoice): Promise<void> {
  if (!voice.preview) return Promise.resolve();
  return player.play(
    {
      id: previewItemId(voice.voice_id),
      title: `${voice.name} preview`,
      voiceName: voice.name,
      voice: { voiceId: voice.voice_id, name: voice.name, safetyControl: voice.safety_control },
      languagePreviewUrls: voice.languagePreviews,
      playingUrl: voice.preview,
    },
    { kind: "url", url: voice.preview },
  );
}

type HistoryItemJson = { history_item_id: string; voice_name: string; voice_category: string; model_id: string; date_unix: number; settings: Record<string, number | boolean>; output_format: string; text: string; feedback: { thumbs_up: boolean } | null };

/** Polls for a generated item (1 s, then up to 10 tries 5 s apart); null when it never appears. */
async function findGeneratedItem(id: string, cancelled: () => boolean): Promise<HistoryItemJson | null> {
  for (const delay of HISTORY_POLL_DELAYS_MS) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    if (cancelled()) return null;
    try {
      return await requestJson<HistoryItemJson>(`/v1/history/${id}`);
    } catch (error) {
      if (!(error instanceof RequestFailure) || error.status !== 404) console.warn("history lookup failed", error);
    }
  }
  return null;
}

/**
 * One <audio> element for the whole app (the bottom bar). A streamed generation plays while it arrives:
 * its chunks are appended to a MediaSource until the stream ends.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [item, setItem] = useState<PlayerItem | null>(null);
  const [status, setStatus] = useState<ItemStatus>("ready");
  const [feedbackValue, setFeedbackValue] = useState<boolean | null>(null);
  const [state, setState] = useState<PlayerState>("idle");
  const objectUrl = useRef<string | null>(null);
  const generation = useRef(0);
  const safety = useVoiceSafety();

  const play = useCallback(async (next: PlayerItem, source: Source) => {
    const element = audio.current;
    if (!element) return;
    if (next.voice && !(await safety.check(next.voice))) return;
    const ticket = ++generation.current;
    setItem(next);
    setFeedbackValue(null);
    setStatus(next.historyItemId && !next.src ? "pending" : "ready");
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
    element.playbackRate = Number(element.dataset.speed ?? 1);
    try {
      await element.play();
    } catch (error) {
      // Autoplay can be refused by the browser: only logged, the user presses play instead.
      console.info("autoplay blocked", error);
      setState("paused");
    }
    if (next.historyItemId && !next.src) {
      const found = await findGeneratedItem(next.historyItemId, () => ticket !== generation.current);
      if (ticket !== generation.current) return;
      if (!found) return setStatus("missing");
      const downloadName = audioFileName(
        { name: found.voice_name, date: new Date(found.date_unix * 1000), category: found.voice_category, model: found.model_id, settings: found.settings, outputFormat: found.output_format },
        found.output_format.startsWith("mp3") ? "mp3" : found.output_format.split("_")[0]!,
      );
      setItem({ ...next, src: `/v1/history/${found.history_item_id}/audio`, downloadName, text: found.text });
      setFeedbackValue(found.feedback?.thumbs_up ?? null);
      setStatus("ready");
    }
  }, [safety]);

  const toggle = useCallback(() => {
    const element = audio.current;
    if (!element || !element.src) return;
    if (element.paused) void element.play();
    else element.pause();
  }, []);

  const bar: PlayerBarProps = { play, audioRef: audio, item, status, state, setState, feedbackValue, setFeedbackValue };
  return (
    <PlayerContext.Provider value={{ play, toggle, item, state }}>
      <PlayerBarContext.Provider value={bar}>{children}</PlayerBarContext.Provider>
    </PlayerContext.Provider>
  );
}

/** The bar itself, rendered by the app frame in its bottom row (so it is always on screen). */
export function GlobalPlayer() {
  const bar = useContext(PlayerBarContext);
  if (!bar) throw new Error("GlobalPlayer must be used inside <PlayerProvider>");
  return <PlayerBar {...bar} />;
}

function formatTime(seconds: number): string {
  if (!Number.isFinite(seconds)) return "0:00";
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

function PlayerBar({ play, audioRef, item, status, state, setState, feedbackValue, setFeedbackValue }: PlayerBarProps) {
  const [time, setTime] = useState({ current: 0, duration: 0 });
  const [speed, setSpeed] = useState(1);
  const [collapsed, setCollapsed] = useState(false);

  const seekBy = useCallback(
    (seconds: number) => {
      const element = audioRef.current;
      if (element) element.currentTime = clampTime(element.currentTime + seconds, element.duration);
    },
    [audioRef],
  );
  const toggle = useCallback(() => {
    const element = audioRef.current;
    if (!element || !element.src) return;
    if (element.paused) void element.play();
    else element.pause();
  }, [audioRef]);

  useEffect(() => {
    const element = audioRef.current;
    if (!element) return;
    const update = () => setTime({ current: element.currentTime, duration: element.duration });
    const onPlay = () => setState("playing");
    const onPause = () => setState(element.ended ? "ended" : "paused");
    const events: [string, () => void][] = [["durationchange", update], ["seeked", update], ["play", onPlay], ["pause", onPause], ["ended", onPause]];
    for (const [name, handler] of events) element.addEventListener(name, handler);
    // Progress is read every 25 ms while playing.
    const timer = setInterval(() => !element.paused && update(), PROGRESS_TICK_MS);
    return () => {
      clearInterval(timer);
      for (const [name, handler] of events) element.removeEventListener(name, handler);
    };
  }, [audioRef, setState]);

  // Space toggles, arrows skip 3 s, but never while typing in a field.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!item || isTypingTarget(event.target as HTMLElement | null)) return;
      const action = keyAction(event.key);
      if (!action) return;
      event.preventDefault();
      if (action.type === "toggle") toggle();
      else seekBy(action.seconds);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [item, toggle, seekBy]);

  // The OS media keys and lock screen (Media Session API).
  useEffect(() => {
    if (!item || typeof navigator === "undefined" || !("mediaSession" in navigator)) return;
    navigator.mediaSession.metadata = new MediaMetadata({ title: item.title, artist: item.voiceName });
    const element = audioRef.current;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ["play", () => void element?.play()],
      ["pause", () => element?.pause()],
      ["seekbackward", () => seekBy(-SKIP_SECONDS)],
      ["seekforward", () => seekBy(SKIP_SECONDS)],
      ["seekto", (details) => element && details.seekTime !== undefined && (element.currentTime = details.seekTime)],
    ];
    for (const [action, handler] of handlers) {
      try {
        navigator.mediaSession.setActionHandler(action, handler);
      } catch {
        // an action this browser does not support
      }
    }
  }, [item, audioRef, seekBy]);

  const element = audioRef.current;
  const duration = Number.isFinite(time.duration) ? time.duration : 0;
  const progress = duration ? (time.current / duration) * 100 : 0;
  const feedbackVisible = Boolean(item?.historyItemId) && status === "ready" && showFeedbackControls(time.current, state === "ended");

  const seekTo = (seconds: number) => element && duration > 0 && (element.currentTime = clampTime(seconds, duration));
  const languagePreviews = item?.languagePreviewUrls && item.languagePreviewUrls.length > 1 ? item.languagePreviewUrls : null;

  return (
    <div data-testid="player" data-state={state} data-collapsed={collapsed} className={item ? "border-t border-border bg-card" : "hidden"}>
      <audio ref={audioRef} data-testid="player-audio" data-speed={speed} preload="auto" />
      {collapsed ? (
        <button type="button" aria-label="Expand player" onClick={() => setCollapsed(false)} className="flex h-8 w-full items-center gap-3 px-4 text-xs text-muted-foreground">
          <ChevronUp className="size-4" aria-hidden="true" />
          <span className="truncate">{item?.title}</span>
          <span className="ml-auto block h-1 w-32 overflow-hidden rounded-full bg-muted">
            <span className="block h-full bg-accent" style={{ width: `${progress}%` }} />
          </span>
        </button>
      ) : (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 sm:flex-nowrap sm:px-4">
          <div className="order-1 min-w-0 flex-1 sm:w-56 sm:flex-none">
            <p className="truncate text-sm font-medium" data-testid="player-title">
              {item?.title}
            </p>
            <p className="truncate text-xs text-muted-foreground" data-testid="player-status">
              {item?.voiceName}
              {status === "pending" ? " · saving…" : status === "missing" ? ` · ${ITEM_NOT_FOUND}` : ""}
            </p>
          </div>
          <div className="order-2 flex items-center gap-1">
            <IconButton label={`Back ${SKIP_SECONDS} seconds`} icon={<RotateCcw aria-hidden="true" />} onClick={() => seekBy(-SKIP_SECONDS)} small className="hidden sm:inline-flex" />
            <Button
              aria-label={state === "playing" ? "Pause" : "Play"}
              data-testid="player-toggle"
              size="icon"
              className="size-10"
              onClick={toggle}
            >
              {state === "playing" ? <Pause aria-hidden="true" className="fill-current" /> : <Play aria-hidden="true" className="fill-current" />}
            </Button>
            <IconButton label={`Forward ${SKIP_SECONDS} seconds`} icon={<RotateCw aria-hidden="true" />} onClick={() => seekBy(SKIP_SECONDS)} small className="hidden sm:inline-flex" />
          </div>
          <div className="order-4 flex w-full min-w-0 items-center gap-2 sm:order-3 sm:w-auto sm:flex-1">
            <span className="w-10 shrink-0 text-right text-xs tabular-nums text-muted-foreground" data-testid="player-time">
              {formatTime(time.current)}
            </span>
            <Waveform src={status === "ready" ? item?.src : undefined} current={time.current} duration={duration} onSeek={seekTo} />
            <span className="w-10 shrink-0 text-xs tabular-nums text-muted-foreground">{formatTime(duration)}</span>
          </div>
          <div className="order-3 flex items-center gap-1 sm:order-4">
            {feedbackVisible && item?.historyItemId ? (
              <FeedbackControls historyItemId={item.historyItemId} textLength={[...(item.text ?? "")].length} value={feedbackValue} onSaved={setFeedbackValue} />
            ) : null}
            {languagePreviews && item ? (
              <Select
                label="Preview language"
                size="sm"
                className="hidden sm:inline-flex"
                value={languagePreviews.find((p) => p.url === item.playingUrl)?.url ?? languagePreviews[0]!.url}
                onValueChange={(url) => void play({ ...item, playingUrl: url }, { kind: "url", url })}
                options={languagePreviews.map((preview) => ({ value: preview.url, label: languageName(preview.language) }))}
              />
            ) : null}
            <Select
              label="Playback speed"
              size="sm"
              value={String(speed)}
              onValueChange={(value) => {
                const next = Number(value);
                setSpeed(next);
                if (element) element.playbackRate = next;
              }}
              options={PLAYER_SPEEDS.map((s) => ({ value: String(s), label: `${s}×` }))}
            />
            {item?.src && status === "ready" ? (
              <Tooltip content="Download">
                <a href={item.src} download={item.downloadName} aria-label="Download" className={buttonClass("ghost", "", "icon-sm")}>
                  <Download aria-hidden="true" />
                </a>
              </Tooltip>
            ) : null}
            <IconButton label="Collapse player" icon={<ChevronDown aria-hidden="true" />} onClick={() => setCollapsed(true)} small />
          </div>
        </div>
      )}
    </div>
  );
}
