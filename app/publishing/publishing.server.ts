// Direct publishing and public profiles for the API and the pages. Members' reads and collections are scoped to
// the actor's workspace and to the projects they may see; the public side (catalogue, listening page, profile)
// sees published reads only. A read takes its metadata and audio from its Studio project when it is submitted.
import { database } from "../../db/client";
import * as repo from "../../db/repositories/publishing";
import type { CollectionRow, ReadRow } from "../../db/repositories/publishing";
import type { StudioProjectRow } from "../../db/repositories/studio";
import { nowSeconds } from "../../core/clock";
import type { Actor } from "~/accounts/accounts.server";
import * as studio from "~/studio/studio.server";
import { newStudioId } from "../../core/studio/studio-rules";
import { dailySeries, statsDay } from "~/audio-native/rules/audio-native";
import { PUBLISHED_STATUSES } from "~/voices/rules/voice-library";
import { recordEarning } from "~/payouts/payouts.server";
import { PUBLISHING_RATE_PER_LISTEN } from "~/payouts/rules/payouts";
import {
  CAPACITY_STATES,
  capacityRefusal,
  COLLECTION_READS_MAX,
  metadataRefusal,
  metricIncrement,
  missingMetadata,
  PROJECT_NOT_FOUND,
  publishingCapacity,
  READ_EXISTS,
  READ_NOT_FOUND,
  TERMS_REFUSAL,
  transition,
  type MetricEvent,
  type ReadAction,
  type ReadMetadata,
  type Refusal,
} from "~/publishing/rules/publishing";
import { checkHandle, HANDLE_TAKEN, OLD_HANDLE_REDIRECT_SECONDS } from "~/publishing/rules/profiles";
import { genreKey, prefixRange, readTerms, SEARCH_RESULTS_MAX, type CatalogueQuery } from "~/publishing/rules/catalogue-search";

export type { ReadRow, CollectionRow };
export type Result<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

const db = (env: Env) => database(env.DB);
const wsOf = (actor: Actor) => actor.membership.workspace.id;
const refused = (refusal: Refusal): { ok: false; refusal: Refusal } => ({ ok: false, refusal });

/** The metadata and audio a read would take from its project now. */
export async function projectMetadata(env: Env, project: StudioProjectRow) {
  const snapshot = project.latestSnapshotId ? await studio.findSnapshot(env, project, project.latestSnapshotId) : undefined;
  const audio = snapshot && snapshot.chapterId === null ? snapshot : undefined;
  const meta: ReadMetadata = {
    title: (project.title ?? "").trim() || project.name,
    author: project.author ?? "",
    description: project.description,
    genres: JSON.parse(project.genres) as string[],
    language: project.language,
    matureContent: project.matureContent,
    isbn: project.isbnNumber,
    hasCover: Boolean(project.coverImageKey),
    hasAudio: Boolean(audio),
  };
  return { meta, audio };
}

function metadataColumns(meta: ReadMetadata, project: StudioProjectRow) {
  return {
    title: meta.title,
    author: meta.author,
    description: meta.description,
    genres: JSON.stringify(meta.genres),
    language: meta.language,
    matureContent: meta.matureContent,
    isbn: meta.isbn,
    coverImageKey: project.coverImageKey,
    coverImageType: project.coverImageType,
  };
}

/** A draft read of a project the actor may edit; its metadata may still be incomplete (submitting checks it). */
export async function createRead(env: Env, actor: Actor, projectId: string): Promise<Result<ReadRow>> {
  const project = await studio.findProject(env, actor, projectId);
  if (!project || project.audioNative) return refused(PROJECT_NOT_FOUND(projectId));
  const denied = await studio.projectRefusal(env, actor, project, "editor");
  if (denied) return refused({ ...denied, httpStatus: denied.httpStatus === 404 ? 404 : 403 } as Refusal);
  if (await repo.findReadOfProject(db(env), project.id)) return refused(READ_EXISTS);
  const { meta } = await projectMetadata(env, project);
  const id = newStudioId();
  try {
    await repo.insertRead(db(env), { id, workspaceId: project.workspaceId, projectId: project.id, submittedByUserId: actor.user.id, state: "draft", ...metadataColumns(meta, project) });
  } catch (error) {
    // Two creations at once: the unique index lets one through.
    if (String(error).includes("UNIQUE")) return refused(READ_EXISTS);
    throw error;
  }
  return { ok: true, value: (await repo.findRead(db(env), project.workspaceId, id))! };
}

export async function listReads(env: Env, actor: Actor): Promise<ReadRow[]> {
  const visible = new Set((await studio.listProjects(env, actor)).map((p) => p.id));
  return (await repo.listReads(db(env), wsOf(actor))).filter((r) => visible.has(r.projectId));
}

/** A read of the actor's workspace whose project they may see. */
export async function findRead(env: Env, actor: Actor, readId: string): Promise<{ read: ReadRow; project: StudioProjectRow } | undefined> {
  const read = await repo.findRead(db(env), wsOf(actor), readId);
  if (!read) return undefined;
  const project = await studio.findProject(env, actor, read.projectId);
  return project ? { read, project } : undefined;
}

/** Moves a read along one edge of the state machine (decision 0046), with the checks that edge needs. */
export async function actOnRead(env: Env, actor: Actor, readId: string, action: ReadAction, note: string | null = null): Promise<Result<ReadRow>> {
  const found = await findRead(env, actor, readId);
  if (!found) return refused(READ_NOT_FOUND(readId));
  const { read, project } = found;
  const denied = await studio.projectRefusal(env, actor, project, "editor");
  if (denied) return refused({ httpStatus: 403, status: denied.status, message: denied.message });
  const step = transition(read.state, action, actor.membership.role, read.submittedByUserId === actor.user.id);
  if (!step.ok) return step;
  let patch: Partial<ReadRow> = { state: step.to };
  if (action === "submit") {
    const { meta, audio } = await projectMetadata(env, project);
    const missing = missingMetadata(meta);
    if (missing.length) return refused(metadataRefusal(missing));
    if (!actor.user.publishingTermsAgreedAt) return refused(TERMS_REFUSAL);
    const capacity = publishingCapacity(actor.membership.workspace.tier);
    if ((await repo.countReadsIn(db(env), wsOf(actor), CAPACITY_STATES)) >= capacity) return refused(capacityRefusal(capacity));
    patch = { ...patch, ...metadataColumns(meta, project), submittedByUserId: actor.user.id, snapshotId: audio!.id, audioKey: audio!.audioKey, audioBytes: audio!.audioBytes, durationMs: audio!.durationMs, reviewNote: null };
  }
  if (action === "approve") patch.publishedAt = nowSeconds();
  if (action === "return") patch.reviewNote = note?.trim().slice(0, 500) || null;
  // Only from the state we read: two reviewers at once move it once.
  if (!(await repo.moveRead(db(env), read.workspaceId, read.id, read.state, patch))) return refused({ httpStatus: 409, status: "invalid_read_state", message: "The read changed meanwhile; reload it and try again." });
  const moved = (await repo.findRead(db(env), read.workspaceId, read.id))!;
  // The catalogue's index follows the metadata, which changes only on submit (the search shows published reads only).
  if (action === "submit") await indexRead(env, moved);
  return { ok: true, value: moved };
}

export async function agreeToPublishingTerms(env: Env, actor: Actor): Promise<number> {
  const at = actor.user.publishingTermsAgreedAt ?? nowSeconds();
  await repo.agreeToTerms(db(env), actor.user.id, at);
  return at;
}

/** The workspace's used and allowed publishing slots. */
export async function capacityOf(env: Env, actor: Actor): Promise<{ used: number; limit: number }> {
  return { used: await repo.countReadsIn(db(env), wsOf(actor), CAPACITY_STATES), limit: publishingCapacity(actor.membership.workspace.tier) };
}

// Metrics.

export type ReadDailyStats = { day: string; listens: number; listenSeconds: number; completions: number };

export async function readStats(env: Env, read: ReadRow, days: number): Promise<ReadDailyStats[]> {
  const today = statsDay(nowSeconds());
  const from = statsDay(nowSeconds() - (days - 1) * 86400);
  const rows = (await repo.statsSince(db(env), read.id, from)).map((r) => ({ day: r.day, listens: r.listens, listenSeconds: Math.round(r.listenMs / 1000), completions: r.completions }));
  return dailySeries(rows, from, today, (day) => ({ day, listens: 0, listenSeconds: 0, completions: 0 }));
}

export function totals(stats: ReadDailyStats[]) {
  return stats.reduce((t, d) => ({ listens: t.listens + d.listens, listenSeconds: t.listenSeconds + d.listenSeconds, completions: t.completions + d.completions }), { listens: 0, listenSeconds: 0, completions: 0 });
}

/** Counts one event from the listening page in today's row; nothing about the listener is kept. */
export async function recordMetric(env: Env, read: ReadRow, event: MetricEvent): Promise<void> {
  await repo.addStats(db(env), read.id, statsDay(nowSeconds()), metricIncrement(event));
}

/**
 * Publishers' earnings: each finished UTC day's completed listens of the person's reads, at the rate of decision 0047,
 * recorded once per read and day (the payouts ledger keys earnings by source id), when the person opens their
 * payouts. A day is counted only once it is over, so an amount never changes after it is recorded.
 */
export async function settleReadEarnings(env: Env, userId: string): Promise<number> {
  const days = await repo.completedListensBefore(db(env), userId, statsDay(nowSeconds()));
  let recorded = 0;
  for (const day of days) {
    const description = `${day.title}: ${day.completions} completed ${day.completions === 1 ? "listen" : "listens"} on ${day.day}`;
    if (await recordEarning(env, { userId, source: "publishing", sourceId: `${day.readId}:${day.day}`, description, amount: day.completions * PUBLISHING_RATE_PER_LISTEN })) recorded++;
  }
  return recorded;
}

// Collections.

export async function createCollection(env: Env, actor: Actor, name: string, readIds: string[]): Promise<Result<CollectionRow>> {
  const unique = [...new Set(readIds)];
  if (unique.length > COLLECTION_READS_MAX) return refused({ httpStatus: 400, status: "too_many_reads", message: `A collection holds at most ${COLLECTION_READS_MAX} reads.` });
  const mine = new Set((await listReads(env, actor)).map((r) => r.id));
  const unknown = unique.find((id) => !mine.has(id));
  if (unknown) return refused(READ_NOT_FOUND(unknown));
  const collection: CollectionRow = { id: newStudioId(), workspaceId: wsOf(actor), name, createdAt: nowSeconds() };
  await repo.insertCollection(db(env), collection, unique);
  return { ok: true, value: collection };
}

export async function listCollections(env: Env, actor: Actor): Promise<{ collection: CollectionRow; reads: ReadRow[] }[]> {
  const collections = await repo.listCollections(db(env), wsOf(actor));
  return Promise.all(collections.map(async (collection) => ({ collection, reads: await repo.collectionReads(db(env), collection.id, false) })));
}

export async function deleteCollection(env: Env, actor: Actor, collectionId: string): Promise<boolean> {
  return repo.deleteCollection(db(env), wsOf(actor), collectionId);
}

// The public side: published reads only.

/** How many reads and collections the catalogue shows at most. */
export const CATALOGUE_SIZE = 100;

export type Publisher = { handle: string | null; name: string };

async function publisherOf(env: Env, read: ReadRow): Promise<Publisher> {
  const user = await db(env).query.users.findFirst({ where: (u, { eq }) => eq(u.id, read.submittedByUserId), columns: { profilePageHandle: true, firstName: true, publicUserName: true } });
  return { handle: user?.profilePageHandle ?? null, name: user?.publicUserName || user?.firstName || read.author };
}

export async function publishedRead(env: Env, readId: string): Promise<{ read: ReadRow; publisher: Publisher } | undefined> {
  const read = await repo.findPublishedRead(db(env), readId);
  return read ? { read, publisher: await publisherOf(env, read) } : undefined;
}

async function indexRead(env: Env, read: ReadRow): Promise<void> {
  await repo.replaceReadTerms(db(env), read.id, readTerms({ title: read.title, author: read.author, genres: JSON.parse(read.genres) as string[] }));
}

/**
 * The catalogue's search (decision 0056): every word of `q` a prefix of a title or author word, every word of `author`
 * a prefix of an author word, the genre whole, the language exact; published reads only, newest first. Reads
 * published before the index existed are indexed on the way (a few per search).
 */
export async function searchCatalogue(env: Env, query: CatalogueQuery): Promise<ReadRow[]> {
  for (const read of await repo.unindexedPublishedReads(db(env), 20)) await indexRead(env, read);
  const ranges = [
    ...query.words.map((word) => ({ fields: ["title", "author"], ...prefixRange(word) })),
    ...query.authorWords.map((word) => ({ fields: ["author"], ...prefixRange(word) })),
  ];
  return repo.searchPublishedReads(db(env), { ranges, genre: query.genre, language: query.language }, SEARCH_RESULTS_MAX);
}

/** The filters the catalogue offers: the published reads' genres (one per key, as first written) and languages. */
export async function catalogueFilters(env: Env): Promise<{ genres: { key: string; label: string }[]; languages: string[] }> {
  const facets = await repo.catalogueFacets(db(env));
  const genres = new Map<string, string>();
  for (const label of facets.genres) if (genreKey(label) && !genres.has(genreKey(label))) genres.set(genreKey(label), label.trim());
  return { genres: [...genres].map(([key, label]) => ({ key, label })).sort((a, b) => a.key.localeCompare(b.key)), languages: facets.languages };
}

export async function catalogue(env: Env): Promise<{ reads: ReadRow[]; collections: { collection: CollectionRow; reads: ReadRow[] }[] }> {
  const [reads, collections] = await Promise.all([repo.listPublishedReads(db(env), CATALOGUE_SIZE), repo.listPublicCollections(db(env), CATALOGUE_SIZE)]);
  return { reads, collections: await Promise.all(collections.map(async (collection) => ({ collection, reads: await repo.collectionReads(db(env), collection.id, true) }))) };
}

/** A collection with its published reads; undefined when it has none (an empty shelf is not shown). */
export async function publicCollection(env: Env, collectionId: string): Promise<{ collection: CollectionRow; reads: ReadRow[] } | undefined> {
  const collection = await repo.findCollection(db(env), collectionId);
  if (!collection) return undefined;
  const reads = await repo.collectionReads(db(env), collection.id, true);
  return reads.length ? { collection, reads } : undefined;
}

// Profiles.

export type PublicProfile = {
  handle: string;
  name: string;
  memberSince: number;
  voices: { voiceId: string; name: string; description: string | null; publicOwnerId: string | null }[];
  reads: ReadRow[];
};

/** The profile at a handle, or where an old handle now points (redirect), or nothing. */
export async function profileAt(env: Env, rawHandle: string): Promise<{ kind: "profile"; profile: PublicProfile } | { kind: "redirect"; handle: string } | null> {
  const handle = rawHandle.toLowerCase();
  const user = await repo.findUserByHandle(db(env), handle);
  if (!user) {
    const moved = await repo.findHandleRedirect(db(env), handle, nowSeconds());
    return moved?.handle ? { kind: "redirect", handle: moved.handle } : null;
  }
  const [voices, reads] = await Promise.all([repo.sharedVoicesBy(db(env), user.id, PUBLISHED_STATUSES), repo.listPublishedReads(db(env), CATALOGUE_SIZE, user.id)]);
  return { kind: "profile", profile: { handle, name: user.publicUserName || user.firstName || handle, memberSince: user.createdAt, voices, reads } };
}

export type HandleRefusal = { httpStatus: 400 | 409; status: string; message: string };

/** Sets the actor's handle: validated, unique (also against others' recent old handles); the old one redirects for a while. */
export async function changeHandle(env: Env, actor: Actor, input: string): Promise<{ ok: true; handle: string } | { ok: false; refusal: HandleRefusal }> {
  const checked = checkHandle(input);
  if (!checked.ok) return { ok: false, refusal: { httpStatus: 400, status: checked.status, message: checked.message } };
  const { handle } = checked;
  const current = actor.user.profilePageHandle;
  if (handle === current) return { ok: true, handle };
  const holder = await repo.handleHolder(db(env), handle, nowSeconds());
  if (holder && holder !== actor.user.id) return { ok: false, refusal: { httpStatus: 409, ...HANDLE_TAKEN(handle) } };
  if (!(await repo.setHandle(db(env), actor.user.id, current, handle, nowSeconds() + OLD_HANDLE_REDIRECT_SECONDS))) return { ok: false, refusal: { httpStatus: 409, ...HANDLE_TAKEN(handle) } };
  return { ok: true, handle };
}

// JSON for the API.

export const readCoverPath = (readId: string) => `/reads/${readId}/cover`;
export const readAudioPath = (read: Pick<ReadRow, "id" | "snapshotId">) => `/reads/${read.id}/audio/${read.snapshotId}.mp3`;

export function readJson(read: ReadRow, origin: string) {
  return {
    read_id: read.id,
    project_id: read.projectId,
    state: read.state,
    title: read.title,
    author: read.author,
    description: read.description,
    genres: JSON.parse(read.genres) as string[],
    language: read.language,
    mature_content: read.matureContent,
    isbn: read.isbn,
    cover_image_url: read.coverImageKey ? origin + readCoverPath(read.id) : null,
    duration_seconds: read.durationMs === null ? null : read.durationMs / 1000,
    review_note: read.reviewNote,
    created_at_unix: read.createdAt,
    published_at_unix: read.publishedAt,
  };
}
