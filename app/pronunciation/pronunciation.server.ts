// Pronunciation dictionaries for the API, the pages, speech and Studio: every read and write is scoped to the
// actor's workspace, so another workspace's dictionaries are never found. Rules never change in place: each
// change writes a new version and moves latest_version_id, so a locator's version keeps its rules.
import { and, asc, desc, eq, gt, inArray, isNull, lt, max, or } from "drizzle-orm";
import { database, type Database } from "../../db/client";
import { pronunciationDictionaries, pronunciationDictionaryVersions } from "../../db/schema";
import { nowSeconds } from "../../core/clock";
import type { PronunciationRule } from "../../core/pronunciation/rules";

export type DictionaryRow = typeof pronunciationDictionaries.$inferSelect;
export type Locator = { pronunciation_dictionary_id: string; version_id?: string | null };
export type Refusal = { httpStatus: 400 | 404; status: string; message: string };

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/** 20 characters like ElevenLabs' ids. */
function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return [...bytes].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join("");
}

export async function createDictionary(
  db: Database,
  workspaceId: string,
  userId: string,
  input: { name: string; description?: string | null; rules: PronunciationRule[] },
): Promise<{ dictionary: DictionaryRow; rules: PronunciationRule[] }> {
  const id = newId();
  const versionId = newId();
  const now = nowSeconds();
  const dictionary: DictionaryRow = { id, workspaceId, createdByUserId: userId, name: input.name, description: input.description ?? null, creationTimeUnix: now, archivedTimeUnix: null, latestVersionId: versionId };
  await db.batch([
    db.insert(pronunciationDictionaries).values(dictionary),
    db.insert(pronunciationDictionaryVersions).values({ id: versionId, dictionaryId: id, versionNumber: 1, rules: JSON.stringify(input.rules), rulesNum: input.rules.length, creationTimeUnix: now }),
  ]);
  return { dictionary, rules: input.rules };
}

export async function findDictionary(db: Database, workspaceId: string, id: string): Promise<DictionaryRow | null> {
  return (await db.select().from(pronunciationDictionaries).where(and(eq(pronunciationDictionaries.id, id), eq(pronunciationDictionaries.workspaceId, workspaceId))).get()) ?? null;
}

/** A version's rules, only when its dictionary belongs to the workspace. */
export async function versionRules(db: Database, workspaceId: string, dictionaryId: string, versionId: string): Promise<PronunciationRule[] | null> {
  const row = await db
    .select({ rules: pronunciationDictionaryVersions.rules })
    .from(pronunciationDictionaryVersions)
    .innerJoin(pronunciationDictionaries, eq(pronunciationDictionaries.id, pronunciationDictionaryVersions.dictionaryId))
    .where(and(eq(pronunciationDictionaryVersions.id, versionId), eq(pronunciationDictionaryVersions.dictionaryId, dictionaryId), eq(pronunciationDictionaries.workspaceId, workspaceId)))
    .get();
  return row ? (JSON.parse(row.rules) as PronunciationRule[]) : null;
}

export async function latestRules(db: Database, dictionary: DictionaryRow): Promise<PronunciationRule[]> {
  return (await versionRules(db, dictionary.workspaceId, dictionary.id, dictionary.latestVersionId)) ?? [];
}

/** Writes the rules as a new version and makes it the latest. */
export async function replaceRules(db: Database, dictionary: DictionaryRow, rules: PronunciationRule[]): Promise<{ versionId: string; rulesNum: number }> {
  const versionId = newId();
  const last = await db.select({ n: max(pronunciationDictionaryVersions.versionNumber) }).from(pronunciationDictionaryVersions).where(eq(pronunciationDictionaryVersions.dictionaryId, dictionary.id)).get();
  await db.batch([
    db.insert(pronunciationDictionaryVersions).values({ id: versionId, dictionaryId: dictionary.id, versionNumber: (last?.n ?? 0) + 1, rules: JSON.stringify(rules), rulesNum: rules.length, creationTimeUnix: nowSeconds() }),
    db.update(pronunciationDictionaries).set({ latestVersionId: versionId }).where(eq(pronunciationDictionaries.id, dictionary.id)),
  ]);
  return { versionId, rulesNum: rules.length };
}

export async function updateDictionary(db: Database, dictionary: DictionaryRow, change: { name?: string; description?: string | null; archived?: boolean }): Promise<DictionaryRow> {
  const set: Partial<DictionaryRow> = {};
  if (change.name !== undefined) set.name = change.name;
  if (change.description !== undefined) set.description = change.description;
  if (change.archived !== undefined) set.archivedTimeUnix = change.archived ? (dictionary.archivedTimeUnix ?? nowSeconds()) : null;
  if (Object.keys(set).length) await db.update(pronunciationDictionaries).set(set).where(eq(pronunciationDictionaries.id, dictionary.id));
  return { ...dictionary, ...set };
}

export async function rulesCount(db: Database, dictionary: DictionaryRow): Promise<number> {
  const row = await db.select({ n: pronunciationDictionaryVersions.rulesNum }).from(pronunciationDictionaryVersions).where(eq(pronunciationDictionaryVersions.id, dictionary.latestVersionId)).get();
  return row?.n ?? 0;
}

export type ListOptions = { cursor?: string; pageSize: number; sort: "creation_time_unix" | "name"; descending: boolean; includeArchived: boolean };

/** One page, ordered by the sort field then id; the cursor is the last row's "value|id". */
export async function listDictionaries(db: Database, workspaceId: string, options: ListOptions): Promise<{ rows: (DictionaryRow & { rulesNum: number })[]; nextCursor: string | null }> {
  const field = options.sort === "name" ? pronunciationDictionaries.name : pronunciationDictionaries.creationTimeUnix;
  const conditions = [eq(pronunciationDictionaries.workspaceId, workspaceId)];
  if (!options.includeArchived) conditions.push(isNull(pronunciationDictionaries.archivedTimeUnix));
  if (options.cursor) {
    const split = options.cursor.lastIndexOf("|");
    const rawValue = options.cursor.slice(0, split);
    const value = options.sort === "name" ? rawValue : Number(rawValue);
    const id = options.cursor.slice(split + 1);
    const beyond = options.descending ? lt : gt;
    conditions.push(or(beyond(field, value), and(eq(field, value), beyond(pronunciationDictionaries.id, id)))!);
  }
  const order = options.descending ? [desc(field), desc(pronunciationDictionaries.id)] : [asc(field), asc(pronunciationDictionaries.id)];
  const rows = await db
    .select({ dictionary: pronunciationDictionaries, rulesNum: pronunciationDictionaryVersions.rulesNum })
    .from(pronunciationDictionaries)
    .innerJoin(pronunciationDictionaryVersions, eq(pronunciationDictionaryVersions.id, pronunciationDictionaries.latestVersionId))
    .where(and(...conditions))
    .orderBy(...order)
    .limit(options.pageSize + 1)
    .all();
  const page = rows.slice(0, options.pageSize).map((r) => ({ ...r.dictionary, rulesNum: r.rulesNum }));
  const last = page[page.length - 1];
  const nextCursor = rows.length > options.pageSize && last ? `${options.sort === "name" ? last.name : last.creationTimeUnix}|${last.id}` : null;
  return { rows: page, nextCursor };
}

/**
 * The rules a request's locators name, in order (the latest version when a locator names none); a dictionary
 * or version this workspace does not have is refused, never skipped.
 */
export async function rulesForLocators(db: Database, workspaceId: string, locators: Locator[]): Promise<{ ok: true; rules: PronunciationRule[]; versions: { pronunciation_dictionary_id: string; version_id: string }[] } | { ok: false; refusal: Refusal }> {
  const rules: PronunciationRule[] = [];
  const versions: { pronunciation_dictionary_id: string; version_id: string }[] = [];
  for (const locator of locators) {
    const dictionary = await findDictionary(db, workspaceId, locator.pronunciation_dictionary_id);
    const versionId = locator.version_id || dictionary?.latestVersionId;
    const found = dictionary && versionId ? await versionRules(db, workspaceId, dictionary.id, versionId) : null;
    if (!found) {
      return { ok: false, refusal: { httpStatus: 404, status: "pronunciation_dictionary_not_found", message: `Pronunciation dictionary ${locator.pronunciation_dictionary_id}${locator.version_id ? ` version ${locator.version_id}` : ""} was not found.` } };
    }
    rules.push(...found);
    versions.push({ pronunciation_dictionary_id: dictionary!.id, version_id: versionId! });
  }
  return { ok: true, rules, versions };
}

/** The versions a project's locators name, as ElevenLabs' PronunciationDictionaryVersionResponseModel. */
export async function versionsJson(db: Database, workspaceId: string, locators: { pronunciation_dictionary_id: string; version_id: string }[]) {
  if (!locators.length) return [];
  const rows = await db
    .select({ version: pronunciationDictionaryVersions, dictionary: pronunciationDictionaries })
    .from(pronunciationDictionaryVersions)
    .innerJoin(pronunciationDictionaries, eq(pronunciationDictionaries.id, pronunciationDictionaryVersions.dictionaryId))
    .where(and(eq(pronunciationDictionaries.workspaceId, workspaceId), inArray(pronunciationDictionaryVersions.id, locators.map((l) => l.version_id))))
    .all();
  return locators.flatMap((locator) => {
    const row = rows.find((r) => r.version.id === locator.version_id && r.dictionary.id === locator.pronunciation_dictionary_id);
    if (!row) return [];
    return [{
      version_id: row.version.id,
      version_rules_num: row.version.rulesNum,
      pronunciation_dictionary_id: row.dictionary.id,
      dictionary_name: row.dictionary.name,
      version_name: `v${row.version.versionNumber}`,
      permission_on_resource: "admin",
      created_by: row.dictionary.createdByUserId,
      creation_time_unix: row.version.creationTimeUnix,
      archived_time_unix: row.dictionary.archivedTimeUnix,
    }];
  });
}

/** The pages' view of the workspace's dictionaries: each with the rules of its latest version. */
export async function dictionariesWithRules(env: Env, workspaceId: string) {
  const db = database(env.DB);
  const { rows } = await listDictionaries(db, workspaceId, { pageSize: 100, sort: "creation_time_unix", descending: true, includeArchived: false });
  return Promise.all(rows.map(async (d) => ({ id: d.id, name: d.name, versionId: d.latestVersionId, rules: await latestRules(db, d) })));
}

/** Env-taking forms of the calls above for the pages (the API passes its own database handle). */
export const pages = {
  create: (env: Env, workspaceId: string, userId: string, input: { name: string; rules: PronunciationRule[] }) => createDictionary(database(env.DB), workspaceId, userId, input),
  find: (env: Env, workspaceId: string, id: string) => findDictionary(database(env.DB), workspaceId, id),
  latestRules: (env: Env, dictionary: DictionaryRow) => latestRules(database(env.DB), dictionary),
  replaceRules: (env: Env, dictionary: DictionaryRow, rules: PronunciationRule[]) => replaceRules(database(env.DB), dictionary, rules),
};
