// The agent page's Widget tab forms for the avatar and the hold audio (decision 0096, amended 2026-11-28): plain
// multipart posts that work without JavaScript, run by the same functions as the /v1 routes. Those decode audio with
// WebAssembly the page build cannot bundle, so the app worker hands them over in the load context (`agentMedia`).
import type { Actor } from "~/accounts/accounts.server";
import type { AgentMediaPipeline } from "~/agents/media.server";
import { AGENT_MEDIA_PAGE_TEXTS, type AgentMediaPageIntent } from "~/agents/rules/agent-media";

type Viewer = Pick<Actor, "membership" | "user">;
export type AgentMediaPageAnswer = { status: number; intent: AgentMediaPageIntent; notice?: string; error?: string };

/** The form's file: a file field left empty still sends one nameless, empty part, which is no file. */
function fileOf(form: FormData, name: string): File | null {
  const value = form.get(name);
  return typeof value === "string" || value === null || (value.name === "" && value.size === 0) ? null : value;
}

/** One post of the tab's media forms: a refusal keeps the API's status (400, 404, 413, 415) and its words. */
export async function agentMediaPageAction(pipeline: AgentMediaPipeline | undefined, env: Env, viewer: Viewer, agentId: string, intent: AgentMediaPageIntent, form: FormData, origin: string): Promise<AgentMediaPageAnswer> {
  const T = AGENT_MEDIA_PAGE_TEXTS;
  if (!pipeline) return { status: 503, intent, error: T.unavailable };
  const answer = (outcome: { ok: true } | { ok: false; refusal: { httpStatus: number; message: string } }, notice: string): AgentMediaPageAnswer =>
    outcome.ok ? { status: 200, intent, notice } : { status: outcome.refusal.httpStatus, intent, error: outcome.refusal.message };
  if (intent === "remove-avatar") return answer(await pipeline.removeAvatar(env, viewer, agentId), T.avatarRemoved);
  if (intent === "remove-hold-audio") return answer(await pipeline.removeHoldAudio(env, viewer, agentId), T.holdAudioRemoved);
  const avatar = intent === "upload-avatar";
  const file = fileOf(form, avatar ? "avatar_file" : "hold_audio_file");
  if (!file) return { status: 400, intent, error: avatar ? T.avatarMissing : T.holdAudioMissing };
  if (avatar) return answer(await pipeline.setAvatar(env, viewer, agentId, file, origin), T.avatarUploaded);
  return answer(await pipeline.setHoldAudio(env, viewer, agentId, file, origin), T.holdAudioUploaded);
}
