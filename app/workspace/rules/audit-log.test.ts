import { describe, expect, it } from "vitest";
import { auditDetails, auditEntryJson, auditEventsMatching, decodeAuditCursor, encodeAuditCursor } from "./audit-log";

describe("audit log", () => {
  it("keeps plain details and leaves out anything named like a credential", () => {
    const details = auditDetails({ email: "a@b.test", role: "admin", secret: "whsec_x", api_key: "sk_x", key: "sk_y", token_url: "https://x", invite_code: "c", permissions: ["billing", { no: 1 }], nested: { a: 1 }, gone: undefined });
    expect(details).toEqual({ email: "a@b.test", role: "admin", permissions: ["billing"] });
    expect(auditDetails({ name: "x".repeat(500) }).name).toHaveLength(200);
  });

  it("gives out cursors it reads back, and refuses others", () => {
    const cursor = { ms: 1_795_000_000_123, id: "aud_1:2" };
    expect(decodeAuditCursor(encodeAuditCursor(cursor))).toEqual(cursor);
    for (const bad of ["", "!!", btoa("x:y"), btoa("123")]) expect(decodeAuditCursor(bad)).toBeNull();
  });

  it("filters by OCSF class and by activity name or event type", () => {
    expect(auditEventsMatching({ className: "group management" })).toContain("group_created");
    expect(auditEventsMatching({ className: "Group Management" })).not.toContain("member_invited");
    expect(auditEventsMatching({ activityName: "Member Invited" })).toEqual(["member_invited"]);
    expect(auditEventsMatching({ activityName: "api_key_disabled" })).toEqual(["api_key_disabled"]);
    expect(auditEventsMatching({ className: "Account Change", activityName: "Group Created" })).toEqual([]);
  });

  it("answers an entry in the SDK's OCSF shape", () => {
    const json = auditEntryJson({ id: "aud_1", actorUserId: "u1", actorEmail: "a@b.test", actorVia: "session", event: "group_member_added", resourceType: "group", resourceId: "grp_1", details: '{"email":"c@d.test"}', occurredAtMs: 1_000 });
    expect(json).toMatchObject({ class_uid: 3006, activity_id: 3, type_uid: 300603, activity_name: "Group Member Added", status_id: 1, time: 1_000, time_dt: "1970-01-01T00:00:01.000Z" });
    expect(json.actor.user).toEqual({ uid: "u1", email_addr: "a@b.test", name: "a@b.test" });
    expect(json.unmapped.details).toEqual({ email: "c@d.test" });
    // A sign-in is OCSF Authentication (3002), Logon (1).
    const signIn = auditEntryJson({ id: "aud_2", actorUserId: "u1", actorEmail: "a@b.test", actorVia: "session", event: "member_signed_in", resourceType: "member", resourceId: "u1", details: '{"method":"sso"}', occurredAtMs: 1_000 });
    expect(signIn).toMatchObject({ class_name: "Authentication", class_uid: 3002, activity_id: 1, type_uid: 300201, activity_name: "Member Signed In", status_id: 1, unmapped: { details: { method: "sso" } } });
    // A refused sign-in is a Logon with OCSF status Failure (2); a sign-out is a Logoff (2).
    const refused = auditEntryJson({ id: "aud_3", actorUserId: "u1", actorEmail: "a@b.test", actorVia: "session", event: "member_sign_in_failed", resourceType: "member", resourceId: "u1", details: '{"method":"password"}', occurredAtMs: 1_000 });
    expect(refused).toMatchObject({ class_uid: 3002, activity_id: 1, type_uid: 300201, activity_name: "Member Sign-In Failed", status_id: 2, unmapped: { details: { method: "password" } } });
    const signOut = auditEntryJson({ id: "aud_4", actorUserId: "u1", actorEmail: "a@b.test", actorVia: "session", event: "member_signed_out", resourceType: "member", resourceId: "u1", details: "{}", occurredAtMs: 1_000 });
    expect(signOut).toMatchObject({ class_uid: 3002, activity_id: 2, type_uid: 300202, type_name: "Authentication: Member Signed Out", status_id: 1 });
    expect(auditEventsMatching({ className: "Authentication" })).toEqual(["member_signed_in", "member_sign_in_failed", "member_signed_out"]);
  });
});
