// The lint's boundary rule, run through the project's own ESLint configuration on fixture imports.
import { ESLint } from "eslint";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code + "\nexport {};\n", { filePath: `${root}${filePath}` });
  return result.messages.filter((m) => m.ruleId === "parlance/boundaries").map((m) => m.message);
}

describe("import boundaries", () => {
  it("refuses a worker importing from app/", async () => {
    expect(await boundaryErrors("workers/share/fixture.ts", `import { x } from "../../app/history/rules/file-names";`)).toHaveLength(1);
  });
  it("refuses core/ and db/ importing from app/", async () => {
    expect(await boundaryErrors("core/fixture.ts", `import { x } from "../app/voices/rules/voice-library";`)).toHaveLength(1);
    expect(await boundaryErrors("db/repositories/fixture.ts", `import type { X } from "~/voices/rules/voice-library";`)).toHaveLength(1);
  });
  it("refuses app/ importing from a worker or a queue consumer, types included", async () => {
    expect(await boundaryErrors("app/speech/server/fixture.server.ts", `import type { X } from "../../../workers/speech/espeak";`)).toHaveLength(1);
    expect(await boundaryErrors("app/sharing/api.ts", `import { x } from "../../queues/video/render";`)).toHaveLength(1);
    expect(await boundaryErrors("app/speech/server/fixture.server.ts", `import type { X } from "../../../core/engines/speech";`)).toEqual([]);
  });
  it("refuses a route reaching into db/ or the /v1 layer", async () => {
    expect(await boundaryErrors("app/routes/fixture.tsx", `import { listHistoryPage } from "../../db/repositories/history";`)).toHaveLength(1);
    expect(await boundaryErrors("app/routes/fixture.tsx", `import { database } from "../../db/client";`)).toHaveLength(1);
    expect(await boundaryErrors("app/routes/fixture.tsx", `import { historyApi } from "~/history/api";`)).toHaveLength(1);
  });
  it("refuses a /v1 module reaching a repository: it opens db/client and calls its area's server module", async () => {
    expect(await boundaryErrors("app/history/api.ts", `import { listHistory } from "../../db/repositories/history";`)).toHaveLength(1);
    expect(await boundaryErrors("app/api/auth.ts", `import { findApiKeyOwner } from "../../db/repositories/api-keys";`)).toHaveLength(1);
  });
  it("refuses another area's private server modules, and db/ outside server modules", async () => {
    expect(await boundaryErrors("app/voices/api.ts", `import { x } from "~/accounts/server/auth.server";`)).toHaveLength(1);
    expect(await boundaryErrors("app/voices/components/fixture.tsx", `import { x } from "../../../db/repositories/voice-settings";`)).toHaveLength(1);
  });
  it("refuses impure imports in rules and upward imports from common and browser helpers", async () => {
    expect(await boundaryErrors("app/voices/rules/fixture.ts", `import { x } from "~/voices/voices.server";`)).toHaveLength(1);
    expect(await boundaryErrors("app/common/components/fixture.tsx", `import { x } from "~/billing/components/promo";`)).toHaveLength(1);
    expect(await boundaryErrors("app/accounts/browser/fixture.ts", `import { x } from "~/common/components/toasts";`)).toHaveLength(1);
  });
  it("allows the layout's own directions", async () => {
    expect(await boundaryErrors("app/routes/fixture.tsx", `import { x } from "~/accounts/accounts.server";\nimport { y } from "~/voices/rules/voice-library";\nimport { z } from "~/common/components/ui";`)).toEqual([]);
    expect(await boundaryErrors("app/accounts/server/fixture.server.ts", `import { x } from "../../../db/repositories/users";`)).toEqual([]);
    expect(await boundaryErrors("app/voices/api.ts", `import { database } from "../../db/client";\nimport { x } from "~/accounts/accounts.server";`)).toEqual([]);
    expect(await boundaryErrors("workers/share/fixture.ts", `import { x } from "../../core/brand";\nimport { y } from "../../db/client";`)).toEqual([]);
  });
});
