import { Link } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import type { ReactNode } from "react";
import { Avatar } from "~/common/ui/avatar";
import { buttonClass } from "~/common/ui/button";
import { Card } from "~/common/ui/card";
import { cn } from "~/common/ui/cn";
import {
  PlayingBars,
  useVoicePreview,
  VoicePreviewButton,
  type ShownVoice,
} from "./voice-preview";
import { VoiceTags } from "./voice-tags";

/**
 * One voice in a grid: avatar, name, tags and description, its preview (play/pause, the card marked while it
 * plays) and "Use voice". That link is quiet (ghost) until the card is hovered or focused: a grid of cards is
 * not a wall of identical black buttons.
 */
export function VoiceCard({
  voice,
  useHref,
  headingLevel: Heading = "h2",
  actions,
}: {
  voice: ShownVoice;
  useHref: string;
  headingLevel?: "h2" | "h3";
  /** The owner's actions on their own voice (share, delete), beside "Use voice". */
  actions?: ReactNode;
}) {
  const preview = useVoicePreview(voice);
  return (
    <Card
      data-testid="voice-card"
      data-playing={preview.active}
      className={cn(
        "group flex w-full flex-col gap-3 p-4 transition-colors hover:border-ring/40 focus-within:border-ring/40",
        preview.active && "border-accent ring-1 ring-accent"
      )}
    >
      <div className="flex items-start gap-3">
        <Avatar seed={voice.voice_id} name={voice.name} size="lg" />
        <div className="min-w-0 flex-1">
          <Heading className="flex items-center gap-2 font-semibold">
            <span className="truncate">{voice.name}</span>
            {preview.active ? (
              <PlayingBars className="text-accent-foreground" />
            ) : null}
          </Heading>
          <VoiceTags voice={voice} accent className="mt-1" />
        </div>
      </div>
      <p className="line-clamp-3 flex-1 text-sm text-muted-foreground">
        {voice.description}
      </p>
      <div className="flex items-center justify-between gap-2">
        <VoicePreviewButton voice={voice} labelled />
        <div className="flex flex-wrap items-center justify-end gap-1">
          {actions}
          <Link
            to={useHref}
            className={buttonClass(
              "ghost",
              "group-hover:bg-primary group-hover:text-primary-foreground group-focus-within:bg-primary group-focus-within:text-primary-foreground",
              "sm"
            )}
          >
            Use voice<span className="sr-only">{` ${voice.name}`}</span>
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </div>
    </Card>
  );
}
