import { defineConfig } from "drizzle-kit";

// Migrations are plain SQL that `wrangler d1 migrations apply` runs; drizzle-kit only generates them.
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/schema/index.ts",
  out: "./migrations",
});
