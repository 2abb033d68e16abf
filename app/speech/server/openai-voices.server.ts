import { database } from "../../../db/client";
import { deleteOpenAiVoiceMapping, listOpenAiVoiceMappings, saveOpenAiVoiceMapping } from "../../../db/repositories/openai-voices";
import { isAdmin } from "../../../core/workspace/roles";
import { findUsableVoice } from "~/voices/voices.server";
import type { Actor } from "~/accounts/accounts.server";
import { OPENAI_VOICE_NAMES, OPENAI_VOICES, type OpenAiVoiceName } from "~/speech/rules/openai";

/** The workspace's own choices for OpenAI's standard voice names (names without one use the default table). */
export async function openAiVoiceOverrides(env: Env, actor: Actor): Promise<Partial<Record<OpenAiVoiceName, string>>> {
  return listOpenAiVoiceMappings(database(env.DB), actor.membership.workspace.id);
}

export type OpenAiVoiceRow = { name: OpenAiVoiceName; voice_id: string; voice_name: string | null; default_voice_id: string; character: string; gender: string; customized: boolean };

/** Every standard name, the voice it speaks as in this workspace, and the default. */
export async function openAiVoiceTable(env: Env, actor: Actor): Promise<OpenAiVoiceRow[]> {
  const overrides = await openAiVoiceOverrides(env, actor);
  return Promise.all(
    OPENAI_VOICE_NAMES.map(async (name) => {
      const entry = OPENAI_VOICES[name];
      const voiceId = overrides[name] ?? entry.voiceId;
      const voice = await findUsableVoice(env, actor, voiceId);
      return { name, voice_id: voiceId, voice_name: voice?.name ?? null, default_voice_id: entry.voiceId, character: entry.character, gender: entry.gender, customized: name in overrides };
    }),
  );
}

export type OpenAiVoiceChange = { ok: true } | { ok: false; status: 403 | 404; code: "forbidden" | "voice_not_found"; message: string };

/** Points a standard name at one of the workspace's usable voices (admins only); `null` restores the default. */
export async function setOpenAiVoice(env: Env, actor: Actor, name: OpenAiVoiceName, voiceId: string | null): Promise<OpenAiVoiceChange> {
  if (!isAdmin(actor.membership.role)) return { ok: false, status: 403, code: "forbidden", message: "Only workspace admins can change which voice OpenAI's voice names speak as." };
  const db = database(env.DB);
  const workspaceId = actor.membership.workspace.id;
  if (voiceId === null) {
    await deleteOpenAiVoiceMapping(db, workspaceId, name);
    return { ok: true };
  }
  if (!(await findUsableVoice(env, actor, voiceId))) return { ok: false, status: 404, code: "voice_not_found", message: `A voice with the voice_id ${voiceId} was not found.` };
  await saveOpenAiVoiceMapping(db, workspaceId, name, voiceId);
  return { ok: true };
}
