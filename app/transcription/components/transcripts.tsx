// The workspace's transcripts on /app/speech-to-text: the view of one (its recording, the word being played marked,
// a click seeks; speakers' turns; exports) and the list of all, newest first, each openable and deletable.
import { useMemo, useState } from "react";
import { Link, useNavigate, useRevalidator } from "@remix-run/react";
import { ChevronLeft, ChevronRight, Download, Trash2, X } from "lucide-react";
import { Button, buttonClass } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { cn } from "~/common/ui/cn";
import { Dialog } from "~/common/ui/dialog";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { IconButton } from "~/common/ui/icon-button";
import { useToast } from "~/common/components/toasts";
import { usePlayFrom } from "~/common/components/upload-tool";
import {
  speakerCountLabel,
  speakerLabel,
  speakerTurns,
  transcriptDate,
  transcriptExports,
  transcriptLength,
  type OpenedTranscript,
  type TranscriptListItem,
} from "~/transcription/rules/transcription";

export type ListedTranscript = TranscriptListItem;
export type ShownTranscript = OpenedTranscript;

const PAGE_PATH = "/app/speech-to-text";

/** The page's address for a list page and, optionally, an open transcript. */
function pageHref(page: number, transcriptId?: string): string {
  const search = new URLSearchParams();
  if (transcriptId) search.set("transcript", transcriptId);
  if (page > 1) search.set("page", String(page));
  const query = search.toString();
  return query ? `${PAGE_PATH}?${query}` : PAGE_PATH;
}

/** "0:12 · English · 2 speakers · Nov 27, 2026, 18:44 UTC" */
function Details({ transcript }: { transcript: TranscriptListItem }) {
  return (
    <>
      {transcriptLength(transcript.durationSeconds)} · {transcript.language} · {speakerCountLabel(transcript.speakerCount)} · <time dateTime={new Date(transcript.createdAt * 1000).toISOString()}>{transcriptDate(transcript.createdAt)}</time>
    </>
  );
}

/** One transcript: its recording with the played word marked and seeking on a click, speakers' turns, exports. */
export function TranscriptView({ transcript, page }: { transcript: ShownTranscript; page: number }) {
  const player = usePlayFrom();
  const time = player.time;
  const playable = transcript.audioUrl !== null;
  const turns = speakerTurns(transcript.words);
  const labelled = turns.some((turn) => turn.speakerId !== turns[0]!.speakerId);
  // The exports are made from the stored words as the API's additional_formats are; data: links work before scripts run.
  const exports = useMemo(
    () => transcriptExports(transcript, transcript.durationSeconds).map((f) => ({ format: f.requested_format, href: `data:${f.content_type};charset=utf-8,${encodeURIComponent(f.content)}`, file: `${transcript.baseName}.${f.file_extension}` })),
    [transcript],
  );

  return (
    <Card data-testid="stt-view">
      <CardHeader
        title={<span className="break-all">{transcript.title}</span>}
        description={<Details transcript={transcript} />}
        actions={
          <>
            <DeleteTranscript transcript={transcript} opened page={page} />
            <Link to={pageHref(page)} preventScrollReset aria-label="Close transcript" className={buttonClass("ghost", "", "icon")}>
              <X aria-hidden="true" />
            </Link>
          </>
        }
      />
      <CardContent className="flex flex-col gap-4">
        {playable ? (
          <audio ref={player.audio} controls preload="metadata" src={transcript.audioUrl!} className="w-full" data-testid="stt-audio" onTimeUpdate={player.onTimeUpdate} />
        ) : (
          <Hint className="text-sm">No recording is kept for this transcript (a realtime session, or transcribed before recordings were kept), so its words cannot be played.</Hint>
        )}
        {transcript.words.length ? (
          <div className="flex flex-col gap-3" data-testid="stt-transcript">
            {turns.map((turn, t) => (
              <div key={t} data-testid={turn.speakerId ? "stt-turn" : undefined}>
                {labelled && turn.speakerId ? <p className="text-xs font-medium text-muted-foreground">{speakerLabel(turn.speakerId)}</p> : null}
                <p className="leading-8">
                  {turn.entries.map(({ word, index }) => {
                    if (word.type === "spacing") return " ";
                    const className = cn("rounded px-0.5", word.type === "audio_event" && "italic text-muted-foreground", playable && time >= word.start && time < word.end && "bg-accent-soft text-foreground");
                    return playable ? (
                      <button
                        key={index}
                        type="button"
                        onClick={() => player.playFrom(word.start)}
                        aria-current={time >= word.start && time < word.end ? "true" : undefined}
                        data-start={word.start}
                        className={cn(className, "hover:bg-muted focus-visible:outline-2 focus-visible:outline-accent")}
                      >
                        {word.text}
                      </button>
                    ) : (
                      <span key={index} className={className}>
                        {word.text}
                      </span>
                    );
                  })}
                </p>
              </div>
            ))}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No words were heard in this recording.</p>
        )}
        <p className="text-xs text-muted-foreground">
          The embedded engine is PocketSphinx, a classic recogniser: US English, lower-case words without punctuation, and many mistakes on unclear or synthetic speech. A configured Whisper server is far more accurate. Music, applause and steady noise
          between words are marked in brackets, found by signal measures (no laughter or other events).{playable ? " Click a word to play from there." : ""}
        </p>
        <div className="flex flex-wrap gap-2">
          {exports.map((d) => (
            <a key={d.format} href={d.href} download={d.file} className={buttonClass("secondary")}>
              <Download aria-hidden="true" />
              Export {d.format.toUpperCase()}
            </a>
          ))}
        </div>
      </CardContent>
    </Card>
  );
}

/** Delete, after a confirmation, through DELETE /v1/speech-to-text/transcripts/{id}: the transcript and its recording. */
function DeleteTranscript({ transcript, opened, page }: { transcript: TranscriptListItem; opened: boolean; page: number }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const toast = useToast();

  async function remove() {
    setBusy(true);
    setError(null);
    const response = await fetch(`/v1/speech-to-text/transcripts/${encodeURIComponent(transcript.id)}`, { method: "DELETE" }).catch(() => null);
    setBusy(false);
    if (!response?.ok) {
      const body = (await response?.json().catch(() => null)) as { detail?: { message?: string } } | null;
      setError(body?.detail?.message ?? "The transcript could not be deleted. Try again.");
      return;
    }
    setOpen(false);
    toast.show(`${transcript.title} was deleted.`, "success");
    if (opened) navigate(pageHref(page), { preventScrollReset: true });
    else revalidator.revalidate();
  }

  return (
    <>
      <IconButton label={`Delete ${transcript.title}`} icon={<Trash2 aria-hidden="true" />} onClick={() => setOpen(true)} data-testid="stt-delete" />
      {open ? (
        <Dialog title="Delete this transcript?" description={`${transcript.title}: its words and its recording are deleted. This cannot be undone.`} onClose={() => setOpen(false)} testId="stt-delete-dialog">
          <div className="flex flex-col gap-4">
            {error ? <Hint tone="error">{error}</Hint> : null}
            <div className="flex justify-end gap-2">
              <Button variant="ghost" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button variant="destructive" onClick={remove} disabled={busy}>
                Delete transcript
              </Button>
            </div>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

/** The workspace's transcripts, newest first, a page at a time. */
export function TranscriptList({ transcripts, openedId, page, hasMore }: { transcripts: ListedTranscript[]; openedId: string | null; page: number; hasMore: boolean }) {
  return (
    <Card data-testid="stt-transcripts">
      <CardHeader title="Your transcripts" description="Everything this workspace transcribed, here or through the API, newest first. Open one to play it again and export it." />
      <CardContent className="flex flex-col gap-3">
        {transcripts.length === 0 ? (
          <EmptyState title={page > 1 ? "No more transcripts" : "Nothing transcribed yet"}>{page > 1 ? "This page is past the last transcript." : "Transcripts appear here, ready to open again."}</EmptyState>
        ) : (
          <ul className="divide-y divide-border" data-testid="stt-list">
            {transcripts.map((item) => (
              <li key={item.id} data-testid="stt-item" className="flex items-start gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <Link
                    to={pageHref(page, item.id)}
                    preventScrollReset
                    aria-current={item.id === openedId ? "page" : undefined}
                    className={cn("block truncate font-medium hover:underline", item.id === openedId && "text-accent-foreground")}
                  >
                    {item.title}
                  </Link>
                  <p className="text-sm text-muted-foreground">
                    <Details transcript={item} />
                  </p>
                  {item.preview ? <p className="mt-1 line-clamp-1 text-sm">{item.preview}</p> : null}
                </div>
                <DeleteTranscript transcript={item} opened={item.id === openedId} page={page} />
              </li>
            ))}
          </ul>
        )}
        {page > 1 || hasMore ? (
          <nav aria-label="Transcript pages" className="flex items-center justify-between gap-2">
            {page > 1 ? (
              <Link to={pageHref(page - 1)} className={buttonClass("secondary", "", "sm")}>
                <ChevronLeft aria-hidden="true" />
                Newer
              </Link>
            ) : (
              <span />
            )}
            <span className="text-sm text-muted-foreground">Page {page}</span>
            {hasMore ? (
              <Link to={pageHref(page + 1)} className={buttonClass("secondary", "", "sm")}>
                Older
                <ChevronRight aria-hidden="true" />
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </CardContent>
    </Card>
  );
}
