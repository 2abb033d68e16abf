import { env, type D1Migration } from "cloudflare:test";

// Storage is isolated per test file; each file starts from the migrated, empty schema.
// TEST_MIGRATIONS is bound by vitest.config.ts for tests only, so it is not part of the app's Env.
// What applyD1Migrations does to an empty database (every migration's statements in order, each name recorded in
// d1_migrations), in one batch rather than one a migration: about 0.1 s a test file instead of 0.5 s.
const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: D1Migration[] };
await env.DB.batch([
  env.DB.prepare("CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)"),
  ...TEST_MIGRATIONS.flatMap((migration) => [...migration.queries.map((query) => env.DB.prepare(query)), env.DB.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(migration.name)]),
]);
