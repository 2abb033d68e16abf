import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import {
  safetyDialogFor,
  SEEN_VOICES_STORAGE_KEY,
  VOICE_BLOCKED_TITLE,
  VOICE_CAPTCHA_TITLE,
  VOICE_CAPTCHA_EXPIRED,
  VOICE_CAPTCHA_IMAGE_ALT,
  VOICE_CAPTCHA_UNAVAILABLE,
  VOICE_CAPTCHA_WRONG,
  voiceBlockedText,
  voiceCaptchaText,
  voiceUsable,
  type SafetyControl,
  type SafetyDialog,
} from "../../../core/voices/voice-safety";
import { Dialog, DialogActions } from "~/common/ui/dialog";
import { Button } from "~/common/ui/button";
import { requestJson, RequestFailure } from "~/common/rules/http-error";

export type CheckedVoice = { voiceId: string; name: string; safetyControl: SafetyControl | null | undefined };
type Pending = { dialog: SafetyDialog; voice: CheckedVoice; resolve: (usable: boolean) => void };

/**
 * `check` resolves true when the voice may be used now (after its dialog, when one opens), false otherwise.
 * `verify` opens the CAPTCHA dialog whatever was seen: the server refused a generation with
 * voice_captcha_required (the workspace's pass ran out, or the voice was restored without a choice).
 */
type VoiceSafetyApi = { check: (voice: CheckedVoice) => Promise<boolean>; verify: (voice: CheckedVoice) => Promise<boolean> };
const VoiceSafetyContext = createContext<VoiceSafetyApi>({ check: async (voice) => voiceUsable(voice.safetyControl), verify: async () => false });

export function useVoiceSafety(): VoiceSafetyApi {
  return useContext(VoiceSafetyContext);
}

function loadSeen(): Set<string> {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(SEEN_VOICES_STORAGE_KEY) ?? "[]") as string[]);
  } catch {
    return new Set();
  }
}

/** The voiceBlocked and voiceCaptcha dialogs, opened when a restricted voice is chosen or played. */
export function VoiceSafetyProvider({ children }: { children: ReactNode }) {
  const seen = useRef<Set<string> | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);

  const remember = (voiceId: string) => {
    seen.current!.add(voiceId);
    sessionStorage.setItem(SEEN_VOICES_STORAGE_KEY, JSON.stringify([...seen.current!]));
  };

  const check = useCallback((voice: CheckedVoice) => {
    seen.current ??= loadSeen();
    const dialog = safetyDialogFor(voice, seen.current, false);
    if (!dialog) return Promise.resolve(voiceUsable(voice.safetyControl));
    return new Promise<boolean>((resolve) => setPending({ dialog, voice, resolve }));
  }, []);

  const verify = useCallback((voice: CheckedVoice) => {
    seen.current ??= loadSeen();
    return new Promise<boolean>((resolve) => setPending({ dialog: "voiceCaptcha", voice, resolve }));
  }, []);

  const finish = (usable: boolean, markSeen: boolean) => {
    if (!pending) return;
    if (markSeen) remember(pending.voice.voiceId);
    pending.resolve(usable);
    setPending(null);
  };

  return (
    <VoiceSafetyContext.Provider value={{ check, verify }}>
      {children}
      {pending?.dialog === "voiceBlocked" && (
        <Dialog title={VOICE_BLOCKED_TITLE} testId="voice-blocked-dialog" onClose={() => finish(false, true)}>
          <p className="text-sm text-muted-foreground dark:text-zinc-300">{voiceBlockedText(pending.voice.name)}</p>
          <div className="mt-4 flex justify-end">
            <Button onClick={() => finish(false, true)}>Choose another voice</Button>
          </div>
        </Dialog>
      )}
      {pending?.dialog === "voiceCaptcha" && <CaptchaDialog pending={pending} onDone={(solved) => finish(solved, solved)} />}
    </VoiceSafetyContext.Provider>
  );
}

type Challenge = { challenge_id: string; image: string; audio_url: string };
type CaptchaFailure = { detail?: { status?: string; attempts_left?: number } };

/**
 * The voiceCaptcha dialog: the server issues the challenge (a picture of the characters, and their audio) and
 * checks the answer; solved, the workspace may use the voice (decision 0023), from this page and the API alike.
 */
function CaptchaDialog({ pending, onDone }: { pending: Pending; onDone: (solved: boolean) => void }) {
  const voiceId = pending.voice.voiceId;
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [answer, setAnswer] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const audio = useRef<HTMLAudioElement>(null);

  // Each request replaces the earlier challenge on the server: only the latest answer to arrive is shown.
  const latest = useRef(0);
  const newChallenge = useCallback(async () => {
    const ticket = ++latest.current;
    setChallenge(null);
    setAnswer("");
    try {
      const issued = await requestJson<Challenge>(`/v1/voices/${encodeURIComponent(voiceId)}/captcha`, { method: "POST" });
      if (ticket === latest.current) setChallenge(issued);
    } catch (error) {
      if (ticket === latest.current) setProblem(error instanceof RequestFailure ? error.message : VOICE_CAPTCHA_UNAVAILABLE);
    }
  }, [voiceId]);
  useEffect(() => {
    void newChallenge();
  }, [newChallenge]);

  const submit = async () => {
    if (!challenge) return;
    setBusy(true);
    try {
      await requestJson(`/v1/voices/${encodeURIComponent(voiceId)}/captcha/${challenge.challenge_id}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ answer }),
      });
      onDone(true);
    } catch (error) {
      const failure = error instanceof RequestFailure ? error : null;
      const detail = (failure?.payload as CaptchaFailure | undefined)?.detail;
      if (detail?.status === "captcha_incorrect") {
        setProblem(VOICE_CAPTCHA_WRONG);
        // Out of tries (or expired): a new picture, so the person can go on.
        if (detail.attempts_left === 0) await newChallenge();
        else setAnswer("");
      } else if (detail?.status === "captcha_challenge_not_found") {
        setProblem(VOICE_CAPTCHA_EXPIRED);
        await newChallenge();
      } else {
        setProblem(failure?.message ?? VOICE_CAPTCHA_UNAVAILABLE);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={VOICE_CAPTCHA_TITLE} testId="voice-captcha-dialog" onClose={() => onDone(false)}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="space-y-3"
      >
        <p className="text-sm text-muted-foreground dark:text-zinc-300">{voiceCaptchaText(pending.voice.name)}</p>
        <div className="flex min-h-20 items-center justify-center rounded-lg bg-zinc-100 dark:bg-zinc-200">
          {challenge ? (
            <img data-testid="captcha-challenge" data-challenge-id={challenge.challenge_id} src={challenge.image} alt={VOICE_CAPTCHA_IMAGE_ALT} width={280} height={80} />
          ) : (
            <span className="text-sm text-muted-foreground">Loading…</span>
          )}
        </div>
        <div className="flex gap-2 text-sm">
          <Button type="button" variant="ghost" disabled={!challenge} onClick={() => void audio.current?.play()}>
            Listen to the characters
          </Button>
          <Button type="button" variant="ghost" onClick={() => void newChallenge()}>
            New characters
          </Button>
          {challenge ? <audio ref={audio} src={new URL(challenge.audio_url).pathname} preload="none" /> : null}
        </div>
        <label className="block text-sm">
          <span className="font-medium">Characters</span>
          <input
            value={answer}
            onChange={(e) => {
              setAnswer(e.target.value);
              setProblem(null);
            }}
            autoComplete="off"
            className="mt-1 w-full rounded-lg border border-input px-3 py-1.5 dark:bg-zinc-900"
          />
        </label>
        {problem && (
          <p role="alert" className="text-sm text-red-600">
            {problem}
          </p>
        )}
        <DialogActions onCancel={() => onDone(false)}>
          <Button type="submit" disabled={!challenge || busy || answer.trim() === ""}>
            Continue
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
