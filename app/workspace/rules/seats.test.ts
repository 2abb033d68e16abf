import { describe, expect, it } from "vitest";
import { SEAT_TEXTS, seatCount, seatsFullMessage } from "./seats";

describe("seat count", () => {
  it("is full when members and pending invites fill max_seats", () => {
    expect(seatCount(1, 0, 1)).toEqual({ used: 1, max: 1, full: true });
    expect(seatCount(1, 1, 3)).toEqual({ used: 2, max: 3, full: false });
    expect(seatCount(2, 1, 3).full).toBe(true);
  });

  it("says how many seats are used and why no invite can be sent", () => {
    expect(SEAT_TEXTS.used(seatCount(1, 0, 1))).toBe("1 of 1 seat used");
    expect(SEAT_TEXTS.used(seatCount(2, 0, 5))).toBe("2 of 5 seats used");
    expect(SEAT_TEXTS.allInUse(3)).toBe("All 3 seats are in use.");
    expect(seatsFullMessage(1)).toBe("Your plan's only seat is in use. Upgrade your plan to invite more people, or cancel a pending invite.");
  });
});
