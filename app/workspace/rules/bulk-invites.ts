/**
 * Bulk invites from a CSV file (issue 23, item 6): one person a line as `e-mail, role, group`, role and group
 * optional. Each line is checked on its own: the good lines are invited, the bad ones listed with their reason
 * (decision 0054). Parsing is pure; whether an address is already a member, a group exists or a seat is free is
 * the server's check, reported per line in the same shape.
 */
import { emailField } from "~/accounts/rules/account-forms";
import type { WorkspaceRole } from "../../../core/workspace/roles";

/** Lines read from one file or one API call: a team of a few hundred fits, a mailing list does not. */
export const MAX_BULK_INVITES = 200;
/** A CSV file larger than this is refused before reading (200 lines of long addresses fit with room). */
export const MAX_BULK_CSV_BYTES = 64 * 1024;

export const BULK_INVITE_TEXTS = {
  title: "Invite from a CSV file",
  description: "One person a line: e-mail, role (editor or admin; editor when empty), group name (optional). A first line of column names is skipped.",
  example: "email,role,group\nana@example.com,editor,Narrators\nbo@example.com,admin,",
  empty: "The file has no e-mail addresses.",
  tooMany: `Invite at most ${MAX_BULK_INVITES} people at once.`,
  tooLarge: `The file is larger than ${MAX_BULK_CSV_BYTES / 1024} KB.`,
  badEmail: "Not a valid e-mail address.",
  badRole: "The role must be editor or admin.",
  duplicate: "This address is on an earlier line.",
  tooManyColumns: "Too many columns: e-mail, role, group.",
  unknownGroup: (name: string) => `No group named “${name}” in this workspace.`,
  summary: (invited: number, failed: number) =>
    `${invited} ${invited === 1 ? "person" : "people"} invited` + (failed ? `; ${failed} ${failed === 1 ? "line was" : "lines were"} not invited (below).` : "."),
} as const;

export type BulkInviteRow = { line: number; email: string; role: WorkspaceRole; group: string | null };
export type BulkInviteError = { line: number; email: string; message: string };
export type ParsedBulkInvites = { ok: true; rows: BulkInviteRow[]; errors: BulkInviteError[] } | { ok: false; message: string };

/** Splits one CSV line into trimmed cells (RFC 4180 quotes, "" for a quote inside). */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted && ch === '"' && line[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "," || ch === ";" || ch === "\t")) {
      cells.push(cell.trim());
      cell = "";
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

const ROLE_WORDS: Record<string, WorkspaceRole> = { "": "editor", editor: "editor", member: "editor", workspace_member: "editor", admin: "admin", workspace_admin: "admin" };

/** A header line names its columns instead of holding an address. */
const isHeader = (cells: string[]) => /^e-?mail/i.test(cells[0] ?? "");

/** Reads a CSV of invites: every line becomes a row to invite or an error for that line (1-based line numbers). */
export function parseBulkInvites(text: string): ParsedBulkInvites {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/);
  const rows: BulkInviteRow[] = [];
  const errors: BulkInviteError[] = [];
  const seen = new Set<string>();
  lines.forEach((raw, index) => {
    const line = index + 1;
    const cells = csvCells(raw);
    if (cells.every((c) => c === "") || (index === 0 && isHeader(cells))) return;
    const [emailCell = "", roleCell = "", groupCell = "", ...rest] = cells;
    const email = emailField.safeParse(emailCell);
    if (!email.success) return void errors.push({ line, email: emailCell, message: BULK_INVITE_TEXTS.badEmail });
    const address = email.data;
    const role = ROLE_WORDS[roleCell.toLowerCase()];
    if (rest.some((c) => c !== "")) errors.push({ line, email: address, message: BULK_INVITE_TEXTS.tooManyColumns });
    else if (!role) errors.push({ line, email: address, message: BULK_INVITE_TEXTS.badRole });
    else if (seen.has(address)) errors.push({ line, email: address, message: BULK_INVITE_TEXTS.duplicate });
    else rows.push({ line, email: address, role, group: groupCell || null });
    seen.add(address);
  });
  if (rows.length + errors.length === 0) return { ok: false, message: BULK_INVITE_TEXTS.empty };
  if (rows.length + errors.length > MAX_BULK_INVITES) return { ok: false, message: BULK_INVITE_TEXTS.tooMany };
  return { ok: true, rows, errors };
}
