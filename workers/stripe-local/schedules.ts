/**
 * Subscription schedules, as used for a downgrade at period end: created from a subscription (one phase:
 * the current price until the period ends), updated with a following phase at the lower price, released to
 * take the change back. `advance` applies the next phase when the period ends.
 */
import type Stripe from "stripe";
import { invalidRequest, missingParam } from "./errors";
import { applyMetadata, child, int, obj, str, type FormObject } from "./form";
import { addIntervals, priceInterval } from "./money";
import * as build from "./objects";
import type { Tx } from "./tx";

/** The phase in force at `at` (start inclusive, end exclusive), or null after the last one. */
export function phaseAt(schedule: Stripe.SubscriptionSchedule, at: number): Stripe.SubscriptionSchedule.Phase | null {
  return schedule.phases.find((phase) => phase.start_date <= at && at < phase.end_date) ?? null;
}

function subscriptionIdOf(schedule: Stripe.SubscriptionSchedule): string | null {
  const subscription = schedule.subscription;
  return typeof subscription === "string" ? subscription : (subscription?.id ?? null);
}

export function createFromSubscription(tx: Tx, subscription: Stripe.Subscription): Stripe.SubscriptionSchedule {
  if (subscription.schedule) {
    throw invalidRequest(`You cannot migrate a subscription that is already attached to a schedule: \`${subscription.schedule}\`.`, "from_subscription");
  }
  if (subscription.status === "canceled") throw invalidRequest("You cannot create a subscription schedule from a canceled subscription.", "from_subscription");
  const item = subscription.items.data[0];
  const schedule = build.subscriptionSchedule({
    customer: typeof subscription.customer === "string" ? subscription.customer : subscription.customer.id,
    subscription: subscription.id,
    phases: [build.schedulePhase({ price: item.price, quantity: item.quantity ?? 1, start: item.current_period_start, end: item.current_period_end, metadata: {} })],
    created: tx.now,
  });
  tx.store.put(schedule);
  const updated = tx.store.put({ ...subscription, schedule: schedule.id });
  tx.emit("subscription_schedule.created", schedule);
  tx.emit("customer.subscription.updated", updated, { schedule: null });
  return schedule;
}

/**
 * POST /v1/subscription_schedules/:id. `phases` replaces the list: each phase's start defaults to the
 * previous end (the first keeps the current start), its end to `end_date`, `duration`, or one interval of
 * its price.
 */
export function updateSchedule(tx: Tx, schedule: Stripe.SubscriptionSchedule, params: FormObject): Stripe.SubscriptionSchedule {
  if (schedule.status !== "active" && schedule.status !== "not_started") {
    throw invalidRequest(`You cannot update a subscription schedule that is currently in the \`${schedule.status}\` status.`);
  }
  let phases = schedule.phases;
  const phaseParams = child(params, "phases");
  if (phaseParams !== undefined) {
    const entries = Array.isArray(phaseParams) ? phaseParams : [];
    if (entries.length === 0) throw missingParam("phases");
    let previousEnd: number | null = null;
    phases = entries.map((entry, index) => {
      const phase = typeof entry === "object" && !Array.isArray(entry) ? entry : {};
      const items = child(phase, "items");
      const firstItem = Array.isArray(items) && typeof items[0] === "object" && !Array.isArray(items[0]) ? items[0] : undefined;
      const priceId = str(firstItem, "price");
      if (!priceId) throw missingParam(`phases[${index}][items][0][price]`);
      const price = tx.price(priceId, `phases[${index}][items][0][price]`);
      const start = timestamp(tx, str(phase, "start_date")) ?? previousEnd ?? schedule.phases[0]?.start_date ?? tx.now;
      if (index === 0 && schedule.phases[0] && start !== schedule.phases[0].start_date && schedule.status === "active") {
        throw invalidRequest("You can not modify the start date of the current phase.", "phases[0][start_date]");
      }
      const duration = obj(phase, "duration");
      const { interval, count } = priceInterval(price);
      const end =
        timestamp(tx, str(phase, "end_date")) ??
        (duration ? addIntervals(start, (str(duration, "interval") ?? "month") as "month", int(duration, "interval_count") ?? 1) : addIntervals(start, interval, count));
      if (end <= start) throw invalidRequest(`The phase end_date must be after its start_date.`, `phases[${index}][end_date]`);
      previousEnd = end;
      return build.schedulePhase({ price, quantity: int(firstItem, "quantity") ?? 1, start, end, metadata: applyMetadata({}, phase) });
    });
  }
  const endBehavior = str(params, "end_behavior");
  if (endBehavior !== undefined && !["release", "cancel", "none", "renew"].includes(endBehavior)) {
    throw invalidRequest(`Invalid end_behavior: must be one of release, cancel, none or renew`, "end_behavior");
  }
  const current = phases.find((phase) => phase.start_date <= tx.now && tx.now < phase.end_date) ?? phases[0];
  const updated: Stripe.SubscriptionSchedule = {
    ...schedule,
    phases,
    end_behavior: (endBehavior as Stripe.SubscriptionSchedule.EndBehavior | undefined) ?? schedule.end_behavior,
    metadata: applyMetadata(schedule.metadata ?? {}, params),
    current_phase: current ? { start_date: current.start_date, end_date: current.end_date } : null,
  };
  tx.store.put(updated);
  tx.emit("subscription_schedule.updated", updated, { phases: schedule.phases, metadata: schedule.metadata });
  return updated;
}

/**
 * Release: the schedule stops managing the subscription, which keeps its current price and period. Used
 * both by POST /release and when a schedule's last phase begins.
 */
export function releaseSchedule(
  tx: Tx,
  schedule: Stripe.SubscriptionSchedule,
  subscription: Stripe.Subscription | null,
  options: { emitSubscriptionUpdate: boolean } = { emitSubscriptionUpdate: true },
): { schedule: Stripe.SubscriptionSchedule; subscription: Stripe.Subscription | null } {
  if (schedule.status !== "active" && schedule.status !== "not_started") {
    throw invalidRequest(`You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status. It must be in \`not_started\` or \`active\`.`);
  }
  const subscriptionId = subscriptionIdOf(schedule);
  const released: Stripe.SubscriptionSchedule = {
    ...schedule,
    status: "released",
    released_at: tx.now,
    released_subscription: subscriptionId,
    subscription: null,
    current_phase: null,
  };
  tx.store.put(released);
  tx.emit("subscription_schedule.released", released);
  let updated: Stripe.Subscription | null = null;
  const current = subscription ?? (subscriptionId ? tx.store.get<Stripe.Subscription>(subscriptionId, "subscription") : null);
  if (current) {
    updated = tx.store.put({ ...current, schedule: null });
    if (options.emitSubscriptionUpdate) tx.emit("customer.subscription.updated", updated, { schedule: schedule.id });
  }
  return { schedule: released, subscription: updated };
}

/** A phase's start or end: unix seconds, or "now". */
function timestamp(tx: Tx, value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  if (value === "now") return tx.now;
  if (!/^\d+$/.test(value)) throw invalidRequest(`Invalid timestamp: ${value}`);
  return Number(value);
}
