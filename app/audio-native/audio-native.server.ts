// Audio Native for the API, the pages and the public embed. A player is a Studio project (audio_native set) whose
// conversion is Studio's queue; this module keeps the player's look, the workspace's defaults and allowed sites,
// the content updates that keep unchanged paragraphs' audio, and the listening counts.
import { database } from "../../db/client";
import * as repo from "../../db/repositories/audio-native";
import type { AudioNativePlayerRow, AudioNativeSettingsRow } from "../../db/repositories/audio-native";
import type { StudioProjectRow, StudioSnapshotRow } from "../../db/repositories/studio";
import { nowSeconds } from "../../core/clock";
import type { Actor } from "~/accounts/accounts.server";
import * as studio from "~/studio/studio.server";
import type { StudioResult } from "~/studio/studio.server";
import type { ParsedChapter } from "~/studio/rules/documents";
import type { TtsNode } from "../../core/studio/studio-rules";
import { articleBlocks, countedListenMs, dailySeries, DEFAULT_PLAYER, reuseBlocks, statsDay, type PlayerLook } from "~/audio-native/rules/audio-native";

const db = (env: Env) => database(env.DB);
const wsOf = (actor: Actor) => actor.membership.workspace.id;

export type AudioNativeSettings = PlayerLook & { voiceId: string | null; modelId: string | null; allowedSites: string[] };

/** The workspace's player defaults and allowed sites (the defaults until it saves its own). */
export async function workspaceSettings(env: Env, workspaceId: string): Promise<AudioNativeSettings> {
  const row = await repo.findSettings(db(env), workspaceId);
  if (!row) return { ...DEFAULT_PLAYER, voiceId: null, modelId: null, allowedSites: [] };
  return { title: row.title, author: row.author, image: row.image, small: row.small, textColor: row.textColor, backgroundColor: row.backgroundColor, sessionization: row.sessionization, voiceId: row.voiceId, modelId: row.modelId, allowedSites: JSON.parse(row.allowedSites) as string[] };
}

export async function saveWorkspaceSettings(env: Env, actor: Actor, patch: Partial<AudioNativeSettings>): Promise<void> {
  const current = { ...(await workspaceSettings(env, wsOf(actor))), ...patch };
  const { allowedSites, ...rest } = current;
  const row: AudioNativeSettingsRow = { workspaceId: wsOf(actor), ...rest, allowedSites: JSON.stringify(allowedSites) };
  await repo.saveSettings(db(env), row);
}

export type NewPlayer = Partial<PlayerLook> & { name: string; voiceId?: string; modelId?: string; article: ParsedChapter[] | null; sourceType: string; autoConvert: boolean };
export type Player = { project: StudioProjectRow; player: AudioNativePlayerRow };

/**
 * Creates a player: its Studio project (one chapter holding the article, title and author first) and its look
 * from the request or the workspace's defaults; converted at once when asked (a refused conversion undoes it).
 */
export async function createPlayer(env: Env, actor: Actor, input: NewPlayer): Promise<StudioResult<Player & { converting: boolean }>> {
  const defaults = await workspaceSettings(env, wsOf(actor));
  const look: PlayerLook = {
    title: input.title ?? defaults.title,
    author: input.author ?? defaults.author,
    image: input.image ?? defaults.image,
    small: input.small ?? defaults.small,
    textColor: input.textColor ?? defaults.textColor,
    backgroundColor: input.backgroundColor ?? defaults.backgroundColor,
    sessionization: input.sessionization ?? defaults.sessionization,
  };
  const voiceId = input.voiceId ?? defaults.voiceId ?? undefined;
  const blocks = input.article ? articleBlocks(input.article, look.title, look.author) : [];
  const created = await studio.createProject(
    env,
    actor,
    { name: input.name, defaultTitleVoiceId: voiceId ?? null, defaultParagraphVoiceId: voiceId ?? null, defaultModelId: input.modelId ?? defaults.modelId ?? null, title: look.title || null, author: look.author || null },
    blocks.length ? { kind: "document", chapters: [{ name: input.name, blocks }], sourceType: input.sourceType } : { kind: "blank" },
  );
  if (!created.ok) return created;
  const project = created.value;
  const player: AudioNativePlayerRow = { projectId: project.id, workspaceId: project.workspaceId, enabled: true, ...look, publishedSnapshotId: null };
  await repo.insertPlayer(db(env), player);
  let converting = false;
  if (input.autoConvert && blocks.length) {
    const queued = await studio.queueConversion(env, actor, project, null);
    if (!queued.ok) {
      await studio.deleteProject(env, actor, project);
      return queued;
    }
    converting = true;
  }
  return { ok: true, value: { project: (await studio.findProject(env, actor, project.id))!, player, converting } };
}

export async function findPlayer(env: Env, actor: Actor, projectId: string): Promise<Player | undefined> {
  const player = await repo.findPlayer(db(env), wsOf(actor), projectId);
  if (!player) return undefined;
  const project = await studio.findProject(env, actor, projectId);
  return project ? { project, player } : undefined;
}

export async function listPlayers(env: Env, actor: Actor): Promise<Player[]> {
  const players = new Map((await repo.listPlayers(db(env), wsOf(actor))).map((p) => [p.projectId, p]));
  const projects = await studio.listProjects(env, actor);
  return projects.flatMap((project) => (players.has(project.id) ? [{ project, player: players.get(project.id)! }] : []));
}

export async function updatePlayerLook(env: Env, player: AudioNativePlayerRow, patch: Partial<PlayerLook & { enabled: boolean }>): Promise<void> {
  await repo.updatePlayer(db(env), player.workspaceId, player.projectId, patch);
}

/** Whether the project is still converting (queued or running). */
export const isConverting = (project: StudioProjectRow) => project.state === "in_queue" || project.state === "converting";

/** The snapshot the player plays: the published one, else the project's latest. */
export async function playedSnapshot(env: Env, project: StudioProjectRow, player: AudioNativePlayerRow): Promise<StudioSnapshotRow | undefined> {
  const id = player.publishedSnapshotId ?? project.latestSnapshotId;
  return id ? studio.findSnapshot(env, project, id) : undefined;
}

/**
 * Replaces the article: paragraphs whose text is unchanged keep their block (and its audio), so a conversion
 * converts (and charges) only the changed ones. Without auto_publish the player keeps playing its current audio
 * until the owner publishes the new conversion.
 */
export async function updateContent(env: Env, actor: Actor, { project, player }: Player, article: ParsedChapter[], options: { autoConvert: boolean; autoPublish: boolean }): Promise<StudioResult<{ converting: boolean; publishing: boolean }>> {
  const content = await studio.projectContent(env, project);
  const [first, ...others] = content;
  const existing = content.flatMap((c) => c.blocks.map((b) => ({ id: b.id, subType: b.subType, text: (JSON.parse(b.nodes) as TtsNode[]).map((n) => n.text).join("") })));
  const next = reuseBlocks(existing, articleBlocks(article, player.title, player.author));
  const voiceId = project.defaultParagraphVoiceId;
  const blocks = next.map((b) => ({ block_id: b.blockId, sub_type: b.subType, nodes: [{ type: "tts_node" as const, voice_id: voiceId, text: b.text }] }));
  let chapter = first;
  if (!chapter) chapter = await studio.addChapter(env, project, project.name, null);
  // A block reused from another chapter is not in this one: it is inserted new there.
  const updated = await studio.updateChapterContent(env, actor, project, chapter, { blocks });
  if (!updated.ok) return updated;
  for (const other of others) await studio.deleteChapter(env, (await studio.findProject(env, actor, project.id))!, other);
  const fresh = (await studio.findProject(env, actor, project.id))!;
  if (!options.autoPublish && !player.publishedSnapshotId && fresh.latestSnapshotId) await repo.updatePlayer(db(env), player.workspaceId, player.projectId, { publishedSnapshotId: fresh.latestSnapshotId });
  if (options.autoPublish && player.publishedSnapshotId) await repo.updatePlayer(db(env), player.workspaceId, player.projectId, { publishedSnapshotId: null });
  if (!options.autoConvert) return { ok: true, value: { converting: false, publishing: false } };
  const queued = await studio.queueConversion(env, actor, fresh, null);
  if (!queued.ok) return queued;
  return { ok: true, value: { converting: true, publishing: options.autoPublish } };
}

/** The player plays the project's latest conversion again (and each later one). */
export async function publishLatest(env: Env, player: AudioNativePlayerRow): Promise<void> {
  await repo.updatePlayer(db(env), player.workspaceId, player.projectId, { publishedSnapshotId: null });
}

// The public embed.

export type EmbedPlayer = Player & { allowedSites: string[] };

/** A player for the embed, by its project id alone (no session): only an enabled one. */
export async function findEmbedPlayer(env: Env, projectId: string): Promise<EmbedPlayer | undefined> {
  const player = await repo.findPublicPlayer(db(env), projectId);
  if (!player?.enabled) return undefined;
  const project = await studio.findPublishedProject(env, player.workspaceId, projectId);
  if (!project) return undefined;
  return { project, player, allowedSites: (await workspaceSettings(env, player.workspaceId)).allowedSites };
}

export async function embedSnapshot(env: Env, embed: EmbedPlayer): Promise<StudioSnapshotRow | undefined> {
  return playedSnapshot(env, embed.project, embed.player);
}

export type ListenEvent = { type: "load" } | { type: "play" } | { type: "listen"; seconds: number };

/** Counts one event in today's row: loads, plays, listening time (each report capped). Nothing about the listener. */
export async function recordListenEvent(env: Env, projectId: string, event: ListenEvent): Promise<void> {
  const add = { loads: event.type === "load" ? 1 : 0, plays: event.type === "play" ? 1 : 0, listenMs: event.type === "listen" ? countedListenMs(event.seconds) : 0 };
  if (add.loads + add.plays + add.listenMs === 0) return;
  await repo.addStats(db(env), projectId, statsDay(nowSeconds()), add);
}

export type DailyStats = { day: string; loads: number; plays: number; listenSeconds: number };

/** The last `days` days of one player, oldest first, zeros where nothing was counted. */
export async function playerStats(env: Env, player: AudioNativePlayerRow, days: number): Promise<DailyStats[]> {
  const today = statsDay(nowSeconds());
  const from = statsDay(nowSeconds() - (days - 1) * 86400);
  const rows = (await repo.statsSince(db(env), player.projectId, from)).map((r) => ({ day: r.day, loads: r.loads, plays: r.plays, listenSeconds: Math.round(r.listenMs / 1000) }));
  return dailySeries(rows, from, today, (day) => ({ day, loads: 0, plays: 0, listenSeconds: 0 }));
}
