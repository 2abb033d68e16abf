import { useState } from "react";
import { requestJson, RequestFailure } from "~/common/rules/http-error";
import { ThumbsDown, ThumbsUp } from "lucide-react";
import {
  FEEDBACK_ISSUES,
  FEEDBACK_MAX_LENGTH,
  FEEDBACK_MIN_LENGTH,
  FEEDBACK_SUBMITTED,
  feedbackCounterText,
  feedbackLength,
  feedbackTextError,
  opensFeedbackDialog,
  thumbsChanged,
} from "~/player/rules/player";
import { Dialog } from "~/common/ui/dialog";
import { useToast } from "~/common/components/toasts";
import { Button } from "~/common/ui/button";
import { cn } from "~/common/ui/cn";
import { Hint } from "~/common/ui/feedback";
import { IconButton } from "~/common/ui/icon-button";
import { Label, Textarea } from "~/common/ui/input";

const ISSUE_LABELS: Record<(typeof FEEDBACK_ISSUES)[number], string> = {
  emotions: "Emotions",
  inaccurate_clone: "Inaccurate voice",
  glitches: "Glitches",
  audio_quality: "Audio quality",
  other: "Other",
};

/** Thumbs up/down for a generated item, and the feedback dialog (spec §4.7, §5). */
export function FeedbackControls({ historyItemId, textLength, value, onSaved }: { historyItemId: string; textLength: number; value: boolean | null; onSaved: (v: boolean) => void }) {
  const toast = useToast();
  const [dialog, setDialog] = useState<boolean | null>(null);
  const [text, setText] = useState("");
  const [issues, setIssues] = useState<Record<string, boolean>>({});
  const [error, setError] = useState<string | null>(null);

  const send = async (body: Record<string, unknown>) => {
    await requestJson(`/v1/history/${historyItemId}/feedback`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  };
  const thumbs = async (up: boolean) => {
    try {
      if (thumbsChanged(value, up)) {
        await send({ thumbs_up: up });
        onSaved(up);
      }
      if (opensFeedbackDialog(up, textLength)) {
        setText("");
        setIssues({});
        setError(null);
        setDialog(up);
      }
    } catch (failure) {
      if (failure instanceof RequestFailure) toast.showError(failure);
    }
  };
  const submit = async () => {
    const textError = feedbackTextError(text);
    if (textError) return setError(textError);
    try {
      await send({ thumbs_up: dialog, feedback: text, ...issues });
      toast.show(FEEDBACK_SUBMITTED, "success");
      setDialog(null);
    } catch (failure) {
      if (failure instanceof RequestFailure) setError(failure.message);
    }
  };

  const tooShort = feedbackLength(text) < FEEDBACK_MIN_LENGTH;
  return (
    <div className="flex items-center gap-0.5" data-testid="feedback-controls">
      <IconButton
        label="Good generation"
        small
        aria-pressed={value === true}
        onClick={() => thumbs(true)}
        icon={<ThumbsUp aria-hidden="true" />}
        className={cn(value === true && "bg-accent-soft text-accent-foreground hover:bg-accent-soft")}
      />
      <IconButton
        label="Bad generation"
        small
        aria-pressed={value === false}
        onClick={() => thumbs(false)}
        icon={<ThumbsDown aria-hidden="true" />}
        className={cn(value === false && "bg-muted text-destructive-foreground")}
      />
      {dialog !== null ? (
        <Dialog title={dialog ? "What did you like?" : "What went wrong?"} onClose={() => setDialog(null)} testId="feedback-dialog">
          <form
            className="space-y-4 text-sm"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            {!dialog ? (
              <fieldset className="flex flex-wrap gap-2">
                <legend className="sr-only">Issues</legend>
                {FEEDBACK_ISSUES.map((issue) => (
                  <label
                    key={issue}
                    className="flex cursor-pointer items-center gap-2 rounded-full border border-input px-3 py-1.5 hover:bg-muted has-[:checked]:border-accent has-[:checked]:bg-accent-soft has-[:checked]:text-accent-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                  >
                    <input type="checkbox" className="size-4 accent-[var(--accent)]" checked={Boolean(issues[issue])} onChange={(e) => setIssues({ ...issues, [issue]: e.target.checked })} />
                    {ISSUE_LABELS[issue]}
                  </label>
                ))}
              </fieldset>
            ) : null}
            <div className="space-y-1.5">
              <Label htmlFor="feedback-text" className="block">
                Tell us more
              </Label>
              <Textarea id="feedback-text" value={text} maxLength={FEEDBACK_MAX_LENGTH} onChange={(e) => {
                  setText(e.target.value);
                  setError(null);
                }}
                rows={4} aria-describedby="feedback-counter" aria-invalid={error ? true : undefined} />
              <div className="flex items-start justify-between gap-3">
                {error ? (
                  <Hint tone="error">{error}</Hint>
                ) : (
                  <span />
                )}
                <span id="feedback-counter" data-testid="feedback-counter" aria-live="polite" className={cn("shrink-0 text-xs tabular-nums", tooShort ? "text-muted-foreground" : "text-success-foreground")}>
                  {feedbackCounterText(text)}
                </span>
              </div>
            </div>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setDialog(null)}>
                Cancel
              </Button>
              <Button type="submit">Submit</Button>
            </div>
          </form>
        </Dialog>
      ) : null}
    </div>
  );
}
