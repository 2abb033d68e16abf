import { Form, useFetcher } from "@remix-run/react";
import { AudioLines, Download, MessageSquareText, RefreshCw, Save, Trash2, Waves } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLeaveWarning } from "~/common/components/leave-warning";
import { isActionFailure } from "~/common/rules/action-result";
import { Badge } from "~/common/ui/badge";
import { Button, buttonClass } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Dialog, DialogActions } from "~/common/ui/dialog";
import { Hint, Meter } from "~/common/ui/feedback";
import { IconButton } from "~/common/ui/icon-button";
import { Input, Label, Textarea } from "~/common/ui/input";
import { Select } from "~/common/ui/select";
import { Slider } from "~/common/ui/slider";
import {
  clipEnd,
  clock,
  DIALOGUE_TEXT_MAX,
  nextClipId,
  ORIGINAL_AUDIO_LABELS,
  ORIGINAL_AUDIO_MODES,
  RENDER_STATUS_LABELS,
  withIds,
  type OriginalAudioMode,
  type RenderStatus,
  type VoiceoverClip,
} from "~/voiceover/rules/voiceover";

export type EditorProps = {
  project: { id: string; name: string; durationSeconds: number; videoUrl: string; originalAudio: OriginalAudioMode; originalProblem: string | null };
  clips: VoiceoverClip[];
  voices: { id: string; name: string }[];
  render: { id: string; status: RenderStatus; progress: number; error: string | null; credits: number; refunded: boolean } | null;
  output: { videoUrl: string; downloadUrl: string; renderedAt: number } | null;
  spoken: Record<string, string>;
  pendingCredits: number;
  limits: { speed: { min: number; max: number }; effectSeconds: { min: number; max: number }; descriptionMax: number };
};

type Timeline = { name: string; clips: VoiceoverClip[]; originalAudio: OriginalAudioMode };

const UNSAVED = "The timeline has changes that are not saved. Leave and lose them?";
/** How far the preview lowers the video's own sound under a line when it is ducked (the render's -14 dB). */
const PREVIEW_DUCK_VOLUME = 0.2;

const savedJson = (t: Timeline) => JSON.stringify({ ...t, clips: withIds(t.clips) });

/**
 * The voiceover editor: the video with a preview of the timeline (spoken clips play in time, dialogue shows as a
 * caption, the video's sound kept, lowered or muted as the render will), the timeline, each clip's settings, and
 * the render with its progress, result and download.
 */
export function VoiceoverEditor(props: EditorProps) {
  const { project } = props;
  const loaded: Timeline = useMemo(() => ({ name: project.name, clips: props.clips, originalAudio: project.originalAudio }), [project.name, props.clips, project.originalAudio]);
  const [timeline, setTimeline] = useState<Timeline>(loaded);
  const [selected, setSelected] = useState<string | null>(props.clips[0]?.id ?? null);
  const [time, setTime] = useState(0);
  const video = useRef<HTMLVideoElement>(null);
  const unsaved = savedJson(timeline) !== savedJson(loaded);
  // What the server saved replaces the page's copy unless the person has changed it since.
  const loadedJson = savedJson(loaded);
  const unsavedRef = useRef(unsaved);
  unsavedRef.current = unsaved;
  useEffect(() => {
    if (!unsavedRef.current) setTimeline(loaded);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the saved timeline's content
  }, [loadedJson]);
  const leaveWarning = useLeaveWarning(unsaved, UNSAVED);

  const save = useFetcher<{ ok?: boolean }>();
  const busy = save.state !== "idle";
  const submitted = save.formData?.get("intent");
  const failure = isActionFailure(save.data) ? save.data.error.message : null;
  const submit = (intent: "save" | "render") => save.submit({ intent, name: timeline.name, original_audio: timeline.originalAudio, clips: JSON.stringify(timeline.clips) }, { method: "post" });

  const update = (id: string, patch: Partial<VoiceoverClip>) => setTimeline((t) => ({ ...t, clips: t.clips.map((c) => (c.id === id ? ({ ...c, ...patch } as VoiceoverClip) : c)) }));
  const remove = (id: string) => setTimeline((t) => ({ ...t, clips: t.clips.filter((c) => c.id !== id) }));
  const add = (kind: "dialogue" | "effect") => {
    const id = nextClipId(timeline.clips);
    const start = Math.min(Math.round(time * 10) / 10, Math.max(0, project.durationSeconds - 0.5));
    const lastVoice = [...timeline.clips].reverse().find((c) => c.kind === "dialogue");
    const clip: VoiceoverClip =
      kind === "dialogue"
        ? { id, kind, start, text: "", voice_id: lastVoice?.kind === "dialogue" ? lastVoice.voice_id : (props.voices[0]?.id ?? ""), voice_settings: null }
        : { id, kind, start, text: "", duration_seconds: Math.max(props.limits.effectSeconds.min, Math.min(2, Math.floor((project.durationSeconds - start) * 10) / 10)) };
    setTimeline((t) => ({ ...t, clips: [...t.clips, clip] }));
    setSelected(id);
  };
  const seek = (seconds: number) => {
    if (video.current) video.current.currentTime = Math.max(0, Math.min(project.durationSeconds, seconds));
    setTime(seconds);
  };

  const inProgress = props.render?.status === "queued" || props.render?.status === "rendering";
  const renderDisabled = busy || inProgress || timeline.clips.length === 0;

  return (
    <div className="flex flex-col gap-6" data-testid="voiceover-editor">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <Preview videoRef={video} project={project} clips={timeline.clips} spoken={props.spoken} originalAudio={timeline.originalAudio} time={time} onTime={setTime} />
        <RenderCard
          render={props.render}
          output={props.output}
          pendingCredits={props.pendingCredits}
          unsaved={unsaved}
          busy={busy && submitted === "render"}
          disabled={renderDisabled}
          disabledReason={timeline.clips.length === 0 ? "Add a clip to render." : inProgress ? "A render is running." : null}
          onRender={() => submit("render")}
        />
      </div>

      <Card data-testid="voiceover-timeline-card">
        <CardHeader title="Timeline" description="Place lines of dialogue and sound effects along the video. Click the timeline to move the playhead; new clips start there." />
        <CardContent className="flex flex-col gap-5">
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" onClick={() => add("dialogue")} disabled={props.voices.length === 0} data-testid="add-dialogue">
              <MessageSquareText aria-hidden="true" />
              Add dialogue
            </Button>
            <Button variant="secondary" onClick={() => add("effect")} data-testid="add-effect">
              <Waves aria-hidden="true" />
              Add sound effect
            </Button>
            <Button onClick={() => submit("save")} disabled={busy || !unsaved} data-testid="voiceover-save">
              <Save aria-hidden="true" />
              {busy && submitted === "save" ? "Saving…" : "Save"}
            </Button>
            {failure ? null : (
              <span className="text-sm text-muted-foreground" data-testid="voiceover-save-state">
                {unsaved ? "Unsaved changes: save them, or render (which saves first)." : "All changes saved."}
              </span>
            )}
          </div>
          {failure ? (
            <Hint tone="error" className="text-sm" id="voiceover-error">
              {failure}
            </Hint>
          ) : null}
          <TimelineTracks clips={timeline.clips} durationSeconds={project.durationSeconds} time={time} selected={selected} onSelect={setSelected} onSeek={seek} />
          {timeline.clips.length === 0 ? <p className="text-sm text-muted-foreground">No clips yet: move the playhead and add a line of dialogue or a sound effect.</p> : null}
          <ol className="flex flex-col gap-3" aria-label="Clips" data-testid="voiceover-clips">
            {[...timeline.clips]
              .sort((a, b) => a.start - b.start)
              .map((clip) => (
                <ClipRow
                  key={clip.id}
                  clip={clip}
                  voices={props.voices}
                  limits={props.limits}
                  durationSeconds={project.durationSeconds}
                  selected={clip.id === selected}
                  spoken={Boolean(props.spoken[clip.id])}
                  onSelect={() => setSelected(clip.id)}
                  onChange={(patch) => update(clip.id, patch)}
                  onRemove={() => remove(clip.id)}
                  onPlayFrom={() => {
                    seek(clip.start);
                    void video.current?.play();
                  }}
                />
              ))}
          </ol>
        </CardContent>
      </Card>

      <Card>
        <CardHeader title="Project" description="The name, and what happens to the video's own sound under the clips." />
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor="voiceover-name">Name</Label>
            <Input id="voiceover-name" value={timeline.name} maxLength={200} onChange={(event) => setTimeline((t) => ({ ...t, name: event.target.value }))} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="voiceover-original">The video&apos;s own sound</Label>
            <Select
              id="voiceover-original"
              label="The video's own sound"
              value={timeline.originalAudio}
              onValueChange={(value) => setTimeline((t) => ({ ...t, originalAudio: value as OriginalAudioMode }))}
              options={ORIGINAL_AUDIO_MODES.map((mode) => ({ value: mode, label: ORIGINAL_AUDIO_LABELS[mode], disabled: mode !== "drop" && project.originalProblem !== null }))}
              testId="voiceover-original"
            />
            {project.originalProblem ? <Hint>{project.originalProblem}</Hint> : null}
          </div>
        </CardContent>
      </Card>

      {leaveWarning}
    </div>
  );
}

/**
 * The video with the timeline heard over it: each spoken clip's audio (from the newest render) plays from its
 * start while the video plays, the dialogue shows as a caption, and the video's sound is kept, lowered under
 * dialogue or muted as the render will do it. Clips not spoken yet show their text only.
 */
function Preview({ videoRef, project, clips, spoken, originalAudio, time, onTime }: { videoRef: React.RefObject<HTMLVideoElement>; project: EditorProps["project"]; clips: VoiceoverClip[]; spoken: Record<string, string>; originalAudio: OriginalAudioMode; time: number; onTime: (t: number) => void }) {
  const audios = useRef(new Map<string, HTMLAudioElement>());
  const lengths = useRef(new Map<string, number>());
  const dialogue = clips.filter((c): c is Extract<VoiceoverClip, { kind: "dialogue" }> => c.kind === "dialogue");
  const end = (clip: VoiceoverClip) => clipEnd(clip, lengths.current.get(clip.id));
  const caption = dialogue.find((c) => time >= c.start && time < end(c));

  const sync = useCallback(() => {
    const player = videoRef.current;
    if (!player) return;
    const t = player.currentTime;
    onTime(t);
    const playing = !player.paused && !player.ended;
    let underLine = false;
    for (const clip of clips) {
      const within = t >= clip.start && t < end(clip);
      if (within && clip.kind === "dialogue") underLine = true;
      const audio = audios.current.get(clip.id);
      if (!audio) continue;
      if (playing && within) {
        const offset = t - clip.start;
        if (audio.paused) {
          audio.currentTime = offset;
          void audio.play().catch(() => undefined);
        } else if (Math.abs(audio.currentTime - offset) > 0.3) audio.currentTime = offset;
      } else if (!audio.paused) audio.pause();
    }
    player.muted = originalAudio === "drop" || project.originalProblem !== null;
    player.volume = originalAudio === "duck" && underLine ? PREVIEW_DUCK_VOLUME : 1;
  }, [clips, originalAudio, onTime, project.originalProblem, videoRef]);

  useEffect(() => {
    const player = videoRef.current;
    if (!player) return;
    // While the video plays, every frame; when it pauses, seeks or ends, once (a seek while playing keeps the loop).
    let frame = 0;
    const tick = () => {
      sync();
      frame = player.paused || player.ended ? 0 : requestAnimationFrame(tick);
    };
    const start = () => {
      if (!frame) frame = requestAnimationFrame(tick);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
      sync();
    };
    player.addEventListener("play", start);
    player.addEventListener("pause", stop);
    player.addEventListener("ended", stop);
    player.addEventListener("seeked", sync);
    sync();
    if (!player.paused) start();
    return () => {
      cancelAnimationFrame(frame);
      player.removeEventListener("play", start);
      player.removeEventListener("pause", stop);
      player.removeEventListener("ended", stop);
      player.removeEventListener("seeked", sync);
    };
  }, [sync, videoRef]);

  return (
    <Card className="overflow-hidden">
      <div className="relative bg-black">
        <video ref={videoRef} src={project.videoUrl} controls playsInline preload="metadata" className="aspect-video w-full" data-testid="voiceover-video" />
        {caption ? (
          <p className="pointer-events-none absolute inset-x-4 bottom-14 mx-auto w-fit max-w-[90%] rounded-md bg-black/75 px-3 py-1 text-center text-sm text-white" data-testid="voiceover-caption">
            {caption.text || "…"}
          </p>
        ) : null}
      </div>
      {Object.entries(spoken).map(([id, url]) => (
        <audio
          key={id}
          preload="auto"
          src={url}
          data-testid="voiceover-clip-audio"
          ref={(element) => {
            if (element) audios.current.set(id, element);
            else audios.current.delete(id);
          }}
          onLoadedMetadata={(event) => lengths.current.set(id, event.currentTarget.duration)}
        />
      ))}
      <CardContent className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm text-muted-foreground">
        <span>
          Preview at {clock(time)} of {clock(project.durationSeconds)}
        </span>
        <span>{Object.keys(spoken).length ? `${Object.keys(spoken).length} of ${clips.length} clips heard as rendered` : "Render once to hear the clips here"}</span>
      </CardContent>
    </Card>
  );
}

/** The clips as blocks along the video's length, dialogue above effects, with the playhead; a click seeks. */
function TimelineTracks({ clips, durationSeconds, time, selected, onSelect, onSeek }: { clips: VoiceoverClip[]; durationSeconds: number; time: number; selected: string | null; onSelect: (id: string) => void; onSeek: (t: number) => void }) {
  const at = (seconds: number) => `${Math.min(100, Math.max(0, (seconds / Math.max(durationSeconds, 0.1)) * 100))}%`;
  const seekTo = (event: React.MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    onSeek(((event.clientX - box.left) / box.width) * durationSeconds);
  };
  const rows = [
    { kind: "dialogue" as const, label: "Dialogue", tone: "bg-primary text-primary-foreground" },
    { kind: "effect" as const, label: "Effects", tone: "bg-accent text-white dark:text-zinc-950" },
  ];
  return (
    <section aria-label="Timeline tracks" className="flex flex-col gap-2" data-testid="voiceover-timeline">
      <div className="grid grid-cols-[4.5rem_1fr] gap-2 text-xs text-muted-foreground">
        <span />
        <div className="flex justify-between">
          <span>0:00.0</span>
          <span>{clock(durationSeconds / 2)}</span>
          <span>{clock(durationSeconds)}</span>
        </div>
      </div>
      {rows.map((row) => (
        <div key={row.kind} className="grid grid-cols-[4.5rem_1fr] items-center gap-2">
          <span className="text-xs text-muted-foreground">{row.label}</span>
          <div className="relative h-9 cursor-pointer rounded-md bg-muted" onClick={seekTo} data-testid={`track-${row.kind}`}>
            {clips
              .filter((c) => c.kind === row.kind)
              .map((clip) => (
                <button
                  key={clip.id}
                  type="button"
                  title={`${clock(clip.start)}: ${clip.text}`}
                  aria-label={`${row.label} at ${clock(clip.start)}: ${clip.text || "empty"}`}
                  aria-pressed={clip.id === selected}
                  onClick={(event) => {
                    event.stopPropagation();
                    onSelect(clip.id);
                    onSeek(clip.start);
                  }}
                  className={`absolute inset-y-1 overflow-hidden truncate rounded-sm px-1 text-left text-[11px] leading-7 ${row.tone} ${clip.id === selected ? "ring-2 ring-ring ring-offset-1 ring-offset-background" : "opacity-90"}`}
                  style={{ left: at(clip.start), width: `max(6px, calc(${at(clipEnd(clip))} - ${at(clip.start)}))` }}
                >
                  {clip.text}
                </button>
              ))}
            <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 w-0.5 bg-destructive" style={{ left: at(time) }} />
          </div>
        </div>
      ))}
    </section>
  );
}

/** One clip's settings: its start, and a line's text, voice, speed and stability, or an effect's description and length. */
function ClipRow({
  clip,
  voices,
  limits,
  durationSeconds,
  selected,
  spoken,
  onSelect,
  onChange,
  onRemove,
  onPlayFrom,
}: {
  clip: VoiceoverClip;
  voices: EditorProps["voices"];
  limits: EditorProps["limits"];
  durationSeconds: number;
  selected: boolean;
  spoken: boolean;
  onSelect: () => void;
  onChange: (patch: Partial<VoiceoverClip>) => void;
  onRemove: () => void;
  onPlayFrom: () => void;
}) {
  const number = (value: string) => (Number.isFinite(Number(value)) ? Number(value) : 0);
  const id = `clip-${clip.id}`;
  const dialogue = clip.kind === "dialogue";
  return (
    <li id={id} onFocusCapture={onSelect} className={`flex flex-col gap-3 rounded-xl border p-3 ${selected ? "border-ring" : "border-border"}`} data-testid="voiceover-clip">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <Badge tone={dialogue ? "neutral" : "accent"}>{dialogue ? "Dialogue" : "Sound effect"}</Badge>
          {spoken ? <Badge tone="success">Rendered</Badge> : <Badge tone="outline">Not rendered yet</Badge>}
        </div>
        <div className="flex items-center gap-1">
          <IconButton label={`Play from ${clock(clip.start)}`} icon={<AudioLines aria-hidden="true" />} onClick={onPlayFrom} />
          <IconButton label="Remove clip" icon={<Trash2 aria-hidden="true" />} onClick={onRemove} data-testid="remove-clip" />
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-[8rem_minmax(0,1fr)]">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-start`}>Start (s)</Label>
          <Input id={`${id}-start`} type="number" inputMode="decimal" min={0} max={durationSeconds} step="0.1" value={clip.start} onChange={(event) => onChange({ start: number(event.target.value) })} data-testid="clip-start" />
        </div>
        {dialogue ? (
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-voice`}>Voice</Label>
            <Select id={`${id}-voice`} label="Voice" value={clip.voice_id} onValueChange={(voice_id) => onChange({ voice_id })} options={voices.map((v) => ({ value: v.id, label: v.name }))} testId="clip-voice" />
          </div>
        ) : (
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-duration`}>Length (s)</Label>
            <Input
              id={`${id}-duration`}
              type="number"
              inputMode="decimal"
              min={limits.effectSeconds.min}
              max={limits.effectSeconds.max}
              step="0.1"
              value={clip.duration_seconds}
              onChange={(event) => onChange({ duration_seconds: number(event.target.value) })}
              data-testid="clip-duration"
            />
          </div>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${id}-text`}>{dialogue ? "Line" : "Description"}</Label>
        <Textarea
          id={`${id}-text`}
          rows={2}
          maxLength={dialogue ? DIALOGUE_TEXT_MAX : limits.descriptionMax}
          placeholder={dialogue ? "What the voice says" : "Footsteps on gravel, a door slam, rain…"}
          value={clip.text}
          onChange={(event) => onChange({ text: event.target.value })}
          data-testid="clip-text"
        />
      </div>
      {dialogue ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1">
            <span className="text-sm font-medium">Speed {(clip.voice_settings?.speed ?? 1).toFixed(2)}×</span>
            <Slider
              label="Speed"
              min={limits.speed.min}
              max={limits.speed.max}
              step={0.05}
              value={clip.voice_settings?.speed ?? 1}
              valueText={`${(clip.voice_settings?.speed ?? 1).toFixed(2)} times`}
              onValueChange={(speed) => onChange({ voice_settings: { ...clip.voice_settings, speed } })}
            />
          </div>
          <div className="flex flex-col gap-1">
            <span className="text-sm font-medium">Stability {Math.round((clip.voice_settings?.stability ?? 0.5) * 100)}%</span>
            <Slider
              label="Stability"
              min={0}
              max={1}
              step={0.05}
              value={clip.voice_settings?.stability ?? 0.5}
              valueText={`${Math.round((clip.voice_settings?.stability ?? 0.5) * 100)}%`}
              onValueChange={(stability) => onChange({ voice_settings: { ...clip.voice_settings, stability } })}
            />
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** The render: what it will cost, its progress while it runs, then the video to watch and download. */
function RenderCard({
  render,
  output,
  pendingCredits,
  unsaved,
  busy,
  disabled,
  disabledReason,
  onRender,
}: {
  render: EditorProps["render"];
  output: EditorProps["output"];
  pendingCredits: number;
  unsaved: boolean;
  busy: boolean;
  disabled: boolean;
  disabledReason: string | null;
  onRender: () => void;
}) {
  const running = render?.status === "queued" || render?.status === "rendering";
  return (
    <Card data-testid="voiceover-render-card">
      <CardHeader
        title="Render"
        description="The clips are spoken and mixed over the video's sound; the picture is copied as it is."
        actions={
          <Button onClick={onRender} disabled={disabled} data-testid="voiceover-render">
            <RefreshCw aria-hidden="true" className={busy || running ? "animate-spin" : undefined} />
            {busy ? "Starting…" : running ? "Rendering…" : unsaved ? "Save and render" : "Render"}
          </Button>
        }
      />
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground" data-testid="voiceover-credits">
          {pendingCredits > 0 ? `About ${pendingCredits.toLocaleString("en")} credits for the clips not spoken before; unchanged clips are not charged again.` : "Every clip is spoken already: rendering again costs nothing."}
        </p>
        <Hint>Lines are spoken by this deployment&apos;s speech engine (espeak-ng&apos;s formant voices unless a neural engine is configured) and effects made by its sound-effects engine (procedural audio unless a generative one is configured).</Hint>
        {disabledReason && !running ? <Hint>{disabledReason}</Hint> : null}
        {render && running ? (
          <div className="flex flex-col gap-1" data-testid="voiceover-progress">
            <span className="text-sm">
              {RENDER_STATUS_LABELS[render.status]} · {render.progress}%
            </span>
            <Meter progress label="Render progress" value={render.progress} max={100} valueText={`${render.progress}%`} />
          </div>
        ) : null}
        {render?.status === "failed" ? (
          <Hint tone="error" className="text-sm">
            {render.error ?? "The render failed."}
          </Hint>
        ) : null}
        {output ? (
          <div className="flex flex-col gap-2">
            <video controls playsInline preload="metadata" src={output.videoUrl} className="aspect-video w-full rounded-md bg-black" data-testid="voiceover-output" />
            <a href={output.downloadUrl} download className={buttonClass("secondary", "self-start")} data-testid="voiceover-download">
              <Download aria-hidden="true" />
              Download video
            </a>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No render yet.</p>
        )}
      </CardContent>
    </Card>
  );
}

/** Delete, after a confirmation: the project, its renders and its media. */
export function DeleteProject() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      {open ? (
        <Dialog title="Delete this project?" description="The video, its timeline and every render are deleted. This cannot be undone." onClose={() => setOpen(false)} testId="voiceover-delete-dialog">
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <DialogActions onCancel={() => setOpen(false)}>
              <Button type="submit" variant="destructive">
                Delete project
              </Button>
            </DialogActions>
          </Form>
        </Dialog>
      ) : null}
    </>
  );
}

