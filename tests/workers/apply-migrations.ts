import { applyD1Migrations, env, type D1Migration } from "cloudflare:test";

// Storage is isolated per test file; each file starts from the migrated, empty schema.
// TEST_MIGRATIONS is bound by vitest.config.ts for tests only, so it is not part of the app's Env.
const { TEST_MIGRATIONS } = env as unknown as { TEST_MIGRATIONS: D1Migration[] };
await applyD1Migrations(env.DB, TEST_MIGRATIONS);
