import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { z } from "zod";
import { DialogueEditor } from "~/speech/components/dialogue-editor";
import { HistoryList } from "~/history/components/history-list";
import { playVoicePreview, usePlayer } from "~/player/components/player";
import { useVoiceSafety } from "~/voices/components/voice-safety";
import { useToast } from "~/common/components/toasts";
import { Button } from "~/common/ui/button";
import { PRODUCT_NAME } from "../../core/brand";
import { shareButtonMode, videoFlagOn } from "../../core/sharing/sharing";
import type { DialogueLine } from "~/speech/rules/dialogue";
import { toRequestError } from "~/common/rules/http-error";
import { DEFAULT_MODEL_ID, maxCharactersPerRequest } from "~/speech/rules/models";
import { isPaidTier } from "../../core/billing/plans";
import { SPEED_RANGE, UNSTABLE_THRESHOLDS, unusedSettingReason, type VoiceSettingName } from "~/voices/rules/voices";
import { db, requireViewer } from "~/accounts/accounts.server";
import { parseForm } from "~/common/form.server";
import { useCompleteChecklistItem } from "~/accounts/components/onboarding-client";
import { servedModels, historyEntries } from "~/speech/speech.server";
import { deleteHistoryEntry } from "~/history/history.server";
import { editVoiceSettings, settingsOfUsableVoices, voiceOptions } from "~/voices/voices.server";
import { DEFAULT_VOICE_SETTINGS, type VoiceSettings } from "../../core/voices/voice-settings";

export const meta: MetaFunction = () => [{ title: `Text to Speech · ${PRODUCT_NAME}` }];

const SELECTED_VOICE_KEY = "selectedVoice";
const SELECTED_MODEL_KEY = "selectedModelIds";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const url = new URL(request.url);
  const search = url.searchParams.get("search") ?? "";
  const voiceId = url.searchParams.get("voice_id") ?? "";
  const { entries } = await historyEntries(context, viewer, { search, voiceId, pageSize: 20 });
  const tier = viewer.membership.workspace.tier;
  const paid = isPaidTier(tier);
  const voices = await voiceOptions(context.cloudflare.env, viewer);
  // Each voice's settings as the workspace saved them (the defaults where it saved none): the sliders start
  // from them when the voice is chosen, and generations send them.
  const voiceSettings = await settingsOfUsableVoices(context.cloudflare.env, viewer);
  // ?voice= comes from the voices page's "Use voice": that voice is chosen (unknown ids are ignored).
  const chosen = url.searchParams.get("voice");
  return {
    voices,
    chosenVoice: voices.some((v) => v.voice_id === chosen) ? chosen : null,
    voiceSettings,
    models: (await servedModels(context.cloudflare.env)).map((m) => ({ model_id: m.model_id, name: m.name, engine: m.engine, maxCharacters: maxCharactersPerRequest(m, paid) })),
    history: entries,
    shareMode: shareButtonMode(videoFlagOn(context.cloudflare.env.FEATURE_TTS_VIDEO_GENERATION), viewer.membership.workspace.tier, true),
    search,
    voiceId,
    remaining: viewer.membership.workspace.characterLimit - viewer.membership.workspace.characterCount,
  };
}

const unit = z.coerce.number().min(0).max(1);
const actions = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("delete"), id: z.string().min(1).max(100) }),
  // The sliders' values saved as the workspace's settings for the voice (as POST /v1/voices/{id}/settings/edit).
  z.object({
    intent: z.literal("save-voice-settings"),
    voice_id: z.string().min(1).max(100),
    stability: unit,
    similarity_boost: unit,
    style: unit,
    speed: z.coerce.number().min(SPEED_RANGE.min).max(SPEED_RANGE.max),
    use_speaker_boost: z.enum(["true", "false"]).transform((value) => value === "true"),
  }),
]);

export async function action({ request, context }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const parsed = await parseForm(request, actions);
  if (!parsed.ok) return Response.json({ error: "Unknown action" }, { status: 400 });
  if (parsed.data.intent === "save-voice-settings") {
    const { intent: _intent, voice_id: voiceId, ...settings } = parsed.data;
    if (!(await editVoiceSettings(context.cloudflare.env, viewer, voiceId, settings))) return Response.json({ error: "Not found" }, { status: 404 });
    return { ok: true, saved: voiceId };
  }
  if (!(await deleteHistoryEntry(db(context), context.cloudflare.env.MEDIA, viewer, parsed.data.id))) return Response.json({ error: "Not found" }, { status: 404 });
  return { ok: true };
}

/** Why a control changes nothing with the chosen model's engine, under the control it disables. */
function UnusedReason({ id, reason }: { id: string; reason: string | null }) {
  return reason ? (
    <p id={id} data-testid="setting-unused" className="text-xs text-muted-foreground">
      {reason}
    </p>
  ) : null;
}

function Slider({ label, value, min, max, step, onChange, unstable, unusedReason }: { label: string; value: number; min: number; max: number; step: number; onChange: (v: number) => void; unstable: boolean; unusedReason: string | null }) {
  const id = `slider-${label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <div>
      <div className="flex items-center justify-between text-sm">
        <label htmlFor={id} className={unusedReason ? "text-zinc-400" : undefined}>
          {label}
        </label>
        <span className="tabular-nums text-muted-foreground">
          {value.toFixed(2)}
          {unstable && !unusedReason ? <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-800 dark:bg-amber-900 dark:text-amber-100">unstable</span> : null}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={unusedReason !== null}
        aria-describedby={unusedReason ? `${id}-unused` : undefined}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full disabled:opacity-40"
      />
      <UnusedReason id={`${id}-unused`} reason={unusedReason} />
    </div>
  );
}

export default function TextToSpeechPage() {
  const data = useLoaderData<typeof loader>();
  const player = usePlayer();
  const safety = useVoiceSafety();
  const toast = useToast();
  const revalidator = useRevalidator();
  const completeChecklistItem = useCompleteChecklistItem();
  const [text, setText] = useState("");
  const [voiceId, setVoiceId] = useState(data.voices[0]!.voice_id);
  const [modelId, setModelId] = useState(DEFAULT_MODEL_ID);
  const [voiceSearch, setVoiceSearch] = useState("");
  const savedSettingsOf = (id: string): VoiceSettings => ({ ...DEFAULT_VOICE_SETTINGS, ...data.voiceSettings[id] });
  const [settings, setSettings] = useState<VoiceSettings>(() => savedSettingsOf(data.voices[0]!.voice_id));
  const [busy, setBusy] = useState(false);
  const saveSettings = useFetcher<typeof action>();

  // The chosen voice's settings, as the workspace saved them, fill the sliders (and go with its generations).
  useEffect(() => {
    setSettings(savedSettingsOf(voiceId));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [voiceId]);

  // The selected voice and model are remembered locally; a voice chosen on the voices page comes first (and goes
  // through the same safety check as choosing it here). Runs when the loaded lists change, not on every render.
  useEffect(() => {
    try {
      const storedVoice = localStorage.getItem(SELECTED_VOICE_KEY);
      if (data.chosenVoice) void chooseVoice(data.chosenVoice);
      else if (storedVoice && data.voices.some((v) => v.voice_id === storedVoice)) setVoiceId(storedVoice);
      const storedModel = localStorage.getItem(SELECTED_MODEL_KEY);
      if (storedModel && data.models.some((m) => m.model_id === storedModel)) setModelId(storedModel);
    } catch {
      // storage unavailable
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data.voices, data.models, data.chosenVoice]);
  const remember = (key: string, value: string) => {
    try {
      localStorage.setItem(key, value);
    } catch {
      // storage unavailable
    }
  };

  // Choosing a voice under a safety control opens its dialog; a blocked or unverified voice is not kept.
  const chooseVoice = async (next: string) => {
    const chosen = data.voices.find((v) => v.voice_id === next);
    if (!chosen) return;
    setVoiceId(next);
    if (!(await safety.check({ voiceId: next, name: chosen.name, safetyControl: chosen.safety_control }))) return setVoiceId(voiceId);
    remember(SELECTED_VOICE_KEY, next);
  };

  const model = data.models.find((m) => m.model_id === modelId) ?? data.models[0]!;
  const unused = (setting: VoiceSettingName) => unusedSettingReason(model.engine, setting);
  const voice = data.voices.find((v) => v.voice_id === voiceId)!;
  const filteredVoices = useMemo(() => {
    const needle = voiceSearch.toLowerCase();
    return data.voices.filter((v) => !needle || `${v.name} ${v.description} ${v.language}`.toLowerCase().includes(needle));
  }, [data.voices, voiceSearch]);
  const length = [...text].length;
  const tooLong = length > model.maxCharacters;

  const [mode, setMode] = useState<"text" | "dialogue">("text");

  /**
   * Both modes stream into the global player; the history row follows once the audio is stored. A voice whose
   * CAPTCHA check the workspace has not passed (or no longer holds) is refused by the server: its check opens,
   * and once solved the generation is sent again.
   */
  const speak = async (path: string, body: unknown, title: string, voiceName: string) => {
    setBusy(true);
    void completeChecklistItem("generate_text_to_speech");
    try {
      const send = () =>
        fetch(`${path}?output_format=mp3_44100_128`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      let response = await send();
      if (!response.ok) {
        const error = await toRequestError(response);
        const checked = error.errorType === "voice_captcha_required" ? data.voices.find((v) => v.voice_id === (error.payload as { detail?: { voice_id?: string } }).detail?.voice_id) : undefined;
        if (!checked) return toast.showError(error);
        if (!(await safety.verify({ voiceId: checked.voice_id, name: checked.name, safetyControl: checked.safety_control }))) return;
        response = await send();
        if (!response.ok) return toast.showError(await toRequestError(response));
      }
      const id = response.headers.get("history-item-id") ?? "generation";
      // No src yet: the player looks the item up once it is saved, then offers download and feedback.
      await player.play({ id, title: title.slice(0, 80), voiceName, historyItemId: id, text: title }, { kind: "stream", response, mimeType: "audio/mpeg" });
      // play() resolves once the player has found the saved item: the history panel can show it now.
      revalidator.revalidate();
    } catch {
      toast.show("Network error", "error");
    } finally {
      setBusy(false);
    }
  };
  const generate = () => speak(`/v1/text-to-speech/${voiceId}/stream`, { text, model_id: modelId, voice_settings: settings }, text, voice.name);
  const generateDialogue = (lines: DialogueLine[]) =>
    speak("/v1/text-to-dialogue/stream", { inputs: lines, model_id: modelId }, lines.map((l) => l.text).join(" "), "Dialogue");

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="space-y-4">
        <div className="flex items-center justify-between">
          <h1 className="text-2xl font-bold">Text to Speech</h1>
          <div role="tablist" className="flex rounded-full border border-border p-1 text-sm">
            {(["text", "dialogue"] as const).map((m) => (
              <button key={m} role="tab" aria-selected={mode === m} type="button" onClick={() => setMode(m)} className={`rounded-full px-3 py-1 ${mode === m ? "bg-zinc-900 text-white dark:bg-white dark:text-zinc-900" : ""}`}>
                {m === "text" ? "Text" : "Dialogue"}
              </button>
            ))}
          </div>
        </div>
        {mode === "dialogue" ? (
          <DialogueEditor voices={data.voices} busy={busy} onGenerate={generateDialogue} />
        ) : (
        <>
        <div>
          <label htmlFor="tts-text" className="sr-only">
            Text
          </label>
          <textarea
            id="tts-text"
            value={text}
            onChange={(e) => setText(e.target.value)}
            rows={10}
            placeholder="Type or paste the text you want to hear…"
            className="w-full rounded-xl border border-input p-4 text-base outline-none focus:border-zinc-900 dark:bg-zinc-900"
          />
          <div className="mt-1 flex justify-between text-xs text-muted-foreground">
            <span data-testid="char-count" className={tooLong ? "text-red-600" : undefined}>
              {length} / {model.maxCharacters}
            </span>
            <span>{data.remaining.toLocaleString("en")} credits remaining</span>
          </div>
        </div>
        <div className="flex justify-end">
          <Button onClick={generate} disabled={busy || text.trim() === "" || tooLong} data-testid="generate">
            {busy ? "Generating…" : "Generate speech"}
          </Button>
        </div>
        </>
        )}
        <div className="flex items-center justify-between">
          <h2 className="text-lg font-semibold">History</h2>
          <Link to="/app/speech-synthesis/text-to-speech/history" className="text-sm underline">
            Open full history
          </Link>
        </div>
        <HistoryList shareMode={data.shareMode} entries={data.history} voices={data.voices} search={data.search} voiceId={data.voiceId} />
      </div>
      <aside className="space-y-5 rounded-2xl border border-border p-4">
        <div className="space-y-2">
          <label htmlFor="voice" className="text-sm font-medium">
            Voice
          </label>
          <input value={voiceSearch} onChange={(e) => setVoiceSearch(e.target.value)} placeholder="Search voices" aria-label="Search voices" className="w-full rounded-lg border border-input px-3 py-1.5 text-sm dark:bg-zinc-900" />
          <select
            id="voice"
            value={voiceId}
            onChange={(e) => void chooseVoice(e.target.value)}
            className="w-full rounded-lg border border-input px-2 py-1.5 text-sm dark:bg-zinc-900"
          >
            {(filteredVoices.some((v) => v.voice_id === voiceId) ? filteredVoices : [voice, ...filteredVoices]).map((v) => (
              <option key={v.voice_id} value={v.voice_id}>
                {v.name} · {v.language.toUpperCase()} · {v.gender}
              </option>
            ))}
          </select>
          <p className="text-xs text-muted-foreground">{voice.description}</p>
          <Button variant="secondary" onClick={() => void playVoicePreview(player, voice)}>
            Preview voice
          </Button>
        </div>
        <div className="space-y-2">
          <label htmlFor="model" className="text-sm font-medium">
            Model
          </label>
          <select
            id="model"
            value={modelId}
            onChange={(e) => {
              setModelId(e.target.value);
              remember(SELECTED_MODEL_KEY, e.target.value);
            }}
            className="w-full rounded-lg border border-input px-2 py-1.5 text-sm dark:bg-zinc-900"
          >
            {data.models.map((m) => (
              <option key={m.model_id} value={m.model_id}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-3">
          <Slider label="Speed" value={settings.speed} min={SPEED_RANGE.min} max={SPEED_RANGE.max} step={0.01} onChange={(speed) => setSettings({ ...settings, speed })} unstable={settings.speed < UNSTABLE_THRESHOLDS.speedBelow || settings.speed > UNSTABLE_THRESHOLDS.speedAbove} unusedReason={unused("speed")} />
          <Slider label="Stability" value={settings.stability} min={0} max={1} step={0.01} onChange={(stability) => setSettings({ ...settings, stability })} unstable={settings.stability < UNSTABLE_THRESHOLDS.stabilityBelow} unusedReason={unused("stability")} />
          <Slider label="Similarity" value={settings.similarity_boost} min={0} max={1} step={0.01} onChange={(similarity_boost) => setSettings({ ...settings, similarity_boost })} unstable={false} unusedReason={unused("similarity_boost")} />
          <Slider label="Style exaggeration" value={settings.style} min={0} max={1} step={0.01} onChange={(style) => setSettings({ ...settings, style })} unstable={settings.style > UNSTABLE_THRESHOLDS.styleAbove} unusedReason={unused("style")} />
          <div>
            <label className={`flex items-center gap-2 text-sm ${unused("use_speaker_boost") ? "text-zinc-400" : ""}`}>
              <input
                type="checkbox"
                checked={settings.use_speaker_boost}
                disabled={unused("use_speaker_boost") !== null}
                aria-describedby={unused("use_speaker_boost") ? "speaker-boost-unused" : undefined}
                onChange={(e) => setSettings({ ...settings, use_speaker_boost: e.target.checked })}
              />
              Speaker boost
            </label>
            <UnusedReason id="speaker-boost-unused" reason={unused("use_speaker_boost")} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="ghost" onClick={() => setSettings({ ...DEFAULT_VOICE_SETTINGS })}>
              Reset values
            </Button>
            <saveSettings.Form method="post">
              <input type="hidden" name="intent" value="save-voice-settings" />
              <input type="hidden" name="voice_id" value={voiceId} />
              {(["stability", "similarity_boost", "style", "speed", "use_speaker_boost"] as const).map((name) => (
                <input key={name} type="hidden" name={name} value={String(settings[name])} />
              ))}
              <Button type="submit" variant="secondary" disabled={saveSettings.state !== "idle"}>
                {saveSettings.state !== "idle" ? "Saving…" : `Save for ${voice.name}`}
              </Button>
            </saveSettings.Form>
          </div>
          <p className="text-xs text-muted-foreground" role="status">
            {saveSettings.state === "idle" && (saveSettings.data as { saved?: string } | undefined)?.saved === voiceId ? "Saved. " : ""}
            Saved settings apply to this workspace&apos;s generations with {voice.name}, here and through the API.
          </p>
        </div>
      </aside>
    </div>
  );
}
