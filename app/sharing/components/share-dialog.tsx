import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { isActionFailure, type ActionFailure } from "~/common/rules/action-result";
import { SHARE_ACTION_PATH, type PublicNameAnswer, type ShareLinkAnswer } from "~/sharing/rules/share-actions";
import {
  MAX_PUBLIC_NAME,
  NATIVE_SHARE_TITLE,
  PUBLIC_NAME_HELPER,
  PUBLIC_NAME_LABEL,
  PUBLIC_NAME_UPDATED,
  resolveShareLink,
  SHARE_API_NOT_SUPPORTED,
  SHARE_DIALOG_TITLE,
  SHARE_LINK_COPIED,
  SHARE_LINK_LOADING,
  SHARE_PUBLIC_LINK_LABEL,
  socialShareUrl,
  truncateShareLink,
  type SocialNetwork,
} from "../../../core/sharing/sharing";
import { track } from "~/accounts/browser/analytics";
import { Dialog } from "~/common/ui/dialog";
import { useToast } from "~/common/components/toasts";
import { Button } from "~/common/ui/button";
import { Input, Label } from "~/common/ui/input";
import { Copy, Link2, Share } from "lucide-react";

const NETWORKS: { id: SocialNetwork; label: string }[] = [
  { id: "facebook", label: "Facebook" },
  { id: "x", label: "X" },
  { id: "whatsapp", label: "WhatsApp" },
];

function isMobileUserAgent(): boolean {
  return typeof navigator !== "undefined" && /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}

/**
 * 'Share with your community' (spec §2.7): social buttons, OR, the public link with Copy, and the public name.
 * Opening it creates the item's link (once; later openings get the same one) through the sharing action.
 */
export function ShareDialog({ historyItemId, onClose, returnFocusTo }: { historyItemId: string; onClose: () => void; returnFocusTo?: HTMLElement | null }) {
  const toast = useToast();
  const linkFetcher = useFetcher<ShareLinkAnswer | ActionFailure>();
  const nameFetcher = useFetcher<PublicNameAnswer | ActionFailure>();
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [publicName, setPublicName] = useState("");
  const mobile = isMobileUserAgent();

  const { submit: submitLink, data: linkAnswer } = linkFetcher;
  useEffect(() => {
    track("share_modal_opened");
    submitLink({ intent: "create-link", history_item_id: historyItemId }, { method: "post", action: SHARE_ACTION_PATH });
  }, [historyItemId, submitLink]);
  useEffect(() => {
    if (!linkAnswer) return;
    if (isActionFailure(linkAnswer)) return setError(linkAnswer.error.message);
    setLink(resolveShareLink(linkAnswer.share_link, window.location.href));
    setPublicName(linkAnswer.public_user_name);
  }, [linkAnswer]);

  const nameAnswer = nameFetcher.data;
  useEffect(() => {
    if (!nameAnswer) return;
    // The spec only logs a failure here; the toast shows either way.
    if (isActionFailure(nameAnswer)) console.warn("public name update failed", nameAnswer.error);
    toast.show(PUBLIC_NAME_UPDATED, "success");
  }, [nameAnswer, toast]);

  const copy = async () => {
    if (!link) return;
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    track("share_link_copied");
    toast.show(SHARE_LINK_COPIED, "success");
  };
  const nativeShare = async () => {
    if (!link) return;
    if (!navigator.share) return toast.show(SHARE_API_NOT_SUPPORTED, "error");
    track("share_native_started");
    try {
      await navigator.share({ title: NATIVE_SHARE_TITLE, url: link });
      track("share_native_succeeded");
    } catch (failure) {
      if (failure instanceof DOMException && failure.name === "AbortError") return track("share_native_aborted");
      track("share_native_failed");
      await copy();
    }
  };

  return (
    <Dialog title={SHARE_DIALOG_TITLE} onClose={onClose} testId="share-dialog" returnFocusTo={returnFocusTo}>
      <div className="space-y-5 text-sm">
        <div className="grid grid-cols-3 gap-2">
          {NETWORKS.map((network) => (
            <Button key={network.id} variant="secondary" disabled={!link} onClick={() => link && window.open(socialShareUrl(network.id, link), "_blank", "noopener,noreferrer,width=600,height=600")}>
              {network.label}
            </Button>
          ))}
        </div>
        <div className="flex items-center gap-3 text-xs text-muted-foreground">
          <span className="h-px flex-1 bg-border" />
          OR
          <span className="h-px flex-1 bg-border" />
        </div>
        <div className="space-y-1.5">
          <p className="font-medium">{SHARE_PUBLIC_LINK_LABEL}</p>
          {error ? (
            <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/10 px-3 py-2 text-destructive-foreground">
              {error}
            </div>
          ) : (
            <div className="flex h-10 items-center gap-2 rounded-lg border border-input bg-muted/50 pl-3 pr-1">
              <Link2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate font-mono text-xs" data-testid="share-link" data-link={link ?? ""}>
                {link ? truncateShareLink(link) : SHARE_LINK_LOADING}
              </span>
              <Button variant="ghost" size="sm" disabled={!link} onClick={copy}>
                <Copy aria-hidden="true" />
                Copy
              </Button>
            </div>
          )}
          {mobile ? (
            <Button className="mt-2 w-full" disabled={!link} onClick={nativeShare}>
              <Share aria-hidden="true" />
              Share Public Link
            </Button>
          ) : null}
        </div>
        <div className="space-y-1.5">
          <Label htmlFor="public-name" className="block">
            {PUBLIC_NAME_LABEL}
          </Label>
          <nameFetcher.Form method="post" action={SHARE_ACTION_PATH} className="flex gap-2">
            <input type="hidden" name="intent" value="public-name" />
            <Input id="public-name" name="public_user_name" value={publicName} maxLength={MAX_PUBLIC_NAME} onChange={(e) => setPublicName(e.target.value)} aria-describedby="public-name-helper" className="min-w-0 flex-1" />
            <Button type="submit" variant="secondary">
              Save
            </Button>
          </nameFetcher.Form>
          <p id="public-name-helper" className="text-xs text-muted-foreground">
            {PUBLIC_NAME_HELPER}
          </p>
        </div>
      </div>
    </Dialog>
  );
}
