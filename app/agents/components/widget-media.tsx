import { Form } from "@remix-run/react";
import { Trash2, Upload } from "lucide-react";
import { Button } from "~/common/ui/button";
import { Card, CardContent, CardHeader } from "~/common/ui/card";
import { Hint } from "~/common/ui/feedback";
import { Input, Label } from "~/common/ui/input";
import { AGENT_MEDIA_PAGE_TEXTS as T, type AgentMediaPageIntent } from "~/agents/rules/agent-media";

export type WidgetMediaView = { avatarUrl: string | null; holdAudio: { url: string; name: string; durationSecs: number } | null };
/** What the page's action answered one of these forms. */
export type WidgetMediaResult = { intent?: string; notice?: string; errors?: Record<string, string | undefined> };

/**
 * The Widget tab's avatar and hold audio (decision 0096, amended 2026-11-28): each a plain multipart form that works
 * before the page's scripts, with a removal beside it; a refusal (the API's 415, 413, 400) shows under its form.
 */
export function WidgetMediaCards({ media, result, busy }: { media: WidgetMediaView; result?: WidgetMediaResult; busy: boolean }) {
  const errorOf = (...intents: AgentMediaPageIntent[]) => (intents.includes(result?.intent as AgentMediaPageIntent) ? result?.errors?.form : undefined);
  /** A key that changes once an upload succeeded, so its file field is emptied. */
  const resetKey = (intent: AgentMediaPageIntent) => (result?.intent === intent && result.notice ? result.notice : "form");
  const avatarError = errorOf("upload-avatar", "remove-avatar");
  const holdError = errorOf("upload-hold-audio", "remove-hold-audio");
  return (
    <>
      <Card>
        <CardHeader title={T.avatarTitle} description={T.avatarIntro} />
        <CardContent className="flex flex-col gap-3" data-testid="widget-avatar">
          <div className="flex items-center gap-3">
            {media.avatarUrl ? <img src={media.avatarUrl} alt={T.avatarAlt} width={64} height={64} className="size-16 rounded-full border border-border object-cover" /> : <Hint>{T.noAvatar}</Hint>}
            {media.avatarUrl ? (
              <Form method="post">
                <input type="hidden" name="intent" value="remove-avatar" />
                <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                  <Trash2 aria-hidden="true" /> {T.removeAvatar}
                </Button>
              </Form>
            ) : null}
          </div>
          <Form key={resetKey("upload-avatar")} method="post" encType="multipart/form-data" className="flex flex-col gap-3" noValidate data-testid="avatar-form">
            <input type="hidden" name="intent" value="upload-avatar" />
            <div className="flex flex-col gap-1">
              <Label htmlFor="widget-avatar-file">{T.avatarLabel}</Label>
              <Input id="widget-avatar-file" name="avatar_file" type="file" accept="image/png,image/jpeg,image/gif,image/webp" aria-invalid={avatarError ? true : undefined} />
            </div>
            {avatarError ? <Hint tone="error">{avatarError}</Hint> : null}
            <Button type="submit" disabled={busy} className="self-start">
              <Upload aria-hidden="true" /> {T.uploadAvatar}
            </Button>
          </Form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader title={T.holdTitle} description={T.holdIntro} />
        <CardContent className="flex flex-col gap-3" data-testid="widget-hold-audio">
          {media.holdAudio ? (
            <div className="flex flex-col gap-2">
              <audio controls preload="none" src={media.holdAudio.url} className="w-full" aria-label={T.holdAudioPlayer} />
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm text-muted-foreground">{T.holdAudioDetails(media.holdAudio.name, media.holdAudio.durationSecs)}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-hold-audio" />
                  <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                    <Trash2 aria-hidden="true" /> {T.removeHoldAudio}
                  </Button>
                </Form>
              </div>
            </div>
          ) : (
            <Hint>{T.noHoldAudio}</Hint>
          )}
          <Form key={resetKey("upload-hold-audio")} method="post" encType="multipart/form-data" className="flex flex-col gap-3" noValidate data-testid="hold-audio-form">
            <input type="hidden" name="intent" value="upload-hold-audio" />
            <div className="flex flex-col gap-1">
              <Label htmlFor="widget-hold-audio-file">{T.holdAudioLabel}</Label>
              <Input id="widget-hold-audio-file" name="hold_audio_file" type="file" accept="audio/mpeg,audio/wav,audio/ogg,.mp3,.wav,.ogg,.opus" aria-invalid={holdError ? true : undefined} />
            </div>
            {holdError ? <Hint tone="error">{holdError}</Hint> : null}
            <Button type="submit" disabled={busy} className="self-start">
              <Upload aria-hidden="true" /> {T.uploadHoldAudio}
            </Button>
          </Form>
        </CardContent>
      </Card>
    </>
  );
}
