import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";

// A second, empty database (vitest.config.ts) that the tests migrate step by step, with data in it between steps.
const { TEST_MIGRATIONS, MIGRATION_DB: db } = env as unknown as { TEST_MIGRATIONS: D1Migration[]; MIGRATION_DB: D1Database };
/** The migrations before the one whose name starts with `prefix` (all of them when there is none). */
function before(prefix: string): D1Migration[] {
  const index = TEST_MIGRATIONS.findIndex((m) => m.name.startsWith(prefix));
  return index === -1 ? TEST_MIGRATIONS : TEST_MIGRATIONS.slice(0, index);
}

/** Every table that references workspaces (directly or through history_items), with a row each. */
const DEPENDENT_TABLES = ["workspace_members", "api_keys", "workspace_invites", "history_items", "usage_events", "voice_settings", "workspace_billing", "share_links", "video_jobs"];

async function counts(): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of ["users", "workspaces", ...DEPENDENT_TABLES]) {
    result[table] = (await db.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
  }
  return result;
}

async function schemaObjects(type: "index" | "trigger"): Promise<string[]> {
  const rows = await db.prepare("SELECT name FROM sqlite_master WHERE type = ? AND name NOT LIKE 'sqlite_%' ORDER BY name").bind(type).all<{ name: string }>();
  return rows.results.map((row) => row.name);
}

async function seedBeforeTierCheck() {
  const history = (id: string, workspace: string) =>
    db
      .prepare(
        `INSERT INTO history_items (id, workspace_id, user_id, request_id, voice_id, voice_name, voice_category, model_id, text, date_unix,
          character_count_change_from, character_count_change_to, content_type, output_format, settings, source, audio_key, audio_bytes, duration_ms)
         VALUES (?, ?, 'u1', 'r', 'pv01aria000000000000', 'Aria', 'premade', 'eleven_multilingual_v2', 'Hello', 1, 0, 5, 'audio/mpeg', 'mp3_44100_128', '{}', 'TTS', 'k', 1, 1)`,
      )
      .bind(id, workspace);
  await db.batch([
    db.prepare("INSERT INTO users (id, email, password_hash, public_user_id) VALUES ('u1', 'a@example.com', 'x', 'p1'), ('u2', 'b@example.com', 'x', 'p2')"),
    // A paid workspace, and one whose tier no plan knows (before the check, nothing stopped such a value).
    db.prepare("INSERT INTO workspaces (id, name, owner_id, tier, status) VALUES ('w1', 'One', 'u1', 'creator', 'active'), ('w2', 'Two', 'u2', 'gold', 'free')"),
    db.prepare("INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ('w1', 'u1', 'admin'), ('w2', 'u2', 'admin')"),
    db.prepare("INSERT INTO api_keys (id, workspace_id, user_id, name, key_hash, preview) VALUES ('k1', 'w1', 'u1', 'key', 'hash', 'sk_...')"),
    db.prepare("INSERT INTO workspace_invites (id, workspace_id, email, role, invited_by) VALUES ('i1', 'w1', 'c@example.com', 'editor', 'u1')"),
    history("h1", "w1"),
    history("h2", "w2"),
    db.prepare("INSERT INTO usage_events (id, workspace_id, user_id, occurred_at, characters, voice_id, voice_name, model_id, source) VALUES ('e1', 'w1', 'u1', 1, 5, 'v', 'Aria', 'm', 'TTS')"),
    db.prepare("INSERT INTO voice_settings (workspace_id, voice_id, settings) VALUES ('w1', 'pv01aria000000000000', '{}')"),
    db.prepare("INSERT INTO workspace_billing (workspace_id, customer_id) VALUES ('w1', 'cus_1')"),
    db.prepare("INSERT INTO share_links (token, history_item_id, workspace_id, user_id) VALUES ('t1', 'h1', 'w1', 'u1')"),
    db.prepare("INSERT INTO video_jobs (id, history_item_id, workspace_id, theme) VALUES ('j1', 'h1', 'w1', 'light')"),
  ]);
}

describe("migration 0012: the workspace tier is checked", () => {
  let rowsBefore: Record<string, number>;
  let indexesBefore: string[];

  beforeAll(async () => {
    await applyD1Migrations(db, before("0012_"));
    await seedBeforeTierCheck();
    rowsBefore = await counts();
    indexesBefore = await schemaObjects("index");
    await applyD1Migrations(db, before("0013_"));
  });

  it("lists every table that dropping workspaces would empty", async () => {
    const tables = await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite_%'").all<{ name: string }>();
    const cascading = new Set<string>();
    for (let parents = new Set(["workspaces"]); parents.size; ) {
      const next = new Set<string>();
      for (const { name } of tables.results) {
        const keys = await db.prepare(`SELECT "table", on_delete FROM pragma_foreign_key_list('${name}')`).all<{ table: string; on_delete: string }>();
        if (keys.results.some((key) => parents.has(key.table) && key.on_delete === "CASCADE") && !cascading.has(name)) next.add(name);
      }
      next.forEach((name) => cascading.add(name));
      parents = next;
    }
    expect([...cascading].sort()).toEqual([...DEPENDENT_TABLES].sort());
  });

  it("keeps every row of the workspaces and of every table that references them", async () => {
    expect(Object.values(rowsBefore).every((n) => n > 0)).toBe(true);
    expect(await counts()).toEqual(rowsBefore);
  });

  it("keeps the indexes and the foreign keys to workspaces, and leaves no violation", async () => {
    expect(await schemaObjects("index")).toEqual(indexesBefore);
    for (const table of ["workspace_members", "api_keys", "workspace_invites", "history_items", "usage_events", "voice_settings", "workspace_billing"]) {
      const keys = await db.prepare(`SELECT "table", on_delete FROM pragma_foreign_key_list('${table}')`).all<{ table: string; on_delete: string }>();
      expect(keys.results).toContainEqual({ table: "workspaces", on_delete: "CASCADE" });
    }
    expect((await db.prepare("SELECT * FROM pragma_foreign_key_check").all()).results).toEqual([]);
  });

  it("keeps known tiers, turns an unknown one into free, and refuses unknown tiers from now on", async () => {
    const tiers = await db.prepare("SELECT id, tier FROM workspaces ORDER BY id").all<{ id: string; tier: string }>();
    expect(tiers.results).toEqual([{ id: "w1", tier: "creator" }, { id: "w2", tier: "free" }]);
    await expect(db.prepare("UPDATE workspaces SET tier = 'gold' WHERE id = 'w1'").run()).rejects.toThrow(/CHECK constraint failed/);
    await expect(db.prepare("INSERT INTO workspaces (id, name, owner_id, tier) VALUES ('w3', 'Three', 'u1', 'platinum')").run()).rejects.toThrow(/CHECK constraint failed/);
    await db.prepare("UPDATE workspaces SET tier = 'enterprise' WHERE id = 'w2'").run();
    expect(await db.prepare("SELECT tier FROM workspaces WHERE id = 'w2'").first("tier")).toBe("enterprise");
  });
});

describe("migration 0013: voices in D1", () => {
  beforeAll(async () => {
    // Moderation as it was kept before (one control on a premade voice, one on an id no voice has), and a
    // dialogue item whose lines carry no voice names yet.
    await db.batch([
      db.prepare("INSERT INTO voice_safety_controls (voice_id, safety_control, reason) VALUES ('pv12marco00000000000', 'BAN', 'misuse report'), ('nobody', 'CAPTCHA', NULL)"),
      db
        .prepare(
          `INSERT INTO history_items (id, workspace_id, user_id, request_id, voice_id, voice_name, voice_category, model_id, text, dialogue, date_unix,
            character_count_change_from, character_count_change_to, content_type, output_format, settings, source, audio_key, audio_bytes, duration_ms)
           VALUES ('h3', 'w1', 'u1', 'r', 'pv01aria000000000000', 'Aria', 'premade', 'm', 'Hi.\nBye.', ?, 1, 0, 7, 'audio/mpeg', 'mp3_44100_128', '{}', 'Dialogue', 'k', 1, 1)`,
        )
        .bind(JSON.stringify([{ text: "Hi.", voice_id: "pv01aria000000000000" }, { text: "Bye.", voice_id: "gone" }])),
    ]);
    await applyD1Migrations(db, before("0014_"));
  });

  it("seeds the fourteen premade voices, none owned", async () => {
    const rows = await db.prepare("SELECT voice_id, category, workspace_id FROM voices ORDER BY voice_id").all<{ voice_id: string; category: string; workspace_id: string | null }>();
    expect(rows.results).toHaveLength(14);
    expect(rows.results.every((row) => row.category === "premade" && row.workspace_id === null)).toBe(true);
  });

  it("moves the safety controls onto the voices and drops their table", async () => {
    const controlled = await db.prepare("SELECT voice_id, safety_control, safety_reason FROM voices WHERE safety_control IS NOT NULL").all();
    expect(controlled.results).toEqual([{ voice_id: "pv12marco00000000000", safety_control: "BAN", safety_reason: "misuse report" }]);
    expect(await db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'voice_safety_controls'").first("n")).toBe(0);
  });

  it("gives each dialogue line the name of its voice (its id when no voice has it)", async () => {
    const dialogue = JSON.parse((await db.prepare("SELECT dialogue FROM history_items WHERE id = 'h3'").first<string>("dialogue"))!);
    expect(dialogue).toEqual([
      { text: "Hi.", voice_id: "pv01aria000000000000", voice_name: "Aria" },
      { text: "Bye.", voice_id: "gone", voice_name: "gone" },
    ]);
    expect(await db.prepare("SELECT dialogue FROM history_items WHERE id = 'h1'").first("dialogue")).toBeNull();
  });
});
