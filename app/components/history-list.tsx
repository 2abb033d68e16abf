import { Form, useFetcher } from "@remix-run/react";
import type { HistoryEntry } from "~/lib/tts-page.server";
import { relativeTimeLabel } from "~/domain/relative-time";
import { usePlayer } from "./player";
import { Button } from "./ui";

/** History items with play, download and delete; a search box and a voice filter on top. */
export function HistoryList({ entries, voices, search, voiceId }: { entries: HistoryEntry[]; voices: { voice_id: string; name: string }[]; search: string; voiceId: string }) {
  const player = usePlayer();
  const fetcher = useFetcher();
  return (
    <section aria-label="History" className="space-y-3">
      <Form method="get" className="flex gap-2" role="search">
        <input name="search" defaultValue={search} placeholder="Search history" aria-label="Search history" className="min-w-0 flex-1 rounded-lg border border-zinc-300 px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900" />
        <select name="voice_id" defaultValue={voiceId} aria-label="Filter by voice" className="rounded-lg border border-zinc-300 px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900">
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
      {entries.length === 0 ? <p className="text-sm text-zinc-500">Nothing generated yet.</p> : null}
      <ul className="space-y-2">
        {entries.map((entry) => {
          const src = `/v1/history/${entry.id}/audio`;
          return (
            <li key={entry.id} data-testid="history-item" className="rounded-xl border border-zinc-200 p-3 dark:border-zinc-800">
              <p className="line-clamp-2 text-sm">{entry.text}</p>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-zinc-500">
                <span>{entry.voiceName}</span>
                <span>·</span>
                <span>{relativeTimeLabel(entry.dateUnix)}</span>
                <span className="flex-1" />
                <Button
                  variant="ghost"
                  aria-label={`Play ${entry.text.slice(0, 30)}`}
                  onClick={() =>
                    player.play(
                      { id: entry.id, title: entry.text.slice(0, 80), voiceName: entry.voiceName, src, downloadName: entry.fileName, historyItemId: entry.id, text: entry.text },
                      { kind: "url", url: src },
                    )
                  }
                >
                  Play
                </Button>
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
    </section>
  );
}
