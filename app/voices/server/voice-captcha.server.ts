// The voice CAPTCHA on the server (decision 0023): a workspace generates with a voice under a CAPTCHA control
// only while it holds a pass, which a person of the workspace earns by reading a server-issued challenge (an
// image, or its audio) in the page or through the API. Every generation path asks `voiceCaptchaPassed`.
import { database } from "../../../db/client";
import { createChallenge, findLiveChallenge, passValidUntil, recordPass, spendAttempt } from "../../../db/repositories/voice-captcha";
import { captchaChallenge, captchaSolved, voiceUsable, VOICE_BLOCKED_API_MESSAGE } from "../../../core/voices/voice-safety";
import type { Voice } from "../../../core/voices/voices";
import { nowSeconds } from "../../../core/clock";
import { toBase64 } from "../../../core/base64";
import type { WorkspaceRole } from "../../../core/workspace/roles";
import { CAPTCHA_CHALLENGE_SECONDS, CAPTCHA_MAX_ATTEMPTS, CAPTCHA_PASS_SECONDS, captchaImageSvg, captchaSpokenText } from "~/voices/rules/voice-captcha";
import { findUsableVoice } from "./voices.server";

type CaptchaEnv = { DB: D1Database };
/** Who is asking: a person (through the page or an API key) acting in one workspace. */
export type CaptchaViewer = { user: { id: string }; membership: { role: WorkspaceRole; workspace: { id: string } } };

export type CaptchaRefusal = { httpStatus: 400 | 403 | 404; status: string; message: string };

/** A number in [0, 1) from the platform's cryptographic generator: the challenge must not be predictable. */
function secureRandom(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32;
}

/** The usable voice the request names, if it is one whose CAPTCHA can be taken; otherwise why not. */
async function captchaVoice(env: CaptchaEnv, viewer: CaptchaViewer, voiceId: string): Promise<{ voice: Voice } | { refusal: CaptchaRefusal }> {
  const voice = await findUsableVoice(env, viewer, voiceId);
  if (!voice) return { refusal: { httpStatus: 404, status: "voice_not_found", message: `A voice with the voice_id ${voiceId} was not found.` } };
  if (!voiceUsable(voice.safetyControl)) return { refusal: { httpStatus: 403, status: "voice_blocked", message: VOICE_BLOCKED_API_MESSAGE } };
  if (voice.safetyControl !== "CAPTCHA") return { refusal: { httpStatus: 400, status: "voice_captcha_not_required", message: `The voice ${voice.name} needs no CAPTCHA check.` } };
  return { voice };
}

export type IssuedChallenge = { challengeId: string; imageSvg: string; expiresAt: number; attempts: number };

/** A new challenge for the viewer and voice (replacing the viewer's earlier one), with its picture. */
export async function issueVoiceCaptcha(env: CaptchaEnv, viewer: CaptchaViewer, voiceId: string): Promise<{ ok: true; challenge: IssuedChallenge } | { ok: false; refusal: CaptchaRefusal }> {
  const found = await captchaVoice(env, viewer, voiceId);
  if ("refusal" in found) return { ok: false, refusal: found.refusal };
  const now = nowSeconds();
  const answer = captchaChallenge(secureRandom);
  const challengeId = crypto.randomUUID();
  const expiresAt = now + CAPTCHA_CHALLENGE_SECONDS;
  await createChallenge(database(env.DB), { id: challengeId, workspaceId: viewer.membership.workspace.id, voiceId, userId: viewer.user.id, answer, expiresAt }, now);
  return { ok: true, challenge: { challengeId, imageSvg: captchaImageSvg(answer, secureRandom), expiresAt, attempts: CAPTCHA_MAX_ATTEMPTS } };
}

/** The picture as a data URL (what the API answers and the page shows in an <img>). */
export function captchaImageDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${toBase64(new TextEncoder().encode(svg))}`;
}

export type CaptchaAnswer = { ok: true; validUntil: number } | { ok: false; refusal: CaptchaRefusal & { attemptsLeft?: number } };

/** Checks an answer: right, the workspace holds a pass for the voice; wrong, one of the challenge's tries is spent. */
export async function answerVoiceCaptcha(env: CaptchaEnv, viewer: CaptchaViewer, voiceId: string, challengeId: string, answer: string): Promise<CaptchaAnswer> {
  const found = await captchaVoice(env, viewer, voiceId);
  if ("refusal" in found) return { ok: false, refusal: found.refusal };
  const db = database(env.DB);
  const now = nowSeconds();
  const workspaceId = viewer.membership.workspace.id;
  const spent = await spendAttempt(db, { id: challengeId, workspaceId, voiceId, nowSeconds: now }, CAPTCHA_MAX_ATTEMPTS);
  if (!spent) {
    return {
      ok: false,
      refusal: { httpStatus: 404, status: "captcha_challenge_not_found", message: "This challenge has expired, was used up or was never issued: ask for a new one." },
    };
  }
  if (!captchaSolved(spent.answer, answer)) {
    const attemptsLeft = CAPTCHA_MAX_ATTEMPTS - spent.attempts;
    const next = attemptsLeft > 0 ? `${attemptsLeft} ${attemptsLeft === 1 ? "try" : "tries"} left.` : "No tries left: ask for a new challenge.";
    return { ok: false, refusal: { httpStatus: 400, status: "captcha_incorrect", message: `The characters do not match. ${next}`, attemptsLeft } };
  }
  const validUntil = now + CAPTCHA_PASS_SECONDS;
  await recordPass(db, { challengeId, workspaceId, voiceId, solvedBy: viewer.user.id, validUntil });
  return { ok: true, validUntil };
}

/** What the audio of a live challenge says, or null (unknown, expired or another workspace's challenge). */
export async function captchaSpokenChallenge(env: CaptchaEnv, viewer: CaptchaViewer, voiceId: string, challengeId: string): Promise<string | null> {
  const challenge = await findLiveChallenge(database(env.DB), { id: challengeId, workspaceId: viewer.membership.workspace.id, voiceId, nowSeconds: nowSeconds() });
  return challenge ? captchaSpokenText(challenge.answer) : null;
}

/** Whether the workspace may generate with the voice now: always, unless it is under a CAPTCHA it has not passed. */
export async function voiceCaptchaPassed(env: CaptchaEnv, viewer: CaptchaViewer, voice: Voice): Promise<boolean> {
  if (voice.safetyControl !== "CAPTCHA") return true;
  return (await passValidUntil(database(env.DB), viewer.membership.workspace.id, voice.voiceId, nowSeconds())) !== null;
}

/** The refusal of a generation with a voice whose CAPTCHA the workspace has not passed: what to do about it. */
export function voiceCaptchaRequired(voice: Pick<Voice, "voiceId" | "name">): CaptchaRefusal & { httpStatus: 403 } {
  const hours = CAPTCHA_PASS_SECONDS / 3600;
  return {
    httpStatus: 403,
    status: "voice_captcha_required",
    message:
      `The voice ${voice.name} needs a CAPTCHA check, solved by a person of your workspace, before it speaks; it then holds for ${hours} hours. ` +
      `Choose the voice on the text-to-speech page, or POST /v1/voices/${voice.voiceId}/captcha for a challenge (an image; audio at its audio_url) ` +
      `and POST the characters as {"answer": "..."} to /v1/voices/${voice.voiceId}/captcha/{challenge_id}.`,
  };
}
