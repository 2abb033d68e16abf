import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { TRY_IT_GLOBAL, TRY_IT_GLOBAL_LIMIT_MESSAGE, TRY_IT_MAX_CHARACTERS, TRY_IT_PER_VISITOR, TRY_IT_VISITOR_LIMIT_MESSAGE, tryItWindowStart } from "../../../app/marketing/rules/try-it";
import { api, createKey, fetcherPost, form, mailedInviteCode, ORIGIN, signUp, verifyEmailOf } from "./helpers";
import { PUBLIC_PAGE_CACHE_CONTROL, publicPaths } from "../../../app/marketing/rules/public-pages";
import { PRODUCT_NAME } from "../../../core/brand";
import { mainMarketingPages, SIGN_IN_PATH } from "../../../app/common/rules/navigation";

describe("try-it", () => {
  const ARIA = "pv01aria000000000000";

  function tryIt(json: unknown, visitor: string, headers: Record<string, string> = { origin: ORIGIN }) {
    return SELF.fetch(`${ORIGIN}/v1/try-it`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-parlance-client-ip": visitor, ...headers },
      body: JSON.stringify(json),
    });
  }
  async function rows(table: string): Promise<number> {
    return (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<number>("n")) ?? 0;
  }

  describe("try-it box for visitors", () => {
    it("speaks a short text for a visitor, charging nobody and keeping nothing", async () => {
      const before = await rows("history_items");
      const response = await tryIt({ text: "Hello from the home page.", voice_id: ARIA }, "203.0.113.1");
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("audio/mpeg");
      expect(response.headers.get("cache-control")).toBe("no-store");
      const audio = new Uint8Array(await response.arrayBuffer());
      expect(audio.byteLength).toBeGreaterThan(1000);
      expect(audio[0] === 0xff || String.fromCharCode(...audio.slice(0, 3)) === "ID3").toBe(true);
      expect(await rows("history_items")).toBe(before);
    });

    it("works only from this site's own pages", async () => {
      expect((await tryIt({ text: "Hi", voice_id: ARIA }, "203.0.113.2", {})).status).toBe(403);
      expect((await tryIt({ text: "Hi", voice_id: ARIA }, "203.0.113.2", { origin: "https://elsewhere.example" })).status).toBe(403);
    });

    it("refuses long text and unknown voices", async () => {
      expect((await tryIt({ text: "a".repeat(TRY_IT_MAX_CHARACTERS + 1), voice_id: ARIA }, "203.0.113.3")).status).toBe(422);
      expect((await tryIt({ text: "   ", voice_id: ARIA }, "203.0.113.3")).status).toBe(422);
      expect((await tryIt({ text: "Hi", voice_id: "nope" }, "203.0.113.3")).status).toBe(404);
    });

    it("limits each visitor per hour, with a clear message, without affecting others", async () => {
      for (let i = 0; i < TRY_IT_PER_VISITOR - 1; i++) expect((await tryIt({ text: "Hi.", voice_id: ARIA }, "198.51.100.7")).status).toBe(200);
      expect((await tryIt({ text: "Hi.", voice_id: ARIA }, "198.51.100.7")).status).toBe(200);
      const refused = await tryIt({ text: "Hi.", voice_id: ARIA }, "198.51.100.7");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({ detail: { status: "rate_limit_exceeded", message: TRY_IT_VISITOR_LIMIT_MESSAGE } });
      expect((await tryIt({ text: "Hi.", voice_id: ARIA }, "198.51.100.8")).status).toBe(200);
    });

    it("limits the whole site per hour", async () => {
      const windowStart = tryItWindowStart(Math.floor(Date.now() / 1000));
      await env.DB.prepare("INSERT INTO rate_counters (key, window_start, count) VALUES ('try-it:global', ?, ?) ON CONFLICT DO UPDATE SET count = excluded.count")
        .bind(windowStart, TRY_IT_GLOBAL)
        .run();
      const refused = await tryIt({ text: "Hi.", voice_id: ARIA }, "192.0.2.99");
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { detail: { message: string } }).detail.message).toBe(TRY_IT_GLOBAL_LIMIT_MESSAGE);
    });
  });
});

describe("public-site", () => {
  const NONCE = { "x-parlance-csp-nonce": "fixednonce" };

  describe("public site: cacheable at the edge, the same for everyone", () => {
    it.each(publicPaths())("%s is public, cacheable, and carries canonical and Open Graph tags", async (path) => {
      const response = await SELF.fetch(ORIGIN + path, { headers: NONCE });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
      expect(response.headers.has("set-cookie")).toBe(false);
      const html = await response.text();
      expect(html).toContain(`<link rel="canonical" href="${new URL(path, ORIGIN).toString()}"/>`);
      expect(html).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
      expect(html).toMatch(/<meta name="description" content="[^"]+"\/>/);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
    });

    it("renders a public page identically for a signed-in visitor: nothing of theirs can enter the cache", async () => {
      const email = "cache-leak@example.com";
      const cookie = await signUp(email);
      for (const path of ["/", "/pricing", "/languages/english"]) {
        const anonymous = await (await SELF.fetch(ORIGIN + path, { headers: NONCE })).text();
        const signedIn = await SELF.fetch(ORIGIN + path, { headers: { ...NONCE, cookie } });
        expect(signedIn.headers.get("cache-control")).toBe(PUBLIC_PAGE_CACHE_CONTROL);
        const html = await signedIn.text();
        expect(html).not.toContain(email);
        expect(html).toBe(anonymous);
      }
    });

    it("marks app pages personal, never cacheable", async () => {
      const cookie = await signUp("private-pages@example.com");
      for (const path of ["/app/home", "/app/settings"]) {
        const response = await SELF.fetch(ORIGIN + path, { headers: { cookie }, redirect: "manual" });
        expect(response.status, path).toBe(200);
        expect(response.headers.get("cache-control"), path).toBe("private, no-store");
      }
      expect((await SELF.fetch(`${ORIGIN}/app/sign-in`)).headers.get("cache-control")).toBe("private, no-store");
    });

    it("serves sitemap.xml with every public page, and robots.txt pointing to it", async () => {
      const sitemap = await SELF.fetch(`${ORIGIN}/sitemap.xml`);
      expect(sitemap.headers.get("content-type")).toContain("application/xml");
      const xml = await sitemap.text();
      for (const path of publicPaths()) expect(xml).toContain(`<loc>${new URL(path, ORIGIN).toString()}</loc>`);
      const robots = await (await SELF.fetch(`${ORIGIN}/robots.txt`)).text();
      expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
      expect(robots).toContain("Disallow: /app/");
    });

    it("/sound-effects is a public page that says its engine is procedural audio", async () => {
      const response = await SELF.fetch(`${ORIGIN}/sound-effects`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("not a generative model");
    });

    it("/voice-isolator is a public page that says which engine it runs", async () => {
      const response = await SELF.fetch(`${ORIGIN}/voice-isolator`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("RNNoise");
    });

    it("/voice-cloning is a public page that says what the embedded clone matches", async () => {
      const response = await SELF.fetch(`${ORIGIN}/voice-cloning`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("not the voice itself");
    });

    it("/voice-changer is a public page that says its method and limits", async () => {
      const response = await SELF.fetch(`${ORIGIN}/voice-changer`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("not a neural voice model");
    });

    it("/studio describes Studio with the audiobook store's loudness range from the rules", async () => {
      const response = await SELF.fetch(`${ORIGIN}/studio`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/-23(<!-- -->)? to (<!-- -->)?-18(<!-- -->)? dB RMS/);
      expect(html).toContain("espeak-ng formant synthesis");
    });

    it("/dubbing is a public page naming its engines and the languages this deployment dubs into", async () => {
      const response = await SELF.fetch(`${ORIGIN}/dubbing`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("PocketSphinx");
      // The languages come from the engine catalog: the embedded translator and speech engine reach Spanish.
      expect(html).toMatch(/From (<!-- -->)?English[^<]*(<!-- -->)? \(or detected automatically\) into (<!-- -->)?[^<]*Spanish/);
    });

    it("the header lists the main pages in the served HTML twice: the wide screens' nav and the phones' <details> menu, which needs no script", async () => {
      const html = await (await SELF.fetch(`${ORIGIN}/pricing`, { headers: NONCE })).text();
      const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
      const navs = [...header.matchAll(/<nav aria-label="Main"[^>]*>(.*?)<\/nav>/g)].map((nav) => [...nav[1].matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((a) => [a[1], a[2]]));
      const expected = mainMarketingPages().map((page) => [page.to, page.label]);
      // The phones' menu also holds "Sign in", which the header itself shows only on wide screens.
      expect(navs).toEqual([expected, [...expected, [SIGN_IN_PATH, "Sign in"]]]);
      expect(header).toMatch(/<details[^>]*data-testid="site-menu"[^>]*><summary aria-label="Menu"/);
      expect(header).toMatch(/<a [^>]*aria-current="page"[^>]*href="\/pricing"|<a [^>]*href="\/pricing"[^>]*aria-current="page"/);
    });

    it.each(["/app/sign-in", "/app/sign-up", "/app/reset-password"])("%s has no site header; its logo and 'Back to home' lead home", async (path) => {
      const html = await (await SELF.fetch(ORIGIN + path, { headers: NONCE })).text();
      expect(html).toMatch(/<a [^>]*href="\/"[^>]*data-testid="back-to-home"|<a [^>]*data-testid="back-to-home"[^>]*href="\/"/);
      expect(html).toMatch(new RegExp(`<a [^>]*href="/"[^>]*>(?:(?!</a>).)*${PRODUCT_NAME}</span></a>`));
      expect(html).not.toContain('data-testid="site-menu"');
    });
  });
});

describe("home-page", () => {
  const ARIA = "pv01aria000000000000";
  let cookie: string;

  async function home(withCookie = cookie): Promise<string> {
    const response = await SELF.fetch(`${ORIGIN}/app/home`, { headers: { cookie: withCookie } });
    expect(response.status).toBe(200);
    return response.text();
  }

  beforeAll(async () => {
    cookie = await signUp("home-page@example.com");
  });

  describe("app home", () => {
    it("shows an empty state before the first generation, with the create entry, credits and shortcuts", async () => {
      const html = await home();
      expect(html).toContain('data-testid="empty-state"');
      expect(html).toContain("Nothing generated yet");
      expect(html).not.toContain('data-testid="recent-generation"');
      expect(html).toContain('data-testid="create-speech"');
      expect(html).toMatch(/role="meter" aria-label="Credits used this billing period"/);
      // Every app section but home itself is a shortcut.
      for (const path of ["/app/speech-synthesis/text-to-speech", "/app/default-voices", "/app/usage", "/app/settings/api-keys", "/app/workspace/members"]) expect(html).toContain(`href="${path}"`);
    });

    it("lists the five latest generations, newest first, each with its play button and voice", async () => {
      for (let i = 1; i <= 7; i++) {
        const response = await api(`/v1/text-to-speech/${ARIA}?output_format=pcm_16000`, { method: "POST", cookie, json: { text: `Recent number ${i}.` } });
        expect(response.status).toBe(200);
        await response.arrayBuffer();
      }
      const html = await home();
      expect(html.match(/data-testid="recent-generation"/g)).toHaveLength(5);
      const shown = [...html.matchAll(/Recent number (\d)\./g)].map((m) => m[1]);
      expect([...new Set(shown)]).toEqual(["7", "6", "5", "4", "3"]);
      expect(html).toContain('aria-label="Play Recent number 7."');
      expect(html).toContain("Aria");
      expect(html).toContain('href="/app/speech-synthesis/text-to-speech/history"');
    });

    it("shows another account nothing of them", async () => {
      const html = await home(await signUp("home-page-other@example.com"));
      expect(html).not.toContain("Recent number");
    });
  });
});

describe("tts-page", () => {
  const ARIA = "pv01aria000000000000";
  const PAGE = `${ORIGIN}/app/speech-synthesis/text-to-speech`;
  let cookie: string;

  async function page(): Promise<string> {
    const response = await SELF.fetch(PAGE, { headers: { cookie } });
    expect(response.status).toBe(200);
    return response.text();
  }
  const LABELS: Record<string, string> = { "slider-speed": "Speed", "slider-stability": "Stability", "slider-similarity": "Similarity", "slider-style-exaggeration": "Style exaggeration" };
  /** The opening tag of the slider's thumb (role="slider", named by its label), as the server rendered it. */
  function control(html: string, id: string): string {
    const tag = html.match(new RegExp(`<span[^>]*role="slider"[^>]*aria-label="${LABELS[id]}"[^>]*>`))?.[0];
    if (!tag) throw new Error(`no control ${id}`);
    return tag;
  }
  const DISABLED = /data-disabled=""/;
  /** Radix sets aria-valuenow once mounted; the server's HTML carries the value as the page reads it out. */
  const value = (v: string) => `aria-valuetext="${Number(v).toFixed(2)}"`;

  beforeAll(async () => {
    cookie = await signUp("tts-page@example.com");
  });

  describe("text-to-speech page: voice settings", () => {
    it("disables the controls the chosen model's engine ignores, with the reason, and leaves the others", async () => {
      const html = await page();
      // The default model is the embedded engine: similarity and speaker boost change nothing there.
      expect(control(html, "slider-similarity")).toMatch(DISABLED);
      expect(control(html, "slider-similarity")).toContain('aria-describedby="setting-similarity-unused"');
      expect(html).toMatch(/id="setting-similarity-unused"[^>]*>(<span[^>]*>)?The embedded engine is formant synthesis \(espeak-ng\): there is no recorded speaker/);
      expect(html).toMatch(/<input type="checkbox"[^>]*disabled=""[^>]*aria-describedby="speaker-boost-unused"/);
      for (const honoured of ["slider-speed", "slider-stability", "slider-style-exaggeration"]) expect(control(html, honoured)).not.toMatch(DISABLED);
    });

    it("starts the sliders from the workspace's saved settings for the voice, and saves them from the page", async () => {
      expect(control(await page(), "slider-stability")).toContain(value("0.5"));
      // Saved through the API ...
      expect((await api(`/v1/voices/${ARIA}/settings/edit`, { method: "POST", cookie, json: { stability: 0.3, style: 0.4 } })).status).toBe(200);
      let html = await page();
      expect(control(html, "slider-stability")).toContain(value("0.3"));
      expect(control(html, "slider-style-exaggeration")).toContain(value("0.4"));
      // ... and from the page's own form.
      const init = form({ intent: "save-voice-settings", voice_id: ARIA, stability: "0.7", similarity_boost: "0.75", style: "0.1", speed: "1.1", use_speaker_boost: "true" });
      const saved = await SELF.fetch(PAGE, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
      expect(saved.status).toBe(200);
      expect(await (await api(`/v1/voices/${ARIA}/settings`, { cookie })).json()).toEqual({ stability: 0.7, similarity_boost: 0.75, style: 0.1, use_speaker_boost: true, speed: 1.1 });
      html = await page();
      expect(control(html, "slider-speed")).toContain(value("1.1"));
      // Another workspace's voice cannot be given settings; values out of range are refused.
      for (const fields of [{ voice_id: "no_such_voice", stability: "0.5" }, { voice_id: ARIA, stability: "2" }]) {
        const bad = form({ intent: "save-voice-settings", similarity_boost: "0.75", style: "0", speed: "1", use_speaker_boost: "true", ...fields });
        const refused = await SELF.fetch(PAGE, { ...bad, headers: { ...(bad.headers as Record<string, string>), cookie } });
        expect(refused.status).toBeGreaterThanOrEqual(400);
        expect(refused.status).toBeLessThan(500);
      }
    });
  });
});

describe("page-actions", () => {
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
});

describe("attribution", () => {
  describe("referral and ad attribution", () => {
    it("attributes a sign-up to the referral code its visitor arrived with", async () => {
      const referrer = await signUp("referrer@example.com");
      const link = ((await (await api("/v1/user/referral-link", { cookie: referrer })).json()) as { referral_link: string }).referral_link;
      const code = new URL(link).searchParams.get("ref")!;
      expect(code).toMatch(/^pub_/);
      await signUp("referred@example.com", { cookie: `other=1; parlance_referral=${code}` });
      const row = await env.DB.prepare("SELECT referred_by FROM users WHERE email = ?").bind("referred@example.com").first<{ referred_by: string | null }>();
      expect(row?.referred_by).toBe(code);
      // A malformed cookie is ignored rather than stored.
      await signUp("not-referred@example.com", { cookie: "parlance_referral=%3Cscript%3E" });
      expect((await env.DB.prepare("SELECT referred_by FROM users WHERE email = ?").bind("not-referred@example.com").first<{ referred_by: string | null }>())?.referred_by).toBeNull();
    });

    it("records the ad parameters a new user reports, validated, for signed-in callers only", async () => {
      const cookie = await signUp("from-an-ad@example.com");
      const body = { email: "from-an-ad@example.com", event_type: "sign_up", gclid: "gclid-123", utm_source: "google", utm_medium: "cpc" };
      expect((await api("/v1/google-ads-visit", { method: "POST", json: body })).status).toBe(401);
      expect((await api("/v1/google-ads-visit", { method: "POST", cookie, json: { ...body, email: "nope" } })).status).toBe(422);
      const ok = await api("/v1/google-ads-visit", { method: "POST", cookie, json: body });
      expect(ok.status).toBe(200);
      const row = await env.DB.prepare("SELECT gclid, utm_medium, event_type FROM ad_visits WHERE email = ?").bind("from-an-ad@example.com").first();
      expect(row).toEqual({ gclid: "gclid-123", utm_medium: "cpc", event_type: "sign_up" });
    });
  });
});
