// How much of the official SDK's HTTP surface the platform serves, per product area.
//
// The SDK's compiled clients name each call's method and path; the platform's /openapi.json lists every route
// its routers mount (a worker test keeps it complete). An SDK call counts as served when a documented operation
// has the same method and the same path, path parameters compared by position, not by name.
//
//   node scripts/sdk-coverage.mjs [base URL]     (default http://127.0.0.1:8787, a running `npm start`)
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SDK_RESOURCES = join(ROOT, "node_modules/@elevenlabs/elevenlabs-js/api/resources");

/**
 * The issues' targets: the share of each group of SDK namespaces that must answer with real behaviour
 * (#18 voices, #20 studio, #21 dubbing, #22 agents, #23 workspace administration, #24 audio native and productions).
 */
export const TARGETS = [
  { issue: 18, name: "voices and text to voice", namespaces: ["voices", "textToVoice"], target: 0.8 },
  { issue: 20, name: "studio and pronunciation dictionaries", namespaces: ["studio", "pronunciationDictionaries"], target: 0.8 },
  { issue: 21, name: "dubbing", namespaces: ["dubbing"], target: 0.7 },
  { issue: 22, name: "conversational AI", namespaces: ["conversationalAi"], target: 0.5 },
  { issue: 23, name: "workspace administration", namespaces: ["workspace", "serviceAccounts", "webhooks", "workspaces"], target: 0.8 },
  { issue: 24, name: "audio native and productions", namespaces: ["audioNative", "productions"], target: 0.7 },
];

/** "POST /v1/voices/{}/edit": path parameters reduced to their position. */
export const operationKey = (method, path) => `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, "{}")}`;

/**
 * Every HTTP call of the installed SDK as { namespace, key }. The compiled clients join the base URL with a
 * literal or template path, then name the method; WebSocket clients (realtime namespaces) have no such call.
 */
export function sdkOperations(resources = SDK_RESOURCES) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === "Client.js") {
        const namespace = relative(resources, path).split(sep)[0];
        const source = readFileSync(path, "utf8");
        for (const match of source.matchAll(/Production,\s*(["`])(.*?)\1\),\s*method:\s*"(\w+)"/gs)) {
          const route = "/" + match[2].replace(/\$\{[^}]*\}/g, "{}");
          found.push({ namespace, key: operationKey(match[3], route) });
        }
      }
    }
  };
  walk(resources);
  // The same call reached from two namespaces counts once in each.
  return [...new Map(found.map((op) => [`${op.namespace} ${op.key}`, op])).values()];
}

/** The operations of an OpenAPI document, as operation keys. */
export function documentedOperations(document) {
  const methods = ["get", "post", "put", "patch", "delete"];
  return new Set(Object.entries(document.paths).flatMap(([path, item]) => methods.filter((m) => item[m]).map((m) => operationKey(m, path))));
}

/** Per target group: how many of its SDK calls are served, and which are not. */
export function coverage(sdk, documented, targets = TARGETS) {
  return targets.map((group) => {
    const calls = [...new Set(sdk.filter((op) => group.namespaces.includes(op.namespace)).map((op) => op.key))];
    const missing = calls.filter((key) => !documented.has(key));
    const served = calls.length - missing.length;
    return { ...group, calls: calls.length, served, share: calls.length ? served / calls.length : 0, missing };
  });
}

async function main() {
  const base = process.argv[2] ?? process.env.PARLANCE_URL ?? "http://127.0.0.1:8787";
  const response = await fetch(new URL("/openapi.json", base));
  if (!response.ok) throw new Error(`GET /openapi.json answered ${response.status}: is the stack running at ${base}?`);
  const rows = coverage(sdkOperations(), documentedOperations(await response.json()));
  for (const row of rows) {
    const pct = (row.share * 100).toFixed(0);
    const verdict = row.share >= row.target ? "meets" : "below";
    console.log(`#${row.issue} ${row.name}: ${row.served}/${row.calls} (${pct}%), target ${row.target * 100}%: ${verdict}`);
    if (process.argv.includes("--missing")) for (const key of row.missing) console.log(`    missing ${key}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
