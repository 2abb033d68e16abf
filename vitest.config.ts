import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { fileURLToPath } from "node:url";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

const migrations = await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url)));

/** Stands in for the app behind the front door: answers with what the edge forwarded, so tests see it. */
function echoApp(request: Request): Response {
  const url = new URL(request.url);
  if (url.pathname === "/__echo/redirect") return new Response(null, { status: 302, headers: { location: "/elsewhere" } });
  return Response.json({
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(request.headers),
  });
}

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    projects: [
      {
        plugins: [tsconfigPaths()],
        test: {
          name: "unit",
          environment: "node",
          include: ["app/**/*.test.ts", "tests/unit/**/*.test.ts"],
        },
      },
      {
        plugins: [
          tsconfigPaths(),
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: { TEST_MIGRATIONS: migrations },
              // The real speech engine, bundled by `npm run build` (scripts/stack.mjs).
              workers: [
                {
                  name: "parlance-speech",
                  modules: true,
                  scriptPath: fileURLToPath(new URL("./dist/speech/index.js", import.meta.url)),
                  modulesRules: [{ type: "Data", include: ["**/*.data"] }],
                  compatibilityDate: "2026-04-26",
                },
              ],
            },
          }),
        ],
        test: {
          name: "workers-app",
          include: ["tests/workers/app/**/*.test.ts"],
          setupFiles: ["tests/workers/apply-migrations.ts"],
        },
      },
      {
        plugins: [
          tsconfigPaths(),
          cloudflareTest({
            wrangler: { configPath: "./workers/edge/wrangler.toml" },
            miniflare: { serviceBindings: { APP: echoApp } },
          }),
        ],
        test: {
          name: "workers-edge",
          include: ["tests/workers/edge/**/*.test.ts"],
        },
      },
      {
        plugins: [tsconfigPaths()],
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser against one stack: files run one after another on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
