// Mends installed dependencies in place (run on `npm install` and by `npm run build`); each mend is the upstream fix
// of a bug not yet in a release we use, and says so loudly when the text it replaces is gone (an upgrade: drop it).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

const MENDS = [
  {
    // @cloudflare/vitest-pool-workers 0.15.1 to 0.23.0 (workers-sdk issue 15092, fixed by pull request 15106): the
    // SELF and Durable Object wrappers wrapped their class's prototype in one more Proxy at every construction, so
    // after N requests in a test file each property read crossed N proxies, each checking the N below it. A worker
    // test file's calls grew from ~20 ms to over 600 ms each by its end. The proxy is now installed once per class.
    file: "node_modules/@cloudflare/vitest-pool-workers/dist/worker/lib/cloudflare/test-internal.mjs",
    before: "\tfunction Class(...args) {\n\t\tClass.prototype = new Proxy(Class.prototype, {",
    after: "\tlet proxied = false;\n\tfunction Class(...args) {\n\t\tif (!proxied) proxied = true, Class.prototype = new Proxy(Class.prototype, {",
  },
];

export function patchDependencies() {
  const done = [];
  for (const { file, before, after } of MENDS) {
    const path = `${ROOT}${file}`;
    if (!existsSync(path)) continue;
    const text = readFileSync(path, "utf8");
    if (text.includes(after)) continue;
    if (!text.includes(before)) throw new Error(`patch-dependencies: ${file} no longer has the text to mend; check whether the fix is released and drop the mend`);
    writeFileSync(path, text.replace(before, after));
    done.push(file);
  }
  return done;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const file of patchDependencies()) console.log(`patch-dependencies: mended ${file}`);
}
