import { describe, expect, it } from "vitest";
import { INVITE_CODE_PARAM, INVITES_PATH, inviteLink, isInviteCodeShape } from "./invites";

describe("invite links", () => {
  it("point to the invites page on the given origin with the token", () => {
    const code = "ab".repeat(24);
    const url = new URL(inviteLink("https://parlance.test", code));
    expect(url.origin).toBe("https://parlance.test");
    expect(url.pathname).toBe(INVITES_PATH);
    expect(url.searchParams.get(INVITE_CODE_PARAM)).toBe(code);
  });

  it("accept only tokens of the issued shape", () => {
    expect(isInviteCodeShape("0123456789abcdef".repeat(3))).toBe(true);
    for (const bad of [null, undefined, "", "0123456789ABCDEF".repeat(3), "0".repeat(47), "0".repeat(49), `${"0".repeat(47)}g`]) expect(isInviteCodeShape(bad)).toBe(false);
  });
});
