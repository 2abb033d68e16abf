import { hashPassword } from "../core/password-hash";
import { nowSeconds } from "../core/clock";

/** A ready account for trying the platform locally (printed in README.md). Never seeded in production. */
export const DEMO_ACCOUNT = {
  userId: "user_demo",
  workspaceId: "ws_demo",
  email: "demo@parlance.local",
  password: "Demo-password-1",
  workspaceName: "Demo workspace",
} as const;

function literal(value: string | number | null): string {
  if (value === null) return "NULL";
  if (typeof value === "number") return String(value);
  return `'${value.replaceAll("'", "''")}'`;
}

function insertOrIgnore(table: string, row: Record<string, string | number | null>): string {
  const columns = Object.keys(row);
  return `INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((c) => literal(row[c])).join(", ")})`;
}

/** Statements safe to run any number of times: each inserts only what is missing. */
export async function seedStatements(): Promise<string[]> {
  const now = nowSeconds();
  return [
    insertOrIgnore("users", {
      id: DEMO_ACCOUNT.userId,
      email: DEMO_ACCOUNT.email,
      password_hash: await hashPassword(DEMO_ACCOUNT.password),
      first_name: "Demo",
      email_verified_at: now,
      public_user_id: "pub_demo",
      active_workspace_id: DEMO_ACCOUNT.workspaceId,
    }),
    insertOrIgnore("workspaces", {
      id: DEMO_ACCOUNT.workspaceId,
      name: DEMO_ACCOUNT.workspaceName,
      owner_id: DEMO_ACCOUNT.userId,
    }),
    insertOrIgnore("workspace_members", {
      workspace_id: DEMO_ACCOUNT.workspaceId,
      user_id: DEMO_ACCOUNT.userId,
      role: "admin",
    }),
  ];
}
