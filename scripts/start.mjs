// `npm start`: the whole platform on one URL, with state kept in .wrangler/state between runs.
import { build, prepareState, startStack } from "./stack.mjs";

const port = Number(process.env.PORT ?? 8787);
const stateDir = ".wrangler/state";

build({ skipWhenUnchanged: true });
prepareState(stateDir);
console.log("  wrangler dev: every worker on one port (their logs follow)");
const stack = await startStack({ port, stateDir });
console.log(`\n  Parlance is running at ${stack.url}\n  (Ctrl+C to stop)\n`);
const shutdown = () => {
  stack.stop();
  process.exit(0);
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
stack.child.on("exit", (code) => process.exit(code ?? 0));
