import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { AudioLines, Loader2, RotateCcw, Save } from "lucide-react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { DialogueEditor } from "~/speech/components/dialogue-editor";
import { HistoryList } from "~/history/components/history-list";
import { usePlayer } from "~/player/components/player";
import { useVoiceSafety } from "~/voices/components/voice-safety";
import { VoicePicker } from "~/voices/components/voice-picker";
import { VoicePreviewButton } from "~/voices/components/voice-preview";
import { useToast } from "~/common/components/toasts";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { Card } from "~/common/ui/card";
import { cn } from "~/common/ui/cn";
import { Hint } from "~/common/ui/feedback";
import { Textarea } from "~/common/ui/input";
import { Page, Section } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { Slider } from "~/common/ui/slider";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/common/ui/tabs";
import { generateBlocked } from "~/speech/rules/generate-hint";
import { PRODUCT_NAME } from "../../core/brand";
import { shareButtonMode, videoFlagOn } from "../../core/sharing/sharing";
import type { DialogueLine } from "~/speech/rules/dialogue";
import { toRequestError } from "~/common/rules/http-error";
import { DEFAULT_MODEL_ID, maxCharactersPerRequest } from "../../core/speech/models";
import { isPaidTier } from "../../core/billing/plans";
import { SPEED_RANGE, UNSTABLE_THRESHOLDS, unusedSettingReason, type VoiceSettingName } from "../../core/voices/voice-rules";
import { db, markPromptShown, requireViewer } from "~/accounts/accounts.server";
import { promptsShown } from "~/accounts/rules/onboarding";
import { StudioSuggestion } from "~/studio/components/long-text";
import { suggestsStudio } from "../../core/studio/studio-rules";
import { parseForm } from "~/common/form.server";
import { useCompleteChecklistItem } from "~/accounts/components/onboarding-client";
import { currentQuota, servedModels, historyEntries } from "~/speech/speech.server";
import { deleteHistoryEntry } from "~/history/history.server";
import { editVoiceSettings, settingsOfUsableVoices, voiceOptions } from "~/voices/voices.server";
import { DEFAULT_VOICE_SETTINGS, type VoiceSettings } from "../../core/voices/voice-settings";

export const meta: MetaFunction = () => [{ title: `Text to Speech · ${PRODUCT_NAME}` }];

const SELECTED_VOICE_KEY = "selectedVoice";
const SELECTED_MODEL_KEY = "selectedModelIds";

async function creditsOf(context: LoaderFunctionArgs["context"], workspace: Parameters<typeof currentQuota>[1], tier: Parameters<typeof currentQuota>[2]) {
  const quota = await currentQuota(db(context), workspace, tier);
  return { remaining: Math.max(0, workspace.characterLimit - quota.used), creditsLeft: Number.isFinite(quota.usable) ? Math.max(0, quota.usable - quota.used) : null };
}

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
    longContentPromptClosed: promptsShown(viewer.user.promptsShown).long_content_use_projects,
    // As a generation counts them (a due monthly reset applied, usage-based extension included), so the page
    // says "out of credits" exactly when the server would refuse; null when there is no ceiling.
    ...(await creditsOf(context, viewer.membership.workspace, tier)),
  };
}

const unit = z.coerce.number().min(0).max(1);
const CLOSE_LONG_CONTENT_PROMPT = "close-long-content-prompt";
const actions = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(CLOSE_LONG_CONTENT_PROMPT) }),
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
  if (parsed.data.intent === CLOSE_LONG_CONTENT_PROMPT) {
    await markPromptShown(db(context), viewer.user, "long_content_use_projects");
    return { ok: true };
  }
  if (parsed.data.intent === "save-voice-settings") {
    const { intent: _intent, voice_id: voiceId, ...settings } = parsed.data;
    if (!(await editVoiceSettings(context.cloudflare.env, viewer, voiceId, settings))) return Response.json({ error: "Not found" }, { status: 404 });
    return { ok: true, saved: voiceId };
  }
  if (!(await deleteHistoryEntry(db(context), context.cloudflare.env.MEDIA, viewer, parsed.data.id))) return Response.json({ error: "Not found" }, { status: 404 });
  return { ok: true };
}

/** A voice setting's slider: its value (and an "unstable" tag past the spec's thresholds), or why it changes nothing. */
function SettingSlider({ label, value, min, max, step, onChange, unstable, unusedReason }: { label: string; value: number; min: number; max: number; step: number; onChange: (v: number) => void; unstable: boolean; unusedReason: string | null }) {
  const id = `setting-${label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <div className="space-y-2" data-testid={id}>
      <div className="flex items-center justify-between text-sm">
        <span id={`${id}-label`} className={unusedReason ? "text-muted-foreground" : "font-medium"}>
          {label}
        </span>
        <span className="flex items-center gap-2 tabular-nums text-muted-foreground">
          {unstable && !unusedReason ? <Badge tone="warning">unstable</Badge> : null}
          {value.toFixed(2)}
        </span>
      </div>
      <Slider label={label} value={value} min={min} max={max} step={step} onValueChange={onChange} disabled={unusedReason !== null} valueText={value.toFixed(2)} describedBy={unusedReason ? `${id}-unused` : undefined} />
      {unusedReason ? (
        <Hint id={`${id}-unused`} className="leading-snug">
          <span data-testid="setting-unused">{unusedReason}</span>
        </Hint>
      ) : null}
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
  const length = [...text].length;
  const blocked = generateBlocked({ empty: text.trim() === "", characters: length, maxCharacters: model.maxCharacters, creditsLeft: data.creditsLeft });

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
    <Tabs value={mode} onValueChange={(value) => setMode(value === "dialogue" ? "dialogue" : "text")}>
      <Page
        title="Text to Speech"
        width="wide"
        actions={
          <TabsList label="Mode">
            <TabsTrigger value="text">Text</TabsTrigger>
            <TabsTrigger value="dialogue">Dialogue</TabsTrigger>
          </TabsList>
        }
      >
        {/* Phones: editor, then voice and settings, then history; wide screens: the settings in a right column. */}
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:grid-rows-[auto_1fr] lg:items-start">
          <div className="space-y-3 lg:col-start-1 lg:row-start-1">
            <TabsContent value="dialogue">
              <DialogueEditor voices={data.voices} busy={busy} onGenerate={generateDialogue} />
            </TabsContent>
            <TabsContent value="text" className="space-y-3">
              <div>
                <label htmlFor="tts-text" className="sr-only">
                  Text
                </label>
                <Textarea
                  id="tts-text"
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  rows={10}
                  placeholder="Type or paste the text you want to hear…"
                  aria-invalid={blocked?.reason === "too-long"}
                  aria-describedby="char-count"
                  className="resize-y rounded-xl p-4 text-base"
                />
                <div className="mt-1 flex justify-between gap-3 text-xs text-muted-foreground">
                  <span id="char-count" data-testid="char-count" className={cn("tabular-nums", blocked?.reason === "too-long" && "font-medium text-destructive-foreground")}>
                    {length} / {model.maxCharacters}
                  </span>
                  <span>{data.remaining.toLocaleString("en")} credits remaining</span>
                </div>
              </div>
              {suggestsStudio(length, data.longContentPromptClosed) ? <StudioSuggestion text={text} dismissIntent={CLOSE_LONG_CONTENT_PROMPT} /> : null}
              <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-2">
                {blocked && !busy ? (
                  <Hint id="generate-hint" tone={blocked.reason === "empty" ? "muted" : "error"} className="min-w-0 flex-1 text-right text-sm" >
                    <span data-testid="generate-hint" data-reason={blocked.reason}>
                      {blocked.message}
                      {blocked.reason === "quota" ? (
                        <>
                          {" "}
                          <Link to="/app/subscription" className="font-medium underline">
                            See plans
                          </Link>
                        </>
                      ) : null}
                    </span>
                  </Hint>
                ) : null}
                <Button onClick={generate} disabled={busy || blocked !== null} aria-describedby={blocked ? "generate-hint" : undefined} data-testid="generate">
                  {busy ? <Loader2 aria-hidden="true" className="animate-spin" /> : <AudioLines aria-hidden="true" />}
                  {busy ? "Generating…" : "Generate speech"}
                </Button>
              </div>
            </TabsContent>
          </div>
          <aside aria-label="Voice and settings" className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <Card className="space-y-5 p-4">
              <div className="space-y-2">
                <div className="flex items-center justify-between">
                  <span className="text-sm font-medium">Voice</span>
                  <VoicePreviewButton voice={voice} />
                </div>
                <VoicePicker voices={data.voices} value={voiceId} onValueChange={(next) => void chooseVoice(next)} />
                <p className="text-xs text-muted-foreground" data-testid="voice-description">
                  {voice.description}
                </p>
              </div>
              <div className="space-y-2">
                <span className="block text-sm font-medium" aria-hidden="true">
                  Model
                </span>
                <Select
                  label="Model"
                  testId="model"
                  className="w-full"
                  value={modelId}
                  onValueChange={(next) => {
                    setModelId(next);
                    remember(SELECTED_MODEL_KEY, next);
                  }}
                  options={data.models.map((m) => ({ value: m.model_id, label: m.name }))}
                />
              </div>
              <div className="space-y-4">
                <SettingSlider label="Speed" value={settings.speed} min={SPEED_RANGE.min} max={SPEED_RANGE.max} step={0.01} onChange={(speed) => setSettings({ ...settings, speed })} unstable={settings.speed < UNSTABLE_THRESHOLDS.speedBelow || settings.speed > UNSTABLE_THRESHOLDS.speedAbove} unusedReason={unused("speed")} />
                <SettingSlider label="Stability" value={settings.stability} min={0} max={1} step={0.01} onChange={(stability) => setSettings({ ...settings, stability })} unstable={settings.stability < UNSTABLE_THRESHOLDS.stabilityBelow} unusedReason={unused("stability")} />
                <SettingSlider label="Similarity" value={settings.similarity_boost} min={0} max={1} step={0.01} onChange={(similarity_boost) => setSettings({ ...settings, similarity_boost })} unstable={false} unusedReason={unused("similarity_boost")} />
                <SettingSlider label="Style exaggeration" value={settings.style} min={0} max={1} step={0.01} onChange={(style) => setSettings({ ...settings, style })} unstable={settings.style > UNSTABLE_THRESHOLDS.styleAbove} unusedReason={unused("style")} />
                <div className="space-y-1">
                  <label className={cn("flex items-center gap-2 text-sm", unused("use_speaker_boost") ? "text-muted-foreground" : "font-medium")}>
                    <input
                      type="checkbox"
                      className="size-4 accent-[var(--accent)] disabled:opacity-50"
                      checked={settings.use_speaker_boost}
                      disabled={unused("use_speaker_boost") !== null}
                      aria-describedby={unused("use_speaker_boost") ? "speaker-boost-unused" : undefined}
                      onChange={(e) => setSettings({ ...settings, use_speaker_boost: e.target.checked })}
                    />
                    Speaker boost
                  </label>
                  {unused("use_speaker_boost") ? (
                    <Hint id="speaker-boost-unused" className="leading-snug">
                      <span data-testid="setting-unused">{unused("use_speaker_boost")}</span>
                    </Hint>
                  ) : null}
                </div>
                <div className="flex flex-wrap gap-2 border-t border-border pt-4">
                  <Button variant="ghost" size="sm" onClick={() => setSettings({ ...DEFAULT_VOICE_SETTINGS })}>
                    <RotateCcw aria-hidden="true" />
                    Reset values
                  </Button>
                  <saveSettings.Form method="post">
                    <input type="hidden" name="intent" value="save-voice-settings" />
                    <input type="hidden" name="voice_id" value={voiceId} />
                    {(["stability", "similarity_boost", "style", "speed", "use_speaker_boost"] as const).map((name) => (
                      <input key={name} type="hidden" name={name} value={String(settings[name])} />
                    ))}
                    <Button type="submit" variant="secondary" size="sm" disabled={saveSettings.state !== "idle"}>
                      <Save aria-hidden="true" />
                      {saveSettings.state !== "idle" ? "Saving…" : `Save for ${voice.name}`}
                    </Button>
                  </saveSettings.Form>
                </div>
                <p className="text-xs text-muted-foreground" role="status">
                  {saveSettings.state === "idle" && (saveSettings.data as { saved?: string } | undefined)?.saved === voiceId ? "Saved. " : ""}
                  Saved settings apply to this workspace&apos;s generations with {voice.name}, here and through the API.
                </p>
              </div>
            </Card>
          </aside>
          <Section
            className="lg:col-start-1 lg:row-start-2"
            title="History"
            actions={
              <Link to="/app/speech-synthesis/text-to-speech/history" className="text-sm font-medium underline underline-offset-4">
                Open full history
              </Link>
            }
          >
            <HistoryList shareMode={data.shareMode} entries={data.history} voices={data.voices} search={data.search} voiceId={data.voiceId} />
          </Section>
        </div>
      </Page>
    </Tabs>
  );
}
