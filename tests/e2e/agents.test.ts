import { describe, expect, inject, it } from "vitest";
import { newPage, screenshot, screenshotsOf, signUpInBrowser, sharedBrowser, waitForHydration } from "./browser";
import { serveFetchHandler, uniqueEmail } from "./http";
import { mcpTestServer } from "../agents/mcp-server";

const baseUrl = inject("baseUrl");
const browser = sharedBrowser();

describe("conversational agents journey", () => {
  it("creates an agent with a knowledge document, chats by text and hears the answer, then finds the conversation in history", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("agents"), "/app/conversational-ai/agents");
    await waitForHydration(page);
    await page.getByLabel("Name").fill("Bakery helper");
    await page.getByLabel("First message").fill("Hello, welcome to the bakery.");
    await page.getByRole("button", { name: "Create agent" }).click();
    await page.waitForURL(/\/app\/conversational-ai\/agents\/agent_/);
    await waitForHydration(page);
    const agentPath = new URL(page.url()).pathname;
    await expect(page.getByText("Retrieval responder (not a language model)").first().isVisible()).resolves.toBe(true);

    await page.getByRole("tab", { name: "Knowledge" }).click();
    await page.getByLabel("Document name").fill("Bakery facts");
    await page.getByLabel("Text").fill("Our sourdough bread is baked every morning at five.\n\nThe bakery is closed on Mondays.");
    await page.getByRole("button", { name: "Add document" }).click();
    await page.getByTestId("agent-documents").getByText("Bakery facts").waitFor();

    await page.getByRole("tab", { name: "Talk" }).click();
    await page.getByRole("button", { name: "Start a call" }).click();
    const transcript = page.getByTestId("talk-transcript");
    await transcript.getByText("Hello, welcome to the bakery.").waitFor({ timeout: 15_000 });
    await page.getByLabel("Message to the agent").fill("When is the sourdough bread baked?");
    await page.getByRole("button", { name: "Send" }).click();
    await transcript.getByText("Our sourdough bread is baked every morning at five.").waitFor({ timeout: 15_000 });
    // Spoken aloud: the agent's audio plays (the badge says so while it does).
    await page.getByText("Speaking", { exact: true }).waitFor({ timeout: 15_000 });
    await screenshot(page, "agents-talk");
    await page.getByRole("button", { name: "End call" }).click();
    await page.getByRole("button", { name: "Start a new call" }).waitFor();

    // The conversation is saved when the call ends.
    let found = false;
    for (let i = 0; i < 20 && !found; i++) {
      await page.goto(`${agentPath}?tab=history`);
      await waitForHydration(page);
      found = (await page.getByTestId("conversation-card").count()) > 0;
      if (!found) await page.waitForTimeout(500);
    }
    const card = page.getByTestId("conversation-card").first();
    await expect(card.getByTestId("conversation-transcript").textContent()).resolves.toContain("When is the sourdough bread baked?");
    await expect(card.locator("audio").count()).resolves.toBe(1);
    // A member raises a triage ticket from the conversation; it is listed among the agent's open tickets (decision 0095).
    await card.getByLabel("What went wrong").fill("The answer should name the baking hours.");
    await card.getByLabel("Priority").selectOption("high");
    await card.getByRole("button", { name: "Raise a ticket" }).click();
    await page.getByText("Ticket “The answer should name the baking hours.” raised.").waitFor();
    // The notice is the action's answer; the list follows once the page's data is read again.
    await page.getByTestId("open-ticket").filter({ hasText: "The answer should name the baking hours." }).waitFor();
    expect(errors).toEqual([]);
    for (const tab of ["agent", "knowledge", "history"]) await screenshotsOf(page, `${agentPath}?tab=${tab}`, `agents-${tab}`);
    await screenshotsOf(page, "/app/conversational-ai/agents", "agents-list");

    // The knowledge base lists the document with its agent; an uploaded file is given to the agent from its row.
    await page.goto(`${baseUrl}/app/conversational-ai/knowledge-base`);
    await waitForHydration(page);
    const bakeryRow = page.getByTestId("knowledge-document-row").filter({ hasText: "Bakery facts" });
    await expect(bakeryRow.getByRole("link", { name: "Bakery helper" }).count()).resolves.toBe(1);
    await page.getByLabel("File").setInputFiles({ name: "opening-hours.txt", mimeType: "text/plain", buffer: Buffer.from("The bakery opens at seven on Saturdays.") });
    await page.getByRole("button", { name: "Upload" }).click();
    const fileRow = page.getByTestId("knowledge-document-row").filter({ hasText: "opening-hours.txt" });
    await fileRow.waitFor();
    await fileRow.getByRole("button", { name: "Add to agent" }).click();
    await page.getByText("Added “opening-hours.txt” to the agent").waitFor();
    // The notice can show before the list's new data has landed: wait for the row to name its agent.
    await expect.poll(() => fileRow.getByRole("link", { name: "Bakery helper" }).count()).toBe(1);
    expect(errors).toEqual([]);
    await screenshotsOf(page, "/app/conversational-ai/knowledge-base", "agents-knowledge-base");

    // A webhook tool is added and listed; opening it shows its calls (none yet).
    await page.goto(`${baseUrl}/app/conversational-ai/tools`);
    await waitForHydration(page);
    await page.getByLabel("Name", { exact: true }).fill("check_order");
    await page.getByLabel("Description").fill("Looks up a bread order");
    await page.getByLabel("URL", { exact: true }).fill("https://bakery.example/orders");
    await page.getByRole("button", { name: "Add tool" }).click();
    await page.getByText("Added the tool “check_order”.").waitFor();
    await page.getByTestId("tool-row").getByRole("link", { name: "check_order", exact: true }).click();
    await page.getByTestId("tool-calls-dialog").getByText("No calls yet", { exact: false }).waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("tool-calls-dialog").waitFor({ state: "detached" });
    await screenshotsOf(page, "/app/conversational-ai/tools", "agents-tools");

    // Its headers edited in the dialog: a typed header is saved, and shown again when the dialog opens next.
    await page.getByRole("link", { name: "Edit check_order" }).click();
    const editTool = page.getByTestId("edit-tool-dialog");
    await editTool.getByLabel("Header 1 name").fill("Accept");
    await editTool.getByLabel("Header 1 value", { exact: true }).fill("application/json");
    await screenshotsOf(page, page.url(), "agents-tool-headers");
    await editTool.getByLabel("Header 1 name").fill("Accept");
    await editTool.getByLabel("Header 1 value", { exact: true }).fill("application/json");
    await editTool.getByLabel("Body parameters (JSON schema)").fill('{"type": "object", "properties": {"order_id": {"type": "string"}}}');
    await editTool.getByRole("button", { name: "Save" }).click();
    await page.getByText("Saved the tool “check_order”.").waitFor();
    await page.getByRole("link", { name: "Edit check_order" }).click();
    await expect(page.getByTestId("edit-tool-dialog").getByLabel("Header 1 value", { exact: true }).inputValue()).resolves.toBe("application/json");
    await expect(page.getByTestId("edit-tool-dialog").getByLabel("Body parameters (JSON schema)").inputValue()).resolves.toContain('"order_id"');
    await page.keyboard.press("Escape");

    // A response test is added and run against the agent: the verdict shows with its reason.
    await page.goto(`${baseUrl}/app/conversational-ai/tests`);
    await waitForHydration(page);
    await page.getByLabel("Name", { exact: true }).fill("Sourdough time");
    await page.getByLabel("User's message").fill("When is the sourdough bread baked?");
    await page.getByLabel("Success condition").fill("Says when the sourdough bread is baked");
    await page.getByLabel("A good answer (optional)").fill("Our sourdough bread is baked every morning at five.");
    await page.getByRole("button", { name: "Add test" }).click();
    const testRow = page.getByTestId("agent-test-row").filter({ hasText: "Sourdough time" });
    await testRow.getByRole("button", { name: "Run", exact: true }).click();
    await page.getByTestId("test-run-status").getByText("Passed").waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await screenshotsOf(page, "/app/conversational-ai/tests", "agents-tests");

    // A secret is stored and listed by name, its value never shown again; nothing uses it, so it is deleted.
    await page.goto(`${baseUrl}/app/conversational-ai/settings`);
    await waitForHydration(page);
    await page.getByLabel("Name", { exact: true }).fill("Bakery orders key");
    await page.getByLabel("Value", { exact: true }).fill("sk-bakery-do-not-show");
    await page.getByRole("button", { name: "Add secret" }).click();
    await page.getByText("Stored the secret “Bakery orders key”.", { exact: false }).waitFor();
    const secretRow = page.getByTestId("secret-row").filter({ hasText: "Bakery orders key" });
    await secretRow.getByText("Nothing", { exact: true }).waitFor();
    await expect(page.getByLabel("Value", { exact: true }).inputValue()).resolves.toBe("");
    await expect(page.content()).resolves.not.toContain("sk-bakery-do-not-show");
    await screenshotsOf(page, "/app/conversational-ai/settings", "agents-settings");
    await secretRow.getByRole("button", { name: "Delete Bakery orders key" }).click();
    await page.getByText("Deleted the secret.").waitFor();
    await expect.poll(() => page.getByTestId("secret-row").count()).toBe(0);

    // The Branches tab: a branch from main's version, proposed back into main (decision 0094).
    await page.goto(`${baseUrl}${agentPath}?tab=branches`);
    await waitForHydration(page);
    const newBranch = page.getByTestId("new-branch-form");
    await newBranch.getByLabel("Branch name").fill("Sunday hours");
    await newBranch.getByLabel("Branch description").fill("Open on Sundays too");
    await newBranch.getByRole("button", { name: "Create branch" }).click();
    await page.getByText("Created the branch “Sunday hours”.").waitFor();
    await expect.poll(() => page.getByTestId("branch-row").count()).toBe(2);
    const propose = page.getByTestId("propose-form");
    await propose.getByLabel("Branch").selectOption({ label: "Sunday hours" });
    await propose.getByLabel("Proposal title").fill("Open on Sundays");
    await propose.getByLabel("Proposal description").fill("Customers asked for it.");
    await propose.getByRole("button", { name: "Open proposal" }).click();
    await page.getByTestId("merge-proposal").getByText("Customers asked for it.").waitFor();
    expect(errors).toEqual([]);
    await screenshotsOf(page, `${agentPath}?tab=branches`, "agents-branches");
    await context.close();
  }, 150_000);

  it("adds an MCP server, gives it to an agent, and the agent calls its tool once the user approves in the talk panel", async () => {
    // An MCP server on this machine (allowed in development): tests/agents/mcp-server.ts over Streamable HTTP.
    const mcp = await serveFetchHandler(mcpTestServer());
    const { context, page, errors } = await newPage(browser(), baseUrl);
    try {
      await signUpInBrowser(page, uniqueEmail("agents-mcp"), "/app/conversational-ai/agents");
      await waitForHydration(page);
      await page.getByLabel("Name").fill("Weather desk");
      await page.getByLabel("First message").fill("Ask me about the weather.");
      await page.getByRole("button", { name: "Create agent" }).click();
      await page.waitForURL(/\/app\/conversational-ai\/agents\/agent_/);
      const agentPath = new URL(page.url()).pathname;

      await page.goto(`${baseUrl}/app/conversational-ai/mcp-servers`);
      await waitForHydration(page);
      const add = page.getByTestId("add-mcp-form");
      await add.getByLabel("Name").fill("Forecasts");
      await add.getByLabel("Server URL").fill(`${mcp.url}/mcp`);
      await add.getByRole("button", { name: "Add server" }).click();
      await page.getByText("Added the MCP server “Forecasts”.").waitFor();
      await page.getByTestId("mcp-server-row").getByRole("link", { name: "Forecasts" }).click();
      const tools = page.getByTestId("mcp-tools-dialog");
      await tools.getByTestId("mcp-tool").first().waitFor();
      await expect(tools.getByTestId("mcp-tool").allTextContents()).resolves.toEqual([expect.stringContaining("get_weather"), expect.stringContaining("add"), expect.stringContaining("ledger"), expect.stringContaining("slow")]);
      await page.keyboard.press("Escape");

      await page.goto(`${baseUrl}${agentPath}?tab=tools`);
      await waitForHydration(page);
      await page.getByRole("checkbox", { name: /Forecasts/ }).check();
      await page.getByRole("button", { name: "Save tools" }).click();
      await page.getByText("Saved the agent's tools.").waitFor();

      // The embedded responder chooses get_weather from the words; the server asks first (its default policy).
      await page.getByRole("tab", { name: "Talk" }).click();
      await page.getByRole("button", { name: "Start a call" }).click();
      const transcript = page.getByTestId("talk-transcript");
      await transcript.getByText("Ask me about the weather.").waitFor({ timeout: 15_000 });
      await page.getByLabel("Message to the agent").fill("What is the weather in Rome?");
      await page.getByRole("button", { name: "Send" }).click();
      const approval = page.getByTestId("tool-approval");
      await approval.getByText("The agent asks to use the tool get_weather").waitFor({ timeout: 15_000 });
      await expect(approval.textContent()).resolves.toContain('"city": "Rome"');
      await screenshot(page, "agents-mcp-approval");
      await approval.getByRole("button", { name: "Approve" }).click();
      await transcript.getByText("Rain all week in Rome.").waitFor({ timeout: 15_000 });
      await transcript.getByText("Used get_weather").waitFor();
      await page.getByRole("button", { name: "End call" }).click();
      expect(await (await fetch(`${mcp.url}/mcp-calls`)).json()).toEqual([{ tool: "get_weather", arguments: { city: "Rome" } }]);
      expect(errors).toEqual([]);
      await screenshotsOf(page, "/app/conversational-ai/mcp-servers", "agents-mcp-servers");
      await screenshotsOf(page, `${agentPath}?tab=tools`, "agents-tools-tab");
    } finally {
      await context.close();
      await mcp.close();
    }
  });

  it("imports a phone number, assigns the agent and places a test call, then starts a batch from a CSV", async () => {
    const { context, page, errors } = await newPage(browser(), baseUrl);
    await signUpInBrowser(page, uniqueEmail("agents-phone"), "/app/conversational-ai/agents");
    await waitForHydration(page);
    await page.getByLabel("Name").fill("Phone helper");
    await page.getByRole("button", { name: "Create agent" }).click();
    await page.waitForURL(/\/app\/conversational-ai\/agents\/agent_/);

    await page.goto(`${baseUrl}/app/conversational-ai/phone-numbers`);
    await waitForHydration(page);
    // In development the stand-in's account is filled in.
    await page.getByLabel("Label").fill("Front desk");
    await page.getByRole("button", { name: "Import number" }).click();
    const row = page.getByTestId("phone-number-row").first();
    await row.getByText("+15005550006", { exact: true }).waitFor();
    await row.getByTestId("assign-agent").click();
    await page.getByRole("option", { name: "Phone helper" }).click();
    await row.getByRole("button", { name: "Assign" }).click();
    await expect.poll(() => row.getByRole("button", { name: "Call" }).isEnabled(), { timeout: 10_000 }).toBe(true);
    await row.getByLabel(/Number to call/).fill("+14155550123");
    await row.getByRole("button", { name: "Call" }).click();
    await page.getByText("Calling +14155550123.").waitFor();
    await screenshot(page, "agents-phone-numbers");

    await page.goto(`${baseUrl}/app/conversational-ai/batch-calling`);
    await waitForHydration(page);
    await page.getByLabel("Name").fill("Reminders");
    await page.getByLabel("Recipients", { exact: true }).fill("phone_number,name\n+14155550124,Ada\n+15005550004,Busy");
    await page.getByRole("button", { name: "Start calling" }).click();
    const batch = page.getByTestId("batch").first();
    await batch.getByText("Reminders").waitFor();
    await expect(batch.getByTestId("recipient-row").count()).resolves.toBe(2);
    // The queue's progress to completed is followed by tests/workers/app/agents.test.ts ("agents-phone"): under load here the
    // calls outlast a browser wait, so the journey checks that the batch started.
    await batch.getByTestId("batch-status").waitFor();
    await screenshot(page, "agents-batch-calling");
    expect(errors).toEqual([]);
    await context.close();
  }, 150_000);
});
