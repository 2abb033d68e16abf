import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import boundaries from "./eslint/boundaries.js";

export default tseslint.config(
  { ignores: ["build/**", ".wrangler/**", "node_modules/**", "dist/**", "worker-configuration.d.ts", "tests/e2e/artifacts/**", "workers/speech/generated/**", "queues/video/generated/**", "**/.wrangler/**", "**/dist/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks, parlance: boundaries },
    rules: {
      "parlance/boundaries": "error",
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description", "ts-expect-error": "allow-with-description" }],
    },
  },
  {
    files: ["scripts/**/*.mjs", "bench/**/*.mjs", "tests/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", fetch: "readonly", setTimeout: "readonly", URL: "readonly", Buffer: "readonly", performance: "readonly", URLSearchParams: "readonly", WebAssembly: "readonly" } },
  },
);
