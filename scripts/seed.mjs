// `npm run seed`: applies pending D1 migrations and the idempotent seed (scripts/seed.ts) to the local state
// that `npm start` uses, .wrangler/state (`--persist-to DIR` for another). `npm start` does the same on every run.
import { prepareState } from "./stack.mjs";

const at = process.argv.indexOf("--persist-to");
prepareState(at >= 0 ? process.argv[at + 1] : ".wrangler/state");
