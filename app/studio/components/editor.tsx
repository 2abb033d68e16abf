import { Form, Link, useFetcher, useNavigation, useRevalidator } from "@remix-run/react";
import { useLeaveWarning } from "~/common/components/leave-warning";
import { AlertTriangle, Check, ChevronDown, ChevronUp, Download, GripVertical, Play, Plus, RefreshCw, Settings2, Wand2 } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { usePlayer } from "~/player/components/player";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card } from "~/common/ui/card";
import { Dialog } from "~/common/ui/dialog";
import { EmptyState, Hint, Meter } from "~/common/ui/feedback";
import { Input, Label, Textarea } from "~/common/ui/input";
import { Select } from "~/common/ui/select";
import { cn } from "~/common/ui/cn";
import { isConverting, leavesEditor, placeInOrder, projectConvertRefusal, projectConvertSummary, UNSAVED_EDITS_WARNING, type ChapterWork } from "../../../core/studio/studio-rules";

/** A chapter as the editor shows it, with what converting it now would do. */
export type EditorChapter = ChapterWork & { id: string; name: string; progress: number | null; canBeDownloaded: boolean; error: string | null; snapshotId: string | null };
export type EditorBlock = { id: string; subType: string; text: string; voiceId: string; converted: boolean; hasAudio: boolean; error: string | null };
export type EditorVoice = { voice_id: string; name: string };

/** While a conversion runs, the page reloads its data every second: progress comes from the queue consumer. */
export function useConversionPolling(active: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 1000);
    return () => clearInterval(timer);
  }, [active, revalidator]);
}

/**
 * Which paragraphs hold unsaved edits, and the leave-page warning while any does; going to another chapter counts
 * as leaving (the chapter is in the query).
 */
export function useUnsavedEdits() {
  const [dirty, setDirty] = useState<Record<string, boolean>>({});
  const unsaved = Object.values(dirty).some(Boolean);
  const markDirty = useCallback((id: string, value: boolean) => setDirty((d) => (Boolean(d[id]) === value ? d : { ...d, [id]: value })), []);
  return { markDirty, warning: useLeaveWarning(unsaved, UNSAVED_EDITS_WARNING, leavesEditor) };
}

/**
 * The project's chapters, each with its conversion state; the current one is marked. An editor reorders them by
 * dragging a chapter's handle, or with its move up / move down buttons (keyboard, touch); while a move is being
 * saved the list shows the new order already.
 */
export function ChapterSidebar({ projectId, chapters, current, canEdit }: { projectId: string; chapters: EditorChapter[]; current: string | null; canEdit: boolean }) {
  const busy = useNavigation().state === "submitting";
  const place = useFetcher<{ error?: string }>();
  const [dragged, setDragged] = useState<string | null>(null);
  // Where the dragged chapter would land: the index of the gap before chapter i (chapters.length: after the last).
  const [gap, setGap] = useState<number | null>(null);
  const pending = place.formData?.get("intent") === "place-chapter" ? { id: String(place.formData.get("chapter_id")), index: Number(place.formData.get("index")) } : null;
  const shown = pending ? optimisticOrder(chapters, pending.id, pending.index) : chapters;
  const reorderable = canEdit && shown.length > 1;
  const drop = () => {
    const from = shown.findIndex((c) => c.id === dragged);
    if (dragged && gap !== null && from >= 0) {
      // The gap counts the dragged chapter itself; its new index is counted without it.
      const index = gap > from ? gap - 1 : gap;
      if (index !== from) place.submit({ intent: "place-chapter", chapter_id: dragged, index: String(index) }, { method: "post" });
    }
    setDragged(null);
    setGap(null);
  };
  return (
    <nav aria-label="Chapters" className="space-y-3">
      <ol className="space-y-1" data-testid="chapter-list">
        {shown.map((c, i) => (
          <li
            key={c.id}
            data-testid="chapter-item"
            onDragOver={(e) => {
              if (!dragged) return;
              e.preventDefault();
              const box = e.currentTarget.getBoundingClientRect();
              setGap(e.clientY < box.top + box.height / 2 ? i : i + 1);
            }}
            onDrop={(e) => {
              e.preventDefault();
              drop();
            }}
            className={cn("rounded-lg border-y-2 border-transparent", dragged === c.id && "opacity-50", dragged && gap === i && "border-t-[var(--color-accent)]", dragged && gap === i + 1 && i === shown.length - 1 && "border-b-[var(--color-accent)]")}
          >
            <div className="flex items-center gap-1">
              {reorderable ? (
                // The mouse's way to reorder; the move buttons beside it are the keyboard's and touch's.
                <span
                  draggable
                  aria-hidden="true"
                  title="Drag to reorder"
                  data-testid="chapter-drag-handle"
                  onDragStart={(e) => {
                    e.dataTransfer.effectAllowed = "move";
                    e.dataTransfer.setData("text/plain", c.name);
                    const row = e.currentTarget.closest("li");
                    if (row) e.dataTransfer.setDragImage(row, 8, 8);
                    setDragged(c.id);
                  }}
                  onDragEnd={() => {
                    setDragged(null);
                    setGap(null);
                  }}
                  className="flex h-8 w-4 shrink-0 cursor-grab items-center justify-center text-muted-foreground hover:text-foreground active:cursor-grabbing"
                >
                  <GripVertical className="size-4" />
                </span>
              ) : null}
              <Link
                to={`/app/studio/${projectId}?chapter=${c.id}`}
                draggable={false}
                aria-current={c.id === current ? "page" : undefined}
                className={cn("flex min-w-0 flex-1 items-center gap-2 rounded-lg px-2 py-2 text-sm hover:bg-muted", c.id === current ? "bg-muted font-medium text-foreground" : "text-muted-foreground")}
              >
                <span className="w-5 shrink-0 text-xs tabular-nums">{i + 1}</span>
                <span className="min-w-0 flex-1 truncate">{c.name}</span>
                {isConverting(c.state) ? <RefreshCw aria-label="Converting" className="size-4 animate-spin" /> : c.canBeDownloaded ? <Check aria-label="Converted" className="size-4" /> : null}
              </Link>
              {reorderable ? <MoveChapter chapter={c} first={i === 0} last={i === shown.length - 1} /> : null}
            </div>
            {/* Each converting chapter's own progress, so a whole-project conversion shows every chapter moving. */}
            {isConverting(c.state) ? <Meter progress label={`${c.name}: conversion progress`} value={percent(c.progress)} max={100} valueText={`${percent(c.progress)}% converted`} className="mx-3 mb-1 h-1 w-auto" /> : null}
          </li>
        ))}
      </ol>
      {place.data?.error && place.state === "idle" ? <Hint tone="error">{place.data.error}</Hint> : null}
      {canEdit ? (
        <Form method="post" className="flex gap-2">
          <input type="hidden" name="intent" value="add-chapter" />
          <Input name="name" aria-label="New chapter name" placeholder="New chapter" required maxLength={200} className="h-8" />
          <Button type="submit" size="sm" variant="secondary" disabled={busy} aria-label="Add chapter">
            <Plus aria-hidden="true" />
          </Button>
        </Form>
      ) : null}
    </nav>
  );
}

/** The list as it will be once a drop is saved (the server applies the same move to the order it holds). */
function optimisticOrder<T extends { id: string }>(chapters: T[], id: string, index: number): T[] {
  const placed = placeInOrder(chapters.map((c) => c.id), id, index);
  if (!placed.ok) return chapters;
  const byId = new Map(chapters.map((c) => [c.id, c]));
  return placed.order.map((chapterId) => byId.get(chapterId)!);
}

/** Up and down buttons that move a chapter one place in the project's reading order. */
function MoveChapter({ chapter, first, last }: { chapter: EditorChapter; first: boolean; last: boolean }) {
  const move = useFetcher();
  return (
    <move.Form method="post" className="flex shrink-0">
      <input type="hidden" name="intent" value="move-chapter" />
      <input type="hidden" name="chapter_id" value={chapter.id} />
      <Button type="submit" name="direction" value="up" variant="ghost" size="icon-sm" disabled={first || move.state !== "idle"} aria-label={`Move ${chapter.name} up`}>
        <ChevronUp aria-hidden="true" />
      </Button>
      <Button type="submit" name="direction" value="down" variant="ghost" size="icon-sm" disabled={last || move.state !== "idle"} aria-label={`Move ${chapter.name} down`}>
        <ChevronDown aria-hidden="true" />
      </Button>
    </move.Form>
  );
}

const percent = (progress: number | null) => Math.round((progress ?? 0) * 100);

/**
 * "Convert project": every chapter with text queued at once (the API's convert-project path), each converting only
 * its changed paragraphs; the sidebar then shows each chapter's progress. Disabled, with the reason beside it, while
 * a chapter converts or when nothing needs converting.
 */
export function ConvertProject({ chapters }: { chapters: EditorChapter[] }) {
  const convert = useFetcher<{ error?: string }>();
  const refusal = projectConvertRefusal(chapters);
  const sending = convert.state !== "idle";
  return (
    <convert.Form method="post" className="space-y-2" data-testid="convert-project">
      <input type="hidden" name="intent" value="convert-project" />
      <Button type="submit" className="w-full" disabled={sending || refusal !== null} aria-describedby="convert-project-note">
        <Wand2 aria-hidden="true" />
        {sending ? "Converting…" : "Convert project"}
      </Button>
      <Hint id="convert-project-note">{refusal ? refusal.message : projectConvertSummary(chapters)}</Hint>
      {convert.data?.error && !sending ? <Hint tone="error">{convert.data.error}</Hint> : null}
    </convert.Form>
  );
}

/** The chapter's header: convert (only what changed), its live progress, the latest snapshot's download, and the last conversion's problems. */
export function ChapterHeader({ projectId, chapter }: { projectId: string; chapter: EditorChapter }) {
  const convert = useFetcher<{ error?: string }>();
  const { toConvert, remake } = chapter;
  const converting = isConverting(chapter.state) || convert.state !== "idle";
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="min-w-0 flex-1 basis-40 truncate text-lg font-semibold">{chapter.name}</h2>
        {chapter.snapshotId && !converting ? (
          // A plain form: the answer is the MP3 itself (content-disposition: attachment), which the browser saves.
          <form method="post" action={`/v1/studio/projects/${projectId}/chapters/${chapter.id}/snapshots/${chapter.snapshotId}/stream`}>
            <Button type="submit" variant="secondary">
              <Download aria-hidden="true" />
              Download MP3
            </Button>
          </form>
        ) : null}
        {toConvert === 0 && !remake && !converting ? (
          chapter.canBeDownloaded ? <Badge tone="success">All paragraphs converted</Badge> : null
        ) : (
          <convert.Form method="post">
            <input type="hidden" name="intent" value="convert-chapter" />
            <input type="hidden" name="chapter_id" value={chapter.id} />
            <Button type="submit" disabled={converting}>
              <Wand2 aria-hidden="true" />
              {converting ? "Converting…" : toConvert === 0 ? "Apply the loudness setting" : `Convert chapter (${toConvert} ${toConvert === 1 ? "paragraph" : "paragraphs"})`}
            </Button>
          </convert.Form>
        )}
      </div>
      {isConverting(chapter.state) ? <Meter progress label="Conversion progress" value={percent(chapter.progress)} max={100} valueText={`${percent(chapter.progress)}% converted`} /> : null}
      {convert.data?.error ? <Hint tone="error">{convert.data.error}</Hint> : null}
      {chapter.error && !isConverting(chapter.state) ? (
        <Hint tone="error">
          <AlertTriangle aria-hidden="true" className="mr-1 inline size-4" />
          {chapter.error}
        </Hint>
      ) : null}
    </div>
  );
}

/**
 * One block: its text and voice (saved together), play from here in the global player (to the chapter's end when
 * the project continues playing), and regenerate it alone when its text or voice changed since its audio.
 */
export function BlockEditor({ projectId, chapterId, block, voices, continuePlaying, index, onDirty }: { projectId: string; chapterId: string; block: EditorBlock; voices: EditorVoice[]; continuePlaying: boolean; index: number; onDirty: (id: string, dirty: boolean) => void }) {
  const save = useFetcher<{ error?: string }>();
  const regenerate = useFetcher<{ error?: string }>();
  const player = usePlayer();
  const [text, setText] = useState(block.text);
  const [voiceId, setVoiceId] = useState(block.voiceId);
  useEffect(() => {
    setText(block.text);
    setVoiceId(block.voiceId);
  }, [block.text, block.voiceId]);
  const dirty = text !== block.text || voiceId !== block.voiceId;
  useEffect(() => {
    onDirty(block.id, dirty);
    return () => onDirty(block.id, false);
  }, [onDirty, block.id, dirty]);
  const voiceName = voices.find((v) => v.voice_id === block.voiceId)?.name ?? "Voice";
  const audioUrl = `/v1/studio/projects/${projectId}/chapters/${chapterId}/audio?from_block=${block.id}&continue_playing=${continuePlaying}`;
  const label = `Paragraph ${index + 1}`;
  const heading = block.subType !== "p";
  return (
    <Card className="space-y-3 p-4" data-testid="studio-block">
      <save.Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="save-block" />
        <input type="hidden" name="chapter_id" value={chapterId} />
        <input type="hidden" name="block_id" value={block.id} />
        <input type="hidden" name="voice_id" value={voiceId} />
        <Textarea name="text" aria-label={`${label} text`} value={text} onChange={(e) => setText(e.target.value)} rows={heading ? 1 : 3} maxLength={5000} className={cn(heading && "text-base font-semibold")} />
        <div className="flex flex-wrap items-center gap-2">
          <Select label={`${label} voice`} size="sm" options={voices.map((v) => ({ value: v.voice_id, label: v.name }))} value={voiceId} onValueChange={setVoiceId} className="w-44" />
          {heading ? <Badge tone="outline">Title</Badge> : null}
          <span className="flex-1" />
          {dirty ? (
            <Button type="submit" size="sm" disabled={save.state !== "idle"}>
              Save
            </Button>
          ) : null}
          {!dirty && block.hasAudio ? (
            <Button size="sm" variant="secondary" aria-label={`Play from ${label.toLowerCase()}`} onClick={() => void player.play({ id: `studio-${block.id}-${continuePlaying}`, title: block.text.slice(0, 80), voiceName, src: audioUrl }, { kind: "url", url: audioUrl })}>
              <Play aria-hidden="true" />
              Play
            </Button>
          ) : null}
          {!dirty && !block.converted && block.text.trim() ? (
            <Button size="sm" variant="secondary" aria-label={`${block.hasAudio ? "Regenerate" : "Convert"} ${label.toLowerCase()}`} disabled={regenerate.state !== "idle"} onClick={() => regenerate.submit({ intent: "convert-block", chapter_id: chapterId, block_id: block.id }, { method: "post" })}>
              <RefreshCw aria-hidden="true" />
              {block.hasAudio ? "Regenerate" : "Convert"}
            </Button>
          ) : null}
        </div>
      </save.Form>
      {block.hasAudio && !block.converted ? <Hint>Edited since its audio was made: regenerate to hear the change.</Hint> : null}
      {block.error ? <Hint tone="error">{block.error}</Hint> : null}
      {save.data?.error ? <Hint tone="error">{save.data.error}</Hint> : null}
      {regenerate.data?.error ? <Hint tone="error">{regenerate.data.error}</Hint> : null}
    </Card>
  );
}

/** A new paragraph at the end of the chapter, with the project's paragraph voice to start with. */
export function AddBlock({ chapterId, voices, defaultVoiceId, onDirty }: { chapterId: string; voices: EditorVoice[]; defaultVoiceId: string; onDirty: (id: string, dirty: boolean) => void }) {
  const add = useFetcher<{ error?: string }>();
  const [voiceId, setVoiceId] = useState(defaultVoiceId);
  const [text, setText] = useState("");
  const written = text.trim() !== "";
  useEffect(() => {
    onDirty("new-block", written);
    return () => onDirty("new-block", false);
  }, [onDirty, written]);
  useEffect(() => {
    if (add.state === "idle" && add.data && !add.data.error) setText("");
  }, [add.state, add.data]);
  return (
    <add.Form method="post" className="space-y-2">
      <input type="hidden" name="intent" value="add-block" />
      <input type="hidden" name="chapter_id" value={chapterId} />
      <input type="hidden" name="voice_id" value={voiceId} />
      <Label htmlFor="new-block">New paragraph</Label>
      <Textarea id="new-block" name="text" rows={3} required maxLength={5000} value={text} onChange={(e) => setText(e.target.value)} placeholder="Write or paste a paragraph…" />
      <div className="flex items-center gap-2">
        <Select label="New paragraph voice" size="sm" options={voices.map((v) => ({ value: v.voice_id, label: v.name }))} value={voiceId} onValueChange={setVoiceId} className="w-44" />
        <Button type="submit" size="sm" variant="secondary" disabled={add.state !== "idle"}>
          <Plus aria-hidden="true" />
          Add paragraph
        </Button>
      </div>
      {add.data?.error ? <Hint tone="error">{add.data.error}</Hint> : null}
    </add.Form>
  );
}

export function EmptyChapter() {
  return <EmptyState title="This chapter is empty">Add a paragraph below to start.</EmptyState>;
}

export type EditorSettings = { title: string; author: string; isbnNumber: string; description: string; targetAudience: string; language: string; hasCover: boolean; loudness: boolean; qualityPreset: string };

/** The book's metadata (kept on the project and returned by the API) and its cover image. */
export function ProjectSettingsButton({ settings, audiences, qualities }: { settings: EditorSettings; audiences: readonly string[]; qualities: { value: string; label: string }[] }) {
  const [open, setOpen] = useState(false);
  const save = useFetcher<{ ok?: boolean; error?: string }>();
  useEffect(() => {
    if (save.state === "idle" && save.data?.ok) setOpen(false);
  }, [save.state, save.data]);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <Settings2 aria-hidden="true" />
        Project settings
      </Button>
      {open ? (
        <Dialog title="Project settings" description="The book's details and cover, shown in your projects and returned by the API." onClose={() => setOpen(false)} testId="project-settings-dialog">
          <save.Form method="post" encType="multipart/form-data" className="grid gap-3 sm:grid-cols-2">
            <input type="hidden" name="intent" value="settings" />
            {(
              [
                ["title", "Title", settings.title],
                ["author", "Author", settings.author],
                ["isbn_number", "ISBN", settings.isbnNumber],
                ["language", "Language (ISO 639-1)", settings.language],
              ] as const
            ).map(([name, label, value]) => (
              <div key={name} className="space-y-1">
                <Label htmlFor={`settings-${name}`}>{label}</Label>
                <Input id={`settings-${name}`} name={name} defaultValue={value} maxLength={name === "language" ? 20 : 500} />
              </div>
            ))}
            <div className="space-y-1 sm:col-span-2">
              <Label htmlFor="settings-description">Description</Label>
              <Textarea id="settings-description" name="description" defaultValue={settings.description} rows={3} maxLength={5000} />
            </div>
            <div className="space-y-1">
              <Label htmlFor="settings-audience">Target audience</Label>
              <Select id="settings-audience" label="Target audience" name="target_audience" defaultValue={settings.targetAudience} options={audiences.map((a) => ({ value: a, label: a[0]!.toUpperCase() + a.slice(1) }))} />
            </div>
            <div className="space-y-1">
              <Label htmlFor="settings-cover">{settings.hasCover ? "Replace the cover" : "Cover image"}</Label>
              <Input id="settings-cover" name="cover" type="file" accept="image/png,image/jpeg,image/webp" className="py-1.5" />
            </div>
            <div className="flex flex-col items-start gap-1 sm:col-span-2">
              <Label htmlFor="settings-quality">Quality</Label>
              <Select id="settings-quality" label="Quality" name="quality_preset" defaultValue={settings.qualityPreset} options={qualities} />
              <Hint>A new quality converts (and charges) every paragraph again.</Hint>
            </div>
            <div className="flex items-start gap-2 sm:col-span-2">
              <input id="settings-loudness" name="loudness" type="checkbox" defaultChecked={settings.loudness} className="mt-1 size-4 accent-[var(--color-accent)]" />
              <div>
                <Label htmlFor="settings-loudness">Audiobook loudness (ACX)</Label>
                <Hint>Each chapter at -23 to -18 dB RMS, peaks under -3 dB, room tone before and after, 192 kbps. Applied when a chapter is next converted, without charging its paragraphs again.</Hint>
              </div>
            </div>
            {save.data?.error ? (
              <Hint tone="error" className="sm:col-span-2">
                {save.data.error}
              </Hint>
            ) : null}
            <div className="flex justify-end gap-2 sm:col-span-2">
              <Button variant="secondary" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={save.state !== "idle"}>
                Save settings
              </Button>
            </div>
          </save.Form>
        </Dialog>
      ) : null}
    </>
  );
}
