import { Form, useFetcher } from "@remix-run/react";
import { AudioLines, Clapperboard, Download, Link2, MoreHorizontal, Play, Share2, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { checkDownloadContentType } from "~/history/rules/media-types";
import { ALL_VOICES_VALUE, HISTORY_ACTIONS, HISTORY_ALL_VOICES, HISTORY_EMPTY, HISTORY_EMPTY_HINT, ITEM_LABEL_LENGTH } from "~/history/rules/history-texts";
import { toRequestError } from "~/common/rules/http-error";
import { ShareDialog } from "~/sharing/components/share-dialog";
import { ShareVideoDialog } from "~/sharing/components/share-video-dialog";
import { useToast } from "~/common/components/toasts";
import type { HistoryEntry } from "~/speech/speech.server";
import { relativeTimeLabel } from "~/common/rules/relative-time";
import type { ShareButtonMode } from "../../../core/sharing/sharing";
import type { SafetyControl } from "../../../core/voices/voice-safety";
import { usePlayer } from "~/player/components/player";
import { Button, buttonClass } from "~/common/ui/button";
import { EmptyState } from "~/common/ui/feedback";
import { IconButton } from "~/common/ui/icon-button";
import { Input } from "~/common/ui/input";
import { DropdownMenu, MenuItem } from "~/common/ui/menu";
import { Select } from "~/common/ui/select";
import { Tooltip } from "~/common/ui/tooltip";

type Voice = { voice_id: string; name: string; safety_control?: SafetyControl | null };
type Sharing = { item: HistoryEntry; dialog: "video" | "link"; opener: HTMLElement | null };

/**
 * History items, one row each: Play at the start, then Download, Share and a "More" menu (Delete); a search
 * box and a voice filter on top, and a download of the selected items.
 */
export function HistoryList({ entries, voices, search, voiceId, shareMode }: { shareMode: ShareButtonMode; entries: HistoryEntry[]; voices: Voice[]; search: string; voiceId: string }) {
  const player = usePlayer();
  const fetcher = useFetcher();
  const toast = useToast();
  const [selected, setSelected] = useState<string[]>([]);
  const [sharing, setSharing] = useState<Sharing | null>(null);
  const [voiceFilter, setVoiceFilter] = useState(voiceId || ALL_VOICES_VALUE);
  const toggle = (id: string) => setSelected(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);

  /** One item downloads as audio, several as a zip; anything else the server sends is refused (spec §5). */
  const downloadSelected = async () => {
    const response = await fetch("/v1/history/download", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ history_item_ids: selected }),
    });
    if (!response.ok) return toast.showError(await toRequestError(response));
    const type = checkDownloadContentType(response.headers.get("content-type"));
    if (!type.ok) return toast.show(type.message, "error");
    const name = response.headers.get("content-disposition")?.match(/filename="([^"]+)"/)?.[1] ?? (type.kind === "zip" ? "history.zip" : "audio.mp3");
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const play = (entry: HistoryEntry) => {
    const src = `/v1/history/${entry.id}/audio`;
    player.play(
      {
        id: entry.id,
        title: entry.text.slice(0, 80),
        voiceName: entry.voiceName,
        src,
        downloadName: entry.fileName,
        historyItemId: entry.id,
        text: entry.text,
        voice: { voiceId: entry.voiceId, name: entry.voiceName, safetyControl: voices.find((v) => v.voice_id === entry.voiceId)?.safety_control },
      },
      { kind: "url", url: src },
    );
  };
  const remove = (entry: HistoryEntry) => fetcher.submit({ intent: "delete", id: entry.id }, { method: "post" });

  return (
    <section aria-label="History" className="space-y-3">
      <Form method="get" className="flex flex-wrap gap-2" role="search">
        <Input name="search" defaultValue={search} placeholder="Search history" aria-label="Search history" className="min-w-0 flex-1 basis-48" />
        {/* The list's choice cannot be empty, so "all voices" is sent as an empty voice_id by hand. */}
        <input type="hidden" name="voice_id" value={voiceFilter === ALL_VOICES_VALUE ? "" : voiceFilter} />
        <Select
          label="Filter by voice"
          value={voiceFilter}
          onValueChange={setVoiceFilter}
          className="w-44"
          options={[{ value: ALL_VOICES_VALUE, label: HISTORY_ALL_VOICES }, ...voices.map((v) => ({ value: v.voice_id, label: v.name }))]}
        />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      {entries.length === 0 ? (
        <EmptyState icon={<AudioLines />} title={HISTORY_EMPTY}>
          {HISTORY_EMPTY_HINT}
        </EmptyState>
      ) : null}
      {selected.length > 0 ? (
        <div className="flex items-center justify-between rounded-lg bg-muted px-3 py-2 text-sm">
          <span>{selected.length} selected</span>
          <Button variant="secondary" size="sm" onClick={downloadSelected}>
            <Download aria-hidden="true" />
            Download selected
          </Button>
        </div>
      ) : null}
      <ul className="space-y-2">
        {entries.map((entry) => (
          <HistoryRow
            key={entry.id}
            entry={entry}
            shareMode={shareMode}
            selected={selected.includes(entry.id)}
            onToggle={() => toggle(entry.id)}
            onPlay={() => play(entry)}
            onShare={(dialog, opener) => setSharing({ item: entry, dialog, opener })}
            onDelete={() => remove(entry)}
          />
        ))}
      </ul>
      {sharing?.dialog === "link" ? <ShareDialog historyItemId={sharing.item.id} onClose={() => setSharing(null)} returnFocusTo={sharing.opener} /> : null}
      {sharing?.dialog === "video" ? (
        <ShareVideoDialog item={sharing.item} onClose={() => setSharing(null)} onShareLink={() => setSharing({ ...sharing, dialog: "link" })} returnFocusTo={sharing.opener} />
      ) : null}
    </section>
  );
}

/**
 * One item. Wide screens: one line (checkbox, Play, text, actions). Phones: the text on top and all the
 * buttons on a line of their own below it, so Play never wraps alone.
 */
function HistoryRow({
  entry,
  shareMode,
  selected,
  onToggle,
  onPlay,
  onShare,
  onDelete,
}: {
  entry: HistoryEntry;
  shareMode: ShareButtonMode;
  selected: boolean;
  onToggle: () => void;
  onPlay: () => void;
  onShare: (dialog: "link" | "video", opener: HTMLElement | null) => void;
  onDelete: () => void;
}) {
  const shareButton = useRef<HTMLButtonElement>(null);
  const name = entry.text.slice(0, ITEM_LABEL_LENGTH);
  const share = <IconButton ref={shareButton} label={HISTORY_ACTIONS.share} icon={<Share2 aria-hidden="true" />} disabled={shareMode === "icon-disabled"} onClick={shareMode === "labelled" ? undefined : () => onShare("link", shareButton.current)} />;
  return (
    <li data-testid="history-item" className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-border bg-card p-3">
      <input type="checkbox" aria-label={`Select ${name}`} checked={selected} onChange={onToggle} className="order-1 size-4 shrink-0 accent-[var(--accent)]" />
      <div className="order-2 min-w-0 flex-1 basis-[calc(100%-2rem)] sm:order-3 sm:basis-0">
        <p className="line-clamp-2 text-sm">{entry.text}</p>
        <p className="mt-0.5 truncate text-xs text-muted-foreground">
          {entry.voiceName} · {relativeTimeLabel(entry.dateUnix)}
        </p>
      </div>
      <div className="order-3 sm:order-2">
        <IconButton label={HISTORY_ACTIONS.play} aria-label={`${HISTORY_ACTIONS.play} ${name}`} variant="secondary" icon={<Play aria-hidden="true" className="fill-current" />} onClick={onPlay} />
      </div>
      <div className="order-4 ml-auto flex items-center gap-0.5">
        <Tooltip content={HISTORY_ACTIONS.download}>
          <a href={`/v1/history/${entry.id}/audio`} download={entry.fileName} aria-label={HISTORY_ACTIONS.download} className={buttonClass("ghost", "", "icon")}>
            <Download aria-hidden="true" />
          </a>
        </Tooltip>
        {shareMode === "hidden" ? null : shareMode === "labelled" ? (
          <DropdownMenu trigger={share}>
            <MenuItem icon={<Link2 aria-hidden="true" />} onSelect={() => onShare("link", shareButton.current)}>
              {HISTORY_ACTIONS.copyShareLink}
            </MenuItem>
            <MenuItem icon={<Clapperboard aria-hidden="true" />} onSelect={() => onShare("video", shareButton.current)}>
              {HISTORY_ACTIONS.createShareVideo}
            </MenuItem>
          </DropdownMenu>
        ) : (
          share
        )}
        <DropdownMenu trigger={<IconButton label={HISTORY_ACTIONS.more} icon={<MoreHorizontal aria-hidden="true" />} />}>
          <MenuItem destructive icon={<Trash2 aria-hidden="true" />} onSelect={onDelete}>
            {HISTORY_ACTIONS.delete}
          </MenuItem>
        </DropdownMenu>
      </div>
    </li>
  );
}
