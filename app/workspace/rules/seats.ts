/**
 * Workspace seats (spec §9, "Seats" per plan): members plus pending invites may not exceed the workspace's
 * max_seats, which billing sets from the plan (core/billing/plans SEATS). The members page and the server's
 * refusal say the same thing, from here.
 */
import { hasFreeSeat } from "../../../core/workspace/roles";

/** Where a workspace gets more seats: a bigger plan. */
export const UPGRADE_PATH = "/app/subscription";

export type SeatCount = { used: number; max: number; full: boolean };

/** Seats taken by members and pending invites, against the plan's maximum. */
export function seatCount(members: number, pendingInvites: number, maxSeats: number): SeatCount {
  return { used: members + pendingInvites, max: maxSeats, full: !hasFreeSeat(members, pendingInvites, maxSeats) };
}

export const SEAT_TEXTS = {
  used: ({ used, max }: SeatCount) => `${used} of ${max} ${max === 1 ? "seat" : "seats"} used`,
  allInUse: (max: number) => (max === 1 ? "Your plan's only seat is in use." : `All ${max} seats are in use.`),
  howToAdd: "Upgrade your plan to invite more people, or cancel a pending invite.",
  upgrade: "Upgrade plan",
} as const;

/** The refusal of an invite past the last seat (the members page and POST /v1/workspace/invites/add). */
export const seatsFullMessage = (max: number) => `${SEAT_TEXTS.allInUse(max)} ${SEAT_TEXTS.howToAdd}`;
