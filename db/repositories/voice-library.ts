// The voice library (decision 0025): the voices workspaces published, their copies, and each workspace's
// collections. A library query only ever returns published voices; a collection only its own workspace's.
import { and, asc, count, desc, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { voiceCollections, voiceCollectionVoices, voices } from "../schema";
import type { SharingStatus, Voice } from "../../core/voices/voices";

const asVoice = (row: typeof voices.$inferSelect): Voice => row;

/** A published voice with the figures the library shows and sorts by. */
export type LibraryVoice = Voice & { clonedByCount: number; usage1y: number; usage7d: number };

export type LibrarySearch = {
  published: readonly SharingStatus[];
  search?: string;
  /** Voice categories to keep; an empty list keeps none. */
  categories?: readonly string[];
  labels: { key: "gender" | "age" | "accent"; value: string }[];
  language?: string;
  locale?: string;
  useCases: readonly string[];
  descriptives: readonly string[];
  /** No voice is featured here: true matches none. */
  featured?: boolean;
  includeLiveModerated: boolean;
  ownerId?: string;
  sort: "created_date" | "usage_character_count_1y" | "trending" | "cloned_by_count";
  /** Unix seconds from which the yearly and the weekly usage count. */
  yearFrom: number;
  weekFrom: number;
  offset: number;
  limit: number;
};

/** A label compared as the rules' labelKey does: lower case, spaces and dashes as underscores. */
const labelOf = (key: string) => sql`replace(replace(lower(trim(coalesce(json_extract(${voices.labels}, ${"$." + key}), ''))), ' ', '_'), '-', '_')`;

// Correlated subqueries name the outer row's table outright: drizzle leaves a lone table's columns unqualified,
// which inside the subquery would mean the inner table's.
const OUTER_VOICE_ID = sql.raw(`"voices"."voice_id"`);
const copiesOf = sql`(SELECT count(*) FROM voices AS copy WHERE copy.original_voice_id = ${OUTER_VOICE_ID})`;
/** Characters spoken with the voice and its copies since `from`. */
const usageSince = (from: number) =>
  sql<number>`(SELECT coalesce(sum(u.characters), 0) FROM usage_events AS u WHERE u.occurred_at >= ${from} AND (u.voice_id = ${OUTER_VOICE_ID} OR u.voice_id IN (SELECT copy.voice_id FROM voices AS copy WHERE copy.original_voice_id = ${OUTER_VOICE_ID})))`;

function libraryFigures(yearFrom: number, weekFrom: number) {
  // Named: D1 answers rows keyed by column name, and the two usage figures would otherwise share one.
  return {
    clonedByCount: sql<number>`${copiesOf}`.mapWith(Number).as("cloned_by_count"),
    usage1y: usageSince(yearFrom).mapWith(Number).as("usage_1y"),
    usage7d: usageSince(weekFrom).mapWith(Number).as("usage_7d"),
  };
}

function published(statuses: readonly SharingStatus[]): SQL {
  return and(isNotNull(voices.workspaceId), inArray(voices.sharingStatus, [...statuses]), sql`coalesce(${voices.safetyControl}, '') <> 'BAN'`)!;
}

/** A page of the library, filtered and sorted, with the number of matches. */
export async function searchLibrary(db: Database, query: LibrarySearch): Promise<{ voices: LibraryVoice[]; total: number }> {
  const conditions: (SQL | undefined)[] = [published(query.published)];
  if (query.search) {
    const needle = query.search.toLowerCase();
    conditions.push(
      or(
        sql`instr(lower(${voices.name}), ${needle}) > 0`,
        sql`instr(lower(coalesce(${voices.description}, '')), ${needle}) > 0`,
        sql`instr(lower(${voices.labels}), ${needle}) > 0`,
      ),
    );
  }
  if (query.categories) conditions.push(query.categories.length ? inArray(voices.category, query.categories as Voice["category"][]) : sql`0`);
  for (const label of query.labels) conditions.push(sql`${labelOf(label.key)} = ${label.value}`);
  if (query.language) conditions.push(eq(voices.language, query.language));
  if (query.locale) conditions.push(sql`EXISTS (SELECT 1 FROM json_each(${voices.verifiedLanguages}) WHERE lower(json_extract(value, '$.locale')) = ${query.locale.toLowerCase()})`);
  if (query.useCases.length) conditions.push(inArray(labelOf("use_case"), [...query.useCases]));
  if (query.descriptives.length) conditions.push(inArray(labelOf("descriptive"), [...query.descriptives]));
  if (query.featured === true) conditions.push(sql`0`);
  if (!query.includeLiveModerated) conditions.push(eq(voices.liveModerationEnabled, false));
  if (query.ownerId) conditions.push(eq(voices.publicOwnerId, query.ownerId));
  const where = and(...conditions);
  const order = {
    created_date: [desc(voices.sharedAt)],
    usage_character_count_1y: [desc(usageSince(query.yearFrom))],
    trending: [desc(usageSince(query.weekFrom)), desc(voices.sharedAt)],
    cloned_by_count: [desc(copiesOf)],
  }[query.sort];
  const [rows, [total]] = await db.batch([
    db
      .select({ voice: voices, ...libraryFigures(query.yearFrom, query.weekFrom) })
      .from(voices)
      .where(where)
      .orderBy(...order, asc(voices.voiceId))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(voices).where(where),
  ]);
  return { voices: rows.map(({ voice, ...figures }) => ({ ...asVoice(voice), ...figures })), total: total?.total ?? 0 };
}

/** A voice as the library knows it: any voice by id, published or not (the rules decide what a caller may do). */
export async function findVoiceById(db: Database, voiceId: string): Promise<Voice | undefined> {
  const row = await db.query.voices.findFirst({ where: eq(voices.voiceId, voiceId) });
  return row && asVoice(row);
}

/** One published voice with its figures; undefined when it is not in the library. */
export async function findLibraryVoice(db: Database, voiceId: string, statuses: readonly SharingStatus[], yearFrom: number, weekFrom: number): Promise<LibraryVoice | undefined> {
  const [row] = await db
    .select({ voice: voices, ...libraryFigures(yearFrom, weekFrom) })
    .from(voices)
    .where(and(eq(voices.voiceId, voiceId), published(statuses)))
    .limit(1);
  return row && { ...asVoice(row.voice), clonedByCount: row.clonedByCount, usage1y: row.usage1y, usage7d: row.usage7d };
}

/** Which of `voiceIds` are in the library now. */
export async function publishedAmong(db: Database, voiceIds: readonly string[], statuses: readonly SharingStatus[]): Promise<Set<string>> {
  if (voiceIds.length === 0) return new Set();
  const rows = await db.select({ voiceId: voices.voiceId }).from(voices).where(and(inArray(voices.voiceId, [...voiceIds]), published(statuses)));
  return new Set(rows.map((row) => row.voiceId));
}

/** Which of `voiceIds` the workspace already copied, by original id. */
export async function copiedOriginals(db: Database, workspaceId: string, voiceIds: readonly string[]): Promise<Set<string>> {
  if (voiceIds.length === 0) return new Set();
  const rows = await db
    .select({ original: voices.originalVoiceId })
    .from(voices)
    .where(and(eq(voices.workspaceId, workspaceId), inArray(voices.originalVoiceId, [...voiceIds])));
  return new Set(rows.map((row) => row.original!));
}

/** How many voices of its own a workspace keeps (what the plan's voice limit counts). */
export async function countOwnVoices(db: Database, workspaceId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(voices).where(eq(voices.workspaceId, workspaceId));
  return row?.total ?? 0;
}

export async function insertVoice(db: Database, voice: typeof voices.$inferInsert): Promise<void> {
  await db.insert(voices).values(voice);
}

/** Sets a workspace's own voice's sharing; false when the voice is not its own. */
export async function updateSharing(
  db: Database,
  workspaceId: string,
  voiceId: string,
  sharing: { sharingStatus: SharingStatus | null; liveModerationEnabled: boolean; royaltyRate: number; publicOwnerId: string | null; sharedAt: number | null },
): Promise<boolean> {
  const result = await db.update(voices).set(sharing).where(and(eq(voices.voiceId, voiceId), eq(voices.workspaceId, workspaceId))).returning({ voiceId: voices.voiceId });
  return result.length > 0;
}

export type CollectionRow = typeof voiceCollections.$inferSelect & { voiceCount: number };

const voiceCount = sql<number>`(SELECT count(*) FROM voice_collection_voices AS member WHERE member.collection_id = ${sql.raw(`"voice_collections"."collection_id"`)} AND member.voice_id IN (SELECT voice_id FROM voices))`.mapWith(Number);

/** The workspace's collections, by title. */
export async function listCollections(db: Database, workspaceId: string): Promise<CollectionRow[]> {
  const rows = await db
    .select({ collection: voiceCollections, voiceCount })
    .from(voiceCollections)
    .where(eq(voiceCollections.workspaceId, workspaceId))
    .orderBy(sql`${voiceCollections.title} COLLATE NOCASE`, asc(voiceCollections.collectionId));
  return rows.map((row) => ({ ...row.collection, voiceCount: row.voiceCount }));
}

/** One of the workspace's collections; undefined for an unknown id and another workspace's alike. */
export async function findCollection(db: Database, workspaceId: string, collectionId: string): Promise<CollectionRow | undefined> {
  const [row] = await db
    .select({ collection: voiceCollections, voiceCount })
    .from(voiceCollections)
    .where(and(eq(voiceCollections.collectionId, collectionId), eq(voiceCollections.workspaceId, workspaceId)))
    .limit(1);
  return row && { ...row.collection, voiceCount: row.voiceCount };
}

export async function countCollections(db: Database, workspaceId: string): Promise<number> {
  const [row] = await db.select({ total: count() }).from(voiceCollections).where(eq(voiceCollections.workspaceId, workspaceId));
  return row?.total ?? 0;
}

export async function insertCollection(db: Database, collection: { collectionId: string; workspaceId: string; title: string; icon: string }): Promise<void> {
  await db.insert(voiceCollections).values(collection);
}

export async function updateCollection(db: Database, workspaceId: string, collectionId: string, patch: { title?: string; icon?: string }): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.update(voiceCollections).set(patch).where(and(eq(voiceCollections.collectionId, collectionId), eq(voiceCollections.workspaceId, workspaceId)));
}

export async function deleteCollection(db: Database, workspaceId: string, collectionId: string): Promise<void> {
  await db.delete(voiceCollections).where(and(eq(voiceCollections.collectionId, collectionId), eq(voiceCollections.workspaceId, workspaceId)));
}

/** Adds a voice (already checked usable by the workspace) to one of its collections; adding it twice changes nothing. */
export async function addToCollection(db: Database, collectionId: string, voiceId: string): Promise<void> {
  await db.insert(voiceCollectionVoices).values({ collectionId, voiceId }).onConflictDoNothing();
}

export async function removeFromCollection(db: Database, collectionId: string, voiceId: string): Promise<boolean> {
  const removed = await db
    .delete(voiceCollectionVoices)
    .where(and(eq(voiceCollectionVoices.collectionId, collectionId), eq(voiceCollectionVoices.voiceId, voiceId)))
    .returning({ voiceId: voiceCollectionVoices.voiceId });
  return removed.length > 0;
}

/** The voice ids in each of the workspace's collections. */
export async function collectionMembers(db: Database, workspaceId: string): Promise<Map<string, string[]>> {
  const rows = await db
    .select({ collectionId: voiceCollectionVoices.collectionId, voiceId: voiceCollectionVoices.voiceId })
    .from(voiceCollectionVoices)
    .innerJoin(voiceCollections, eq(voiceCollections.collectionId, voiceCollectionVoices.collectionId))
    .where(eq(voiceCollections.workspaceId, workspaceId))
    .orderBy(asc(voiceCollectionVoices.addedAt), asc(voiceCollectionVoices.voiceId));
  const members = new Map<string, string[]>();
  for (const row of rows) members.set(row.collectionId, [...(members.get(row.collectionId) ?? []), row.voiceId]);
  return members;
}

/** The accents the published voices are labelled with, per language (GET /v1/voices/accents). */
export async function libraryAccents(db: Database, statuses: readonly SharingStatus[], language?: string): Promise<{ language: string; accent: string }[]> {
  const accent = sql<string>`trim(json_extract(${voices.labels}, '$.accent'))`;
  const rows = await db
    .selectDistinct({ language: voices.language, accent })
    .from(voices)
    .where(and(published(statuses), sql`coalesce(${accent}, '') <> ''`, language ? eq(voices.language, language) : undefined))
    .orderBy(voices.language, accent);
  return rows;
}

/** The copies other workspaces made of a library voice: who is told when it leaves the library. */
export async function copiesOfVoice(db: Database, originalVoiceId: string): Promise<{ workspaceId: string; voiceId: string; name: string }[]> {
  const rows = await db
    .select({ workspaceId: voices.workspaceId, voiceId: voices.voiceId, name: voices.name })
    .from(voices)
    .where(and(eq(voices.originalVoiceId, originalVoiceId), isNotNull(voices.workspaceId)));
  return rows.map((row) => ({ ...row, workspaceId: row.workspaceId! }));
}
