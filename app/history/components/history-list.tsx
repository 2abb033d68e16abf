import { Form, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { checkDownloadContentType } from "~/history/rules/media-types";
import { toRequestError } from "~/common/rules/http-error";
import { ShareDialog } from "~/sharing/components/share-dialog";
import { ShareVideoDialog } from "~/sharing/components/share-video-dialog";
import { useToast } from "~/common/components/toasts";
import type { HistoryEntry } from "~/speech/speech.server";
import { relativeTimeLabel } from "~/common/rules/relative-time";
import type { ShareButtonMode } from "../../../core/sharing/sharing";
import type { SafetyControl } from "../../../core/voices/voice-safety";
import { usePlayer } from "~/player/components/player";
import { Button } from "~/common/ui/button";

/** History items with play, download and delete; a search box and a voice filter on top. */
export function HistoryList({ entries, voices, search, voiceId, shareMode }: { shareMode: ShareButtonMode; entries: HistoryEntry[]; voices: { voice_id: string; name: string; safety_control?: SafetyControl | null }[]; search: string; voiceId: string }) {
  const player = usePlayer();
  const fetcher = useFetcher();
  const toast = useToast();
  const [selected, setSelected] = useState<string[]>([]);
  const [sharing, setSharing] = useState<{ item: HistoryEntry; dialog: "video" | "link" } | null>(null);
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
  return (
    <section aria-label="History" className="space-y-3">
      <Form method="get" className="flex gap-2" role="search">
        <input name="search" defaultValue={search} placeholder="Search history" aria-label="Search history" className="min-w-0 flex-1 rounded-lg border border-input px-3 py-1.5 text-sm dark:bg-zinc-900" />
        <select name="voice_id" defaultValue={voiceId} aria-label="Filter by voice" className="rounded-lg border border-input px-2 py-1.5 text-sm dark:bg-zinc-900">
          <option value="">All voices</option>
          {voices.map((v) => (
            <option key={v.voice_id} value={v.voice_id}>
              {v.name}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary">
          Filter
        </Button>
      </Form>
      {entries.length === 0 ? <p className="text-sm text-muted-foreground">Nothing generated yet.</p> : null}
      {selected.length > 0 ? (
        <div className="flex items-center justify-between rounded-lg bg-zinc-100 px-3 py-2 text-sm dark:bg-zinc-900">
          <span>{selected.length} selected</span>
          <Button variant="secondary" onClick={downloadSelected}>
            Download selected
          </Button>
        </div>
      ) : null}
      <ul className="space-y-2">
        {entries.map((entry) => {
          const src = `/v1/history/${entry.id}/audio`;
          return (
            <li key={entry.id} data-testid="history-item" className="rounded-xl border border-border p-3">
              <label className="flex items-start gap-2">
                <input type="checkbox" aria-label={`Select ${entry.text.slice(0, 30)}`} checked={selected.includes(entry.id)} onChange={() => toggle(entry.id)} className="mt-1" />
                <span className="line-clamp-2 text-sm">{entry.text}</span>
              </label>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <span>{entry.voiceName}</span>
                <span>·</span>
                <span>{relativeTimeLabel(entry.dateUnix)}</span>
                <span className="flex-1" />
                <Button
                  variant="ghost"
                  aria-label={`Play ${entry.text.slice(0, 30)}`}
                  onClick={() =>
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
                    )
                  }
                >
                  Play
                </Button>
                {shareMode === "labelled" ? (
                  <Button variant="secondary" onClick={() => setSharing({ item: entry, dialog: "video" })}>
                    Share
                  </Button>
                ) : shareMode === "icon" ? (
                  <Button variant="ghost" aria-label="Share" title="Share" onClick={() => setSharing({ item: entry, dialog: "link" })}>
                    <ShareIcon />
                  </Button>
                ) : null}
                <a href={src} download={entry.fileName} className="rounded-full px-3 py-1.5 hover:bg-zinc-100 dark:hover:bg-zinc-800">
                  Download
                </a>
                <fetcher.Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={entry.id} />
                  <Button type="submit" variant="ghost" aria-label={`Delete ${entry.text.slice(0, 30)}`}>
                    Delete
                  </Button>
                </fetcher.Form>
              </div>
            </li>
          );
        })}
      </ul>
      {sharing?.dialog === "link" ? <ShareDialog historyItemId={sharing.item.id} onClose={() => setSharing(null)} /> : null}
      {sharing?.dialog === "video" ? (
        <ShareVideoDialog item={sharing.item} onClose={() => setSharing(null)} onShareLink={() => setSharing({ item: sharing.item, dialog: "link" })} />
      ) : null}
    </section>
  );
}

function ShareIcon() {
  return (
    <svg aria-hidden width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  );
}
