// Vite config for the TypeScript scripts run with vite-node (scripts/seed.ts): the project's `~/` path alias
// and nothing else. The app's vite.config.ts would load the Remix plugin and start a Cloudflare platform proxy
// (a workerd on the same local state) just to run a script.
import tsconfigPaths from "vite-tsconfig-paths";

export default { plugins: [tsconfigPaths()], logLevel: "error" };
