import { describe, expect, inject, it } from "vitest";
import { continueWithSso, darkViolations, newPage, screenshot, screenshotsOf, seriousViolations, sharedBrowser, signUpInBrowser, waitForHydration, waitForSsoArrival } from "./browser";
import { executeSql, signUpOverHttp, uniqueEmail } from "./http";
import { totpCode } from "../../app/accounts/rules/totp";

const baseUrl = inject("baseUrl");
const stateDir = inject("stateDir");
const browser = sharedBrowser();

describe("workspace administration pages", () => {
  it("an admin creates a group, adds a member, sets its permissions; creates a service account key limited to speech", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    const adminEmail = uniqueEmail("wa-admin");
    const memberEmail = uniqueEmail("wa-member");
    await signUpInBrowser(page, adminEmail, "/app/workspace/groups");
    await waitForHydration(page);
    // A second person in the admin's workspace (the invite journey has its own test): an operator's SQL.
    await signUpOverHttp(baseUrl, memberEmail);
    const [workspace] = await executeSql<{ id: string }>(stateDir, `SELECT w.id FROM workspaces w JOIN users u ON u.id = w.owner_id WHERE u.email = '${adminEmail}'`);
    await executeSql(stateDir, `INSERT INTO workspace_members (workspace_id, user_id, role) SELECT '${workspace!.id}', id, 'editor' FROM users WHERE email = '${memberEmail}'`);
    await page.goto("/app/workspace/groups");
    await waitForHydration(page);
    await screenshotsOf(page, "/app/workspace/groups", "workspace-groups-empty");

    // Create a group with one permission; then add the member and give the group billing too.
    const create = page.getByTestId("create-group-form");
    await create.getByLabel("Group name").fill("Narrators");
    await create.getByLabel("Billing").check();
    await create.getByRole("button", { name: "Create group" }).click();
    const card = page.getByTestId("group-card").filter({ hasText: "Narrators" });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain("0 members · Billing");
    await card.getByRole("combobox", { name: "Add a member" }).click();
    await page.getByRole("option", { name: memberEmail }).click();
    await card.getByRole("button", { name: "Add" }).click();
    await expect.poll(() => card.textContent()).toContain(memberEmail);
    await card.getByTestId("group-permissions-form").getByLabel("Workspace settings").check();
    await card.getByRole("button", { name: "Save permissions" }).click();
    await expect.poll(() => card.textContent()).toContain("1 member · Billing, Workspace settings");
    // A name taken: the server's message under the field.
    await create.getByLabel("Group name").fill("Narrators");
    await create.getByRole("button", { name: "Create group" }).click();
    await page.getByText("already has a group named").waitFor();
    await screenshotsOf(page, "/app/workspace/groups", "workspace-groups");
    await expect.soft(await seriousViolations(page)).toEqual([]);
    await expect.soft(await darkViolations(page, "/app/workspace/groups")).toEqual([]);

    // A service account and a key limited to text to speech with a monthly cap, shown once.
    await page.goto("/app/workspace/service-accounts");
    await waitForHydration(page);
    await page.getByTestId("create-service-account-form").getByLabel("Service account name").fill("Audiobook pipeline");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    const account = page.getByTestId("service-account-card").filter({ hasText: "Audiobook pipeline" });
    await account.waitFor();
    const keyForm = account.getByTestId("create-service-key-form");
    await keyForm.getByLabel("Key name").fill("speech only");
    await keyForm.getByLabel("Monthly credit cap (optional)").fill("500");
    await keyForm.getByRole("button", { name: "Create key" }).click();
    const shown = page.getByTestId("new-service-key-value");
    await shown.waitFor();
    const key = (await shown.textContent())!;
    expect(key).toMatch(/^sk_[0-9a-f]{48}$/);
    await expect.poll(() => account.getByTestId("service-key-row").textContent()).toContain("0 / 500");
    // The key speaks, and is refused where its scope does not reach.
    const speech = await fetch(`${baseUrl}/v1/text-to-speech/pv01aria000000000000?output_format=mp3_22050_32`, { method: "POST", headers: { "xi-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ text: "Chapter one." }) });
    expect(speech.status).toBe(200);
    await speech.arrayBuffer();
    const voicesAdd = await fetch(`${baseUrl}/v1/voices/add`, { method: "POST", headers: { "xi-api-key": key }, body: new FormData() });
    expect(voicesAdd.status).toBe(403);
    await page.reload();
    await expect.poll(() => page.getByTestId("service-key-row").textContent()).toContain("12 / 500");
    await screenshotsOf(page, "/app/workspace/service-accounts", "workspace-service-accounts");
    await expect.soft(await seriousViolations(page)).toEqual([]);

    // Webhooks: the page, a local-only URL refused in production is allowed here (development).
    await page.goto("/app/workspace/webhooks");
    await waitForHydration(page);
    const hook = page.getByTestId("create-webhook-form");
    await hook.getByLabel("Name").fill("CMS");
    await hook.getByLabel("URL", { exact: true }).fill("ftp://example.com");
    await hook.getByRole("button", { name: "Add webhook" }).click();
    await page.getByText("must start with https://").waitFor();
    await hook.getByLabel("URL", { exact: true }).fill("https://hooks.example.com/parlance");
    await hook.getByLabel("Transcription finished").check();
    await hook.getByRole("button", { name: "Add webhook" }).click();
    await page.getByTestId("new-webhook-secret").waitFor();
    await page.getByRole("button", { name: "Send test" }).click();
    await page.getByTestId("webhook-delivery-row").first().waitFor();
    await screenshotsOf(page, "/app/workspace/webhooks", "workspace-webhooks");
    await expect.soft(await seriousViolations(page)).toEqual([]);
    // The audit log lists the change (decision 0088).
    await screenshotsOf(page, "/app/workspace/audit-log", "workspace-audit-log");
    await expect(page.getByTestId("audit-entry").filter({ hasText: "Webhook Created" }).count()).resolves.toBeGreaterThan(0);
    await page.goto("/app/workspace/webhooks");
    await waitForHydration(page);

    // An OAuth2 webhook (decision 0076): choosing OAuth2 shows the client-credentials fields; a bad token URL is refused.
    await expect.poll(() => hook.getByLabel("Token URL").isVisible()).toBe(false);
    await hook.getByLabel("Name").fill("Ledger");
    await hook.getByLabel("URL", { exact: true }).fill("https://hooks.example.com/ledger");
    await hook.getByLabel("OAuth2 bearer token").check();
    await hook.getByLabel("Token URL").fill("ftp://auth.example.com/token");
    await hook.getByLabel("Client ID").fill("ledger-client");
    await hook.getByLabel("Client secret").fill("ledger-secret-value");
    await hook.getByLabel("Scope (optional)").fill("webhooks:write");
    for (const theme of ["light", "dark"]) {
      for (const [size, width, height] of [["desktop", 1280, 800], ["phone", 390, 844]] as const) {
        await page.setViewportSize({ width, height });
        await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
        await screenshot(page, `workspace-webhooks-oauth2-form-${size}-${theme}`);
      }
    }
    await page.evaluate(() => document.documentElement.classList.remove("dark"));
    await page.setViewportSize({ width: 1280, height: 720 });
    await hook.getByRole("button", { name: "Add webhook" }).click();
    await page.getByText("The token URL must be a full https URL").waitFor();
    await hook.getByLabel("OAuth2 bearer token").check();
    await hook.getByLabel("Token URL").fill("https://auth.example.com/oauth/token");
    await hook.getByLabel("Client secret").fill("ledger-secret-value");
    await hook.getByRole("button", { name: "Add webhook" }).click();
    const oauthCard = page.getByTestId("webhook-card").filter({ hasText: "Ledger" });
    await oauthCard.getByText("OAuth2 bearer token (client ledger-client at https://auth.example.com/oauth/token)").waitFor();
    expect(await page.content()).not.toContain("ledger-secret-value");
    await expect.soft(await seriousViolations(page)).toEqual([]);
    // The refused inputs above (a taken group name 409, a bad URL 400, a bad token URL 422) are the only failed loads.
    expect(errors.filter((e) => !/status of (400|409|422)/.test(e))).toEqual([]);
    await context.close();
  });

  it("an admin verifies a domain and sets up single sign-on with the local identity provider; a new person signs in through it and joins", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    const domain = `sso-${Date.now()}-${Math.floor(Math.random() * 1e6)}.test`;
    const adminEmail = `admin@${domain}`;
    await signUpInBrowser(page, adminEmail, "/app/workspace/security");
    await executeSql(stateDir, `UPDATE workspaces SET max_seats = 5 WHERE owner_id = (SELECT id FROM users WHERE email = '${adminEmail}')`);
    await page.goto("/app/workspace/security");
    await waitForHydration(page);

    // The domain: add it, publish its TXT record on the development DNS stand-in, verify.
    await page.getByLabel("Domain").fill(domain);
    await page.getByRole("button", { name: "Add domain" }).click();
    const row = page.getByTestId("domain-row").filter({ hasText: domain });
    await row.getByTestId("txt-value").waitFor();
    const [txtName, txtValue] = [await row.getByTestId("txt-name").textContent(), await row.getByTestId("txt-value").textContent()];
    await page.goto("/dev/dns");
    await waitForHydration(page);
    await page.getByLabel("Name").fill(txtName!);
    await page.getByLabel("TXT value").fill(txtValue!);
    await page.getByRole("button", { name: "Add TXT record" }).click();
    await page.getByTestId("dns-record").filter({ hasText: txtName! }).waitFor();
    await page.goto("/app/workspace/security");
    await waitForHydration(page);
    await page.getByTestId("domain-row").filter({ hasText: domain }).getByRole("button", { name: "Verify" }).click();
    await page
      .getByText(`${domain} is verified.`)
      .waitFor()
      .catch(async (error) => {
        throw new Error(`${error}\n${await page.locator("main").innerText()}`);
      });

    // The identity provider: the development stand-in, then automatic provisioning.
    const idp = page.getByTestId("identity-provider-form");
    await idp.getByLabel("Issuer or discovery URL").fill((await page.getByTestId("dev-issuer").textContent())!);
    await idp.getByLabel("Client ID").fill("parlance-dev");
    await idp.getByLabel("Client secret").fill("parlance-dev-secret");
    await idp.getByRole("button", { name: "Add identity provider" }).click();
    await page.getByTestId("sso-options-form").waitFor();
    await page.getByLabel("Provision users automatically").check();
    await page.getByRole("button", { name: "Save sign-in rules" }).click();
    await expect.poll(() => page.getByTestId("sso-options-form").textContent()).toContain(`by ${adminEmail}`);
    await screenshotsOf(page, "/app/workspace/security", "workspace-security");
    await expect.soft(await seriousViolations(page)).toEqual([]);
    await expect.soft(await darkViolations(page, "/app/workspace/security")).toEqual([]);

    // A new person on the domain: Continue with SSO, the provider's login form, back signed in as a member.
    const visitor = await newPage(browser(), baseUrl);
    const newcomer = `grace@${domain}`;
    await continueWithSso(visitor.page, newcomer);
    await visitor.page.getByTestId("dev-idp-form").waitFor();
    await expect(visitor.page.getByLabel("Email").inputValue()).resolves.toBe(newcomer);
    await visitor.page.getByLabel("Name").fill("Grace Hopper");
    await visitor.page.getByRole("button", { name: "Sign in" }).click();
    await waitForSsoArrival(visitor.page);
    const [member] = await executeSql<{ role: string }>(stateDir, `SELECT m.role FROM workspace_members m JOIN users u ON u.id = m.user_id JOIN workspaces w ON w.id = m.workspace_id JOIN users o ON o.id = w.owner_id WHERE u.email = '${newcomer}' AND o.email = '${adminEmail}'`);
    expect(member?.role).toBe("editor");
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();
    // The TXT lookup before publishing is not part of this journey: no refused loads here.
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);

  it("the owner invites a team from a CSV (the bad line listed), hands the workspace to an admin, and turns a notification off", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    const ownerEmail = uniqueEmail("wa-owner");
    const adminEmail = uniqueEmail("wa-next-owner");
    await signUpInBrowser(page, ownerEmail, "/app/workspace/members");
    // Five seats, as a plan would give, and an admin member beside the owner: an operator's SQL.
    await signUpOverHttp(baseUrl, adminEmail);
    const [workspace] = await executeSql<{ id: string }>(stateDir, `SELECT w.id FROM workspaces w JOIN users u ON u.id = w.owner_id WHERE u.email = '${ownerEmail}'`);
    await executeSql(stateDir, `UPDATE workspaces SET max_seats = 5 WHERE id = '${workspace!.id}'`);
    await executeSql(stateDir, `INSERT INTO workspace_members (workspace_id, user_id, role) SELECT '${workspace!.id}', id, 'admin' FROM users WHERE email = '${adminEmail}'`);
    await page.goto("/app/workspace/members");
    await waitForHydration(page);

    const [ana, bo] = [uniqueEmail("wa-csv-ana"), uniqueEmail("wa-csv-bo")];
    await page.getByLabel("Or paste the lines").fill(`email,role\n${ana},editor\nnot-an-address,editor\n${bo},admin`);
    await page.getByRole("button", { name: "Invite from CSV" }).click();
    const bad = page.getByTestId("bulk-invite-error");
    await bad.first().waitFor();
    await expect(bad.allTextContents()).resolves.toEqual(["3not-an-addressNot a valid e-mail address."]);
    await expect.poll(() => page.getByTestId("invite").allTextContents()).toEqual([expect.stringContaining(ana), expect.stringContaining(bo)]);
    await expect(page.getByTestId("seat-count").textContent()).resolves.toBe("4 of 5 seats used");
    await screenshot(page, "workspace-members-bulk-desktop-light");
    await expect.soft(await seriousViolations(page)).toEqual([]);

    // Ownership: the owner confirms in a dialog, then stays as an admin.
    await page.getByTestId("member").filter({ hasText: adminEmail }).getByRole("link", { name: "Make owner" }).click();
    const dialog = page.getByTestId("transfer-dialog");
    await dialog.waitFor();
    await screenshot(page, "workspace-members-transfer-desktop-light", { fullPage: false });
    await dialog.getByRole("button", { name: "Transfer ownership" }).click();
    await page.getByText(`${adminEmail} now owns this workspace. You are an admin.`).waitFor();
    // The notice can show before the members list's new data has landed: wait for the list to say it.
    await expect.poll(() => page.getByTestId("member").filter({ hasText: adminEmail }).textContent()).toContain("Owner");
    await expect.poll(() => page.getByTestId("member").filter({ hasText: ownerEmail }).textContent()).toContain("Admin");
    await expect.poll(() => page.getByRole("link", { name: "Make owner" }).count()).toBe(0);
    await screenshotsOf(page, "/app/workspace/members", "workspace-members");

    // Notification preferences on the settings page.
    await page.goto("/app/settings");
    await waitForHydration(page);
    const preferences = page.getByTestId("notification-preferences");
    await preferences.getByLabel("Dubs finished or failed").uncheck();
    await preferences.getByRole("button", { name: "Save notification preferences" }).click();
    await page.getByText("Notification preferences saved.").waitFor();
    await expect(page.getByTestId("notification-preferences").getByLabel("Dubs finished or failed").isChecked()).resolves.toBe(false);
    await screenshot(page, "settings-notifications-desktop-light");
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it("an admin limits the voice library, shares an invite link that a newcomer joins by, and requires two-factor sign-in", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    const adminEmail = uniqueEmail("wa-2fa-admin");
    await signUpInBrowser(page, adminEmail, "/app/workspace/voice-library");
    await executeSql(stateDir, `UPDATE workspaces SET max_seats = 5 WHERE owner_id = (SELECT id FROM users WHERE email = '${adminEmail}')`);

    // Members may no longer add library voices.
    const library = page.getByTestId("voice-library-settings-form");
    await library.getByLabel("Members may add voices from the library").uncheck();
    await library.getByRole("button", { name: "Save voice library settings" }).click();
    await page.getByText("Voice library settings saved.").waitFor();
    await screenshotsOf(page, "/app/workspace/voice-library", "workspace-voice-library");

    // The invite link, shown once; a newcomer signs up and joins through it as an editor.
    await page.goto("/app/workspace/members");
    await waitForHydration(page);
    await page.getByTestId("invite-link-form").getByRole("button", { name: "Make a link" }).click();
    const link = (await page.getByTestId("new-invite-link-value").textContent())!;
    expect(link).toMatch(/\/app\/settings\/workspace-invites\?join_code=[0-9a-f]{48}$/);
    await page.getByTestId("invite-link-state").filter({ hasText: "A link is active" }).waitFor();
    await screenshot(page, "workspace-members-invite-link-desktop-light");
    const newcomer = await newPage(browser(), baseUrl);
    const newcomerEmail = uniqueEmail("wa-link-newcomer");
    await signUpInBrowser(newcomer.page, newcomerEmail);
    await newcomer.page.goto(new URL(link).pathname + new URL(link).search);
    await newcomer.page.getByTestId("invite-link-join").getByRole("button", { name: "Join workspace" }).click();
    await newcomer.page.waitForURL((url) => url.pathname === "/app/home");
    await waitForHydration(newcomer.page);
    // An editor's sidebar leaves out what only admins (or the settings permission) may open.
    const nav = newcomer.page.getByRole("navigation", { name: "App" });
    await expect(nav.getByRole("link", { name: "Members" }).count()).resolves.toBe(1);
    await expect(nav.getByRole("link", { name: "Security" }).count()).resolves.toBe(0);
    await expect(nav.getByRole("link", { name: "Library settings" }).count()).resolves.toBe(0);
    await newcomer.page.goto("/app/voice-library");
    await newcomer.page.getByTestId("library-adding-off").waitFor();

    // Two-factor sign-in: the admin adds an authenticator first, then requires one of every member.
    await page.goto("/app/settings?dialog=add-two-factor");
    await waitForHydration(page);
    const dialog = page.getByTestId("two-factor-dialog");
    await dialog.getByRole("button", { name: "Get a setup key" }).click();
    const secret = (await dialog.getByTestId("totp-secret").textContent())!.trim();
    await dialog.getByLabel("Code from the app").fill(await totpCode(secret, Math.floor(Date.now() / 1000)));
    await dialog.getByRole("button", { name: "Turn on" }).click();
    await dialog.getByTestId("backup-codes").waitFor();
    await page.goto("/app/workspace/security");
    await waitForHydration(page);
    const policy = page.getByTestId("two-factor-policy-form");
    await policy.getByLabel("Require two-factor sign-in").check();
    await policy.getByRole("button", { name: "Save two-factor requirement" }).click();
    await page.getByText("Two-factor sign-in is now required of every member.").waitFor();
    await policy.getByRole("button", { name: "Save two-factor requirement" }).and(page.locator(":enabled")).waitFor();
    await page.getByText("Required", { exact: true }).waitFor();
    await expect(page.getByTestId("members-without-two-factor").textContent()).resolves.toContain(newcomerEmail);
    await screenshot(page, "workspace-security-two-factor-desktop-light");
    await expect.soft(await seriousViolations(page)).toEqual([]);

    // The newcomer, without a factor, is sent to set one up wherever they go.
    await newcomer.page.goto("/app/speech-synthesis/text-to-speech");
    await newcomer.page.waitForURL((url) => url.pathname === "/app/settings" && url.searchParams.get("dialog") === "add-two-factor");
    await newcomer.page.getByTestId("two-factor-required").waitFor();
    // Its sidebar offers only what stays open: settings and invites (read from the page: the open dialog hides the rest from the accessibility tree).
    await expect(newcomer.page.locator('nav[aria-label="App"] a').allTextContents()).resolves.toEqual(["Invites", "Settings"]);
    await screenshot(newcomer.page, "settings-two-factor-required-desktop-light");
    expect(newcomer.errors).toEqual([]);
    await newcomer.context.close();
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});
