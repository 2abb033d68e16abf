import { useState, type FormEvent } from "react";
import { Link, useRevalidator } from "@remix-run/react";
import { AudioWaveform, Play, Search, Sparkles } from "lucide-react";
import { Button, buttonClass } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { Input, Label, Textarea } from "~/common/ui/input";
import { Slider } from "~/common/ui/slider";
import { Badge } from "~/common/ui/badge";
import { useToast } from "~/common/components/toasts";
import { toRequestError } from "~/common/rules/http-error";
import { usePlayer } from "~/player/components/player";
import {
  durationLabel,
  PROCEDURAL_ENGINE_NOTICE,
  PROMPT_INFLUENCE_DEFAULT,
  searchCatalogue,
  SOUND_CATALOGUE,
  soundCredits,
  SOUND_DURATION_RANGE,
  SOUND_TEXT_MAX_CHARACTERS,
} from "~/sound-effects/rules/sound-effects";

/** A sound generation as the page lists it. */
export type SoundItem = { id: string; text: string; durationSeconds: number; loop: boolean; recipes: string[]; dateUnix: number; credits: number };

const audioUrl = (id: string) => `/v1/sound-generation/history/${id}/audio`;
const fileName = (item: { id: string; text: string }) => `${item.text.slice(0, 40).replace(/[^\w -]+/g, "").trim().replace(/\s+/g, "_") || "sound"}_${item.id}.mp3`;

type Settings = { durationSeconds: number | null; loop: boolean; promptInfluence: number };

/** Generates through the API (the session authenticates) and plays the answer in the global player. */
function useGenerate() {
  const player = usePlayer();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const generate = async (text: string, settings: Settings) => {
    setBusy(true);
    try {
      const response = await fetch("/v1/sound-generation?output_format=mp3_44100_128", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text, duration_seconds: settings.durationSeconds, loop: settings.loop, prompt_influence: settings.promptInfluence }),
      });
      if (!response.ok) return toast.showError(await toRequestError(response));
      const id = response.headers.get("sound-generation-history-item-id") ?? "sound";
      await player.play({ id, title: text.slice(0, 80), voiceName: "Sound effect", src: audioUrl(id), downloadName: fileName({ id, text }) }, { kind: "stream", response, mimeType: "audio/mpeg" });
      revalidator.revalidate();
    } catch {
      toast.show("Network error", "error");
    } finally {
      setBusy(false);
    }
  };
  return { generate, busy };
}

export function GeneratePanel() {
  const [text, setText] = useState("");
  // 0 on the slider is "Auto": the engine picks the recipe's natural length.
  const [duration, setDuration] = useState(0);
  const [loop, setLoop] = useState(false);
  const [influence, setInfluence] = useState(PROMPT_INFLUENCE_DEFAULT);
  const { generate, busy } = useGenerate();
  const durationSeconds = duration === 0 ? null : duration;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) void generate(text.trim(), { durationSeconds, loop, promptInfluence: influence });
  };
  return (
    <Card>
      <CardContent className="space-y-5 pt-6">
        <form onSubmit={submit} className="space-y-5" aria-label="Generate a sound effect">
          <div className="space-y-2">
            <Label htmlFor="sfx-text">Describe the sound</Label>
            <Textarea
              id="sfx-text"
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={SOUND_TEXT_MAX_CHARACTERS}
              rows={3}
              placeholder="Heavy rain on a tin roof, distant thunder"
              aria-describedby="sfx-engine"
            />
            <p className="text-right text-xs text-muted-foreground">
              {[...text].length} / {SOUND_TEXT_MAX_CHARACTERS}
            </p>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="space-y-2">
              <div className="flex items-center justify-between text-sm">
                <span id="sfx-duration-label" className="font-medium">Duration</span>
                <span className="text-muted-foreground">{durationLabel(durationSeconds)}</span>
              </div>
              <Slider label="Duration (0 is automatic)" value={duration} onValueChange={(v) => setDuration(v > 0 && v < SOUND_DURATION_RANGE.min ? SOUND_DURATION_RANGE.min : v)} min={0} max={SOUND_DURATION_RANGE.max} step={0.5} valueText={durationLabel(durationSeconds)} testId="sfx-duration" />
              <p className="text-xs text-muted-foreground">Auto picks the sound's natural length; or 0.5 to 22 seconds.</p>
            </div>
            <div className="space-y-2">
              <div className="flex items-center justify-between text-sm">
                <span className="font-medium">Prompt influence</span>
                <span className="text-muted-foreground">{Math.round(influence * 100)}%</span>
              </div>
              <Slider label="Prompt influence" value={influence} onValueChange={setInfluence} min={0} max={1} step={0.05} valueText={`${Math.round(influence * 100)}%`} />
              <p className="text-xs text-muted-foreground">High: follows your words closely. Low: more variation.</p>
            </div>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" className="size-4 accent-[var(--accent)]" checked={loop} onChange={(e) => setLoop(e.target.checked)} />
            Seamless loop (the end runs on into the start)
          </label>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-xs text-muted-foreground">{durationSeconds === null ? `${soundCredits(0.5)}–${soundCredits(SOUND_DURATION_RANGE.max)} credits (20 per second)` : `${soundCredits(durationSeconds)} credits`}</p>
            <Button type="submit" disabled={busy || !text.trim()}>
              <Sparkles aria-hidden="true" />
              {busy ? "Generating…" : "Generate"}
            </Button>
          </div>
          <Hint id="sfx-engine">{PROCEDURAL_ENGINE_NOTICE}</Hint>
        </form>
      </CardContent>
    </Card>
  );
}

export function HistoryPanel({ items }: { items: SoundItem[] }) {
  const player = usePlayer();
  if (!items.length) {
    return (
      <EmptyState icon={<AudioWaveform aria-hidden="true" />} title="No sound effects yet">
        Generate one, or pick an example from Explore.
      </EmptyState>
    );
  }
  return (
    <ul className="divide-y divide-border rounded-xl border border-border" aria-label="Generated sound effects">
      {items.map((item) => (
        <li key={item.id} className="flex items-center gap-3 px-4 py-3">
          <Button variant="secondary" size="sm" aria-label={`Play ${item.text}`} onClick={() => void player.play({ id: item.id, title: item.text.slice(0, 80), voiceName: "Sound effect", src: audioUrl(item.id), downloadName: fileName(item) }, { kind: "url", url: audioUrl(item.id) })}>
            <Play aria-hidden="true" />
          </Button>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{item.text}</p>
            <p className="text-xs text-muted-foreground">
              {item.durationSeconds.toFixed(1)} s · {item.credits} credits · {new Date(item.dateUnix * 1000).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" })} UTC
            </p>
          </div>
          <div className="hidden gap-1 sm:flex">
            {item.loop && <Badge>Loop</Badge>}
            {item.recipes.map((r) => (
              <Badge key={r} tone="neutral">
                {r}
              </Badge>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** A category link: the current one filled like a primary button, the others outlined. */
const chip = (current: boolean) => buttonClass(current ? "primary" : "secondary", "", "sm");

export function ExplorePanel({ query, category }: { query: string; category: string | null }) {
  const { generate, busy } = useGenerate();
  const [search, setSearch] = useState(query);
  const results = searchCatalogue(search, category);
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap gap-2" role="navigation" aria-label="Categories">
        <Link to="?tab=explore" className={chip(category === null)} aria-current={category === null ? "page" : undefined}>
          All
        </Link>
        {SOUND_CATALOGUE.map((c) => (
          <Link key={c.id} to={`?tab=explore&category=${c.id}`} className={chip(category === c.id)} aria-current={category === c.id ? "page" : undefined}>
            {c.label}
          </Link>
        ))}
      </div>
      <div className="relative max-w-md">
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input type="search" aria-label="Search examples" placeholder="Search examples" value={search} onChange={(e) => setSearch(e.target.value)} className="pl-9" />
      </div>
      {results.length === 0 ? (
        <EmptyState title="No examples match">Try other words, or describe your sound on the Generate tab.</EmptyState>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {results.map(({ category: c, prompt }) => (
            <Card key={`${c.id}-${prompt}`}>
              <CardHeader as="h3" title={prompt} description={c.label} />
              <CardContent>
                <Button variant="secondary" size="sm" disabled={busy} onClick={() => void generate(prompt, { durationSeconds: null, loop: false, promptInfluence: PROMPT_INFLUENCE_DEFAULT })}>
                  <Sparkles aria-hidden="true" />
                  Generate
                </Button>
              </CardContent>
            </Card>
          ))}
        </div>
      )}
    </div>
  );
}
