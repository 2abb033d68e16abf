import { describe, expect, it } from "vitest";
import { inviteLinkExpiry, inviteLinkUrl, isInviteLinkCodeShape, isInviteLinkLive } from "./invite-links";

describe("invite links", () => {
  it("the link is the invites page with the code; only 48 hex characters are a code", () => {
    const code = "a".repeat(48);
    expect(inviteLinkUrl("https://parlance.test", code)).toBe(`https://parlance.test/app/settings/workspace-invites?join_code=${code}`);
    expect(isInviteLinkCodeShape(code)).toBe(true);
    for (const bad of ["", "a".repeat(47), "A".repeat(48), `${"a".repeat(47)}g`, null, undefined]) expect(isInviteLinkCodeShape(bad)).toBe(false);
  });

  it("lasts the chosen days, and not a second more", () => {
    const expiresAt = inviteLinkExpiry(1000, 7);
    expect(expiresAt).toBe(1000 + 7 * 86_400);
    expect(isInviteLinkLive({ expiresAt }, expiresAt - 1)).toBe(true);
    expect(isInviteLinkLive({ expiresAt }, expiresAt)).toBe(false);
  });
});
