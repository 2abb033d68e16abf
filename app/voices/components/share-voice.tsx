import { useFetcher } from "@remix-run/react";
import { Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "~/common/ui/button";
import { Dialog, DialogActions } from "~/common/ui/dialog";
import { Hint } from "~/common/ui/feedback";
import { Input } from "~/common/ui/input";
import { ROYALTY_CREDITS_PER_RATE, ROYALTY_RATE_MAX, ROYALTY_RATE_SUGGESTED } from "~/payouts/rules/royalties";
import { useToast } from "~/common/components/toasts";

/** Where Share posts (the collections page's action); any page listing the workspace's own voices can offer it. */
export const SHARE_VOICE_ACTION = "/app/voice-library/collections";

/** `royalty_rate`: cents per 1,000 credits another workspace's copy uses (decision 0056); 0: none. */
export type ShareableVoice = { voice_id: string; name: string; published: boolean; copyable: boolean; live_moderation: boolean; royalty_rate: number };
export type ShareVoiceResult = { intent: "share"; ok: true; published: boolean } | { intent: "share"; ok: false; error: string };

function Check({ name, label, hint, defaultChecked }: { name: string; label: string; hint: string; defaultChecked: boolean }) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input type="checkbox" name={name} value="on" defaultChecked={defaultChecked} className="mt-1 size-4 accent-[var(--color-primary)]" />
      <span>
        <span className="font-medium">{label}</span>
        <span className="block text-xs text-muted-foreground">{hint}</span>
      </span>
    </label>
  );
}

/** Share: publish one of your voices in the library, let others add it or only listen, and flag live moderation. */
export function ShareVoiceButton({ voice }: { voice: ShareableVoice }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<ShareVoiceResult>();
  const toast = useToast();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (result?.ok) {
      setOpen(false);
      toast.show(result.published ? `${voice.name} is in the library.` : `${voice.name} is no longer in the library.`, "success");
    }
  }, [result, toast, voice.name]);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="share-voice">
        <Share2 aria-hidden="true" /> Share<span className="sr-only">{` ${voice.name}`}</span>
      </Button>
      {open ? (
        <Dialog title={`Share ${voice.name}`} description="A shared voice is listed in the Voice Library for every workspace of this platform." onClose={() => setOpen(false)} testId="share-voice-dialog">
          <fetcher.Form method="post" action={SHARE_VOICE_ACTION} className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="share" />
            <input type="hidden" name="voice_id" value={voice.voice_id} />
            <Check name="published" label="Publish in the Voice Library" hint="Others can find it and hear its preview." defaultChecked={voice.published} />
            <Check name="copyable" label="Allow others to add it" hint="Unticked, it stays listed but can only be heard." defaultChecked={voice.published ? voice.copyable : true} />
            <Check
              name="live_moderation"
              label="Live moderation"
              hint="Marks the voice as live moderated: those who add it see so, and live-moderated voices are not offered in Studio."
              defaultChecked={voice.live_moderation}
            />
            <Check
              name="rewards"
              label="Earn royalties"
              hint="Other workspaces' generations with your voice pay you this rate (shown in the library); your earnings appear under Payouts."
              defaultChecked={voice.royalty_rate > 0}
            />
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-medium">Royalty in cents per {ROYALTY_CREDITS_PER_RATE.toLocaleString("en-US")} characters</span>
              <Input type="number" name="royalty_cents" min={1} max={ROYALTY_RATE_MAX} step={1} defaultValue={voice.royalty_rate > 0 ? voice.royalty_rate : ROYALTY_RATE_SUGGESTED} className="w-32" />
            </label>
            {result && !result.ok ? <Hint tone="error">{result.error}</Hint> : null}
            <DialogActions onCancel={() => setOpen(false)}>
              <Button type="submit" disabled={fetcher.state !== "idle"} data-testid="save-sharing">
                Save
              </Button>
            </DialogActions>
          </fetcher.Form>
        </Dialog>
      ) : null}
    </>
  );
}
