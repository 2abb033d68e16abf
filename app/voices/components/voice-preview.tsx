import { Loader2, Pause, Play } from "lucide-react";
import { playVoicePreview, previewItemId, usePlayer, type PreviewableVoice } from "~/player/components/player";
import { Button } from "~/common/ui/button";
import { cn } from "~/common/ui/cn";
import { Tooltip } from "~/common/ui/tooltip";
import type { VoiceFlag } from "~/voices/rules/voice-flags";

/** A voice as the voice pages show it (app/voices/server/voice-options.server.ts gives these fields). */
export type ShownVoice = PreviewableVoice & { description: string; language: string; gender: string; accent?: string; flag?: VoiceFlag | null };

/**
 * A voice's preview in the global player: whether it is the one loaded and playing, and one action that plays it,
 * or pauses and resumes it when it is already loaded.
 */
export function useVoicePreview(voice: PreviewableVoice) {
  const player = usePlayer();
  const loaded = player.item?.id === previewItemId(voice.voice_id);
  const state = loaded ? player.state : "idle";
  return {
    state,
    /** Playing or about to: the button offers to pause. */
    active: state === "playing" || state === "loading",
    available: voice.preview !== null,
    toggle: () => (loaded && state !== "idle" ? player.toggle() : void playVoicePreview(player, voice)),
  };
}

/**
 * The play/pause button of a voice's preview. Its name stays "Preview {voice}" and aria-pressed says whether it
 * plays; the icon (and, labelled, the text) shows it too. Clicks stop here, so a row or card around it is not chosen.
 */
export function VoicePreviewButton({ voice, labelled = false, className }: { voice: PreviewableVoice; labelled?: boolean; className?: string }) {
  const preview = useVoicePreview(voice);
  const icon = preview.state === "loading" ? <Loader2 aria-hidden="true" className="animate-spin" /> : preview.active ? <Pause aria-hidden="true" className="fill-current" /> : <Play aria-hidden="true" className="fill-current" />;
  const button = (
    <Button
      variant={preview.active ? "accent" : labelled ? "secondary" : "ghost"}
      size={labelled ? "sm" : "icon-sm"}
      aria-label={`Preview ${voice.name}`}
      aria-pressed={preview.active}
      data-testid="voice-preview"
      data-state={preview.state}
      disabled={!preview.available}
      className={className}
      onPointerDown={(event) => event.stopPropagation()}
      onClick={(event) => {
        event.stopPropagation();
        preview.toggle();
      }}
      onKeyDown={(event) => event.stopPropagation()}
    >
      {icon}
      {labelled ? <span>{preview.active ? "Pause" : "Preview"}</span> : null}
    </Button>
  );
  return labelled ? button : <Tooltip content={preview.active ? "Pause preview" : "Play preview"}>{button}</Tooltip>;
}

/** A playing voice's small animated mark (beside its name), so a glance finds what plays. */
export function PlayingBars({ className }: { className?: string }) {
  return (
    <span aria-hidden="true" className={cn("inline-flex h-3 items-end gap-0.5", className)}>
      {[0, 150, 300].map((delay) => (
        <span key={delay} className="w-0.5 animate-pulse rounded-full bg-current" style={{ height: "100%", animationDelay: `${delay}ms`, animationDuration: "800ms" }} />
      ))}
    </span>
  );
}
