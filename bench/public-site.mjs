// Public-site benchmarks (issue #8), run by bench/run.mjs against the running stack:
//  a. throughput and latency of the home page and a language page at 50 concurrent connections, against a
//     bare "hello" worker of the same runtime (its own `wrangler dev`) in the same run;
//  b. JavaScript a first-time visitor of the home page downloads (gzip);
//  c. Lighthouse (performance, accessibility, best practices, SEO) with the installed Chromium.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { Agent, request } from "undici";
import { freePort, ROOT } from "../scripts/stack.mjs";

const CONNECTIONS = 50;
const DURATION_MS = 5000;

/** Keeps `CONNECTIONS` requests in flight for `DURATION_MS`; returns requests per second and latency percentiles. */
export async function load(url) {
  const agent = new Agent({ connections: CONNECTIONS, pipelining: 1 });
  const latencies = [];
  let failures = 0;
  const until = performance.now() + DURATION_MS;
  const worker = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      try {
        const response = await request(url, { dispatcher: agent });
        await response.body.arrayBuffer();
        if (response.statusCode !== 200) failures++;
      } catch {
        failures++;
      }
      latencies.push(performance.now() - started);
    }
  };
  // Warm-up: the isolates and the edge cache.
  for (let i = 0; i < 20; i++) await (await request(url, { dispatcher: agent })).body.arrayBuffer();
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const seconds = (performance.now() - started) / 1000;
  await agent.close();
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), failures, requests: latencies.length };
}

/** A bare worker answering "hello", under its own `wrangler dev`: the runtime's ceiling on this machine. */
export async function startHelloWorker() {
  const dir = mkdtempSync(join(tmpdir(), "bench-hello-"));
  writeFileSync(join(dir, "index.js"), 'export default { fetch() { return new Response("hello"); } };\n');
  writeFileSync(join(dir, "wrangler.toml"), 'name = "parlance-bench-hello"\nmain = "index.js"\ncompatibility_date = "2026-04-26"\n');
  const port = await freePort();
  // The project's wrangler: `npx` outside the project would try to download one.
  const child = spawn(join(ROOT, "node_modules/.bin/wrangler"), ["dev", "--port", String(port), "--ip", "127.0.0.1", "--persist-to", join(dir, "state")], { cwd: dir, stdio: "ignore", detached: true });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
    if (i === 119) throw new Error("the hello worker did not start");
  }
  return {
    url,
    stop() {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Scripts the home page loads (entry module, its imports via modulepreload), gzip-compressed sizes. */
export async function firstVisitJavaScript(base) {
  const html = await (await fetch(base)).text();
  const urls = new Set();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*(?:src|href)="([^"]+\.js)"/g)) urls.add(new URL(match[1], base).toString());
  // The entry imports its chunks; modulepreload lists them, but dynamic imports in inline scripts are caught too.
  for (const match of html.matchAll(/import\(["']([^"']+\.js)["']\)|from ["']([^"']+\.js)["']/g)) urls.add(new URL(match[1] ?? match[2], base).toString());
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.size, raw, gzip };
}

/** Lighthouse category scores (0-100) of a page, with the installed Chromium. */
export async function lighthouseScores(url) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] });
    const categories = result.lhr.categories;
    return Object.fromEntries(Object.entries(categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]));
  } finally {
    await chrome.kill();
  }
}
