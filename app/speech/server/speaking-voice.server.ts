// The checks every generation makes of its model and voice, before anything is spoken: the generation pipeline
// (generation.server.ts) and the work it plans for later (a voiceover render, decision 0062) ask the same ones.
import type { Actor } from "~/accounts/accounts.server";
import { resolveModel, type Model } from "../../../core/speech/models";
import { findUsableVoice, voiceCaptchaPassed, voiceCaptchaRequired } from "~/voices/voices.server";
import { VOICE_NOT_TRAINED_MESSAGE, voiceReadyToSpeak } from "~/voices/rules/professional-cloning";
import { VOICE_BLOCKED_API_MESSAGE, voiceUsable } from "../../../core/voices/voice-safety";
import type { Voice } from "../../../core/voices/voices";
import { servedModels } from "./speech-engine.server";

export type SpeechRefusal = {
  httpStatus: 400 | 401 | 402 | 403 | 404 | 429;
  status: string;
  message: string;
  headers?: Record<string, string>;
  /** More fields of the error's `detail` (voice_captcha_required names the voice). */
  detail?: Record<string, string>;
};

/** The text-to-speech model a request names (the default when none), or the refusal when this deployment has none such. */
export async function speechModel(env: Env, modelId: string | null | undefined): Promise<{ ok: true; model: Model } | { ok: false; refusal: SpeechRefusal }> {
  const model = resolveModel(modelId, await servedModels(env));
  if (!model || !model.can_do_text_to_speech) return { ok: false, refusal: { httpStatus: 400, status: "model_not_found", message: `A model with id ${modelId} was not found.` } };
  return { ok: true, model };
}

/** The voice a request names, when the caller's workspace may speak with it; else the refusal. */
export async function speakingVoice(env: Env, actor: Actor, voiceId: string): Promise<{ ok: true; voice: Voice } | { ok: false; refusal: SpeechRefusal }> {
  const voice = await findUsableVoice(env, actor, voiceId);
  if (!voice) return { ok: false, refusal: { httpStatus: 404, status: "voice_not_found", message: `A voice with the voice_id ${voiceId} was not found.` } };
  if (!voiceUsable(voice.safetyControl)) return { ok: false, refusal: { httpStatus: 403, status: "voice_blocked", message: VOICE_BLOCKED_API_MESSAGE } };
  if (!voiceReadyToSpeak(voice)) return { ok: false, refusal: { httpStatus: 400, status: "voice_not_fine_tuned", message: VOICE_NOT_TRAINED_MESSAGE } };
  // A voice under a CAPTCHA speaks only for a workspace that has passed its check (decision 0023).
  if (!(await voiceCaptchaPassed(env, actor, voice))) return { ok: false, refusal: { ...voiceCaptchaRequired(voice), detail: { voice_id: voice.voiceId } } };
  return { ok: true, voice };
}
