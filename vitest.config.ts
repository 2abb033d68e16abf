import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";
import { byHost, libreTranslateStandIn, openAiCompatibleStandIn, xttsStandIn } from "./tests/engines/protocol-stand-ins";
import { stripeWebhookRecorder } from "./tests/stripe-local/webhook-recorder";
import { toolWebhooks } from "./tests/agents/tool-webhooks";

/** GET /model: the built model; GET /espeak-dictionaries: the speech engine's dictionaries pack; GET /recordings/<name>: a recording of PocketSphinx's test data. */
async function sphinxFiles(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  if (path === "/model") return new Response(await readFile(fileURLToPath(new URL("./workers/speech/generated/pocketsphinx-en-us.model", import.meta.url))));
  // The speech engine's dictionaries that are not bundled (decision 0059), with the R2 key the build gave the pack.
  if (path === "/espeak-dictionaries") {
    const manifest = JSON.parse(await readFile(fileURLToPath(new URL("./workers/speech/generated/espeak-ng-languages.json", import.meta.url)), "utf8")) as { pack: string };
    return new Response(await readFile(fileURLToPath(new URL("./workers/speech/generated/espeak-ng-dictionaries.pack", import.meta.url))), { headers: { "x-r2-key": manifest.pack } });
  }
  const name = path.match(/^\/recordings\/([\w.-]+)$/)?.[1];
  if (!name) return new Response("not found", { status: 404 });
  const data = new URL("./node_modules/.cache/parlance-pocketsphinx/pocketsphinx/test/data/", import.meta.url);
  return new Response(await readFile(fileURLToPath(new URL(name.endsWith(".raw") ? name : `librivox/${name}`, data))));
}

/**
 * mediabunny (the dubbing remux, core/dubbing/remux.ts) imports its Node file helpers, which a worker never
 * uses: only its own `./node.js` is replaced (other packages have files of that name).
 */
function mediabunnyWithoutNode() {
  return {
    name: "mediabunny-without-node",
    enforce: "pre" as const,
    resolveId(source: string, importer: string | undefined) {
      if (source === "./node.js" && importer?.includes("/mediabunny/")) return fileURLToPath(new URL("./tests/queues/video/empty-node-module.ts", import.meta.url));
      return null;
    },
  };
}

const migrations = await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url)));

/** Stands in for the app behind the front door: answers with what the edge forwarded, so tests see it. */
let echoRenders = 0;
function echoApp(request: Request): Response {
  const url = new URL(request.url);
  if (url.pathname === "/__echo/redirect") return new Response(null, { status: 302, headers: { location: "/elsewhere" } });
  // A public page as the app renders one: its scripts carry this request's nonce; each render is numbered.
  if (url.pathname.startsWith("/__echo/page")) {
    const nonce = request.headers.get("x-parlance-csp-nonce") ?? "";
    const headers = new Headers({ "content-type": "text/html; charset=utf-8", "cache-control": url.searchParams.get("cc") ?? "public, max-age=60, s-maxage=120, stale-while-revalidate=600" });
    if (url.searchParams.has("cookie")) headers.set("set-cookie", "session=abc; HttpOnly");
    return new Response(`<!doctype html><html><body><p id="render">${++echoRenders}</p><script nonce="${nonce}">1</script></body></html>`, { headers });
  }
  return Response.json({
    method: request.method,
    url: request.url,
    headers: Object.fromEntries(request.headers),
  });
}

/**
 * Stands in for the billing worker as the Stripe stand-in's webhook endpoint in the billing worker tests: it
 * keeps each signed delivery so a test can hand them to the real worker in any order, any number of times.
 */
const recordedWebhooks: { payload: string; signature: string }[] = [];
async function webhookRecorder(request: Request): Promise<Response> {
  if (request.method === "POST") {
    recordedWebhooks.push({ payload: await request.text(), signature: request.headers.get("stripe-signature") ?? "" });
    return Response.json({ received: true });
  }
  return Response.json(recordedWebhooks.splice(0));
}

/** The Stripe stand-in, bundled by `npm run build`, as an auxiliary worker of a test project. */
function stripeLocalWorker(webhook: (request: Request) => Promise<Response> | Response) {
  return {
    name: "parlance-stripe-local",
    modules: true,
    scriptPath: fileURLToPath(new URL("./dist/stripe-local/index.js", import.meta.url)),
    compatibilityDate: "2026-04-26",
    durableObjects: { ACCOUNT: { className: "StripeAccount", useSQLite: true } },
    bindings: { STRIPE_SECRET_KEY: "sk_test_parlance_local", STRIPE_WEBHOOK_SECRET: "whsec_parlance_local" },
    serviceBindings: { WEBHOOK: webhook },
  };
}

/**
 * The app's worker-test project: the app with the real speech worker beside it, its configured engines pointed at
 * protocol stand-ins. `speech` adds engines (bindings and their stand-ins by host) for a project of its own: the
 * neural cloning server changes how every cloned voice speaks, so only the cloning project configures it.
 */
function appWorkerProject(name: string, include: string[], speech: { bindings: Record<string, string>; servers: Record<string, (request: Request) => Promise<Response>> } = { bindings: {}, servers: {} }) {
  return {
    plugins: [
      tsconfigPaths(),
      mediabunnyWithoutNode(),
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        // The app with the Studio and dubbing consumers beside it (their workers' code, their queues' settings).
        main: "./tests/workers/app/stack-worker.ts",
        miniflare: {
          queueConsumers: {
            "webhook-deliveries": { maxBatchSize: 10, maxBatchTimeout: 1, maxRetries: 10 },
            "studio-jobs": { maxBatchSize: 4, maxBatchTimeout: 1, maxRetries: 3 },
            "dubbing-jobs": { maxBatchSize: 4, maxBatchTimeout: 1, maxRetries: 2 },
            "phone-calls": { maxBatchSize: 4, maxBatchTimeout: 1, maxRetries: 3 },
          },
          bindings: { TEST_MIGRATIONS: migrations },
          // The built speech-to-text model, for tests to put into R2 as the start step does (it is too large for the
          // bundle), and PocketSphinx's own test recordings (real speech with known words) from its source tarball.
          serviceBindings: { SPHINX_FILES: sphinxFiles },
          // The web service agents' webhook tools call in tests/workers/app/agents.test.ts ("agents-llm") (other hosts pass through).
          outboundService: toolWebhooks("tools.test"),
          // An empty database that tests/workers/app/platform.test.ts ("migrations") migrates step by step.
          d1Databases: { MIGRATION_DB: "migration-test" },
          // The real speech engine, bundled by `npm run build` (scripts/stack.mjs).
          workers: [
            {
              name: "parlance-speech",
              modules: true,
              scriptPath: fileURLToPath(new URL("./dist/speech/index.js", import.meta.url)),
              modulesRules: [{ type: "Data", include: ["**/*.data"] }, { type: "CompiledWasm", include: ["**/*.wasm"] }],
              compatibilityDate: "2026-04-26",
              // The bucket the speech-to-text model is read from (the app's MEDIA bucket, shared).
              r2Buckets: { MEDIA: "parlance-media" },
              // Configured engines, each pointed at a stand-in that speaks its protocol (tests/engines): an
              // OpenAI-compatible speech server; one for transcription, chat and embeddings; LibreTranslate; and those `speech` adds.
              bindings: {
                ...speech.bindings,
                OPENAI_SPEECH_BASE_URL: "http://speech-server.test",
                OPENAI_SPEECH_MODEL: "kokoro",
                OPENAI_TRANSCRIPTION_BASE_URL: "http://models.test/v1",
                OPENAI_TRANSCRIPTION_MODEL: "Systran/faster-whisper-small",
                OPENAI_TRANSCRIPTION_API_KEY: "sk-models",
                OPENAI_CHAT_BASE_URL: "http://models.test/v1",
                OPENAI_CHAT_MODEL: "llama3.2",
                OPENAI_CHAT_API_KEY: "sk-models",
                OPENAI_EMBEDDINGS_BASE_URL: "http://models.test/v1",
                OPENAI_EMBEDDINGS_MODEL: "nomic-embed-text",
                OPENAI_EMBEDDINGS_API_KEY: "sk-models",
                LIBRETRANSLATE_URL: "http://translate.test",
              },
              outboundService: byHost({
                "speech-server.test": openAiCompatibleStandIn({ speech: "kokoro" }),
                "models.test": openAiCompatibleStandIn({ transcription: "Systran/faster-whisper-small", chat: "llama3.2", embeddings: "nomic-embed-text" }, "sk-models"),
                "translate.test": libreTranslateStandIn(),
                ...speech.servers,
              }),
            },
            stripeLocalWorker(() => Response.json({ received: true })),
          ],
        },
      }),
    ],
    test: {
      name,
      include,
      setupFiles: ["tests/workers/apply-migrations.ts"],
      // Sign-ups hash passwords (PBKDF2) and many tests make a few: a journey of 4-5 s on an idle machine went past
      // the default 5 s on a loaded one. A hang still fails, only later; tests that need longer say so themselves.
      testTimeout: 30_000,
    },
  };
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
          include: ["app/**/*.test.ts", "core/**/*.test.ts", "tests/unit/**/*.test.ts"],
          // The codecs import their wasm as compiled modules (wrangler's rule); Node gets the same modules.
          alias: [
            { find: /^\.\/generated\/mp3\.wasm$/, replacement: fileURLToPath(new URL("./tests/unit/mp3-wasm-module.ts", import.meta.url)) },
            { find: /^\.\/generated\/opus\.wasm$/, replacement: fileURLToPath(new URL("./tests/unit/opus-wasm-module.ts", import.meta.url)) },
            { find: /^\.\/generated\/minimp3\.wasm$/, replacement: fileURLToPath(new URL("./tests/unit/minimp3-wasm-module.ts", import.meta.url)) },
            { find: /^@jitsi\/rnnoise-wasm\/dist\/rnnoise\.wasm$/, replacement: fileURLToPath(new URL("./tests/unit/rnnoise-wasm-module.ts", import.meta.url)) },
          ],
        },
      },
      appWorkerProject("workers-app", ["tests/workers/app/**/*.test.ts"]),
      // Cloning on a neural cloning server (decision 0051): the XTTS server protocol's stand-in, in a project of its own.
      appWorkerProject("workers-cloning", ["tests/workers/cloning/**/*.test.ts"], { bindings: { XTTS_BASE_URL: "http://xtts.test" }, servers: { "xtts.test": xttsStandIn() } }),
      {
        plugins: [
          tsconfigPaths(),
          cloudflareTest({
            wrangler: { configPath: "./workers/billing/wrangler.toml" },
            miniflare: {
              bindings: { TEST_MIGRATIONS: migrations },
              serviceBindings: { WEBHOOK_LOG: webhookRecorder },
              workers: [stripeLocalWorker(webhookRecorder)],
            },
          }),
        ],
        test: {
          name: "workers-billing",
          include: ["tests/workers/billing/**/*.test.ts"],
          setupFiles: ["tests/workers/apply-migrations.ts"],
        },
      },
      {
        plugins: [
          tsconfigPaths(),
          cloudflareTest({
            wrangler: { configPath: "./workers/edge/wrangler.toml" },
            miniflare: {
              serviceBindings: {
                APP: echoApp,
                SHARE: (request: Request) => new Response(`share:${new URL(request.url).pathname}`),
                BILLING: async (request: Request) => new Response(`billing:${new URL(request.url).pathname}:${await request.text()}`),
                STRIPE_LOCAL: (request: Request) => new Response(`stripe-local:${new URL(request.url).pathname}`),
              },
            },
          }),
        ],
        test: {
          name: "workers-edge",
          include: ["tests/workers/edge/**/*.test.ts"],
        },
      },
      {
        plugins: [
          tsconfigPaths(),
          cloudflareTest({
            wrangler: { configPath: "./queues/video/wrangler.toml" },
            // The speech worker's binding is for voiceover renders, tested with the real engine in the app project
            // (tests/workers/app/publishing.test.ts ("voiceover")); the share videos tested here never call it.
            miniflare: { bindings: { TEST_MIGRATIONS: migrations }, serviceBindings: { SPEECH: () => new Response("Voiceover renders are tested in the app project.", { status: 501 }) } },
          }),
        ],
        resolve: {
          alias: [{ find: /^\.\/node\.js$/, replacement: fileURLToPath(new URL("./tests/queues/video/empty-node-module.ts", import.meta.url)) }],
        },
        test: {
          name: "queues-video",
          include: ["tests/queues/video/**/*.test.ts"],
          setupFiles: ["tests/workers/apply-migrations.ts"],
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
          // A journey that stalls once (a request held while the local runtime runs a queue consumer's heavy step in
          // the same isolate) runs again; one that is broken fails both times.
          retry: 1,
          // One browser against one stack: files run one after another on a 2-core machine.
          fileParallelism: false,
        },
      },
      {
        plugins: [
          tsconfigPaths(),
          cloudflareTest({
            wrangler: { configPath: "./workers/stripe-local/wrangler.toml" },
            // The billing worker is replaced by a recorder that tests read back through the same binding.
            miniflare: { serviceBindings: { WEBHOOK: stripeWebhookRecorder() } },
          }),
        ],
        test: {
          name: "stripe-local",
          include: ["tests/stripe-local/**/*.test.ts"],
        },
      },
    ],
  },
});
