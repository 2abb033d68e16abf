import { database } from "../../../db/client";
import { findSoundGeneration, listSoundGenerations, type SoundGenerationRow } from "../../../db/repositories/sound-generations";
import type { Actor } from "~/accounts/accounts.server";

/** The viewer's workspace's sound generations, newest first (each member sees the workspace's, as in speech history). */
export async function soundHistory(env: Env, actor: Pick<Actor, "membership">, query: { pageSize: number; search?: string }): Promise<SoundGenerationRow[]> {
  return listSoundGenerations(database(env.DB), actor.membership.workspace.id, query);
}

export async function soundHistoryItem(env: Env, actor: Actor, id: string): Promise<SoundGenerationRow | undefined> {
  return findSoundGeneration(database(env.DB), actor.membership.workspace.id, id);
}

/** An item as the API and the pages show it. */
export function soundHistoryItemJson(row: SoundGenerationRow) {
  return {
    sound_generation_history_item_id: row.id,
    text: row.text,
    model_id: row.modelId,
    date_unix: row.dateUnix,
    duration_seconds: row.durationMs / 1000,
    requested_duration_seconds: row.requestedSeconds,
    prompt_influence: row.promptInfluence,
    loop: row.loop,
    seed: row.seed,
    recipes: JSON.parse(row.recipes) as string[],
    output_format: row.outputFormat,
    content_type: row.contentType,
    credits: row.credits,
    source: row.source,
  };
}
