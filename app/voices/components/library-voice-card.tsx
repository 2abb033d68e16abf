import { Link, useFetcher } from "@remix-run/react";
import { Check, Link2, Lock, Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Avatar } from "~/common/ui/avatar";
import { Badge } from "~/common/ui/badge";
import { Button, LinkButton } from "~/common/ui/button";
import { Card } from "~/common/ui/card";
import { cn } from "~/common/ui/cn";
import { Dialog, DialogActions } from "~/common/ui/dialog";
import { Hint } from "~/common/ui/feedback";
import { Input, Label } from "~/common/ui/input";
import { useToast } from "~/common/components/toasts";
import { useCompleteChecklistItem } from "~/accounts/components/onboarding-client";
import { sharedVoicePath, type LibraryVoiceOption } from "~/voices/library-json";
import { VOICE_NAME_MAX } from "~/voices/rules/voice-library";
import { rateLabel } from "~/payouts/rules/royalties";
import { PlayingBars, useVoicePreview, VoicePreviewButton } from "./voice-preview";
import { VoiceTags } from "./voice-tags";

/** Where Add posts: the library page's action, from the library and from a shared voice's public link alike. */
export const ADD_SHARED_VOICE_ACTION = "/app/voice-library?index";

export type AddVoiceResult = { intent: "add"; ok: true; name: string; voiceId: string } | { intent: "add"; ok: false; error: string };

const humanCount = (count: number) => new Intl.NumberFormat("en", { notation: "compact" }).format(count);

/** A library voice: who it sounds like (tags, description), its preview, how often it was added, and Add. */
export function LibraryVoiceCard({ voice, headingLevel: Heading = "h2" }: { voice: LibraryVoiceOption; headingLevel?: "h2" | "h3" }) {
  const preview = useVoicePreview(voice);
  return (
    <Card
      data-testid="library-voice"
      data-voice-id={voice.voice_id}
      className={cn("group flex w-full flex-col gap-3 p-4 transition-colors hover:border-ring/40 focus-within:border-ring/40", preview.active && "border-accent ring-1 ring-accent")}
    >
      <div className="flex items-start gap-3">
        <Avatar seed={voice.voice_id} name={voice.name} size="lg" />
        <div className="min-w-0 flex-1">
          <Heading className="flex items-center gap-2 font-semibold">
            <Link to={sharedVoicePath(voice.public_owner_id, voice.voice_id)} className="truncate hover:underline">
              {voice.name}
            </Link>
            {preview.active ? <PlayingBars className="text-accent-foreground" /> : null}
          </Heading>
          <VoiceTags voice={voice} accent className="mt-1" />
        </div>
      </div>
      <p className="line-clamp-3 flex-1 text-sm text-muted-foreground">{voice.description}</p>
      <p className="flex flex-wrap gap-1 text-xs text-muted-foreground">
        <Badge tone="outline">{voice.category === "generated" ? "Designed" : voice.category === "professional" ? "Professional clone" : "Instant clone"}</Badge>
        {voice.use_case ? <Badge tone="outline">{voice.use_case.replace(/_/g, " ")}</Badge> : null}
        {voice.live_moderation ? <Badge tone="warning">Live moderated</Badge> : null}
        {voice.royalty_rate > 0 ? <span className="self-center" title="What the owner earns when another workspace generates with it">{`Owner earns ${rateLabel(voice.royalty_rate)} ·`}</span> : null}
        <span className="self-center">{`Added ${humanCount(voice.cloned_by_count)} ${voice.cloned_by_count === 1 ? "time" : "times"}`}</span>
      </p>
      <div className="flex items-center justify-between gap-2">
        <VoicePreviewButton voice={voice} labelled />
        <AddSharedVoice voice={voice} />
      </div>
    </Card>
  );
}

/** Add: a dialog asks the name the voice gets in your voices; owned, added and copy-protected voices say so instead. */
export function AddSharedVoice({ voice }: { voice: LibraryVoiceOption }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<AddVoiceResult>();
  const toast = useToast();
  const completeChecklistItem = useCompleteChecklistItem();
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const added = voice.added || (result?.ok ?? false);
  const handled = useRef<AddVoiceResult | undefined>(undefined);
  useEffect(() => {
    if (result?.ok && handled.current !== result) {
      handled.current = result;
      setOpen(false);
      toast.show(`${result.name} is in your voices.`, "success");
      // The getting-started item "Add a voice from the library" (spec accounts §4.6).
      void completeChecklistItem("add_voice_to_voice_lab");
    }
  }, [result, toast, completeChecklistItem]);
  if (voice.own) return <Badge tone="outline">Your voice</Badge>;
  if (added) {
    return (
      <LinkButton to="/app/voice-library/collections#my-voices" variant="ghost" size="sm" data-testid="added-voice">
        <Check aria-hidden="true" /> Added
      </LinkButton>
    );
  }
  if (!voice.copyable) {
    return (
      <span className="inline-flex items-center gap-1 text-xs text-muted-foreground" data-testid="copy-disabled">
        <Lock aria-hidden="true" className="size-3.5" /> Owner allows listening only
      </span>
    );
  }
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} data-testid="add-voice">
        <Plus aria-hidden="true" /> Add<span className="sr-only">{` ${voice.name}`}</span>
      </Button>
      {open ? (
        <Dialog title={`Add ${voice.name} to your voices`} description="It takes one of your plan's voice slots. Name it as you will find it in the voice picker." onClose={() => setOpen(false)} testId="add-voice-dialog">
          <fetcher.Form method="post" action={ADD_SHARED_VOICE_ACTION} className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="add" />
            <input type="hidden" name="public_user_id" value={voice.public_owner_id} />
            <input type="hidden" name="voice_id" value={voice.voice_id} />
            <div className="flex flex-col gap-1">
              <Label htmlFor={`add-name-${voice.voice_id}`}>Name</Label>
              <Input
                id={`add-name-${voice.voice_id}`}
                name="new_name"
                defaultValue={voice.name}
                maxLength={VOICE_NAME_MAX}
                required
                autoFocus
                aria-invalid={result && !result.ok ? true : undefined}
                aria-describedby={result && !result.ok ? `add-error-${voice.voice_id}` : undefined}
              />
              {result && !result.ok ? (
                <Hint id={`add-error-${voice.voice_id}`} tone="error">
                  {result.error}
                </Hint>
              ) : null}
            </div>
            <DialogActions onCancel={() => setOpen(false)}>
              <Button type="submit" disabled={fetcher.state !== "idle"} data-testid="confirm-add-voice">
                <Plus aria-hidden="true" /> Add voice
              </Button>
            </DialogActions>
          </fetcher.Form>
        </Dialog>
      ) : null}
    </>
  );
}

/** The public link of a voice, to copy. */
export function CopyLinkButton({ path }: { path: string }) {
  const toast = useToast();
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void navigator.clipboard?.writeText(new URL(path, window.location.origin).toString()).then(() => toast.show("Link copied.", "success"))}
    >
      <Link2 aria-hidden="true" /> Copy link
    </Button>
  );
}
