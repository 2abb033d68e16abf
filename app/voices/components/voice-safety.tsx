import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from "react";
import {
  captchaChallenge,
  captchaSolved,
  safetyDialogFor,
  SEEN_VOICES_STORAGE_KEY,
  VOICE_BLOCKED_TITLE,
  VOICE_CAPTCHA_TITLE,
  VOICE_CAPTCHA_WRONG,
  voiceBlockedText,
  voiceCaptchaText,
  voiceUsable,
  type SafetyControl,
  type SafetyDialog,
} from "../../../core/voices/voice-safety";
import { Dialog } from "~/common/components/dialog";
import { Button } from "~/common/components/ui";

export type CheckedVoice = { voiceId: string; name: string; safetyControl: SafetyControl | null | undefined };
type Pending = { dialog: SafetyDialog; voice: CheckedVoice; challenge: string; resolve: (usable: boolean) => void };

/** Resolves true when the voice may be used now (after its dialog, when one opens), false otherwise. */
type VoiceSafetyApi = { check: (voice: CheckedVoice) => Promise<boolean> };
const VoiceSafetyContext = createContext<VoiceSafetyApi>({ check: async (voice) => voiceUsable(voice.safetyControl) });

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
    return new Promise<boolean>((resolve) => setPending({ dialog, voice, challenge: captchaChallenge(Math.random), resolve }));
  }, []);

  const finish = (usable: boolean, markSeen: boolean) => {
    if (!pending) return;
    if (markSeen) remember(pending.voice.voiceId);
    pending.resolve(usable);
    setPending(null);
  };

  return (
    <VoiceSafetyContext.Provider value={{ check }}>
      {children}
      {pending?.dialog === "voiceBlocked" && (
        <Dialog title={VOICE_BLOCKED_TITLE} testId="voice-blocked-dialog" onClose={() => finish(false, true)}>
          <p className="text-sm text-zinc-600 dark:text-zinc-300">{voiceBlockedText(pending.voice.name)}</p>
          <div className="mt-4 flex justify-end">
            <Button onClick={() => finish(false, true)}>Choose another voice</Button>
          </div>
        </Dialog>
      )}
      {pending?.dialog === "voiceCaptcha" && <CaptchaDialog pending={pending} onDone={(solved) => finish(solved, solved)} />}
    </VoiceSafetyContext.Provider>
  );
}

function CaptchaDialog({ pending, onDone }: { pending: Pending; onDone: (solved: boolean) => void }) {
  const [answer, setAnswer] = useState("");
  const [wrong, setWrong] = useState(false);
  return (
    <Dialog title={VOICE_CAPTCHA_TITLE} testId="voice-captcha-dialog" onClose={() => onDone(false)}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (captchaSolved(pending.challenge, answer)) onDone(true);
          else setWrong(true);
        }}
        className="space-y-3"
      >
        <p className="text-sm text-zinc-600 dark:text-zinc-300">{voiceCaptchaText(pending.voice.name)}</p>
        {/* Drawn apart and slanted so it reads as a challenge, while a screen reader still reads it. */}
        <p data-testid="captcha-challenge" aria-label={`Characters: ${pending.challenge.split("").join(" ")}`} className="select-none rounded-lg bg-zinc-100 py-3 text-center font-mono text-2xl italic tracking-[0.5em] dark:bg-zinc-800">
          {pending.challenge}
        </p>
        <label className="block text-sm">
          <span className="font-medium">Characters</span>
          <input
            value={answer}
            onChange={(e) => {
              setAnswer(e.target.value);
              setWrong(false);
            }}
            autoComplete="off"
            className="mt-1 w-full rounded-lg border border-zinc-300 px-3 py-1.5 dark:border-zinc-700 dark:bg-zinc-900"
          />
        </label>
        {wrong && (
          <p role="alert" className="text-sm text-red-600">
            {VOICE_CAPTCHA_WRONG}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={() => onDone(false)}>
            Cancel
          </Button>
          <Button type="submit">Continue</Button>
        </div>
      </form>
    </Dialog>
  );
}
