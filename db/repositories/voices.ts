import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../client";
import { resourceGrants, users, voiceAddEdits, voiceCollections, voiceCollectionVoices, voices, voiceSettings, workspaces } from "../schema";
import { readableBy } from "./resource-grants";
import type { FineTuningState, ManualVerificationReview, SharingStatus, Voice, VoiceCategory, VoiceScope } from "../../core/voices/voices";

/** The row is the app's Voice (core/voices/voices.ts); this fails to compile when they drift apart. */
const asVoice = (row: typeof voices.$inferSelect): Voice => row;

/**
 * Who reads: the workspace, narrowed to the voices one member may read (decision 0039: they made it or it is
 * shared with them); `readerId` null reads all the workspace's voices (its admins, and work queued earlier).
 */
export type VoiceReader = { workspaceId: string; readerId: string | null };

/** The workspace's own voices the reader may see. */
function ownVoices({ workspaceId, readerId }: VoiceReader): SQL {
  const workspace = eq(voices.workspaceId, workspaceId);
  return readerId === null ? workspace : and(workspace, readableBy(workspaceId, "voice", readerId, voices.voiceId, voices.createdByUserId))!;
}

/** The voices a reader may see and use: the premade ones and their workspace's shared with them, never another workspace's. */
function usableBy(reader: VoiceReader): SQL {
  return or(isNull(voices.workspaceId), ownVoices(reader))!;
}

function inScope(reader: VoiceReader, scope: VoiceScope): SQL {
  switch (scope) {
    case "all":
      return usableBy(reader);
    case "premade":
      return isNull(voices.workspaceId);
    case "own":
      return ownVoices(reader);
    case "personal":
      return and(ownVoices(reader), isNull(voices.originalVoiceId))!;
    case "community":
      // Copies from the library (decision 0025) keep the voice they were copied from.
      return and(ownVoices(reader), isNotNull(voices.originalVoiceId))!;
  }
}

/** One voice the reader may use; undefined for an unknown id, one not shared with them and another workspace's alike. */
export async function findUsableVoice(db: Database, reader: VoiceReader, voiceId: string): Promise<Voice | undefined> {
  const row = await db.query.voices.findFirst({ where: and(eq(voices.voiceId, voiceId), usableBy(reader)) });
  return row && asVoice(row);
}

/** Every voice the reader may use: the premade ones in their order, then their workspace's, oldest first. */
export async function listUsableVoices(db: Database, reader: VoiceReader): Promise<Voice[]> {
  const rows = await db
    .select()
    .from(voices)
    .where(usableBy(reader))
    .orderBy(sql`${voices.workspaceId} IS NOT NULL`, asc(voices.createdAt), asc(voices.voiceId));
  return rows.map(asVoice);
}

/** D1 binds at most 100 values a statement: id lists are read in slices below that. */
const ID_SLICE = 90;
async function inSlices<T>(ids: readonly string[], read: (slice: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += ID_SLICE) out.push(...(await read(ids.slice(i, i + ID_SLICE))));
  return out;
}

/**
 * The voices (of those given) whose owner is in probation at `now` (decision 0075): a voice's owner is the person
 * who made it; a copy from the library belongs to the original's maker. Premade voices have no owner.
 */
export async function voicesOfOwnersInProbation(db: Database, given: readonly Pick<Voice, "voiceId" | "createdByUserId" | "originalVoiceId">[], now: number): Promise<Set<string>> {
  const originalIds = [...new Set(given.flatMap((v) => (v.originalVoiceId ? [v.originalVoiceId] : [])))];
  const originals = await inSlices(originalIds, (slice) => db.select({ voiceId: voices.voiceId, maker: voices.createdByUserId }).from(voices).where(inArray(voices.voiceId, slice)));
  const makerOfOriginal = new Map(originals.map((o) => [o.voiceId, o.maker]));
  const ownerOf = (v: (typeof given)[number]) => (v.originalVoiceId ? (makerOfOriginal.get(v.originalVoiceId) ?? null) : v.createdByUserId);
  const ownerIds = [...new Set(given.flatMap((v) => ownerOf(v) ?? []))];
  if (ownerIds.length === 0) return new Set();
  const inProbation = await inSlices(ownerIds, (slice) => db.select({ id: users.id }).from(users).where(and(inArray(users.id, slice), sql`${users.probationUntil} > ${now}`)));
  const owners = new Set(inProbation.map((u) => u.id));
  return new Set(given.filter((v) => owners.has(ownerOf(v) ?? "")).map((v) => v.voiceId));
}

/** The premade voices (optionally of one language), in their order: for visitors, who have no workspace. */
export async function listPremadeVoices(db: Database, language?: string): Promise<Voice[]> {
  const rows = await db
    .select()
    .from(voices)
    .where(and(isNull(voices.workspaceId), language ? eq(voices.language, language) : undefined))
    .orderBy(asc(voices.voiceId));
  return rows.map(asVoice);
}

export async function findPremadeVoice(db: Database, voiceId: string): Promise<Voice | undefined> {
  const row = await db.query.voices.findFirst({ where: and(eq(voices.voiceId, voiceId), isNull(voices.workspaceId)) });
  return row && asVoice(row);
}

/** The premade voice whose preview (in its own language or one of its verified languages) is stored at `key`. */
export async function findPremadeVoiceByPreviewKey(db: Database, key: string): Promise<Voice | undefined> {
  const row = await db.query.voices.findFirst({
    where: and(
      isNull(voices.workspaceId),
      or(eq(voices.previewKey, key), sql`EXISTS (SELECT 1 FROM json_each(${voices.verifiedLanguages}) WHERE json_extract(value, '$.previewKey') = ${key})`),
    ),
  });
  return row && asVoice(row);
}

export type VoiceSearch = {
  reader: VoiceReader;
  scope: VoiceScope;
  category?: VoiceCategory;
  /** Lower-case text to find in the name, description or accent, or languages whose name contains it. */
  search?: { needle: string; languages: readonly string[] };
  /** Keeps professional voices in this state (the other categories have none). */
  fineTuningState?: FineTuningState;
  /** Keeps the voices of this collection (the caller checked it is the workspace's). */
  collectionId?: string;
  sort: "name" | "created_at";
  direction: "asc" | "desc";
  offset: number;
  limit: number;
};

/** A page of the voices the workspace may use, filtered and sorted, with the number of matches. */
export async function searchVoices(db: Database, query: VoiceSearch): Promise<{ voices: Voice[]; total: number }> {
  const conditions: (SQL | undefined)[] = [inScope(query.reader, query.scope)];
  if (query.category) conditions.push(eq(voices.category, query.category));
  if (query.fineTuningState) conditions.push(or(sql`${voices.category} <> 'professional'`, eq(voices.fineTuningState, query.fineTuningState)));
  if (query.collectionId) {
    conditions.push(sql`${voices.voiceId} IN (SELECT voice_id FROM voice_collection_voices WHERE collection_id = ${query.collectionId})`);
  }
  if (query.search) {
    const { needle, languages } = query.search;
    conditions.push(
      or(
        sql`instr(lower(${voices.name}), ${needle}) > 0`,
        sql`instr(lower(coalesce(${voices.description}, '')), ${needle}) > 0`,
        sql`instr(lower(coalesce(json_extract(${voices.labels}, '$.accent'), '')), ${needle}) > 0`,
        languages.length ? inArray(voices.language, [...languages]) : undefined,
      ),
    );
  }
  const where = and(...conditions);
  const direction = query.direction === "asc" ? asc : desc;
  const byName = [direction(sql`${voices.name} COLLATE NOCASE`), direction(voices.voiceId)];
  const [rows, [count]] = await db.batch([
    db
      .select()
      .from(voices)
      .where(where)
      .orderBy(...(query.sort === "created_at" ? [direction(voices.createdAt), ...byName] : byName))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: sql<number>`count(*)` }).from(voices).where(where),
  ]);
  return { voices: rows.map(asVoice), total: count?.total ?? 0 };
}

/** One of the workspace's own voices (never a premade one, never another workspace's). */
export async function findOwnVoice(db: Database, workspaceId: string, voiceId: string): Promise<Voice | undefined> {
  const row = await db.query.voices.findFirst({ where: and(eq(voices.voiceId, voiceId), eq(voices.workspaceId, workspaceId)) });
  return row && asVoice(row);
}

/** How many voices the workspace has of its own (what the plan's custom voice limit counts). */
export async function countOwnVoices(db: Database, workspaceId: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)` }).from(voices).where(and(eq(voices.workspaceId, workspaceId), isNotNull(voices.workspaceId)));
  return row?.count ?? 0;
}

export type NewVoice = typeof voices.$inferInsert;

/** Adds a workspace's voice (the caller has checked the plan's limits). */
export async function insertVoice(db: Database, voice: NewVoice): Promise<void> {
  await db.insert(voices).values(voice);
}

/** Counts one voice addition or edit in the period, unless the workspace has made `limit` already: false then. */
export async function countAddEdit(db: Database, workspaceId: string, period: string, limit: number): Promise<boolean> {
  const rows = await db
    .insert(voiceAddEdits)
    .values({ workspaceId, period, count: 1 })
    .onConflictDoUpdate({ target: [voiceAddEdits.workspaceId, voiceAddEdits.period], set: { count: sql`${voiceAddEdits.count} + 1` }, setWhere: lt(voiceAddEdits.count, limit) })
    .returning({ count: voiceAddEdits.count });
  return rows.length > 0 && limit > 0;
}

export async function uncountAddEdit(db: Database, workspaceId: string, period: string): Promise<void> {
  await db
    .update(voiceAddEdits)
    .set({ count: sql`max(0, ${voiceAddEdits.count} - 1)` })
    .where(and(eq(voiceAddEdits.workspaceId, workspaceId), eq(voiceAddEdits.period, period)));
}

/** The voice additions and edits the workspace made in the period. */
export async function addEditsInPeriod(db: Database, workspaceId: string, period: string): Promise<number> {
  const row = await db.query.voiceAddEdits.findFirst({ where: and(eq(voiceAddEdits.workspaceId, workspaceId), eq(voiceAddEdits.period, period)) });
  return row?.count ?? 0;
}

export type VoiceEdit = Partial<
  Pick<
    Voice,
    | "name"
    | "description"
    | "labels"
    | "language"
    | "samples"
    | "engineParameters"
    | "speakerFeatures"
    | "fineTuningState"
    | "highQualityBaseModelIds"
    | "isVerified"
    | "requiresVerification"
    | "verificationAttempts"
    | "verificationFailures"
    | "verificationChallenge"
    | "manualVerification"
    | "manualVerificationReview"
  >
>;

/** Changes one of the workspace's own voices; false when it has no such voice. */
export async function updateOwnVoice(db: Database, workspaceId: string, voiceId: string, edit: VoiceEdit): Promise<boolean> {
  if (Object.keys(edit).length === 0) return Boolean(await findOwnVoice(db, workspaceId, voiceId));
  const rows = await db
    .update(voices)
    .set(edit)
    .where(and(eq(voices.voiceId, voiceId), eq(voices.workspaceId, workspaceId)))
    .returning({ voiceId: voices.voiceId });
  return rows.length > 0;
}

/** Deletes one of the workspace's own voices and its saved settings; the deleted voice, or undefined. */
export async function deleteOwnVoice(db: Database, workspaceId: string, voiceId: string): Promise<Voice | undefined> {
  const [rows] = await db.batch([
    db.delete(voices).where(and(eq(voices.voiceId, voiceId), eq(voices.workspaceId, workspaceId))).returning(),
    db.delete(voiceSettings).where(and(eq(voiceSettings.workspaceId, workspaceId), eq(voiceSettings.voiceId, voiceId))),
    // Out of the workspace's collections as well (their rows name voices without a foreign key).
    db
      .delete(voiceCollectionVoices)
      .where(
        and(
          eq(voiceCollectionVoices.voiceId, voiceId),
          inArray(voiceCollectionVoices.collectionId, db.select({ id: voiceCollections.collectionId }).from(voiceCollections).where(eq(voiceCollections.workspaceId, workspaceId))),
        ),
      ),
  ]);
  const row = rows[0];
  return row && asVoice(row);
}

/** How many professional voices the workspace keeps (the plan's professional limit counts them). */
export async function countProfessionalVoices(db: Database, workspaceId: string): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)` }).from(voices).where(and(eq(voices.workspaceId, workspaceId), eq(voices.category, "professional")));
  return row?.count ?? 0;
}

/**
 * The voices similar voices are looked for among: the premade ones and those published to the library (not
 * banned). Never another workspace's private voice.
 */
export async function listSimilarityCandidates(db: Database, published: readonly SharingStatus[]): Promise<Voice[]> {
  const rows = await db
    .select()
    .from(voices)
    .where(
      or(
        isNull(voices.workspaceId),
        and(isNotNull(voices.workspaceId), inArray(voices.sharingStatus, [...published]), sql`coalesce(${voices.safetyControl}, '') <> 'BAN'`),
      ),
    )
    .orderBy(asc(voices.voiceId));
  return rows.map(asVoice);
}

/** Keeps a speaker measurement made from the voice's own speech, once (a voice measured already keeps its own). */
export async function setMissingSpeakerFeatures(db: Database, voiceId: string, features: NonNullable<Voice["speakerFeatures"]>): Promise<void> {
  await db.update(voices).set({ speakerFeatures: features }).where(and(eq(voices.voiceId, voiceId), isNull(voices.speakerFeatures)));
}

/** A request for manual verification that waits for support staff (decision 0091): any workspace's, as staff see it. */
const awaitingReview = and(eq(voices.category, "professional"), isNotNull(voices.manualVerification), eq(voices.isVerified, false))!;

export type VoiceAwaitingReview = { voice: Voice; workspace: { id: string; name: string } };

/** Every workspace's professional voices whose manual verification waits (support staff's review list). */
export async function listVoicesAwaitingReview(db: Database): Promise<VoiceAwaitingReview[]> {
  const rows = await db
    .select({ voice: voices, workspace: { id: workspaces.id, name: workspaces.name } })
    .from(voices)
    .innerJoin(workspaces, eq(workspaces.id, voices.workspaceId))
    .where(awaitingReview)
    .orderBy(asc(voices.createdAt), asc(voices.voiceId));
  return rows.map((row) => ({ voice: asVoice(row.voice), workspace: row.workspace }));
}

/** One voice whose manual verification waits, whatever its workspace; undefined for any other id. */
export async function findVoiceAwaitingReview(db: Database, voiceId: string): Promise<VoiceAwaitingReview | undefined> {
  const [row] = await db
    .select({ voice: voices, workspace: { id: workspaces.id, name: workspaces.name } })
    .from(voices)
    .innerJoin(workspaces, eq(workspaces.id, voices.workspaceId))
    .where(and(eq(voices.voiceId, voiceId), awaitingReview))
    .limit(1);
  return row && { voice: asVoice(row.voice), workspace: row.workspace };
}

/**
 * Support staff's answer to a waiting request, only while it still waits (a recording may have verified the voice
 * meanwhile, or another reviewer answered): approved verifies the voice as the spoken check does; rejected clears
 * the request. False when it no longer waited.
 */
export async function reviewManualVerification(db: Database, voiceId: string, review: ManualVerificationReview): Promise<boolean> {
  const edit = review.decision === "approved" ? { isVerified: true, verificationChallenge: null, manualVerificationReview: review } : { manualVerification: null, manualVerificationReview: review };
  const rows = await db
    .update(voices)
    .set(edit)
    .where(and(eq(voices.voiceId, voiceId), awaitingReview))
    .returning({ voiceId: voices.voiceId });
  return rows.length > 0;
}

type NewGrant = typeof resourceGrants.$inferInsert;

/**
 * A voice copied into another workspace (replication, decision 0091), in one batch: the voice, its default sharing
 * in the target workspace, and the source workspace's settings for it when it had saved some.
 */
export async function insertVoiceCopy(db: Database, voice: NewVoice, grants: NewGrant[], settings: string | null): Promise<void> {
  const workspaceId = voice.workspaceId!;
  await db.batch([
    db.insert(voices).values(voice),
    ...(grants.length ? [db.insert(resourceGrants).values(grants).onConflictDoNothing()] : []),
    ...(settings ? [db.insert(voiceSettings).values({ workspaceId, voiceId: voice.voiceId, settings })] : []),
  ]);
}

/** The workspace's saved settings for one of its voices, as stored (JSON), or null. */
export async function storedVoiceSettings(db: Database, workspaceId: string, voiceId: string): Promise<string | null> {
  const row = await db.query.voiceSettings.findFirst({ where: and(eq(voiceSettings.workspaceId, workspaceId), eq(voiceSettings.voiceId, voiceId)) });
  return row?.settings ?? null;
}
