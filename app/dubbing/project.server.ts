// Dubbing projects (client.dubbing.project.*, decision 0063): every dub is a project of the same id, seen through
// the SDK's project model. Reads answer on every plan; what edits goes through the dubbing studio
// (studio.server.ts: Starter and above, finished dubs only), so the two APIs share one state and one set of rules.
import type { Actor } from "~/accounts/accounts.server";
import { createDub, deleteDub, dubOutputs, dubSegments, findDub, listDubs, type DubRow, type NewDub } from "./dubbing.server";
import { addDubbedLanguage, type StudioRefusal } from "./studio.server";
import { dubStatusOf, languageStatus, projectLanguages, projectStatus, type LanguageStatus, type ProjectDub, type ProjectStatus } from "./rules/project";
import type { StudioRender } from "./rules/studio";

/** The stored dub as the project shapes read it. */
export function projectDub(row: DubRow): ProjectDub {
  return { ...row, segments: dubSegments(row), outputs: dubOutputs(row), renders: JSON.parse(row.renders) as Record<string, StudioRender> };
}

type Read<T> = ({ ok: true } & T) | { ok: false; refusal: StudioRefusal };
const notFound = { ok: false as const, refusal: { httpStatus: 404 as const, status: "dubbing_project_not_found", message: "Dubbing project not found" } };

/** A project of the actor's workspace (another workspace's is not found). */
export async function findProject(env: Env, actor: Actor, id: string): Promise<Read<{ dub: ProjectDub }>> {
  const row = await findDub(env, actor, id);
  return row ? { ok: true, dub: projectDub(row) } : notFound;
}

/** A project and one of its languages (the language code is its id). */
export async function findProjectLanguage(env: Env, actor: Actor, id: string, languageId: string): Promise<Read<{ dub: ProjectDub; code: string }>> {
  const found = await findProject(env, actor, id);
  if (!found.ok) return found;
  const code = languageId.toLowerCase();
  if (!projectLanguages(found.dub).includes(code)) return { ok: false, refusal: { httpStatus: 404, status: "language_not_found", message: `The project has no language ${languageId}.` } };
  return { ...found, code };
}

/**
 * A page of projects. queued and preparing are both a running dub (told apart by its progress), so a page filtered
 * by one of them can hold fewer than page_size; the cursor still moves on.
 */
export async function listProjects(env: Env, actor: Actor, query: { cursor: string | null; pageSize: number; status: ProjectStatus | null; ascending: boolean }) {
  const page = await listDubs(env, actor, { statuses: query.status ? [dubStatusOf(query.status)] : null, cursor: query.cursor, pageSize: query.pageSize, ascending: query.ascending });
  const projects = page.dubs.map(projectDub).filter((d) => !query.status || projectStatus(d.status, d.progress) === query.status);
  return { projects, nextCursor: page.nextCursor };
}

/** A page of a project's languages, in the project's order; the cursor is the last language of the page before. */
export function languagePage(dub: ProjectDub, query: { cursor: string | null; pageSize: number; status: LanguageStatus | null }) {
  const all = projectLanguages(dub).filter((code) => !query.status || languageStatus(dub, code) === query.status);
  const from = query.cursor ? all.indexOf(query.cursor) + 1 : 0;
  const page = all.slice(from, from + query.pageSize);
  return { codes: page, nextCursor: from + query.pageSize < all.length ? page.at(-1)! : null };
}

/** A project is a dub made for the studio: the dub's own checks, charge (its first language) and queue. */
export function createProject(env: Env, actor: Actor, request: Omit<NewDub, "numSpeakers" | "startTime" | "endTime" | "dropBackgroundAudio" | "dubbingStudio">) {
  return createDub(env, actor, { ...request, numSpeakers: 0, startTime: null, endTime: null, dropBackgroundAudio: false, dubbingStudio: true });
}

export const deleteProject = deleteDub;

/**
 * Adds a language target and dubs it at once (decision 0068): every segment translated (or given), spoken, charged
 * and rendered, written in one batch; refused (the quota, the engines), nothing of it stays.
 */
export const addProjectLanguage = addDubbedLanguage;
