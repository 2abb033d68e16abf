import { useState } from "react";
import { requestJson, RequestFailure } from "~/common/rules/http-error";
import { FEEDBACK_ISSUES, FEEDBACK_MAX_LENGTH, FEEDBACK_SUBMITTED, feedbackTextError, opensFeedbackDialog, thumbsChanged } from "~/player/rules/player";
import { Dialog } from "~/common/ui/dialog";
import { useToast } from "~/common/components/toasts";
import { Button } from "~/common/ui/button";

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

  return (
    <div className="flex items-center gap-1" data-testid="feedback-controls">
      <button type="button" aria-label="Good generation" aria-pressed={value === true} onClick={() => thumbs(true)} className={`rounded px-1.5 py-1 ${value === true ? "bg-emerald-100 dark:bg-emerald-900" : ""}`}>
        <Thumb />
      </button>
      <button type="button" aria-label="Bad generation" aria-pressed={value === false} onClick={() => thumbs(false)} className={`rounded px-1.5 py-1 ${value === false ? "bg-red-100 dark:bg-red-900" : ""}`}>
        <Thumb down />
      </button>
      {dialog !== null ? (
        <Dialog title={dialog ? "What did you like?" : "What went wrong?"} onClose={() => setDialog(null)} testId="feedback-dialog">
          <div className="space-y-3 text-sm">
            {!dialog ? (
              <div className="flex flex-wrap gap-2">
                {FEEDBACK_ISSUES.map((issue) => (
                  <label key={issue} className="flex items-center gap-1 rounded-full border border-input px-3 py-1">
                    <input type="checkbox" checked={Boolean(issues[issue])} onChange={(e) => setIssues({ ...issues, [issue]: e.target.checked })} />
                    {ISSUE_LABELS[issue]}
                  </label>
                ))}
              </div>
            ) : null}
            <label htmlFor="feedback-text" className="block font-medium">
              Tell us more
            </label>
            <textarea id="feedback-text" value={text} maxLength={FEEDBACK_MAX_LENGTH} onChange={(e) => setText(e.target.value)} rows={4} className="w-full rounded-lg border border-input p-2 dark:bg-zinc-900" />
            <div className="flex justify-between text-xs text-muted-foreground">
              <span role="alert" className="text-red-600">
                {error}
              </span>
              <span data-testid="feedback-counter">
                {[...text].length} / {FEEDBACK_MAX_LENGTH}
              </span>
            </div>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setDialog(null)}>
                Cancel
              </Button>
              <Button onClick={submit}>Submit</Button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

function Thumb({ down = false }: { down?: boolean }) {
  return (
    <svg aria-hidden width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" style={down ? { transform: "rotate(180deg)" } : undefined}>
      <path d="M7 10v12M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z" />
    </svg>
  );
}
