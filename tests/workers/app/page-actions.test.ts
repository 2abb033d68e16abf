import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, createKey, fetcherPost, form, mailedInviteCode, ORIGIN, signUp, verifyEmailOf } from "./helpers";

// The pages change things through Remix actions (docs/ARCHITECTURE.md, "How pages talk to the server"): these
// are the actions that took over from the browser's plain /v1 mutations, posted the way useFetcher posts them.

const EVIL = { origin: "https://evil.example" };
const illinois = (cookie: string) => ({ cookie, "x-parlance-biometric-terms": "1" });
const page = async (path: string, headers: Record<string, string>) => (await SELF.fetch(`${ORIGIN}${path}`, { headers })).text();

describe("privacy action (/app/privacy)", () => {
  it("accepts the biometric terms: the gate lifts, with or without JavaScript; never from another origin", async () => {
    const cookie = await signUp("gate-fetcher@example.com");
    expect(await page("/app/home", illinois(cookie))).toContain('data-testid="bipa-gate"');
    const crossSite = await fetcherPost("/app/privacy", { intent: "accept-bipa-terms" }, cookie, EVIL);
    expect(crossSite.status).toBe(403);
    expect(await page("/app/home", illinois(cookie))).toContain('data-testid="bipa-gate"');

    // The gate's form, as its fetcher posts it.
    const accepted = await fetcherPost("/app/privacy", { intent: "accept-bipa-terms" }, cookie);
    expect(accepted).toMatchObject({ status: 200, data: { intent: "accept-bipa-terms", message: null } });
    expect(await page("/app/home", illinois(cookie))).not.toContain('data-testid="bipa-gate"');

    // The same form without JavaScript lands on the privacy page, gate lifted.
    const other = await signUp("gate-document@example.com");
    const init = form({ intent: "accept-bipa-terms" });
    const landed = await SELF.fetch(`${ORIGIN}/app/privacy`, { ...init, headers: { ...(init.headers as Record<string, string>), ...illinois(other) } });
    expect(landed.status).toBe(200);
    const html = await landed.text();
    expect(html).not.toContain('data-testid="bipa-gate"');
    expect(html).toContain("Privacy settings");
  });

  it("switches the training opt-out for admins, refuses editors with the /v1 text, and reads a form without JavaScript", async () => {
    const ownerCookie = await signUp("optout-owner@example.com");
    const editorCookie = await signUp("optout-editor@example.com");
    const ws = (await (await api("/v1/workspace", { cookie: ownerCookie })).json()) as { workspace_id: string };
    await env.DB.prepare("UPDATE workspaces SET max_seats = 3 WHERE id = ?").bind(ws.workspace_id).run();
    expect((await api("/v1/workspace/invites/add", { method: "POST", cookie: ownerCookie, json: { email: "optout-editor@example.com" } })).status).toBe(201);
    // Accepting needs the address verified and the invite e-mail's token (decision 0020).
    await verifyEmailOf("optout-editor@example.com");
    const invite_code = await mailedInviteCode("optout-editor@example.com");
    expect((await api("/v1/workspace/invites/accept", { method: "POST", cookie: editorCookie, json: { workspace_id: ws.workspace_id, invite_code } })).status).toBe(200);
    const optedOut = async () => ((await (await api("/v1/workspace", { cookie: ownerCookie })).json()) as { training_opt_out: { training_opt_out: boolean } }).training_opt_out.training_opt_out;

    const denied = await fetcherPost("/app/privacy", { intent: "training-opt-out", training_opt_out: "true" }, editorCookie);
    expect(denied).toMatchObject({ status: 403, data: { error: { status: 403, message: "Only workspace admins can change this setting." } } });
    expect(await optedOut()).toBe(false);

    expect((await fetcherPost("/app/privacy", { intent: "training-opt-out", training_opt_out: "true" }, ownerCookie, EVIL)).status).toBe(403);
    expect(await optedOut()).toBe(false);

    const on = await fetcherPost("/app/privacy", { intent: "training-opt-out", training_opt_out: "true" }, ownerCookie);
    expect(on).toMatchObject({ status: 200, data: { intent: "training-opt-out", message: "Workspace training opt out setting successfully updated." } });
    expect(await optedOut()).toBe(true);
    expect((await fetcherPost("/app/privacy", { intent: "training-opt-out", training_opt_out: "false" }, ownerCookie)).status).toBe(200);
    expect(await optedOut()).toBe(false);

    // Without JavaScript the form sends its hidden "false" and, when checked, the box's "true" after it.
    const body = new URLSearchParams([["intent", "training-opt-out"], ["training_opt_out", "false"], ["training_opt_out", "true"]]);
    const init = form({});
    const saved = await SELF.fetch(`${ORIGIN}/app/privacy`, { ...init, body, headers: { ...(init.headers as Record<string, string>), cookie: ownerCookie } });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Workspace training opt out setting successfully updated.");
    expect(await optedOut()).toBe(true);

    expect((await fetcherPost("/app/privacy", { intent: "training-opt-out", training_opt_out: "maybe" }, ownerCookie)).status).toBe(400);
    expect((await fetcherPost("/app/privacy", { intent: "nonsense" }, ownerCookie)).status).toBe(400);
  });
});

describe("sharing action (/app/sharing)", () => {
  it("creates an item's link once (a POST, not a GET), in the viewer's workspace only, and saves the public name", async () => {
    const cookie = await signUp("share-action@example.com");
    const key = await createKey(cookie);
    const made = await api("/v1/text-to-speech/pv01aria000000000000", { method: "POST", key, json: { text: "Shared from the dialog." } });
    const id = made.headers.get("history-item-id")!;
    const stranger = await signUp("share-stranger@example.com");

    expect((await fetcherPost("/app/sharing", { intent: "create-link", history_item_id: id }, cookie, EVIL)).status).toBe(403);
    const first = await fetcherPost("/app/sharing", { intent: "create-link", history_item_id: id }, cookie);
    expect(first).toMatchObject({ status: 200, data: { share_link: expect.stringMatching(/^\/share\/[0-9a-f]{32}$/), public_user_name: "" } });
    const again = await fetcherPost("/app/sharing", { intent: "create-link", history_item_id: id }, cookie);
    expect((again.data as { share_link: string }).share_link).toBe((first.data as { share_link: string }).share_link);
    // The API answers the same link.
    expect(((await (await api(`/v1/history/${id}/share-link`, { key })).json()) as { share_link: string }).share_link).toBe((first.data as { share_link: string }).share_link);
    expect(await fetcherPost("/app/sharing", { intent: "create-link", history_item_id: id }, stranger)).toMatchObject({ status: 404, data: { error: { status: 404, message: "History item not found" } } });
    // A GET creates nothing.
    expect((await SELF.fetch(`${ORIGIN}/app/sharing?intent=create-link&history_item_id=${id}`, { headers: { cookie } })).status).toBe(405);

    expect((await fetcherPost("/app/sharing", { intent: "public-name", public_user_name: "Mallory" }, cookie, EVIL)).status).toBe(403);
    expect(await fetcherPost("/app/sharing", { intent: "public-name", public_user_name: "  Speaker One " }, cookie)).toMatchObject({ status: 200, data: { status: "ok" } });
    expect((await fetcherPost("/app/sharing", { intent: "create-link", history_item_id: id }, cookie)).data).toMatchObject({ public_user_name: "Speaker One" });
    expect((await fetcherPost("/app/sharing", { intent: "public-name", public_user_name: "x".repeat(51) }, cookie)).status).toBe(400);
    expect(await fetcherPost("/app/sharing", { intent: "public-name", public_user_name: "" }, cookie)).toMatchObject({ status: 200 });
    expect(((await (await api(`/v1/history/${id}/share-link`, { key })).json()) as { public_user_name: string }).public_user_name).toBe("");
  });
});

describe("onboarding checklist action (/app/onboarding-checklist)", () => {
  it("completes a feature's item once, as POST /v1/user/onboarding/update did", async () => {
    const cookie = await signUp("checklist-action@example.com");
    const complete = (itemId: string, headers: Record<string, string> = {}) => fetcherPost("/app/onboarding-checklist", { intent: "complete", item_id: itemId }, cookie, headers);
    expect((await complete("generate_text_to_speech", EVIL)).status).toBe(403);
    const first = await complete("generate_text_to_speech");
    expect(first).toMatchObject({ status: 200, data: { newly_completed: true, hidden: false } });
    expect((first.data as { items: { onboarding_checklist_item_id: string; is_completed: boolean }[] }).items).toContainEqual({ onboarding_checklist_item_id: "generate_text_to_speech", is_completed: true });
    expect(await complete("generate_text_to_speech")).toMatchObject({ status: 200, data: { newly_completed: false } });
    expect((await complete("nope")).status).toBe(400);
    // The page's own intents still answer.
    expect((await fetcherPost("/app/onboarding-checklist", { intent: "hide" }, cookie)).status).toBe(200);
    expect(await complete("create_dub")).toMatchObject({ data: { newly_completed: true, hidden: true } });
  });
});

describe("dubbing use-cases banner (/app/dubbing)", () => {
  const BANNER = 'data-testid="dubbing-use-cases"';
  const shown = async (cookie: string) => ((await (await api("/v1/user", { cookie })).json()) as { prompts_shown: Record<string, boolean> }).prompts_shown;

  it("is shown until its user closes it, with or without JavaScript, then never again; never closed from another origin", async () => {
    const cookie = await signUp("dub-banner@example.com");
    const html = await page("/app/dubbing", { cookie });
    expect(html).toContain(BANNER);
    expect(html).toContain("What you can dub here");
    // Only what works here: the editor's plan rule for this (free) workspace, the languages from the engines (this
    // project's speech worker has translation and transcription servers configured: many of each).
    expect(html).toContain("from the Starter plan, edit its translation");
    expect(html).toMatch(/On this site: from English, [^<]+ more into [^<]+ more\./);

    expect((await fetcherPost("/app/dubbing?index", { intent: "close-dubbing-use-cases-banner" }, cookie, EVIL)).status).toBe(403);
    expect((await fetcherPost("/app/dubbing?index", { intent: "nonsense" }, cookie)).status).toBe(400);
    expect(await page("/app/dubbing", { cookie })).toContain(BANNER);

    // The close button's form, as its fetcher posts it; the page and GET /v1/user say so from then on.
    expect(await fetcherPost("/app/dubbing?index", { intent: "close-dubbing-use-cases-banner" }, cookie)).toMatchObject({ status: 200, data: { ok: true } });
    expect(await page("/app/dubbing", { cookie })).not.toContain(BANNER);
    expect(await page("/app/dubbing", { cookie })).not.toContain(BANNER);
    expect(await shown(cookie)).toEqual({ long_content_use_projects: false, dubbing_use_cases_banner: true });

    // Another user still sees it, and closes it without JavaScript: the page comes back without it.
    const other = await signUp("dub-banner-document@example.com");
    expect(await page("/app/dubbing", { cookie: other })).toContain(BANNER);
    const init = form({ intent: "close-dubbing-use-cases-banner" });
    const landed = await SELF.fetch(`${ORIGIN}/app/dubbing?index`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie: other } });
    expect(landed.status).toBe(200);
    const after = await landed.text();
    expect(after).not.toContain(BANNER);
    expect(after).toContain('data-testid="new-dub"');
    expect(await page("/app/dubbing", { cookie: other })).not.toContain(BANNER);
    expect((await shown(other)).dubbing_use_cases_banner).toBe(true);
  });
});
