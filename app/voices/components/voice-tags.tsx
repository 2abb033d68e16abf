import { languageName } from "~/speech/rules/languages";
import { Badge } from "~/common/ui/badge";
import { cn } from "~/common/ui/cn";
import { VOICE_FLAG_TEXTS, type VoiceFlag } from "~/voices/rules/voice-flags";

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A voice's language, gender and (when given) accent, as tags; a flagged voice (unverified, or its owner in
 * probation: decision 0075) leads with a warning tag whose explanation shows on hover.
 */
export function VoiceTags({ voice, accent = false, className }: { voice: { language: string; gender: string; accent?: string; flag?: VoiceFlag | null }; accent?: boolean; className?: string }) {
  return (
    <span className={cn("flex flex-wrap items-center gap-1", className)}>
      {voice.flag ? (
        <Badge tone="warning" title={VOICE_FLAG_TEXTS[voice.flag].detail} data-testid="voice-flag">
          {VOICE_FLAG_TEXTS[voice.flag].label}
        </Badge>
      ) : null}
      <Badge tone="accent">{languageName(voice.language)}</Badge>
      {voice.gender ? <Badge tone="outline">{capitalised(voice.gender)}</Badge> : null}
      {accent && voice.accent ? <Badge tone="outline">{capitalised(voice.accent)}</Badge> : null}
    </span>
  );
}
