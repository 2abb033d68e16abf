import { describe, expect, inject, it } from "vitest";
import { continueWithSso, darkViolations, newPage, screenshot, screenshotsOf, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration, waitForSsoArrival } from "./browser";
import { executeSql } from "./http";
import { THEME_STORAGE_KEY } from "../../app/common/rules/theme";

const baseUrl = inject("baseUrl");
const stateDir = inject("stateDir");
const browser = sharedBrowser();

describe("SAML single sign-on", () => {
  it("an admin sets up the local SAML identity provider; a new person signs in through it and joins", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    const domain = `saml-${Date.now()}-${Math.floor(Math.random() * 1e6)}.test`;
    const adminEmail = `admin@${domain}`;
    await signUpInBrowser(page, adminEmail, "/app/workspace/security");
    // Seats and the verified domain (the DNS journey is the OIDC test's): an operator's SQL.
    await executeSql(stateDir, `UPDATE workspaces SET max_seats = 5 WHERE owner_id = (SELECT id FROM users WHERE email = '${adminEmail}')`);
    await executeSql(stateDir, `INSERT INTO workspace_domains (workspace_id, domain, verification_token, verified_at) SELECT active_workspace_id, '${domain}', 'e2e', unixepoch() FROM users WHERE email = '${adminEmail}'`);
    await page.goto("/app/workspace/security");
    await waitForHydration(page);

    const saml = page.getByTestId("saml-provider-form");
    const standIn = (await page.getByTestId("dev-saml-entity-id").textContent())!;
    await saml.getByLabel("Identity provider entity ID").fill(standIn);
    await saml.getByLabel("SSO URL (HTTP-Redirect)").fill(standIn);
    await saml.getByLabel("Signing certificate (PEM)").fill((await page.getByTestId("dev-saml-certificate").textContent())!);
    await saml.getByRole("button", { name: "Add identity provider" }).click();
    await page.getByTestId("sso-options-form").waitFor();
    await page.getByLabel("Provision users automatically").check();
    await page.getByRole("button", { name: "Save sign-in rules" }).click();
    await expect.poll(() => page.getByTestId("sso-options-form").textContent()).toContain(`by ${adminEmail}`);
    await screenshotsOf(page, "/app/workspace/security", "workspace-security-saml");
    // The SAML card itself sits below the fold (the page scrolls inside the layout): pictured on its own.
    for (const [theme, width, height] of [["light", 1440, 900], ["dark", 375, 812]] as const) {
      await page.setViewportSize({ width, height });
      await page.evaluate(([key, t]) => localStorage.setItem(key, t), [THEME_STORAGE_KEY, theme] as const);
      await page.goto("/app/workspace/security");
      await waitForHydration(page);
      await page.getByTestId("saml-provider-form").locator("../..").screenshot({ path: `tests/e2e/artifacts/workspace-security-saml-card-${width}-${theme}.png` });
    }
    await page.evaluate((key) => localStorage.setItem(key, "light"), THEME_STORAGE_KEY);
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect.soft(await seriousViolations(page)).toEqual([]);
    await expect.soft(await darkViolations(page, "/app/workspace/security")).toEqual([]);

    // A new person on the domain: Continue with SSO, the SAML stand-in's login form, its signed answer posted back.
    const visitor = await newPage(browser(), baseUrl);
    const newcomer = `ada@${domain}`;
    await continueWithSso(visitor.page, newcomer);
    await visitor.page.getByTestId("dev-saml-form").waitFor();
    await visitor.page.getByLabel("Email").fill(newcomer);
    await visitor.page.getByLabel("Name").fill("Ada Lovelace");
    await visitor.page.getByRole("button", { name: "Sign in" }).click();
    await visitor.page.getByTestId("dev-saml-post").waitFor();
    await screenshot(visitor.page, "dev-saml-post");
    await visitor.page.getByRole("button", { name: "Continue" }).click();
    await waitForSsoArrival(visitor.page);
    const [member] = await executeSql<{ role: string; first_name: string }>(stateDir, `SELECT m.role, u.first_name FROM workspace_members m JOIN users u ON u.id = m.user_id JOIN workspaces w ON w.id = m.workspace_id JOIN users o ON o.id = w.owner_id WHERE u.email = '${newcomer}' AND o.email = '${adminEmail}'`);
    expect(member).toEqual({ role: "editor", first_name: "Ada" });
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});
