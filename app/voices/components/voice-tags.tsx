import { languageName } from "~/speech/rules/languages";
import { Badge } from "~/common/ui/badge";
import { cn } from "~/common/ui/cn";

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A voice's language, gender and (when given) accent, as tags. */
export function VoiceTags({ voice, accent = false, className }: { voice: { language: string; gender: string; accent?: string }; accent?: boolean; className?: string }) {
  return (
    <span className={cn("flex flex-wrap items-center gap-1", className)}>
      <Badge tone="accent">{languageName(voice.language)}</Badge>
      {voice.gender ? <Badge tone="outline">{capitalised(voice.gender)}</Badge> : null}
      {accent && voice.accent ? <Badge tone="outline">{capitalised(voice.accent)}</Badge> : null}
    </span>
  );
}
