import { useCallback, useEffect, useRef, useState } from "react";
import { RequestFailure, toRequestError } from "~/common/rules/http-error";
import { VIDEO_ONLY_FOR_TTS } from "../../../core/sharing/sharing";
import {
  DEFAULT_VIDEO_THEME,
  estimatedVideoProgress,
  SHARE_VIDEO_DIALOG_TITLE,
  VIDEO_DOWNLOAD_NAME,
  VIDEO_PREVIEW_SIZE,
  VIDEO_PROGRESS_TICK_MS,
  VIDEO_THEME_LABELS,
  VIDEO_THEMES,
  videoErrorText,
  videoPreviewErrorText,
  type VideoTheme,
} from "../../../core/sharing/video";
import { Dialog } from "~/common/ui/dialog";
import { useToast } from "~/common/components/toasts";
import { Button } from "~/common/ui/button";
import { Skeleton } from "~/common/ui/feedback";
import { Clapperboard, Download, Link2, Volume2, VolumeX } from "lucide-react";

type GenerateAnswer = { status: string; progress: number; video_url: string | null };

/** Asks for the video until it exists: the server waits a while, then answers 202 and we ask again. */
async function generateVideo(historyItemId: string, theme: VideoTheme, cancelled: () => boolean): Promise<string | null> {
  for (;;) {
    const response = await fetch(`/v1/history/${historyItemId}/generate-video?theme=${theme}`, { method: "POST" });
    if (!response.ok) throw new RequestFailure(await toRequestError(response));
    const answer = (await response.json()) as GenerateAnswer;
    if (answer.video_url) return answer.video_url;
    if (cancelled()) return null;
  }
}

/**
 * 'Share video' (spec accounts §2.7, §4.8): theme, preview image, Generate video with an estimated
 * progress bar, then the looping video with Download and a mute toggle.
 */
export function ShareVideoDialog({
  item,
  onClose,
  onShareLink,
  returnFocusTo,
}: {
  item: { id: string; text: string; isSpeech: boolean };
  onClose: () => void;
  onShareLink: () => void;
  returnFocusTo?: HTMLElement | null;
}) {
  const toast = useToast();
  const [theme, setTheme] = useState<VideoTheme>(DEFAULT_VIDEO_THEME);
  const [preview, setPreview] = useState<string | null>(null);
  const [videoUrl, setVideoUrl] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [muted, setMuted] = useState(true);
  const generation = useRef(0);

  // The preview of the current theme; its object URL is freed when replaced or when the dialog closes.
  useEffect(() => {
    if (!item.isSpeech) return;
    let url: string | null = null;
    let live = true;
    fetch(`/v1/history/${item.id}/generate-video-preview-image?theme=${theme}`, { method: "POST" })
      .then(async (response) => {
        if (!response.ok) throw new RequestFailure(await toRequestError(response));
        url = URL.createObjectURL(await response.blob());
        if (live) setPreview(url);
      })
      .catch((failure: RequestFailure | Error) => live && toast.show(videoPreviewErrorText(failure.message), "error"));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- toast is stable enough; re-run per item and theme only
  }, [item.id, item.isSpeech, theme]);

  const chooseTheme = (next: VideoTheme) => {
    if (next === theme) return;
    generation.current += 1;
    setTheme(next);
    setPreview(null);
    setVideoUrl(null);
    setProgress(null);
  };

  const generate = useCallback(async (): Promise<string | null> => {
    if (!item.isSpeech) {
      toast.show(VIDEO_ONLY_FOR_TTS, "error");
      return null;
    }
    const run = ++generation.current;
    const started = Date.now();
    setProgress(0);
    const ticker = window.setInterval(() => setProgress(estimatedVideoProgress(Date.now() - started, item.text.length)), VIDEO_PROGRESS_TICK_MS);
    try {
      const url = await generateVideo(item.id, theme, () => run !== generation.current);
      if (run !== generation.current || !url) return null;
      setProgress(100);
      setVideoUrl(url);
      return url;
    } catch (failure) {
      if (run === generation.current) {
        setProgress(null);
        toast.show(videoErrorText(failure instanceof Error ? failure.message : null), "error");
      }
      return null;
    } finally {
      window.clearInterval(ticker);
    }
  }, [item, theme, toast]);

  const download = async () => {
    const url = videoUrl ?? (await generate());
    if (!url) return;
    const link = document.createElement("a");
    link.href = url;
    link.download = VIDEO_DOWNLOAD_NAME;
    document.body.appendChild(link);
    link.click();
    link.remove();
  };

  const close = () => {
    generation.current += 1;
    setTheme(DEFAULT_VIDEO_THEME);
    onClose();
  };

  const generating = progress !== null && !videoUrl;
  return (
    <Dialog title={SHARE_VIDEO_DIALOG_TITLE} onClose={close} testId="share-video-dialog" returnFocusTo={returnFocusTo}>
      <div className="space-y-4 text-sm">
        <fieldset className="inline-flex items-center gap-1 rounded-full bg-muted p-1">
          <legend className="sr-only">Theme</legend>
          {VIDEO_THEMES.map((option) => (
            <label
              key={option}
              className="inline-flex h-8 cursor-pointer items-center rounded-full px-3 font-medium text-muted-foreground hover:text-foreground has-[:checked]:bg-background has-[:checked]:text-foreground has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              <input type="radio" name="video-theme" value={option} checked={option === theme} onChange={() => chooseTheme(option)} className="sr-only" />
              {VIDEO_THEME_LABELS[option]}
            </label>
          ))}
        </fieldset>
        <div className="mx-auto overflow-hidden rounded-xl bg-muted" style={{ width: VIDEO_PREVIEW_SIZE, maxWidth: "100%", aspectRatio: "1 / 1" }}>
          {videoUrl ? (
            // The video carries the item's own speech: captions would repeat the text shown in it.
            <video data-testid="share-video" src={videoUrl} autoPlay loop muted={muted} playsInline className="h-full w-full" />
          ) : preview ? (
            <img data-testid="share-video-preview" src={preview} alt="Preview of the video" width={VIDEO_PREVIEW_SIZE} height={VIDEO_PREVIEW_SIZE} className="h-full w-full" />
          ) : item.isSpeech ? (
            <Skeleton className="h-full w-full rounded-none" />
          ) : null}
        </div>
        {generating ? (
          <div role="progressbar" aria-label="Generating video" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(progress)} className="h-2 overflow-hidden rounded-full bg-muted">
            <div className="h-full bg-accent transition-[width]" style={{ width: `${progress}%` }} />
          </div>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          {videoUrl ? (
            <>
              <Button onClick={download}>
                <Download aria-hidden="true" />
                Download
              </Button>
              <Button variant="secondary" aria-pressed={!muted} onClick={() => setMuted(!muted)}>
                {muted ? <Volume2 aria-hidden="true" /> : <VolumeX aria-hidden="true" />}
                {muted ? "Unmute" : "Mute"}
              </Button>
            </>
          ) : (
            <>
              <Button onClick={() => void generate()} disabled={generating}>
                <Clapperboard aria-hidden="true" />
                Generate video
              </Button>
              <Button variant="secondary" onClick={download} disabled={generating}>
                <Download aria-hidden="true" />
                Download
              </Button>
            </>
          )}
        </div>
        <div className="border-t border-border pt-3">
          <Button variant="ghost" size="sm" className="-ml-2" onClick={onShareLink}>
            <Link2 aria-hidden="true" />
            Share public link
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
