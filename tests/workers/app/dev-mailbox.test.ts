import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../../app/worker";
import { ORIGIN, signUp } from "./helpers";

/** The app worker as deployed with another ENVIRONMENT (the test project's wrangler.toml says development). */
async function fetchAs(environment: string, path: string): Promise<Response> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`${ORIGIN}${path}`), { ...(env as unknown as Env), ENVIRONMENT: environment }, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

describe("/dev/mailbox", () => {
  it("shows the e-mail sent in development", async () => {
    await signUp("mailbox-dev@example.com");
    const page = await SELF.fetch(`${ORIGIN}/dev/mailbox`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("mailbox-dev@example.com");
    expect((await fetchAs("development", "/dev/mailbox")).status).toBe(200);
    const data = await fetchAs("development", "/dev/mailbox.data");
    expect(data.status).toBe(200);
    expect(await data.text()).toContain("mailbox-dev@example.com");
  });

  it("answers 404 outside development, with none of the mail", async () => {
    await signUp("mailbox-prod@example.com");
    for (const environment of ["production", "staging", ""]) {
      const response = await fetchAs(environment, "/dev/mailbox");
      expect(response.status, environment).toBe(404);
      const body = await response.text();
      expect(body).not.toContain("mailbox-prod@example.com");
      expect(body).not.toContain("Dev mailbox");
      // Its data request too (what the page's client navigation asks for, single fetch).
      const data = await fetchAs(environment, "/dev/mailbox.data");
      expect(data.status, environment).toBe(404);
      expect(await data.text()).not.toContain("mailbox-prod@example.com");
    }
  });
});
