import { useEffect, useId, useRef, useState } from "react";
import { Link } from "@remix-run/react";
import { toRequestError } from "~/common/rules/http-error";
import { SIGN_UP_PATH } from "~/common/rules/navigation";
import { TRY_IT_MAX_CHARACTERS } from "~/marketing/rules/try-it";
import { Button } from "~/common/ui/button";

export type TryItVoice = { voice_id: string; name: string; description: string };

/**
 * The try-it box of the public site: a visitor types a little text, picks a voice and hears it, without an
 * account. The server limits how often; its message is shown as is.
 */
export function TryItBox({ voices, initialText, lang }: { voices: readonly TryItVoice[]; initialText: string; lang?: string }) {
  const textId = useId();
  const voiceId = useId();
  const [text, setText] = useState(initialText);
  const [voice, setVoice] = useState(voices[0]?.voice_id ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [audioUrl, setAudioUrl] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement>(null);

  useEffect(() => () => void (audioUrl && URL.revokeObjectURL(audioUrl)), [audioUrl]);

  const speak = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const response = await fetch("/v1/try-it", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ text, voice_id: voice }) });
      if (!response.ok) {
        setError((await toRequestError(response)).message);
        return;
      }
      setAudioUrl(URL.createObjectURL(await response.blob()));
    } catch {
      setError("Network error");
    } finally {
      setBusy(false);
    }
  };

  // Play as soon as the new sample is in the element.
  useEffect(() => {
    if (audioUrl) audio.current?.play().catch((failure) => console.info("autoplay blocked", failure));
  }, [audioUrl]);

  return (
    <form onSubmit={speak} data-testid="try-it" className="w-full space-y-3 rounded-2xl border border-border p-5 text-left shadow-sm">
      <label htmlFor={textId} className="block text-sm font-semibold">
        Try it: type something and press Speak
      </label>
      <textarea
        id={textId}
        lang={lang}
        value={text}
        maxLength={TRY_IT_MAX_CHARACTERS}
        onChange={(e) => setText(e.target.value)}
        rows={3}
        className="w-full resize-none rounded-xl border border-input bg-transparent p-3"
      />
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={voiceId} className="sr-only">
          Voice
        </label>
        <select id={voiceId} value={voice} onChange={(e) => setVoice(e.target.value)} className="min-w-0 max-w-full rounded-full border border-input bg-transparent px-3 py-2 text-sm dark:bg-zinc-900">
          {voices.map((v) => (
            <option key={v.voice_id} value={v.voice_id}>
              {v.name} · {v.description}
            </option>
          ))}
        </select>
        <span className="text-xs text-muted-foreground">
          {text.length} / {TRY_IT_MAX_CHARACTERS}
        </span>
        <Button type="submit" className="ml-auto" disabled={busy || text.trim().length === 0}>
          {busy ? "Speaking..." : "Speak"}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {error}{" "}
          <Link to={SIGN_UP_PATH} className="font-semibold underline">
            Sign up
          </Link>
        </p>
      ) : null}
      {/* The sample speaks the text shown above it. */}
      <audio ref={audio} controls src={audioUrl ?? undefined} data-testid="try-it-audio" className={audioUrl ? "w-full" : "hidden"} />
    </form>
  );
}
