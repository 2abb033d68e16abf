import { describe, expect, inject, it } from "vitest";
import { newPage, screenshot, seriousViolations, sharedBrowser, signInInBrowser, signUpInBrowser, waitForHydration } from "./browser";
import { executeSql, signUpOverHttp, uniqueEmail } from "./http";
import { THEME_STORAGE_KEY } from "../../app/common/rules/theme";

const baseUrl = inject("baseUrl");
const stateDir = inject("stateDir");
const browser = sharedBrowser();
const ENGINE = `'{"espeakVoice":"en-us","variant":"m3","basePitch":50,"externalVoices":{}}'`;

describe("resource sharing (decision 0039)", () => {
  it("an admin shares a voice with a group; a member of the group sees it, and not before", async () => {
    const admin = await newPage(browser(), baseUrl);
    const adminEmail = uniqueEmail("rs-admin");
    const memberEmail = uniqueEmail("rs-member");
    await signUpInBrowser(admin.page, adminEmail);
    // The member joins the admin's workspace, a group holds them, the admin has a voice: an operator's SQL
    // (the invite, group and cloning journeys have their own tests).
    await signUpOverHttp(baseUrl, memberEmail);
    const [workspace] = await executeSql<{ id: string; owner: string }>(stateDir, `SELECT w.id, w.owner_id AS owner FROM workspaces w JOIN users u ON u.id = w.owner_id WHERE u.email = '${adminEmail}'`);
    const voiceId = `rsvoice${Date.now()}`.slice(0, 20);
    await executeSql(
      stateDir,
      `INSERT INTO workspace_members (workspace_id, user_id, role) SELECT '${workspace!.id}', id, 'editor' FROM users WHERE email = '${memberEmail}';
       UPDATE users SET active_workspace_id = '${workspace!.id}' WHERE email = '${memberEmail}';
       INSERT INTO workspace_groups (id, workspace_id, name) VALUES ('grp_${voiceId}', '${workspace!.id}', 'Narrators');
       INSERT INTO workspace_group_members (group_id, user_id) SELECT 'grp_${voiceId}', id FROM users WHERE email = '${memberEmail}';
       INSERT INTO voices (voice_id, workspace_id, category, name, language, engine, engine_parameters, created_by_user_id) VALUES ('${voiceId}', '${workspace!.id}', 'cloned', 'Harbour narrator', 'en', 'embedded', ${ENGINE}, '${workspace!.owner}');`,
    );

    const member = await newPage(browser(), baseUrl);
    await signInInBrowser(member.page, memberEmail);
    await member.page.waitForURL(/\/app\//);
    await member.page.goto("/app/voice-lab");
    await waitForHydration(member.page);
    await expect(member.page.getByText("Harbour narrator").count()).resolves.toBe(0);

    await admin.page.goto("/app/voice-lab");
    await waitForHydration(admin.page);
    await admin.page.getByRole("button", { name: "Access to Harbour narrator" }).click();
    const dialog = admin.page.getByTestId("resource-access-dialog");
    await dialog.getByTestId("access-list").getByText(adminEmail).waitFor();
    await dialog.getByRole("combobox", { name: "Share with" }).click();
    await admin.page.getByRole("option", { name: "Group: Narrators" }).click();
    await dialog.getByRole("button", { name: "Share", exact: true }).click();
    await expect.poll(() => dialog.getByTestId("access-list").textContent()).toContain("Narrators");
    await expect.soft(await seriousViolations(admin.page)).toEqual([]);
    for (const theme of ["light", "dark"]) {
      await admin.page.evaluate(([key, t]) => localStorage.setItem(key, t), [THEME_STORAGE_KEY, theme] as const);
      for (const [size, width, height] of [["desktop", 1440, 900], ["phone", 375, 812]] as const) {
        await admin.page.setViewportSize({ width, height });
        await admin.page.reload();
        await waitForHydration(admin.page);
        await admin.page.getByRole("button", { name: "Access to Harbour narrator" }).click();
        await admin.page.getByTestId("access-list").getByText("Narrators (Group)").waitFor();
        await screenshot(admin.page, `resource-access-dialog-${size}-${theme}`, { fullPage: false });
      }
    }

    await member.page.reload();
    await waitForHydration(member.page);
    await member.page.getByText("Harbour narrator").first().waitFor();
    await member.page.getByRole("button", { name: "Access to Harbour narrator" }).click();
    await member.page.getByTestId("resource-access-dialog").getByText("You are a viewer here").waitFor();
    expect(admin.errors.concat(member.errors)).toEqual([]);
    await admin.context.close();
    await member.context.close();
  });
});
