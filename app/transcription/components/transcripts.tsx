// The workspace's transcripts on /app/speech-to-text: the view of one (its recording, the word being played marked,
// a click seeks; speakers' turns; exports; renaming and correcting words) and the list of all, newest first,
// searchable, each openable and deletable.
import { useEffect, useMemo, useState } from "react";
import { Form, Link, useActionData, useFetcher, useNavigate, useNavigation, useRevalidator } from "@remix-run/react";
import { Check, ChevronLeft, ChevronRight, Download, Pencil, Search, SpellCheck, Trash2, Undo2, X } from "lucide-react";
import { Button, buttonClass } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { cn } from "~/common/ui/cn";
import { Dialog, DialogActions } from "~/common/ui/dialog";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { IconButton } from "~/common/ui/icon-button";
import { Input, Label, Textarea } from "~/common/ui/input";
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
import { CORRECTED_WORD_MAX_CHARS, RETYPED_PASSAGE_MAX_CHARS, TRANSCRIPT_NAME_MAX_CHARS, TRANSCRIPT_SEARCH_MAX_CHARS } from "~/transcription/rules/transcript-edits";

export type ListedTranscript = TranscriptListItem;
export type ShownTranscript = OpenedTranscript;
/** Where the page is: the list's page and search, and whether the open transcript's words are being corrected. */
export type TranscriptAddress = { page: number; search: string; editing: boolean; wordIndex: number | null; turnIndex: number | null; throughIndex: number | null };
type EditResult = { intent: string; ok: boolean; error?: string };

const PAGE_PATH = "/app/speech-to-text";

/** The page's address for a list page and search and, optionally, an open transcript (corrected, a word chosen). */
function pageHref(address: Pick<TranscriptAddress, "page" | "search">, transcriptId?: string, correcting?: { word?: number; turn?: number; through?: number }): string {
  const search = new URLSearchParams();
  if (transcriptId) search.set("transcript", transcriptId);
  if (address.search) search.set("q", address.search);
  if (address.page > 1) search.set("page", String(address.page));
  if (transcriptId && correcting) {
    search.set("edit", "1");
    if (correcting.word !== undefined) search.set("word", String(correcting.word));
    if (correcting.turn !== undefined) search.set("turn", String(correcting.turn));
    if (correcting.through !== undefined) search.set("through", String(correcting.through));
  }
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
export function TranscriptView({ transcript, address }: { transcript: ShownTranscript; address: TranscriptAddress }) {
  const player = usePlayFrom();
  const editing = address.editing;
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
            <RenameTranscript transcript={transcript} />
            <DeleteTranscript transcript={transcript} opened address={address} />
            <Link to={pageHref(address)} preventScrollReset aria-label="Close transcript" className={buttonClass("ghost", "", "icon")}>
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
            {turns.map((turn, t) => {
              // Turns retyped with an earlier one are inside its form.
              const through = address.turnIndex === null ? null : (address.throughIndex ?? address.turnIndex);
              if (editing && through !== null && t > address.turnIndex! && t <= through) return null;
              return (
              <div key={t} data-testid={turn.speakerId ? "stt-turn" : undefined}>
                {labelled && turn.speakerId ? <p className="text-xs font-medium text-muted-foreground">{speakerLabel(turn.speakerId)}{editing && t === address.turnIndex && through! > t ? ` to ${speakerLabel(turns[through!]!.speakerId ?? "speaker_0")}` : ""}</p> : null}
                {editing && t === address.turnIndex ? (
                  // Keyed by the range: a wider passage is a new form, never the old text under new bounds.
                  <RetypeTurn key={`${t}-${through}`} transcript={transcript} address={address} turnIndex={t} throughIndex={through!} hasNext={through! + 1 < turns.length} passages={turns.slice(t, through! + 1).map((passage) => passage.entries)} />
                ) : (
                /* A div, not a p: the word being corrected is a form, which a paragraph cannot hold. */
                <div className="leading-8">
                  {turn.entries.map(({ word, index }) => {
                    if (word.type === "spacing") return " ";
                    if (editing && word.type === "word") {
                      return index === address.wordIndex ? (
                        <CorrectWord key={index} transcript={transcript} address={address} index={index} text={word.text} />
                      ) : (
                        <Link
                          key={index}
                          to={pageHref(address, transcript.id, { word: index })}
                          preventScrollReset
                          replace
                          aria-label={`Correct “${word.text}”`}
                          data-testid="stt-word-link"
                          className="rounded px-0.5 underline decoration-dotted underline-offset-4 hover:bg-muted focus-visible:outline-2 focus-visible:outline-accent"
                        >
                          {word.text}
                        </Link>
                      );
                    }
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
                  {editing && address.wordIndex === null && turn.entries.some((e) => e.word.type === "word") ? (
                    <Link
                      to={pageHref(address, transcript.id, { turn: t })}
                      preventScrollReset
                      replace
                      aria-label={labelled && turn.speakerId ? `Retype ${speakerLabel(turn.speakerId)}'s passage` : "Retype the passage"}
                      data-testid="stt-retype-link"
                      className={cn(buttonClass("ghost", "", "sm"), "ml-1 align-middle")}
                    >
                      <Pencil aria-hidden="true" />
                      Retype
                    </Link>
                  ) : null}
                </div>
                )}
              </div>
              );
            })}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No words were heard in this recording.</p>
        )}
        {transcript.words.some((w) => w.type === "word") ? (
          <div className="flex flex-wrap items-center gap-2">
            {editing ? (
              <>
                <Link to={pageHref(address, transcript.id)} preventScrollReset replace className={buttonClass("secondary", "", "sm")} data-testid="stt-correct-done">
                  <Check aria-hidden="true" />
                  Done correcting
                </Link>
                <span className="text-sm text-muted-foreground">Choose a word to correct it (leave it empty to remove it; its timing stays), or retype a whole passage: words you keep keep their timing.</span>
              </>
            ) : (
              <Link to={pageHref(address, transcript.id, {})} preventScrollReset replace className={buttonClass("secondary", "", "sm")} data-testid="stt-correct">
                <SpellCheck aria-hidden="true" />
                Correct words
              </Link>
            )}
            {transcript.undoable > 0 ? <UndoEdit transcript={transcript} address={address} /> : null}
          </div>
        ) : null}
        <p className="text-xs text-muted-foreground">
          The embedded engine is PocketSphinx, a classic recogniser: US English, lower-case words without punctuation, and many mistakes on unclear or synthetic speech. A configured Whisper server is far more accurate. Music, applause and steady noise
          between words are marked in brackets, found by signal measures (no laughter or other events).{playable && !editing ? " Click a word to play from there." : ""}
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
function DeleteTranscript({ transcript, opened, address }: { transcript: TranscriptListItem; opened: boolean; address: TranscriptAddress }) {
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
    if (opened) navigate(pageHref(address), { preventScrollReset: true });
    else revalidator.revalidate();
  }

  return (
    <>
      <IconButton label={`Delete ${transcript.title}`} icon={<Trash2 aria-hidden="true" />} onClick={() => setOpen(true)} data-testid="stt-delete" />
      {open ? (
        <Dialog title="Delete this transcript?" description={`${transcript.title}: its words and its recording are deleted. This cannot be undone.`} onClose={() => setOpen(false)} testId="stt-delete-dialog">
          <div className="flex flex-col gap-4">
            {error ? <Hint tone="error">{error}</Hint> : null}
            <DialogActions onCancel={() => setOpen(false)}>
              <Button variant="destructive" onClick={remove} disabled={busy}>
                Delete transcript
              </Button>
            </DialogActions>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

/** One word's correction: a small form in place of the word (a plain form post; the page comes back without it). */
function CorrectWord({ transcript, address, index, text }: { transcript: ShownTranscript; address: TranscriptAddress; index: number; text: string }) {
  const result = useActionData<EditResult>();
  const busy = useNavigation().state === "submitting";
  const error = result && !result.ok && result.intent === "correct-word" ? result.error : undefined;
  const here = pageHref(address, transcript.id, { word: index });
  return (
    <Form method="post" action={here} preventScrollReset replace className="my-1 inline-flex flex-wrap items-center gap-1 align-middle" data-testid="stt-correct-form">
      <input type="hidden" name="intent" value="correct-word" />
      <input type="hidden" name="id" value={transcript.id} />
      <input type="hidden" name="index" value={index} />
      <Label htmlFor="stt-word" className="sr-only">
        Correct “{text}”
      </Label>
      <Input id="stt-word" name="text" defaultValue={text} maxLength={CORRECTED_WORD_MAX_CHARS} autoFocus className="h-8 w-40" aria-invalid={error ? true : undefined} aria-describedby={error ? "stt-word-error" : undefined} />
      <Button type="submit" size="sm" disabled={busy}>
        Save
      </Button>
      <Link to={pageHref(address, transcript.id, {})} preventScrollReset replace className={buttonClass("ghost", "", "sm")}>
        Cancel
      </Link>
      {error ? (
        <Hint tone="error" id="stt-word-error" className="basis-full text-sm">
          {error}
        </Hint>
      ) : null}
    </Form>
  );
}

/** Undoes the newest correction or retype (decision 0093): a plain form post, the page coming back as it was. */
function UndoEdit({ transcript, address }: { transcript: ShownTranscript; address: TranscriptAddress }) {
  const result = useActionData<EditResult>();
  const busy = useNavigation().state === "submitting";
  const error = result && !result.ok && result.intent === "undo" ? result.error : undefined;
  return (
    <Form method="post" action={pageHref(address, transcript.id, address.editing ? {} : undefined)} preventScrollReset replace className="inline-flex flex-wrap items-center gap-2" data-testid="stt-undo-form">
      <input type="hidden" name="intent" value="undo" />
      <input type="hidden" name="id" value={transcript.id} />
      <Button type="submit" size="sm" variant="ghost" disabled={busy} title={`${transcript.undoable} ${transcript.undoable === 1 ? "change" : "changes"} can be undone`}>
        <Undo2 aria-hidden="true" />
        Undo last correction
      </Button>
      {error ? (
        <Hint tone="error" className="text-sm">
          {error}
        </Hint>
      ) : null}
    </Form>
  );
}

/**
 * A speaker's turn retyped whole (decision 0074), or with the turns after it: a plain form post in place of the
 * turns' words. Kept words keep their times and speakers; new ones share the time of the words they replace and
 * take the speaker heard then. Each turn starts on its own line: a word typed at the start of a line goes with the
 * turn that begins there (decision 0093).
 */
function RetypeTurn({ transcript, address, turnIndex, throughIndex, hasNext, passages }: { transcript: ShownTranscript; address: TranscriptAddress; turnIndex: number; throughIndex: number; hasNext: boolean; passages: { word: ShownTranscript["words"][number]; index: number }[][] }) {
  const result = useActionData<EditResult>();
  const busy = useNavigation().state === "submitting";
  const error = result && !result.ok && result.intent === "retype-passage" ? result.error : undefined;
  const wordsOf = (entries: (typeof passages)[number]) => entries.filter((e) => e.word.type === "word");
  const words = passages.flatMap(wordsOf);
  const text = passages.map((entries) => wordsOf(entries).map((e) => e.word.text).join(" ")).filter(Boolean).join("\n");
  return (
    <Form method="post" action={pageHref(address, transcript.id, { turn: turnIndex, ...(throughIndex > turnIndex ? { through: throughIndex } : {}) })} preventScrollReset replace className="flex flex-col gap-2" data-testid="stt-retype-form">
      <input type="hidden" name="intent" value="retype-passage" />
      <input type="hidden" name="id" value={transcript.id} />
      <input type="hidden" name="first" value={words[0]?.index ?? 0} />
      <input type="hidden" name="last" value={words[words.length - 1]?.index ?? 0} />
      <Label htmlFor="stt-passage">Retype this passage</Label>
      <Textarea id="stt-passage" name="text" defaultValue={text} maxLength={RETYPED_PASSAGE_MAX_CHARS} rows={Math.min(10, Math.max(3, Math.ceil(text.length / 45) + passages.length - 1))} autoFocus aria-invalid={error ? true : undefined} aria-describedby={error ? "stt-passage-error" : undefined} />
      {error ? (
        <Hint tone="error" id="stt-passage-error" className="text-sm">
          {error}
        </Hint>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={busy}>
          Save passage
        </Button>
        {hasNext ? (
          <Link to={pageHref(address, transcript.id, { turn: turnIndex, through: throughIndex + 1 })} preventScrollReset replace className={buttonClass("secondary", "", "sm")} data-testid="stt-retype-more">
            Include the next turn
          </Link>
        ) : null}
        <Link to={pageHref(address, transcript.id, {})} preventScrollReset replace className={buttonClass("ghost", "", "sm")}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** Rename: the list's title, the upload's file name until then. */
function RenameTranscript({ transcript }: { transcript: TranscriptListItem }) {
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<EditResult>();
  const toast = useToast();
  const done = fetcher.state === "idle" && fetcher.data?.ok === true;
  useEffect(() => {
    if (!done || !open) return;
    setOpen(false);
    toast.show("The transcript was renamed.", "success");
  }, [done, open, toast]);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  return (
    <>
      <IconButton label={`Rename ${transcript.title}`} icon={<Pencil aria-hidden="true" />} onClick={() => setOpen(true)} data-testid="stt-rename" />
      {open ? (
        <Dialog title="Rename transcript" description="The name shown in your list of transcripts and given to its exports." onClose={() => setOpen(false)} testId="stt-rename-dialog">
          <fetcher.Form method="post" className="flex flex-col gap-4">
            <input type="hidden" name="intent" value="rename" />
            <input type="hidden" name="id" value={transcript.id} />
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="stt-name">Name</Label>
              <Input id="stt-name" name="name" defaultValue={transcript.title} maxLength={TRANSCRIPT_NAME_MAX_CHARS} required autoFocus aria-invalid={error ? true : undefined} />
            </div>
            {error ? <Hint tone="error">{error}</Hint> : null}
            <DialogActions onCancel={() => setOpen(false)}>
              <Button type="submit" disabled={fetcher.state !== "idle"}>
                Rename
              </Button>
            </DialogActions>
          </fetcher.Form>
        </Dialog>
      ) : null}
    </>
  );
}

/** The workspace's transcripts, newest first, a page at a time. */
export function TranscriptList({ transcripts, openedId, address, hasMore }: { transcripts: ListedTranscript[]; openedId: string | null; address: TranscriptAddress; hasMore: boolean }) {
  const { page, search } = address;
  return (
    <Card data-testid="stt-transcripts">
      <CardHeader title="Your transcripts" description="Everything this workspace transcribed, here or through the API, newest first. Open one to play it again and export it." />
      <CardContent className="flex flex-col gap-3">
        <Form method="get" action={PAGE_PATH} preventScrollReset role="search" className="flex gap-2">
          {openedId ? <input type="hidden" name="transcript" value={openedId} /> : null}
          <Label htmlFor="stt-search" className="sr-only">
            Search transcripts
          </Label>
          <Input id="stt-search" type="search" name="q" defaultValue={search} maxLength={TRANSCRIPT_SEARCH_MAX_CHARS} placeholder="Search by name or words" data-testid="stt-search" />
          <Button type="submit" variant="secondary">
            <Search aria-hidden="true" />
            Search
          </Button>
        </Form>
        {transcripts.length === 0 ? (
          search ? (
            <EmptyState title="No transcript matches">
              Nothing in a name or text contains “{search}”. <Link to={pageHref({ page: 1, search: "" }, openedId ?? undefined)}>Show all transcripts</Link>
            </EmptyState>
          ) : (
            <EmptyState title={page > 1 ? "No more transcripts" : "Nothing transcribed yet"}>{page > 1 ? "This page is past the last transcript." : "Transcripts appear here, ready to open again."}</EmptyState>
          )
        ) : (
          <ul className="divide-y divide-border" data-testid="stt-list">
            {transcripts.map((item) => (
              <li key={item.id} data-testid="stt-item" className="flex items-start gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <Link
                    to={pageHref(address, item.id)}
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
                <DeleteTranscript transcript={item} opened={item.id === openedId} address={address} />
              </li>
            ))}
          </ul>
        )}
        {page > 1 || hasMore ? (
          <nav aria-label="Transcript pages" className="flex items-center justify-between gap-2">
            {page > 1 ? (
              <Link to={pageHref({ page: page - 1, search })} className={buttonClass("secondary", "", "sm")}>
                <ChevronLeft aria-hidden="true" />
                Newer
              </Link>
            ) : (
              <span />
            )}
            <span className="text-sm text-muted-foreground">Page {page}</span>
            {hasMore ? (
              <Link to={pageHref({ page: page + 1, search })} className={buttonClass("secondary", "", "sm")}>
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
