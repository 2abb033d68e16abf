// The productions marketplace: the only way into its tables. Customers order work for their workspace; producers
// (any user who saved a producer profile) qualify per kind, claim, deliver and rework; every state change is one
// conditional UPDATE, so two producers claiming at once, or a customer and an admin acting at once, cannot both win.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { database } from "../../db/client";
import { producerProfiles, producerQualifications, productionRequests, productionTaskEvents, productionTasks, users } from "../../db/schema";
import { nowSeconds } from "../../core/clock";
import { randomHex, type Actor } from "~/accounts/accounts.server";
import { recordEarning } from "~/payouts/payouts.server";
import {
  DAY_SECONDS,
  deadlineAfterClaim,
  EXTENSION_DAYS,
  KIND_LABELS,
  MAX_DELIVERABLE_BYTES,
  nextState,
  PASS_PERCENT,
  QUALIFICATION_TESTS,
  quoteFor,
  REFUSED,
  scoreAnswer,
  statesFrom,
  type ProductionKind,
  type TaskAction,
  type TaskState,
} from "./rules/productions";

const db = (env: Env) => database(env.DB);
const newId = (prefix: string) => `${prefix}_${Date.now().toString(36)}${randomHex(8)}`;

export type ProductionRequestRow = typeof productionRequests.$inferSelect;
export type ProductionTaskRow = typeof productionTasks.$inferSelect;
export type ProducerProfileRow = typeof producerProfiles.$inferSelect;
export type TaskEventRow = typeof productionTaskEvents.$inferSelect;

/** A refused action: the status the page or API answers, a machine-readable code and a sentence for people. */
export type ProductionRefusal = { ok: false; httpStatus: 400 | 403 | 404 | 409; status: string; message: string };
export type ProductionResult<T = null> = { ok: true; value: T } | ProductionRefusal;

const refuse = (httpStatus: ProductionRefusal["httpStatus"], status: string, message: string): ProductionRefusal => ({ ok: false, httpStatus, status, message });
const NOT_FOUND = refuse(404, "task_not_found", "No such production task.");

// Producers

export type ProducerState = { isProducer: boolean; profile: ProducerProfileRow | null; qualified: { kind: ProductionKind; score: number; passedAt: number }[] };

export async function producerState(env: Env, actor: Actor): Promise<ProducerState> {
  const [profile] = await db(env).select().from(producerProfiles).where(eq(producerProfiles.userId, actor.user.id));
  const qualified = await db(env).select().from(producerQualifications).where(eq(producerQualifications.userId, actor.user.id));
  return {
    isProducer: Boolean(profile),
    profile: profile ?? null,
    qualified: qualified.map((q) => ({ kind: q.kind as ProductionKind, score: q.score, passedAt: q.passedAt })),
  };
}

/** Saving the profile makes the person a producer (spec §3 is_producer). */
export async function saveProducerProfile(env: Env, actor: Actor, profile: { displayName: string; bio: string; languages: string[] }): Promise<void> {
  const values = { displayName: profile.displayName, bio: profile.bio, languages: profile.languages.join(",") };
  await db(env).batch([
    db(env)
      .insert(producerProfiles)
      .values({ userId: actor.user.id, ...values, createdAt: nowSeconds() })
      .onConflictDoUpdate({ target: producerProfiles.userId, set: values }),
    db(env).update(users).set({ isProducer: true }).where(eq(users.id, actor.user.id)),
  ]);
}

/** Scores a qualification test (decision 0047); a pass qualifies the producer for that kind of task. */
export async function takeQualificationTest(env: Env, actor: Actor, kind: ProductionKind, answer: string): Promise<ProductionResult<{ passed: boolean; score: number }>> {
  const state = await producerState(env, actor);
  if (!state.isProducer) return refuse(403, "not_a_producer", "Save your producer profile before taking a qualification test.");
  const score = scoreAnswer(QUALIFICATION_TESTS[kind].reference, answer);
  const passed = score >= PASS_PERCENT;
  if (passed) {
    const row = { userId: actor.user.id, kind, passedAt: nowSeconds(), score };
    await db(env).insert(producerQualifications).values(row).onConflictDoUpdate({ target: [producerQualifications.userId, producerQualifications.kind], set: { passedAt: row.passedAt, score } });
  }
  return { ok: true, value: { passed, score } };
}

// Customers

export type NewRequest = { kind: ProductionKind; title: string; instructions: string; language: string; minutes: number };

/** Orders a production at its quote: the request and its open task, written together. */
export async function createRequest(env: Env, actor: Actor, input: NewRequest): Promise<ProductionRequestRow> {
  const quote = quoteFor(input.kind, input.minutes);
  const now = nowSeconds();
  const request: ProductionRequestRow = {
    id: newId("prq"),
    workspaceId: actor.membership.workspace.id,
    userId: actor.user.id,
    kind: input.kind,
    title: input.title,
    instructions: input.instructions,
    language: input.language,
    minutes: quote.minutes,
    quoteAmount: quote.amount,
    producerAmount: quote.producerAmount,
    currency: quote.currency,
    createdAt: now,
    orderId: null,
    orderItemId: null,
  };
  const taskId = newId("ptk");
  await db(env).batch([
    db(env).insert(productionRequests).values(request),
    db(env).insert(productionTasks).values({ id: taskId, requestId: request.id, workspaceId: request.workspaceId, kind: input.kind, state: "open", updatedAt: now }),
    db(env).insert(productionTaskEvents).values({ taskId, actorId: actor.user.id, event: "requested", at: now }),
  ]);
  return request;
}

export type TaskView = { task: ProductionTaskRow; request: ProductionRequestRow };

/** The workspace's own orders with their tasks, newest first; another workspace's are never listed. */
export async function workspaceRequests(env: Env, actor: Actor): Promise<TaskView[]> {
  const rows = await db(env)
    .select({ task: productionTasks, request: productionRequests })
    .from(productionRequests)
    .innerJoin(productionTasks, eq(productionTasks.requestId, productionRequests.id))
    .where(eq(productionRequests.workspaceId, actor.membership.workspace.id))
    .orderBy(desc(productionRequests.createdAt), desc(productionRequests.id))
    .limit(100);
  return rows;
}

/** The marketplace: open tasks a producer may look at (the brief and the pay, not the customer). */
export async function openTasks(env: Env): Promise<TaskView[]> {
  return db(env)
    .select({ task: productionTasks, request: productionRequests })
    .from(productionTasks)
    .innerJoin(productionRequests, eq(productionTasks.requestId, productionRequests.id))
    .where(eq(productionTasks.state, "open"))
    .orderBy(desc(productionRequests.createdAt))
    .limit(100);
}

/** The producer's tasks in the given states. */
export async function producerTasks(env: Env, actor: Actor, states: readonly TaskState[]): Promise<TaskView[]> {
  return db(env)
    .select({ task: productionTasks, request: productionRequests })
    .from(productionTasks)
    .innerJoin(productionRequests, eq(productionTasks.requestId, productionRequests.id))
    .where(and(eq(productionTasks.producerId, actor.user.id), inArray(productionTasks.state, [...states])))
    .orderBy(desc(productionTasks.updatedAt))
    .limit(100);
}

/** What happened to the producer's claims, including the ones revoked from them (the history page). */
export async function producerEvents(env: Env, actor: Actor): Promise<(TaskEventRow & { title: string; kind: string })[]> {
  return db(env)
    .select({ event: productionTaskEvents, title: productionRequests.title, kind: productionRequests.kind })
    .from(productionTaskEvents)
    .innerJoin(productionTasks, eq(productionTasks.id, productionTaskEvents.taskId))
    .innerJoin(productionRequests, eq(productionRequests.id, productionTasks.requestId))
    .where(eq(productionTaskEvents.producerId, actor.user.id))
    .orderBy(desc(productionTaskEvents.id))
    .limit(200)
    .then((rows) => rows.map((row) => ({ ...row.event, title: row.title, kind: row.kind })));
}

export async function taskEvents(env: Env, taskIds: string[]): Promise<TaskEventRow[]> {
  if (taskIds.length === 0) return [];
  return db(env).select().from(productionTaskEvents).where(inArray(productionTaskEvents.taskId, taskIds)).orderBy(productionTaskEvents.id);
}

async function findTask(env: Env, taskId: string): Promise<TaskView | undefined> {
  const [row] = await db(env)
    .select({ task: productionTasks, request: productionRequests })
    .from(productionTasks)
    .innerJoin(productionRequests, eq(productionTasks.requestId, productionRequests.id))
    .where(eq(productionTasks.id, taskId));
  return row;
}

/**
 * Moves the task from one of the action's start states, only if it is still in one (and, for a producer's
 * action, still theirs): the UPDATE's WHERE is the lock. False when someone else moved it first.
 */
async function transition(env: Env, taskId: string, action: TaskAction, set: Partial<ProductionTaskRow>, producerId?: string): Promise<boolean> {
  const conditions = [eq(productionTasks.id, taskId), inArray(productionTasks.state, [...statesFrom(action)])];
  if (producerId) conditions.push(eq(productionTasks.producerId, producerId));
  const result = await db(env)
    .update(productionTasks)
    .set({ ...set, updatedAt: nowSeconds() })
    .where(and(...conditions));
  return result.meta.changes === 1;
}

async function logEvent(env: Env, taskId: string, actorId: string, producerId: string | null, event: string, detail: string | null = null): Promise<void> {
  await db(env).insert(productionTaskEvents).values({ taskId, actorId, producerId, event, detail, at: nowSeconds() });
}

/** A qualified producer takes an open task; of two claims at once exactly one wins. */
export async function claimTask(env: Env, actor: Actor, taskId: string): Promise<ProductionResult<ProductionTaskRow>> {
  const found = await findTask(env, taskId);
  if (!found) return NOT_FOUND;
  const kind = found.task.kind as ProductionKind;
  const state = await producerState(env, actor);
  if (!state.isProducer) return refuse(403, "not_a_producer", "Only producers can claim tasks: save your producer profile first.");
  if (!state.qualified.some((q) => q.kind === kind)) return refuse(403, "not_qualified", `You are not qualified for ${KIND_LABELS[kind].toLowerCase()} tasks yet: pass its qualification test first.`);
  const now = nowSeconds();
  const won = await transition(env, taskId, "claim", { state: "claimed", producerId: actor.user.id, claimedAt: now, deadlineAt: deadlineAfterClaim(kind, now), feedback: null, feedbackAcknowledgedAt: null });
  if (!won) return refuse(409, "already_claimed", REFUSED.claim);
  await logEvent(env, taskId, actor.user.id, actor.user.id, "claimed");
  return { ok: true, value: (await findTask(env, taskId))!.task };
}

export type Deliverable = { body: ArrayBuffer; name: string; type: string };

/** The producer delivers: the file goes to R2 first, and is removed again if the task moved on meanwhile. */
export async function submitTask(env: Env, actor: Actor, taskId: string, file: Deliverable): Promise<ProductionResult> {
  const found = await findTask(env, taskId);
  if (!found || found.task.producerId !== actor.user.id) return NOT_FOUND;
  if (file.body.byteLength === 0) return refuse(400, "empty_file", "The deliverable is empty.");
  if (file.body.byteLength > MAX_DELIVERABLE_BYTES) return refuse(400, "file_too_large", `A deliverable can be at most ${MAX_DELIVERABLE_BYTES / 1024 / 1024} MB.`);
  if (!nextState(found.task.state as TaskState, "submit")) return refuse(409, "invalid_state", REFUSED.submit);
  const key = `productions/${found.task.workspaceId}/${taskId}/${Date.now().toString(36)}-${randomHex(4)}`;
  const type = file.type || "application/octet-stream";
  await env.MEDIA.put(key, file.body, { httpMetadata: { contentType: type } });
  const moved = await transition(
    env,
    taskId,
    "submit",
    { state: "submitted", submittedAt: nowSeconds(), deliverableKey: key, deliverableName: file.name.slice(0, 200) || "deliverable", deliverableType: type, deliverableBytes: file.body.byteLength },
    actor.user.id,
  );
  if (!moved) {
    await env.MEDIA.delete(key);
    return refuse(409, "invalid_state", REFUSED.submit);
  }
  if (found.task.deliverableKey) await env.MEDIA.delete(found.task.deliverableKey);
  await logEvent(env, taskId, actor.user.id, actor.user.id, "submitted", file.name.slice(0, 200));
  return { ok: true, value: null };
}

/** The producer has read the returned feedback and reworks the task. */
export async function acknowledgeFeedback(env: Env, actor: Actor, taskId: string): Promise<ProductionResult> {
  const found = await findTask(env, taskId);
  if (!found || found.task.producerId !== actor.user.id) return NOT_FOUND;
  if (!(await transition(env, taskId, "acknowledge", { state: "acknowledged", feedbackAcknowledgedAt: nowSeconds() }, actor.user.id))) return refuse(409, "invalid_state", REFUSED.acknowledge);
  await logEvent(env, taskId, actor.user.id, actor.user.id, "acknowledged");
  return { ok: true, value: null };
}

/**
 * The ordering workspace's actions: accept (the producer earns their share, recorded once), return with
 * feedback, extend the deadline, and revoke the claim (admins only). Another workspace's task is not found.
 */
export async function customerAction(env: Env, actor: Actor, taskId: string, action: "accept" | "return" | "extend" | "revoke", feedback = ""): Promise<ProductionResult> {
  const found = await findTask(env, taskId);
  if (!found || found.task.workspaceId !== actor.membership.workspace.id) return NOT_FOUND;
  const { task, request } = found;
  if (action === "revoke" && actor.membership.role !== "admin") return refuse(403, "admin_only", "Only a workspace admin can revoke a producer's claim.");
  if (action === "return" && !feedback.trim()) return refuse(400, "feedback_required", "Say what should change: the producer reworks the task from your feedback.");
  if (!nextState(task.state as TaskState, action)) return refuse(409, "invalid_state", REFUSED[action]);
  const now = nowSeconds();
  const set: Partial<ProductionTaskRow> =
    action === "accept"
      ? { state: "accepted", acceptedAt: now }
      : action === "return"
        ? { state: "returned", feedback: feedback.trim(), feedbackAcknowledgedAt: null }
        : action === "extend"
          ? { deadlineAt: Math.max(task.deadlineAt ?? now, now) + EXTENSION_DAYS * DAY_SECONDS }
          : { state: "open", producerId: null, claimedAt: null, deadlineAt: null, feedback: null, feedbackAcknowledgedAt: null };
  // The claimant is part of the condition, so an action meant for one claim never lands on a newer one.
  if (!(await transition(env, taskId, action, set, task.producerId ?? undefined))) return refuse(409, "invalid_state", REFUSED[action]);
  const producerId = task.producerId;
  if (action === "accept" && producerId) {
    await recordEarning(env, { userId: producerId, source: "production", sourceId: taskId, description: `${KIND_LABELS[request.kind as ProductionKind]}: ${request.title}`, amount: request.producerAmount, currency: request.currency });
  }
  await logEvent(env, taskId, actor.user.id, producerId, action === "return" ? "returned" : action === "extend" ? "extended" : action === "accept" ? "accepted" : "revoked", action === "return" ? feedback.trim() : null);
  return { ok: true, value: null };
}

/** The deliverable, for the ordering workspace's members and the producer who made it. */
export async function deliverableFor(env: Env, actor: Actor, taskId: string): Promise<{ object: R2ObjectBody; name: string; type: string } | null> {
  const found = await findTask(env, taskId);
  if (!found?.task.deliverableKey) return null;
  const mine = found.task.workspaceId === actor.membership.workspace.id || found.task.producerId === actor.user.id;
  if (!mine) return null;
  const object = await env.MEDIA.get(found.task.deliverableKey);
  if (!object) return null;
  return { object, name: found.task.deliverableName ?? "deliverable", type: found.task.deliverableType ?? "application/octet-stream" };
}

/** The producer dashboard's counts. */
export async function producerCounts(env: Env, actor: Actor): Promise<{ active: number; waiting: number; accepted: number; open: number }> {
  const [row] = await db(env)
    .select({
      active: sql<number>`coalesce(sum(CASE WHEN ${productionTasks.state} IN ('claimed','returned','acknowledged') THEN 1 ELSE 0 END), 0)`,
      waiting: sql<number>`coalesce(sum(CASE WHEN ${productionTasks.state} = 'submitted' THEN 1 ELSE 0 END), 0)`,
      accepted: sql<number>`coalesce(sum(CASE WHEN ${productionTasks.state} = 'accepted' THEN 1 ELSE 0 END), 0)`,
    })
    .from(productionTasks)
    .where(eq(productionTasks.producerId, actor.user.id));
  const [open] = await db(env)
    .select({ n: sql<number>`count(*)` })
    .from(productionTasks)
    .where(eq(productionTasks.state, "open"));
  return { active: row?.active ?? 0, waiting: row?.waiting ?? 0, accepted: row?.accepted ?? 0, open: open?.n ?? 0 };
}
