import { useEffect, useState } from "react";
import { DIALOGUE_DRAFT_KEY, dialogueCharacters, MAX_DIALOGUE_CHARACTERS, MAX_DIALOGUE_LINES, parseDraft, serializeDraft, speakableLines, type DialogueLine } from "~/speech/rules/dialogue";
import { Loader2, MessagesSquare, Plus, X } from "lucide-react";
import { EMPTY_DIALOGUE_HINT, generateBlocked } from "~/speech/rules/generate-hint";
import { Button } from "~/common/ui/button";
import { cn } from "~/common/ui/cn";
import { Hint } from "~/common/ui/feedback";
import { IconButton } from "~/common/ui/icon-button";
import { Input } from "~/common/ui/input";
import { Select } from "~/common/ui/select";
import { nowSeconds } from "../../../core/clock";

/** Lines of text, each with its voice; the draft is kept locally (7 days, 50 lines). */
export function DialogueEditor({ voices, busy, onGenerate }: { voices: { voice_id: string; name: string }[]; busy: boolean; onGenerate: (lines: DialogueLine[]) => void }) {
  const [lines, setLines] = useState<DialogueLine[]>(() => [
    { text: "", voice_id: voices[0]!.voice_id },
    { text: "", voice_id: voices[1]?.voice_id ?? voices[0]!.voice_id },
  ]);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    try {
      const draft = parseDraft(localStorage.getItem(DIALOGUE_DRAFT_KEY), nowSeconds());
      if (draft?.length) setLines(draft);
    } catch {
      // storage unavailable: start empty
    }
    setLoaded(true);
  }, []);
  useEffect(() => {
    if (!loaded) return;
    try {
      localStorage.setItem(DIALOGUE_DRAFT_KEY, serializeDraft(lines, nowSeconds()));
    } catch {
      // storage unavailable: the draft lives for this page only
    }
  }, [lines, loaded]);

  const update = (index: number, patch: Partial<DialogueLine>) => setLines(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  const characters = dialogueCharacters(lines);
  const speakable = speakableLines(lines);
  const voiceOptions = voices.map((v) => ({ value: v.voice_id, label: v.name }));
  const blocked = generateBlocked({ empty: speakable.length === 0, characters, maxCharacters: MAX_DIALOGUE_CHARACTERS, creditsLeft: null, emptyMessage: EMPTY_DIALOGUE_HINT, limitOf: "a dialogue" });
  return (
    <div className="space-y-3" data-testid="dialogue-editor">
      <ol className="space-y-2">
        {lines.map((line, index) => (
          <li key={index} className="flex gap-2">
            <Select label={`Voice of line ${index + 1}`} className="w-32 shrink-0 sm:w-40" value={line.voice_id} onValueChange={(voice_id) => update(index, { voice_id })} options={voiceOptions} />
            <Input aria-label={`Text of line ${index + 1}`} value={line.text} onChange={(e) => update(index, { text: e.target.value })} placeholder="What this voice says…" className="min-w-0 flex-1" />
            <IconButton label={`Remove line ${index + 1}`} icon={<X aria-hidden="true" />} disabled={lines.length <= 1} onClick={() => setLines(lines.filter((_, i) => i !== index))} />
          </li>
        ))}
      </ol>
      <div className="flex items-center justify-between text-xs text-muted-foreground">
        <Button variant="secondary" size="sm" disabled={lines.length >= MAX_DIALOGUE_LINES} onClick={() => setLines([...lines, { text: "", voice_id: lines.at(-1)?.voice_id ?? voices[0]!.voice_id }])}>
          <Plus aria-hidden="true" />
          Add line
        </Button>
        <span className={cn("tabular-nums", characters > MAX_DIALOGUE_CHARACTERS && "font-medium text-destructive-foreground")}>
          {lines.length} / {MAX_DIALOGUE_LINES} lines · {characters} / {MAX_DIALOGUE_CHARACTERS} characters
        </span>
      </div>
      <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
        {blocked && !busy ? (
          <Hint id="generate-dialogue-hint" tone={blocked.reason === "empty" ? "muted" : "error"} className="min-w-0 flex-1 text-right text-sm">
            <span data-testid="generate-hint" data-reason={blocked.reason}>
              {blocked.message}
            </span>
          </Hint>
        ) : null}
        <Button data-testid="generate-dialogue" disabled={busy || blocked !== null} aria-describedby={blocked ? "generate-dialogue-hint" : undefined} onClick={() => onGenerate(speakable)}>
          {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <MessagesSquare aria-hidden="true" />}
          {busy ? "Generating…" : "Generate dialogue"}
        </Button>
      </div>
    </div>
  );
}
