import { describe, expect, it } from "vitest";
import { BULK_INVITE_TEXTS, csvCells, MAX_BULK_INVITES, parseBulkInvites } from "./bulk-invites";

describe("bulk invite CSV", () => {
  it("splits quoted cells, commas, semicolons and tabs", () => {
    expect(csvCells(' a@b.co , "editor" ,"Team, ""North"""')).toEqual(["a@b.co", "editor", 'Team, "North"']);
    expect(csvCells("a@b.co;admin\tG")).toEqual(["a@b.co", "admin", "G"]);
  });

  it("skips a header and blank lines, defaults the role and keeps line numbers", () => {
    const parsed = parseBulkInvites(`\uFEFFemail,role,group\r\nAna@Example.com,,Narrators\n\nbo@example.com,Admin\n`);
    expect(parsed).toEqual({
      ok: true,
      rows: [
        { line: 2, email: "ana@example.com", role: "editor", group: "Narrators" },
        { line: 4, email: "bo@example.com", role: "admin", group: null },
      ],
      errors: [],
    });
  });

  it("reports bad lines and keeps the good ones", () => {
    const parsed = parseBulkInvites("not-an-address,editor\nc@example.com,owner\nd@example.com\nD@example.com,admin\ne@example.com,editor,G,extra");
    expect(parsed).toEqual({
      ok: true,
      rows: [{ line: 3, email: "d@example.com", role: "editor", group: null }],
      errors: [
        { line: 1, email: "not-an-address", message: BULK_INVITE_TEXTS.badEmail },
        { line: 2, email: "c@example.com", message: BULK_INVITE_TEXTS.badRole },
        { line: 4, email: "d@example.com", message: BULK_INVITE_TEXTS.duplicate },
        { line: 5, email: "e@example.com", message: BULK_INVITE_TEXTS.tooManyColumns },
      ],
    });
  });

  it("refuses an empty file and one with too many lines", () => {
    expect(parseBulkInvites("email,role\n\n")).toEqual({ ok: false, message: BULK_INVITE_TEXTS.empty });
    const many = Array.from({ length: MAX_BULK_INVITES + 1 }, (_, i) => `p${i}@example.com`).join("\n");
    expect(parseBulkInvites(many)).toEqual({ ok: false, message: BULK_INVITE_TEXTS.tooMany });
  });
});
