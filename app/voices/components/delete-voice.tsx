import { useFetcher } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/common/ui/button";
import { Dialog, DialogActions } from "~/common/ui/dialog";
import { Hint } from "~/common/ui/feedback";
import { useToast } from "~/common/components/toasts";

/** Where Delete posts: the voice lab's action. */
export const DELETE_VOICE_ACTION = "/app/voice-lab";

export type DeleteVoiceResult = { intent: "delete"; ok: true } | { intent: "delete"; ok: false; error: string };

/** Delete one of the workspace's own voices, after saying what goes with it. */
export function DeleteVoiceButton({ voice }: { voice: { voice_id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<DeleteVoiceResult>();
  const toast = useToast();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok) {
      setOpen(false);
      toast.show(`${voice.name} was deleted.`, "success");
    }
  }, [result, toast, voice.name]);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)} data-testid="delete-voice">
        <Trash2 aria-hidden="true" /> Delete<span className="sr-only">{` ${voice.name}`}</span>
      </Button>
      {open ? (
        <Dialog title={`Delete ${voice.name}?`} description="Its samples and preview are removed. Audio already made keeps the voice's name in history." onClose={() => setOpen(false)} testId="delete-voice-dialog">
          <fetcher.Form method="post" action={DELETE_VOICE_ACTION} className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="voice_id" value={voice.voice_id} />
            {result && !result.ok ? <Hint tone="error">{result.error}</Hint> : null}
            <DialogActions onCancel={() => setOpen(false)}>
              <Button type="submit" variant="destructive" disabled={fetcher.state !== "idle"} data-testid="confirm-delete-voice">
                Delete
              </Button>
            </DialogActions>
          </fetcher.Form>
        </Dialog>
      ) : null}
    </>
  );
}
