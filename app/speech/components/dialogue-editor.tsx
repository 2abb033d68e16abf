import { useEffect, useState } from "react";
import { DIALOGUE_DRAFT_KEY, dialogueCharacters, MAX_DIALOGUE_CHARACTERS, MAX_DIALOGUE_LINES, parseDraft, serializeDraft, speakableLines, type DialogueLine } from "~/speech/rules/dialogue";
import { Button } from "~/common/ui/button";
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
  return (
    <div className="space-y-3" data-testid="dialogue-editor">
      <ol className="space-y-2">
        {lines.map((line, index) => (
          <li key={index} className="flex gap-2">
            <select aria-label={`Voice of line ${index + 1}`} value={line.voice_id} onChange={(e) => update(index, { voice_id: e.target.value })} className="w-36 rounded-lg border border-input px-2 text-sm dark:bg-zinc-900">
              {voices.map((v) => (
                <option key={v.voice_id} value={v.voice_id}>
                  {v.name}
                </option>
              ))}
            </select>
            <input aria-label={`Text of line ${index + 1}`} value={line.text} onChange={(e) => update(index, { text: e.target.value })} placeholder="What this voice says…" className="min-w-0 flex-1 rounded-lg border border-input px-3 py-2 text-sm dark:bg-zinc-900" />
            <Button variant="ghost" aria-label={`Remove line ${index + 1}`} disabled={lines.length <= 1} onClick={() => setLines(lines.filter((_, i) => i !== index))}>
              ×
            </Button>
          </li>
        ))}
      </ol>
      <div className="flex items-center justify-between text-xs text-muted-foreground">
        <Button variant="secondary" disabled={lines.length >= MAX_DIALOGUE_LINES} onClick={() => setLines([...lines, { text: "", voice_id: lines.at(-1)?.voice_id ?? voices[0]!.voice_id }])}>
          Add line
        </Button>
        <span className={characters > MAX_DIALOGUE_CHARACTERS ? "text-red-600" : undefined}>
          {lines.length} / {MAX_DIALOGUE_LINES} lines · {characters} / {MAX_DIALOGUE_CHARACTERS} characters
        </span>
      </div>
      <div className="flex justify-end">
        <Button data-testid="generate-dialogue" disabled={busy || speakable.length === 0 || characters > MAX_DIALOGUE_CHARACTERS} onClick={() => onGenerate(speakable)}>
          {busy ? "Generating…" : "Generate dialogue"}
        </Button>
      </div>
    </div>
  );
}
