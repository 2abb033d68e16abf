import { createExecutionContext, createMessageBatch, env, getQueueResult, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { stripeClient } from "../../../core/billing/stripe.server";
import { EXTENSION_DAYS, type ProductionKind, QUALIFICATION_TESTS, quoteFor } from "../../../app/productions/rules/productions";
import { wavFile } from "../../../core/audio/wav";
import { api, createKey, fetcherPost, form, ORIGIN, signUp } from "./helpers";
import { ARIA } from "./billing-helpers";
import { VIDEO_MAX_ATTEMPTS, videoKey } from "../../../core/sharing/video";
import { decodeMp3 } from "../../../core/audio/mp3-decoder";
import worker, { type VideoEnv } from "../../../queues/video/index";
import { soundCredits } from "../../../app/sound-effects/rules/sound-effects";
import { levelDb, readVideo, toneDb, toneVideo, withoutSound } from "./voiceover-video";

describe("productions", () => {
  const testEnv = env as unknown as { DB: D1Database; STRIPE_LOCAL: Fetcher };
  const stripe = stripeClient({ STRIPE_LOCAL: testEnv.STRIPE_LOCAL })!;

  /** A page's form posted as the browser does (document request): the status and the page it answers with. */
  async function post(path: string, fields: Record<string, string>, cookie: string): Promise<{ status: number; html: string; location: string | null }> {
    const init = form(fields);
    const response = await SELF.fetch(`${ORIGIN}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie } });
    return { status: response.status, html: await response.text(), location: response.headers.get("location") };
  }

  async function deliver(cookie: string, taskId: string, text = "The finished narration."): Promise<number> {
    const body = new FormData();
    body.set("task_id", taskId);
    body.set("deliverable", new File([text], "chapter-1.txt", { type: "text/plain" }));
    const response = await SELF.fetch(`${ORIGIN}/app/productions/active`, { method: "POST", body, headers: { cookie, origin: ORIGIN, host: new URL(ORIGIN).host }, redirect: "manual" });
    await response.text();
    return response.status;
  }

  let orders = 0;
  /** The customer orders a production; the id of its task, read back as the page lists it. */
  async function order(cookie: string, kind: ProductionKind = "transcript", minutes = 12): Promise<{ taskId: string; title: string }> {
    const title = `Order ${++orders} ${Math.random().toString(36).slice(2, 8)}`;
    const answer = await post("/app/productions?index", { intent: "order", kind, title, minutes: String(minutes), language: "en", instructions: "Verbatim, with speaker names." }, cookie);
    expect(answer.status).toBe(200);
    const row = await testEnv.DB.prepare("SELECT t.id FROM production_tasks t JOIN production_requests r ON r.id = t.request_id WHERE r.title = ?").bind(title).first<{ id: string }>();
    return { taskId: row!.id, title };
  }

  /** A producer with a profile, qualified for `kind` by passing its test with the corrected text. */
  async function producer(email: string, kind: ProductionKind = "transcript"): Promise<string> {
    const cookie = await signUp(email);
    expect((await post("/app/productions/settings?index", { display_name: "Pat Producer", languages: "en, de", bio: "Ten years of audiobooks." }, cookie)).status).toBe(200);
    expect((await post("/app/productions/settings/qualifications", { kind, answer: QUALIFICATION_TESTS[kind].reference }, cookie)).status).toBe(200);
    return cookie;
  }

  const task = (id: string) => testEnv.DB.prepare("SELECT * FROM production_tasks WHERE id = ?").bind(id).first<{ state: string; producer_id: string | null; deadline_at: number | null; deliverable_key: string | null }>();

  describe("productions marketplace", { timeout: 30_000 }, () => {
    it("quotes by the documented rule and refuses claims from non-producers and unqualified producers", async () => {
      const customer = await signUp("prod-customer-1@example.com");
      const { taskId } = await order(customer, "studio_project", 30);
      const request = await testEnv.DB.prepare("SELECT r.quote_amount, r.producer_amount FROM production_requests r JOIN production_tasks t ON t.request_id = r.id WHERE t.id = ?").bind(taskId).first();
      expect(request).toEqual({ quote_amount: quoteFor("studio_project", 30).amount, producer_amount: quoteFor("studio_project", 30).producerAmount });
      expect(quoteFor("studio_project", 30)).toMatchObject({ amount: 9000, producerAmount: 6300 });
      expect(quoteFor("transcript", 2).amount).toBe(1000);
      expect((await post("/app/productions?index", { intent: "order", kind: "podcast", title: "x", minutes: "3", language: "en" }, customer)).status).toBe(400);

      const someone = await signUp("prod-nobody@example.com");
      const notProducer = await post("/app/productions/unclaimed", { task_id: taskId }, someone);
      expect(notProducer.status).toBe(403);
      expect(notProducer.html).toContain("Only producers can claim tasks");

      await post("/app/productions/settings?index", { display_name: "Nova", languages: "en" }, someone);
      const failed = await post("/app/productions/settings/qualifications", { kind: "studio_project", answer: QUALIFICATION_TESTS.studio_project.draft }, someone);
      expect(failed.status).toBe(400);
      expect(failed.html).toContain("not yet");
      const unqualified = await post("/app/productions/unclaimed", { task_id: taskId }, someone);
      expect(unqualified.status).toBe(403);
      expect(unqualified.html).toContain("You are not qualified for studio project (audiobook) tasks yet");
      expect((await task(taskId))!.state).toBe("open");
    });

    it("lets exactly one of two simultaneous claims win", async () => {
      const customer = await signUp("prod-customer-2@example.com");
      const { taskId } = await order(customer);
      const [a, b] = [await producer("prod-racer-a@example.com"), await producer("prod-racer-b@example.com")];
      const results = await Promise.all([post("/app/productions/unclaimed", { task_id: taskId }, a), post("/app/productions/unclaimed", { task_id: taskId }, b)]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.status === 409)!.html).toContain("already been claimed by another producer");
      const claimed = await task(taskId);
      expect(claimed!.state).toBe("claimed");
      const events = await testEnv.DB.prepare("SELECT count(*) AS n FROM production_task_events WHERE task_id = ? AND event = 'claimed'").bind(taskId).first<{ n: number }>();
      expect(events!.n).toBe(1);
    });

    it("moves a task through delivery, feedback, extension, acceptance and revocation, paying the producer once", async () => {
      const customer = await signUp("prod-customer-3@example.com");
      const { taskId } = await order(customer, "transcript", 20);
      const maker = await producer("prod-maker@example.com");
      expect((await post("/app/productions/unclaimed", { task_id: taskId }, maker)).status).toBe(200);
      expect((await post("/app/productions?index", { intent: "accept", task_id: taskId }, customer)).status).toBe(409);

      expect(await deliver(maker, taskId)).toBe(200);
      const delivered = await SELF.fetch(`${ORIGIN}/app/productions/tasks/${taskId}/deliverable`, { headers: { cookie: customer } });
      expect(delivered.status).toBe(200);
      expect(await delivered.text()).toBe("The finished narration.");

      expect((await post("/app/productions?index", { intent: "return", task_id: taskId, feedback: " " }, customer)).status).toBe(400);
      expect((await post("/app/productions?index", { intent: "return", task_id: taskId, feedback: "Speaker 2 is named Ines." }, customer)).status).toBe(200);
      expect((await task(taskId))!.state).toBe("returned");
      expect(await deliver(maker, taskId)).toBe(409);
      expect((await post("/app/productions/active", { intent: "acknowledge", task_id: taskId }, maker)).status).toBe(200);
      expect((await task(taskId))!.state).toBe("acknowledged");

      const before = (await task(taskId))!.deadline_at!;
      expect((await post("/app/productions?index", { intent: "extend", task_id: taskId }, customer)).status).toBe(200);
      expect((await task(taskId))!.deadline_at).toBe(before + EXTENSION_DAYS * 86_400);

      expect(await deliver(maker, taskId, "Reworked.")).toBe(200);
      expect((await post("/app/productions?index", { intent: "accept", task_id: taskId }, customer)).status).toBe(200);
      expect((await post("/app/productions?index", { intent: "accept", task_id: taskId }, customer)).status).toBe(409);
      const earned = await testEnv.DB.prepare("SELECT e.amount FROM earnings e JOIN users u ON u.id = e.user_id WHERE u.email = ? AND e.source = 'production'").bind("prod-maker@example.com").all();
      expect(earned.results).toEqual([{ amount: quoteFor("transcript", 20).producerAmount }]);
      expect(await (await SELF.fetch(`${ORIGIN}/app/productions/history`, { headers: { cookie: maker } })).text()).toContain("Accepted by the customer");

      // An admin revokes a claim: the task is open again and the producer's history says so.
      const second = await order(customer);
      await post("/app/productions/unclaimed", { task_id: second.taskId }, maker);
      expect((await post("/app/productions?index", { intent: "revoke", task_id: second.taskId }, customer)).status).toBe(200);
      expect(await task(second.taskId)).toMatchObject({ state: "open", producer_id: null });
      expect(await deliver(maker, second.taskId)).toBe(404);
      expect(await (await SELF.fetch(`${ORIGIN}/app/productions/history`, { headers: { cookie: maker } })).text()).toContain("Your claim was revoked");
    });

    it("never shows or lets another workspace act on a request", async () => {
      const customer = await signUp("prod-customer-4@example.com");
      const { taskId, title } = await order(customer);
      const maker = await producer("prod-maker-4@example.com");
      await post("/app/productions/unclaimed", { task_id: taskId }, maker);
      await deliver(maker, taskId);
      const stranger = await signUp("prod-stranger@example.com");
      expect(await (await SELF.fetch(`${ORIGIN}/app/productions`, { headers: { cookie: stranger } })).text()).not.toContain(title);
      expect(await (await SELF.fetch(`${ORIGIN}/app/productions`, { headers: { cookie: customer } })).text()).toContain(title);
      for (const intent of ["accept", "return", "extend", "revoke"]) expect((await post("/app/productions?index", { intent, task_id: taskId, feedback: "x" }, stranger)).status).toBe(404);
      expect((await SELF.fetch(`${ORIGIN}/app/productions/tasks/${taskId}/deliverable`, { headers: { cookie: stranger } })).status).toBe(404);
      expect((await task(taskId))!.state).toBe("submitted");
    });
  });

  /** A producer with one accepted task's earnings. */
  async function earner(email: string): Promise<{ cookie: string; amount: number }> {
    const customer = await signUp(`customer-of-${email}`);
    const { taskId } = await order(customer, "dub", 10);
    const cookie = await producer(email, "dub");
    await post("/app/productions/unclaimed", { task_id: taskId }, cookie);
    await deliver(cookie, taskId);
    expect((await post("/app/productions?index", { intent: "accept", task_id: taskId }, customer)).status).toBe(200);
    return { cookie, amount: quoteFor("dub", 10).producerAmount };
  }

  /** Connects a payout account through the onboarding link, as the person does in the browser. */
  async function connect(cookie: string, email: string): Promise<string> {
    const started = await post("/app/payouts", { intent: "connect" }, cookie);
    expect(started.status).toBe(302);
    const link = new URL(started.location!);
    const onboarded = await testEnv.STRIPE_LOCAL.fetch(`${ORIGIN}${link.pathname}`, {
      method: "POST",
      body: new URLSearchParams({ legal_name: "Pat Producer", routing_number: "110000000", account_number: "000123456789" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
    expect(onboarded.status).toBe(303);
    const back = new URL(onboarded.headers.get("location")!);
    const page = await SELF.fetch(`${ORIGIN}${back.pathname}${back.search}`, { headers: { cookie } });
    expect(await page.text()).toContain("Ready");
    const row = await testEnv.DB.prepare("SELECT a.stripe_account_id FROM payout_accounts a JOIN users u ON u.id = a.user_id WHERE u.email = ? AND a.payouts_enabled = 1").bind(email).first<{ stripe_account_id: string }>();
    return row!.stripe_account_id;
  }

  describe("payouts", { timeout: 30_000 }, () => {
    it("refuses a payout without a connected account, and pays nothing", async () => {
      const { cookie } = await earner("payout-unconnected@example.com");
      const refused = await post("/app/payouts", { intent: "payout", request_key: "a".repeat(32) }, cookie);
      expect(refused.status).toBe(409);
      expect(refused.html).toContain("Connect a payout account first");
      expect(await testEnv.DB.prepare("SELECT count(*) AS n FROM payouts p JOIN users u ON u.id = p.user_id WHERE u.email = ?").bind("payout-unconnected@example.com").first()).toEqual({ n: 0 });
    });

    it("pays the balance once per request key, even when retried after a lost answer", async () => {
      const { cookie, amount } = await earner("payout-connected@example.com");
      const account = await connect(cookie, "payout-connected@example.com");
      const key = "b".repeat(32);
      const [first, doubleClick] = await Promise.all([post("/app/payouts", { intent: "payout", request_key: key }, cookie), post("/app/payouts", { intent: "payout", request_key: key }, cookie)]);
      expect([first.status, doubleClick.status]).toEqual([200, 200]);
      const payouts = await testEnv.DB.prepare("SELECT p.* FROM payouts p JOIN users u ON u.id = p.user_id WHERE u.email = ?").bind("payout-connected@example.com").all<{ id: string; amount: number; status: string; stripe_transfer_id: string }>();
      expect(payouts.results).toHaveLength(1);
      expect(payouts.results[0]).toMatchObject({ amount, status: "paid" });

      // The provider's answer was lost: the payout is still pending here, and the retry re-sends the same transfer.
      await testEnv.DB.prepare("UPDATE payouts SET status = 'pending', stripe_transfer_id = NULL WHERE id = ?").bind(payouts.results[0].id).run();
      expect((await post("/app/payouts", { intent: "payout", request_key: key }, cookie)).status).toBe(200);
      const transfers = await stripe.transfers.list({ destination: account });
      expect(transfers.data).toHaveLength(1);
      expect(transfers.data[0]).toMatchObject({ amount, currency: "usd" });
      expect((await testEnv.DB.prepare("SELECT stripe_transfer_id FROM payouts WHERE id = ?").bind(payouts.results[0].id).first())!.stripe_transfer_id).toBe(transfers.data[0].id);

      // Nothing is left: a new request pays nothing more.
      const again = await post("/app/payouts", { intent: "payout", request_key: "c".repeat(32) }, cookie);
      expect(again.status).toBe(400);
      expect(again.html).toContain("your balance is $0.00");
      expect((await stripe.transfers.list({ destination: account })).data).toHaveLength(1);
    });
  });

  // The SDK's productions.orders API (decision 0064).

  /** A tone of `seconds` at 8 kHz as WAV: real audio the speech worker measures. */
  function toneWav(seconds: number): Uint8Array {
    const rate = 8000;
    const samples = new Int16Array(seconds * rate);
    for (let i = 0; i < samples.length; i++) samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate));
    return wavFile(samples, rate);
  }

  const orderApi = (key: string, path = "", init: { method?: string; json?: unknown; body?: BodyInit } = {}) => api(`/v1/productions/orders${path}`, { key, ...init });

  async function newOrder(key: string, body: unknown = {}): Promise<string> {
    const created = await orderApi(key, "", { method: "POST", json: body });
    expect(created.status).toBe(200);
    return ((await created.json()) as { order_id: string }).order_id;
  }

  function mediaForm(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string; type: string }): FormData {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    if (file) body.set("media", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type }));
    return body;
  }

  async function addMedia(key: string, orderId: string, seconds = 90): Promise<string> {
    const registered = await orderApi(key, `/${orderId}/media`, { method: "POST", body: mediaForm({ declared_language: "en" }, { bytes: toneWav(seconds), name: "episode.wav", type: "audio/wav" }) });
    expect(registered.status).toBe(200);
    return ((await registered.json()) as { media_id: string }).media_id;
  }

  const dubItem = (mediaId: string, destinations = ["fr-FR", "de"]) => ({ kind: "dub", media_id: mediaId, source_language: "en", destination_languages: destinations, include_captions: true, include_source_captions: false });

  async function addItem(key: string, orderId: string, item: unknown, itemId?: string): Promise<Response> {
    return orderApi(key, `/${orderId}/items`, { method: "POST", json: { request: { item, ...(itemId ? { item_id: itemId } : {}) } } });
  }

  const orderRequests = (orderId: string) =>
    testEnv.DB.prepare("SELECT r.kind, r.quote_amount, r.order_item_id, t.id AS task_id, t.state FROM production_requests r JOIN production_tasks t ON t.request_id = r.id WHERE r.order_id = ? ORDER BY r.id")
      .bind(orderId)
      .all<{ kind: string; quote_amount: number; order_item_id: string; task_id: string; state: string }>()
      .then((r) => r.results);

  describe("productions orders API", { timeout: 60_000 }, () => {
    it("gathers media and items on an open order, quotes them by the documented rule, and refuses bad input", async () => {
      const key = await createKey(await signUp("orders-customer-1@example.com"));
      expect((await orderApi(key, "", { method: "POST", json: { sandbox: "yes" } })).status).toBe(422);
      const orderId = await newOrder(key);
      const patched = await orderApi(key, `/${orderId}`, { method: "PATCH", json: { request: { name: "Spanish Dubs" } } });
      expect(await patched.json()).toEqual({ name: "Spanish Dubs" });
      expect((await orderApi(key, `/${orderId}`, { method: "PATCH", json: { request: { name: " " } } })).status).toBe(422);

      // Media: exactly one of a file or a URL, a known language, audio or video the speech worker can read.
      const wav = { bytes: toneWav(90), name: "episode.wav", type: "audio/wav" };
      for (const [fields, file] of [[{}, wav], [{ declared_language: "xx" }, wav], [{ declared_language: "en" }, undefined], [{ declared_language: "en", media_url: "https://example.com/a.mp3" }, wav]] as const) {
        expect((await orderApi(key, `/${orderId}/media`, { method: "POST", body: mediaForm(fields, file) })).status).toBe(422);
      }
      const notAudio = await orderApi(key, `/${orderId}/media`, { method: "POST", body: mediaForm({ declared_language: "en" }, { bytes: new TextEncoder().encode("just words"), name: "notes.txt", type: "text/plain" }) });
      expect(notAudio.status).toBe(400);
      expect(((await notAudio.json()) as { detail: { status: string } }).detail.status).toBe("invalid_media");
      const loopback = await orderApi(key, `/${orderId}/media`, { method: "POST", body: mediaForm({ declared_language: "en", media_url: "http://127.0.0.1/secret.wav" }) });
      expect(loopback.status).toBe(400);
      const mediaId = await addMedia(key, orderId);

      const media = (await (await orderApi(key, `/${orderId}/media/${mediaId}`)).json()) as { name: string; content_type: string; language: string; signed_url: string };
      expect(media).toMatchObject({ name: "episode.wav", content_type: "audio/wav", language: "en" });
      const download = await SELF.fetch(media.signed_url);
      // Compared as one buffer: a deep equal over a megabyte, element by element, takes seconds.
      const downloaded = new Uint8Array(await download.arrayBuffer());
      expect(downloaded.byteLength === wav.bytes.byteLength && downloaded.every((b, i) => b === wav.bytes[i])).toBe(true);
      const forged = new URL(media.signed_url);
      forged.searchParams.set("signature", "0".repeat(64));
      expect((await SELF.fetch(forged.toString())).status).toBe(404);

      // Items: their media must be this order's; the quote is decision 0047's rate over media minutes × languages.
      expect((await addItem(key, orderId, dubItem("prodmedia_unknown"))).status).toBe(404);
      expect((await addItem(key, orderId, { ...dubItem(mediaId), kind: "podcast" })).status).toBe(422);
      expect((await addItem(key, orderId, dubItem(mediaId, []))).status).toBe(422);
      expect((await addItem(key, orderId, dubItem(mediaId, ["klingon"]))).status).toBe(422);
      const dub = await addItem(key, orderId, dubItem(mediaId));
      const dubbed = (await dub.json()) as { item_id: string; quote: { amount_usd: number } };
      expect(dubbed.quote.amount_usd).toBe(quoteFor("dub", 2 * 2).amount / 100);
      const replaced = (await (await addItem(key, orderId, dubItem(mediaId, ["fr", "de", "es"]), dubbed.item_id)).json()) as { item_id: string; quote: { amount_usd: number } };
      expect(replaced).toEqual({ item_id: dubbed.item_id, quote: { amount_usd: quoteFor("dub", 2 * 3).amount / 100 } });
      const transcript = (await (await addItem(key, orderId, { kind: "transcription", media_ids: [mediaId], source_language: "en", verbatim: true })).json()) as { item_id: string; quote: { amount_usd: number } };
      expect(transcript.quote.amount_usd).toBe(quoteFor("transcript", 2).amount / 100);
      expect((await orderApi(key, `/${orderId}/items/${transcript.item_id}`, { method: "DELETE" })).status).toBe(200);
      expect((await orderApi(key, `/${orderId}/items/${transcript.item_id}`, { method: "DELETE" })).status).toBe(404);

      const order = (await (await orderApi(key, `/${orderId}`)).json()) as Record<string, unknown>;
      expect(order).toMatchObject({ order_id: orderId, name: "Spanish Dubs", state: "open", total_amount_usd: quoteFor("dub", 6).amount / 100, sandbox: false, submitted_at: null });
      expect(order.items).toEqual([{ item_id: dubbed.item_id, item: dubItem(mediaId, ["fr", "de", "es"]), quote: { amount_usd: quoteFor("dub", 6).amount / 100 } }]);
      expect(await orderRequests(orderId)).toEqual([]);

      const languages = (await (await orderApi(key, "/languages/dub")).json()) as { kind: string; language_pairs: { source_language: { code: string }; destination_languages: { code: string }[] }[] };
      expect(languages.kind).toBe("pair");
      const english = languages.language_pairs.find((p) => p.source_language.code === "en")!;
      expect(english.destination_languages.map((l) => l.code)).toContain("fr");
      expect(english.destination_languages.map((l) => l.code)).not.toContain("en");
      expect(((await (await orderApi(key, "/languages/transcription")).json()) as { kind: string }).kind).toBe("single");
      expect((await orderApi(key, "/languages/music")).status).toBe(422);
    });

    it("submits once: the items become marketplace tasks, a second submit is refused and nothing is half-written", async () => {
      const key = await createKey(await signUp("orders-customer-2@example.com"));
      const empty = await newOrder(key);
      const refusedEmpty = await orderApi(key, `/${empty}/submit`, { method: "POST" });
      expect(refusedEmpty.status).toBe(409);
      expect(((await refusedEmpty.json()) as { detail: { status: string } }).detail.status).toBe("order_empty");

      const orderId = await newOrder(key, { name: "Season one" });
      const mediaId = await addMedia(key, orderId);
      await addItem(key, orderId, dubItem(mediaId));
      await addItem(key, orderId, { kind: "subtitles", media_ids: [mediaId], source_language: "en", destination_languages: ["es"], sdh: true });
      const submitted = await orderApi(key, `/${orderId}/submit`, { method: "POST" });
      expect(submitted.status).toBe(200);
      expect(await submitted.json()).toMatchObject({ order_id: orderId, state: "submitted" });
      const again = await orderApi(key, `/${orderId}/submit`, { method: "POST" });
      expect(again.status).toBe(409);
      const made = await orderRequests(orderId);
      expect(made.map((r) => [r.kind, r.quote_amount, r.state])).toEqual(
        expect.arrayContaining([
          ["dub", quoteFor("dub", 4).amount, "open"],
          ["transcript", quoteFor("transcript", 2).amount, "open"],
        ]),
      );
      expect(made).toHaveLength(2);
      // Submitted: items, name and media are fixed.
      expect((await addItem(key, orderId, dubItem(mediaId))).status).toBe(409);
      expect((await orderApi(key, `/${orderId}`, { method: "PATCH", json: { request: { name: "Later" } } })).status).toBe(409);
      expect((await orderApi(key, `/${orderId}/media`, { method: "POST", body: mediaForm({ declared_language: "en" }, { bytes: toneWav(5), name: "x.wav", type: "audio/wav" }) })).status).toBe(409);
      expect((await orderApi(key, `/${orderId}`).then((r) => r.json())) as { state: string }).toMatchObject({ state: "submitted", total_amount_usd: (quoteFor("dub", 4).amount + quoteFor("transcript", 2).amount) / 100 });

      // Two submits at once: exactly one makes the tasks.
      const raced = await newOrder(key);
      await addItem(key, raced, dubItem(await addMedia(key, raced, 30)));
      const statuses = (await Promise.all([orderApi(key, `/${raced}/submit`, { method: "POST" }), orderApi(key, `/${raced}/submit`, { method: "POST" })])).map((r) => r.status);
      expect(statuses.sort()).toEqual([200, 409]);
      expect(await orderRequests(raced)).toHaveLength(1);

      // A sandbox order is checked and quoted, and submitted without offering producers anything.
      const sandbox = await newOrder(key, { sandbox: true });
      await addItem(key, sandbox, dubItem(await addMedia(key, sandbox, 30)));
      expect((await orderApi(key, `/${sandbox}/submit`, { method: "POST" })).status).toBe(200);
      expect(await orderRequests(sandbox)).toEqual([]);

      const listed = (await (await orderApi(key, "?status=submitted&page_size=10")).json()) as { orders: { order_id: string; state: string }[] };
      expect(listed.orders.map((o) => o.order_id)).toEqual(expect.arrayContaining([orderId, raced, sandbox]));
      expect(listed.orders.map((o) => o.order_id)).not.toContain(empty);
      expect(((await (await orderApi(key, "?status=cancelled")).json()) as { orders: unknown[] }).orders).toEqual([]);
      expect((await orderApi(key, "?status=lost")).status).toBe(422);
    });

    it("hides an order from other workspaces on every route", async () => {
      const key = await createKey(await signUp("orders-owner@example.com"));
      const orderId = await newOrder(key, { name: "Private order" });
      const mediaId = await addMedia(key, orderId, 10);
      const itemId = ((await (await addItem(key, orderId, dubItem(mediaId))).json()) as { item_id: string }).item_id;
      const stranger = await createKey(await signUp("orders-stranger@example.com"));
      const attempts: [string, { method?: string; json?: unknown; body?: BodyInit }][] = [
        [`/${orderId}`, {}],
        [`/${orderId}`, { method: "PATCH", json: { request: { name: "Mine" } } }],
        [`/${orderId}/submit`, { method: "POST" }],
        [`/${orderId}/media`, { method: "POST", body: mediaForm({ declared_language: "en" }, { bytes: toneWav(5), name: "x.wav", type: "audio/wav" }) }],
        [`/${orderId}/media/${mediaId}`, {}],
        [`/${orderId}/items`, { method: "POST", json: { request: { item: dubItem(mediaId) } } }],
        [`/${orderId}/items/${itemId}`, { method: "DELETE" }],
        [`/${orderId}/deliverables`, {}],
      ];
      for (const [path, init] of attempts) expect((await orderApi(stranger, path, init)).status).toBe(404);
      expect(((await (await orderApi(stranger)).json()) as { orders: { order_id: string }[] }).orders.map((o) => o.order_id)).not.toContain(orderId);
      const order = (await (await orderApi(key, `/${orderId}`)).json()) as { name: string; state: string; items: unknown[] };
      expect(order).toMatchObject({ name: "Private order", state: "open" });
      expect(order.items).toHaveLength(1);
    });

    it("delivers the accepted work: the producer gets the media, the order lists the file and is done", async () => {
      const customer = await signUp("orders-customer-3@example.com");
      const key = await createKey(customer);
      const orderId = await newOrder(key, { name: "Narrated launch video" });
      const mediaId = await addMedia(key, orderId, 30);
      await addItem(key, orderId, dubItem(mediaId, ["de"]));
      expect((await orderApi(key, `/${orderId}/submit`, { method: "POST" })).status).toBe(200);
      const [{ task_id: taskId }] = await orderRequests(orderId);
      expect(((await (await orderApi(key, `/${orderId}/deliverables`)).json()) as { deliverables: unknown[] }).deliverables).toEqual([]);

      const maker = await producer("orders-maker@example.com", "dub");
      expect((await SELF.fetch(`${ORIGIN}/app/productions/media/${mediaId}`, { headers: { cookie: maker } })).status).toBe(404);
      expect((await post("/app/productions/unclaimed", { task_id: taskId }, maker)).status).toBe(200);
      const active = await (await SELF.fetch(`${ORIGIN}/app/productions/active`, { headers: { cookie: maker } })).text();
      expect(active).toContain(`/app/productions/media/${mediaId}`);
      const source = await SELF.fetch(`${ORIGIN}/app/productions/media/${mediaId}`, { headers: { cookie: maker } });
      expect(source.status).toBe(200);
      expect((await source.arrayBuffer()).byteLength).toBe(toneWav(30).byteLength);

      expect(await deliver(maker, taskId, "Der fertige Dub.")).toBe(200);
      expect(((await (await orderApi(key, `/${orderId}/deliverables`)).json()) as { deliverables: unknown[] }).deliverables).toEqual([]);
      expect((await post("/app/productions?index", { intent: "accept", task_id: taskId }, customer)).status).toBe(200);
      const { deliverables } = (await (await orderApi(key, `/${orderId}/deliverables`)).json()) as { deliverables: { signed_url: string; name: string; content_type: string; version: number }[] };
      expect(deliverables).toHaveLength(1);
      expect(deliverables[0]).toMatchObject({ name: "chapter-1.txt", content_type: "text/plain", version: 1 });
      expect(await (await SELF.fetch(deliverables[0]!.signed_url)).text()).toBe("Der fertige Dub.");
      const done = (await (await orderApi(key, `/${orderId}`)).json()) as { state: string; completed_at: string | null };
      expect(done.state).toBe("done");
      expect(done.completed_at).not.toBeNull();
      expect(((await (await orderApi(key, "?status=done")).json()) as { orders: { order_id: string }[] }).orders.map((o) => o.order_id)).toEqual([orderId]);
    });
  });
});

describe("publishing", () => {
  /** A starter workspace (Studio's API is open to it) and its key. */
  async function account(email: string): Promise<{ key: string; cookie: string; workspace: string; userId: string }> {
    const cookie = await signUp(email);
    const key = await createKey(cookie);
    const workspace = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
    await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 30000 WHERE id = ?").bind(workspace).run();
    const userId = (await env.DB.prepare("SELECT id FROM users WHERE email = ?").bind(email).first<{ id: string }>())!.id;
    return { key, cookie, workspace, userId };
  }

  function multipart(fields: Record<string, string>): FormData {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return body;
  }

  const BOOK = { title: "The Quiet Harbour", author: "Ada Lane", description: "A lighthouse keeper's year, told in twelve short chapters.", genres: "fiction", language: "en", isbn_number: "978-0-306-40615-7" };

  /** A Studio project with the given metadata; `finished` gives it a cover and a project snapshot (a conversion's result). */
  async function project(key: string, workspace: string, fields: Record<string, string>, finished = true): Promise<string> {
    const response = await api("/v1/studio/projects", { method: "POST", key, body: multipart({ name: "Harbour", default_title_voice_id: ARIA, default_paragraph_voice_id: ARIA, ...fields }) });
    expect(response.status).toBe(200);
    const id = ((await response.json()) as { project: { project_id: string } }).project.project_id;
    if (finished) {
      const audioKey = `test/${id}/snapshot.mp3`;
      const coverKey = `test/${id}/cover.png`;
      await env.MEDIA.put(audioKey, new Uint8Array([0xff, 0xfb, 0x90, 0x00, 1, 2, 3, 4]));
      await env.MEDIA.put(coverKey, new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
      await env.DB.batch([
        env.DB.prepare("INSERT INTO studio_snapshots (id, project_id, chapter_id, workspace_id, name, created_at_unix, audio_key, audio_bytes, duration_ms) VALUES (?, ?, NULL, ?, 'Harbour', unixepoch(), ?, 8, 61000)").bind(`snap-${id}`, id, workspace, audioKey),
        env.DB.prepare("UPDATE studio_projects SET latest_snapshot_id = ?, cover_image_key = ?, cover_image_type = 'image/png' WHERE id = ?").bind(`snap-${id}`, coverKey, id),
      ]);
    }
    return id;
  }

  type Read = { read_id: string; state: string; title: string; isbn: string | null; genres: string[]; cover_image_url: string | null; review_note: string | null };
  type ApiError = { detail: { status: string; message: string } };

  const createRead = (key: string, projectId: string) => api("/v1/publishing/reads", { method: "POST", key, json: { project_id: projectId } });
  const act = (key: string, readId: string, action: string, note?: string) => api(`/v1/publishing/reads/${readId}/state`, { method: "POST", key, json: { action, ...(note ? { note } : {}) } });
  const agree = (key: string) => api("/v1/publishing/terms", { method: "POST", key });
  const status = async (response: Response) => ((await response.json()) as ApiError).detail.status;
  /** A page of the reader flavour, as the front door marks a request to a hostname with the reader brand. */
  const reader = (path: string, init: RequestInit = {}) => SELF.fetch(`${ORIGIN.replace("://", "://reader.")}${path}`, { redirect: "manual", ...init, headers: { "x-parlance-flavour": "reader", ...(init.headers as Record<string, string>) } });

  describe("direct publishing", () => {
    it("takes a finished project through draft, review and publishing, then serves it in the reader catalogue with metrics", async () => {
      const owner = await account("pub-flow@example.com");
      const projectId = await project(owner.key, owner.workspace, BOOK);
      const created = await createRead(owner.key, projectId);
      expect(created.status).toBe(200);
      const read = (await created.json()) as Read;
      expect(read).toMatchObject({ state: "draft", title: BOOK.title, isbn: BOOK.isbn_number, genres: ["fiction"] });
      expect((await createRead(owner.key, projectId)).status).toBe(409);

      // Not before the publishing payouts terms are agreed.
      const noTerms = await act(owner.key, read.read_id, "submit");
      expect(noTerms.status).toBe(403);
      expect(await status(noTerms)).toBe("publishing_terms_not_agreed");
      expect((await agree(owner.key)).status).toBe(200);

      // Approving a draft skips review: refused; submitting moves it to review.
      expect(await status(await act(owner.key, read.read_id, "approve"))).toBe("invalid_read_state");
      const submitted = await act(owner.key, read.read_id, "submit");
      expect(submitted.status).toBe(200);
      expect(((await submitted.json()) as Read).state).toBe("in_review");
      // In review it is not in the catalogue yet.
      expect((await reader(`/reads/${read.read_id}`)).status).toBe(404);

      // An editor who did not submit it cannot review it: the admin (the owner) can.
      await env.DB.prepare("UPDATE workspace_members SET role = 'editor' WHERE workspace_id = ?").bind(owner.workspace).run();
      const notAdmin = await act(owner.key, read.read_id, "approve");
      expect(notAdmin.status).toBe(403);
      expect(await status(notAdmin)).toBe("review_requires_admin");
      await env.DB.prepare("UPDATE workspace_members SET role = 'admin' WHERE workspace_id = ?").bind(owner.workspace).run();
      const published = await act(owner.key, read.read_id, "approve");
      expect(((await published.json()) as Read).state).toBe("published");

      // The reader flavour: the catalogue at its root lists it; the listening page plays its audio.
      const root = await reader("/");
      expect(root.status).toBe(302);
      expect(root.headers.get("location")).toBe("/reads");
      const catalogue = await reader("/reads");
      expect(catalogue.status).toBe(200);
      expect(catalogue.headers.get("set-cookie")).toBeNull();
      expect(await catalogue.text()).toContain(BOOK.title);
      const page = await reader(`/reads/${read.read_id}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(BOOK.description);
      expect(html).toContain(`/reads/${read.read_id}/audio/snap-${projectId}.mp3`);
      const audio = await reader(`/reads/${read.read_id}/audio/snap-${projectId}.mp3`);
      expect(audio.status).toBe(200);
      expect(audio.headers.get("content-type")).toBe("audio/mpeg");
      expect((await reader(`/reads/${read.read_id}/cover`)).status).toBe(200);
      // The main host sends catalogue visitors to the reader host.
      const main = await SELF.fetch(`${ORIGIN}/reads/${read.read_id}`, { redirect: "manual" });
      expect(main.status).toBe(302);
      expect(main.headers.get("location")).toBe(`${ORIGIN.replace("://", "://reader.")}/reads/${read.read_id}`);

      // Metrics from the listening page: no cookie needed or set; bad events refused.
      const event = (body: string) => reader(`/reads/${read.read_id}/events`, { method: "POST", body, headers: { "content-type": "text/plain" } });
      for (const body of ['{"type":"play"}', '{"type":"play"}', '{"type":"listen","seconds":15}', '{"type":"listen","seconds":9000}', '{"type":"complete"}']) {
        const answer = await event(body);
        expect(answer.status).toBe(204);
        expect(answer.headers.get("set-cookie")).toBeNull();
      }
      expect((await event('{"type":"listen","seconds":-3}')).status).toBe(400);
      expect((await event("not json")).status).toBe(400);
      const metrics = (await (await api(`/v1/publishing/reads/${read.read_id}/metrics`, { key: owner.key })).json()) as { listens: number; listen_time_seconds: number; completions: number; completion_rate: number };
      // A report counts at most a minute.
      expect(metrics).toMatchObject({ listens: 2, listen_time_seconds: 75, completions: 1, completion_rate: 0.5 });

      // Unpublished: gone from the catalogue, its events refused; it must pass review again.
      expect(((await (await act(owner.key, read.read_id, "unpublish")).json()) as Read).state).toBe("unpublished");
      expect((await reader(`/reads/${read.read_id}`)).status).toBe(404);
      expect((await event('{"type":"play"}')).status).toBe(404);
      expect(await status(await act(owner.key, read.read_id, "approve"))).toBe("invalid_read_state");
      expect(((await (await act(owner.key, read.read_id, "submit")).json()) as Read).state).toBe("in_review");
      const returned = await act(owner.key, read.read_id, "return", "Fix the cover");
      expect(((await returned.json()) as Read)).toMatchObject({ state: "draft", review_note: "Fix the cover" });
    }, 30_000);

    it("pays the publisher for each finished day's completed listens, once, at the published rate; today waits", async () => {
      const owner = await account("pub-earnings@example.com");
      const read = (await (await createRead(owner.key, await project(owner.key, owner.workspace, { ...BOOK, isbn_number: "" }))).json()) as Read;
      const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
      const stats = env.DB.prepare("INSERT INTO publishing_read_daily_stats (read_id, day, listens, listen_ms, completions) VALUES (?, ?, ?, 0, ?)");
      await env.DB.batch([stats.bind(read.read_id, day(2), 5, 3), stats.bind(read.read_id, day(1), 1, 0), stats.bind(read.read_id, day(0), 4, 4)]);
      const earnings = () => env.DB.prepare("SELECT source, source_id, amount FROM earnings WHERE user_id = ? ORDER BY source_id").bind(owner.userId).all<{ source: string; source_id: string; amount: number }>();
      for (let visit = 0; visit < 2; visit++) expect((await SELF.fetch(`${ORIGIN}/app/payouts`, { headers: { cookie: owner.cookie } })).status).toBe(200);
      // Three completed listens two days ago at 2 cents each; a day without completions and today earn nothing (yet).
      expect((await earnings()).results).toEqual([{ source: "publishing", source_id: `${read.read_id}:${day(2)}`, amount: 6 }]);
      // Another person's payouts page does not pay for this read.
      const other = await account("pub-earnings-other@example.com");
      expect((await SELF.fetch(`${ORIGIN}/app/payouts`, { headers: { cookie: other.cookie } })).status).toBe(200);
      expect((await env.DB.prepare("SELECT count(*) AS n FROM earnings WHERE user_id = ?").bind(other.userId).first<{ n: number }>())!.n).toBe(0);
    });

    it("searches the reader catalogue by title or author words (prefixes), author, genre and language; published reads only", async () => {
      const owner = await account("pub-search@example.com");
      await agree(owner.key);
      const publish = async (fields: Record<string, string>, approve = true) => {
        const read = (await (await createRead(owner.key, await project(owner.key, owner.workspace, { ...BOOK, isbn_number: "", ...fields }))).json()) as Read;
        expect((await act(owner.key, read.read_id, "submit")).status).toBe(200);
        if (approve) expect((await act(owner.key, read.read_id, "approve")).status).toBe(200);
        return read.read_id;
      };
      const lantern = await publish({ title: "The Zephyr Lantern", author: "Élodie Marchand", genres: "mystery", language: "fr" });
      const harbour = await publish({ title: "Zephyr Harbour", author: "Ada Quillfeather", genres: "fiction", language: "en" });
      const inReview = await publish({ title: "Zephyr Unseen", author: "Ada Quillfeather", genres: "fiction", language: "en" }, false);
      const found = async (search: string) => {
        const page = await reader(`/reads?${search}`);
        expect(page.status).toBe(200);
        const html = await page.text();
        return [lantern, harbour, inReview].filter((id) => html.includes(`/reads/${id}"`));
      };
      expect(await found("q=zephyr")).toEqual([lantern, harbour]);
      expect(await found("q=zeph+lant")).toEqual([lantern]);
      // Accents and case do not matter; author words match in q and in author.
      expect(await found("q=ELODIE")).toEqual([lantern]);
      expect(await found("author=quill")).toEqual([harbour]);
      expect(await found("q=zephyr&author=marchand")).toEqual([lantern]);
      expect(await found("genre=fiction")).toEqual([harbour]);
      expect(await found("q=zephyr&language=fr")).toEqual([lantern]);
      expect(await found("q=zephyr&genre=any&language=any")).toEqual([lantern, harbour]);
      expect(await found("q=nothingmatches")).toEqual([]);
      // Unpublished, a read leaves the results.
      await act(owner.key, lantern, "unpublish");
      expect(await found("q=zephyr")).toEqual([harbour]);
      // A search too long or a bad language code is a 400 with the catalogue still shown.
      expect((await reader(`/reads?q=${"a".repeat(201)}`)).status).toBe(400);
      expect((await reader("/reads?language=english!")).status).toBe(400);
    }, 30_000);

    it("refuses a read without required metadata, beyond the plan's capacity, and another workspace's project", async () => {
      const owner = await account("pub-refusals@example.com");
      await agree(owner.key);
      // No description, genres or cover, a bad ISBN, no conversion: the draft exists, submitting names what is missing.
      const bare = await project(owner.key, owner.workspace, { title: "Bare", author: "A", isbn_number: "978-0-306-40615-8" }, false);
      const draft = (await (await createRead(owner.key, bare)).json()) as Read;
      const missing = await act(owner.key, draft.read_id, "submit");
      expect(missing.status).toBe(400);
      const body = (await missing.json()) as ApiError;
      expect(body.detail.status).toBe("read_metadata_missing");
      for (const field of ["description", "genres", "cover image", "isbn_number", "finished conversion"]) expect(body.detail.message).toContain(field);

      // Another workspace can neither make a read of the project nor see or move the read.
      const other = await account("pub-other@example.com");
      await agree(other.key);
      expect(await status(await createRead(other.key, bare))).toBe("project_not_found");
      expect((await api(`/v1/publishing/reads/${draft.read_id}`, { key: other.key })).status).toBe(404);
      expect((await act(other.key, draft.read_id, "submit")).status).toBe(404);
      expect((await api(`/v1/publishing/reads/${draft.read_id}/metrics`, { key: other.key })).status).toBe(404);
      expect(await status(await api("/v1/publishing/collections", { method: "POST", key: other.key, json: { name: "Mine", read_ids: [draft.read_id] } }))).toBe("read_not_found");

      // Capacity: the free plan holds one read in review or published.
      const first = (await (await createRead(owner.key, await project(owner.key, owner.workspace, BOOK))).json()) as Read;
      const second = (await (await createRead(owner.key, await project(owner.key, owner.workspace, BOOK))).json()) as Read;
      await env.DB.prepare("UPDATE workspaces SET tier = 'free' WHERE id = ?").bind(owner.workspace).run();
      expect((await act(owner.key, first.read_id, "submit")).status).toBe(200);
      const full = await act(owner.key, second.read_id, "submit");
      expect(full.status).toBe(403);
      expect(await status(full)).toBe("publishing_capacity_reached");
      expect((await api("/v1/publishing/capacity", { key: owner.key }).then((r) => r.json()))).toEqual({ used: 1, limit: 1 });

      // Collections: published reads only in the reader catalogue's shelf.
      await act(owner.key, first.read_id, "approve");
      const collection = (await (await api("/v1/publishing/collections", { method: "POST", key: owner.key, json: { name: "Sea stories", read_ids: [first.read_id, second.read_id] } })).json()) as { collection_id: string };
      const shelf = await reader(`/reads/collections/${collection.collection_id}`);
      expect(shelf.status).toBe(200);
      const shelfHtml = await shelf.text();
      expect(shelfHtml).toContain("Sea stories");
      expect(shelfHtml).toContain(`/reads/${first.read_id}`);
      expect(shelfHtml).not.toContain(`/reads/${second.read_id}`);
    }, 30_000);
  });

  describe("public profiles", () => {
    const setHandle = (key: string, handle: string) => api("/v1/publishing/profile", { method: "POST", key, json: { profile_page_handle: handle } });

    it("validates handles, keeps them unique, shows shared voices and published reads, and redirects an old handle", async () => {
      const ada = await account("profile-ada@example.com");
      const ben = await account("profile-ben@example.com");
      for (const [handle, expected] of [["ab", "handle_invalid"], ["9lives", "handle_invalid"], ["has space", "handle_invalid"], ["x".repeat(31), "handle_invalid"], ["admin", "handle_reserved"], ["Reader", "handle_reserved"]] as const) {
        const answer = await setHandle(ada.key, handle);
        expect(answer.status).toBe(400);
        expect(await status(answer)).toBe(expected);
      }
      const set = await setHandle(ada.key, "@Ada_Lane");
      expect(set.status).toBe(200);
      expect(await set.json()).toEqual({ profile_page_handle: "ada_lane", profile_url: `${ORIGIN}/profiles/ada_lane` });
      const taken = await setHandle(ben.key, "ada_lane");
      expect(taken.status).toBe(409);
      expect(await status(taken)).toBe("handle_taken");

      // Her shared voice and her published read are on the page.
      await env.DB.prepare("UPDATE voices SET sharing_status = NULL WHERE created_by_user_id = ?").bind(ada.userId).run();
      await env.DB.prepare(
        "INSERT INTO voices (voice_id, workspace_id, name, category, labels, language, engine, engine_parameters, sharing_status, public_owner_id, shared_at, created_by_user_id) VALUES ('profvoice0000000001', ?, 'Harbour Voice', 'generated', '{}', 'en', 'embedded', '{}', 'enabled', 'x', unixepoch(), ?)",
      )
        .bind(ada.workspace, ada.userId)
        .run();
      await agree(ada.key);
      const read = (await (await createRead(ada.key, await project(ada.key, ada.workspace, BOOK))).json()) as Read;
      await act(ada.key, read.read_id, "submit");
      await act(ada.key, read.read_id, "approve");
      const page = await SELF.fetch(`${ORIGIN}/profiles/ada_lane`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("Harbour Voice");
      expect(html).toContain(BOOK.title);

      // A new handle: the old one redirects to it, and nobody else may take the old one meanwhile.
      expect((await setHandle(ada.key, "ada-lane")).status).toBe(200);
      const moved = await SELF.fetch(`${ORIGIN}/profiles/ada_lane`, { redirect: "manual" });
      expect(moved.status).toBe(302);
      expect(moved.headers.get("location")).toBe("/profiles/ada-lane");
      expect(await status(await setHandle(ben.key, "ada_lane"))).toBe("handle_taken");
      // After the redirect's time the old handle is free again.
      await env.DB.prepare("UPDATE profile_handle_redirects SET redirect_until = unixepoch() - 1 WHERE handle = 'ada_lane'").run();
      expect((await SELF.fetch(`${ORIGIN}/profiles/ada_lane`, { redirect: "manual" })).status).toBe(404);
      expect((await setHandle(ben.key, "ada_lane")).status).toBe(200);
      // Changing it on the settings page works the same.
      const viaPage = await SELF.fetch(`${ORIGIN}/app/profiles`, { ...form({ profile_page_handle: "admin" }), headers: { ...(form({}).headers as Record<string, string>), cookie: ada.cookie } });
      expect(viaPage.status).toBe(400);
      expect(await viaPage.text()).toContain("reserved");
    }, 30_000);
  });
});

describe("share-video", () => {
  // The queue consumer (queues/video) has its own tests; here the app's side: queueing once, waiting,
  // serving the result, and refusing what must be refused. A finished render is simulated in D1 and R2.
  const ARIA = "pv01aria000000000000";
  let key: string;
  let otherKey: string;
  let itemId: string;
  let workspaceId: string;

  function generate(k: string, id: string, query = "?wait_seconds=0") {
    return api(`/v1/history/${id}/generate-video${query}`, { method: "POST", key: k });
  }
  async function jobs(id: string) {
    return (await env.DB.prepare("SELECT id, theme, status FROM video_jobs WHERE history_item_id = ? ORDER BY theme").bind(id).all<{ id: string; theme: string; status: string }>()).results;
  }
  async function finishRender(id: string, theme: string, bytes: Uint8Array) {
    const keyInR2 = videoKey(workspaceId, id, theme as "colour");
    await env.MEDIA.put(keyInR2, bytes, { httpMetadata: { contentType: "video/mp4" } });
    await env.DB.prepare("UPDATE video_jobs SET status = 'done', progress = 100, video_key = ?, video_bytes = ? WHERE history_item_id = ? AND theme = ?")
      .bind(keyInR2, bytes.byteLength, id, theme)
      .run();
  }

  beforeAll(async () => {
    key = await createKey(await signUp("video-maker@example.com"));
    otherKey = await createKey(await signUp("video-stranger@example.com"));
    const made = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text: "A video of this." } });
    itemId = made.headers.get("history-item-id")!;
    workspaceId = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
  });

  describe("share videos", () => {
    it("queues one render per item and theme, answers 202 while it runs and 200 with video_url once done", async () => {
      const first = await generate(key, itemId);
      expect(first.status).toBe(202);
      expect(await first.json()).toEqual({ status: "queued", progress: 0, video_url: null });
      expect((await generate(key, itemId)).status).toBe(202);
      expect(await jobs(itemId)).toHaveLength(1);

      await finishRender(itemId, "colour", new Uint8Array([0, 0, 0, 24, 102, 116, 121, 112, 1, 2, 3, 4]));
      const done = await generate(key, itemId);
      expect(done.status).toBe(200);
      const body = (await done.json()) as { video_url: string; status: string };
      expect(body).toMatchObject({ status: "done", video_url: `/v1/history/${itemId}/video?theme=colour` });

      const video = await api(body.video_url, { key });
      expect(video.status).toBe(200);
      expect(video.headers.get("content-type")).toBe("video/mp4");
      expect(new Uint8Array(await video.arrayBuffer())).toHaveLength(12);
      const part = await api(body.video_url, { key, headers: { range: "bytes=4-7" } });
      expect(part.status).toBe(206);
      expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([102, 116, 121, 112]);

      // Another theme is another render.
      expect((await generate(key, itemId, "?theme=dark&wait_seconds=0")).status).toBe(202);
      expect((await jobs(itemId)).map((job) => job.theme)).toEqual(["colour", "dark"]);
      expect((await api(`/v1/history/${itemId}/video?theme=dark`, { key })).status).toBe(404);
    });

    it("waits for a render that finishes while the request is open", async () => {
      const made = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text: "Waiting for it." } });
      const id = made.headers.get("history-item-id")!;
      const pending = generate(key, id, "?theme=light&wait_seconds=5");
      await new Promise((resolve) => setTimeout(resolve, 600));
      await finishRender(id, "light", new Uint8Array([1, 2, 3]));
      const answer = await pending;
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { video_url: string }).video_url).toBe(`/v1/history/${id}/video?theme=light`);
    });

    it("reports a failed render with its message, and a new request queues it again", async () => {
      const made = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text: "This one fails." } });
      const id = made.headers.get("history-item-id")!;
      expect((await generate(key, id)).status).toBe(202);
      await env.DB.prepare("UPDATE video_jobs SET status = 'failed', error = 'encoder crashed' WHERE history_item_id = ?").bind(id).run();
      // The failed job is queued again rather than reported, since asking again means trying again.
      const retried = await generate(key, id);
      expect(retried.status).toBe(202);
      expect((await jobs(id))[0]!.status).toBe("queued");
    });

    it("reports a render that fails while the request waits", async () => {
      const made = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key, json: { text: "Failing while waiting." } });
      const id = made.headers.get("history-item-id")!;
      const pending = generate(key, id, "?wait_seconds=5");
      await new Promise((resolve) => setTimeout(resolve, 600));
      await env.DB.prepare("UPDATE video_jobs SET status = 'failed', error = 'encoder crashed' WHERE history_item_id = ?").bind(id).run();
      const answer = await pending;
      expect(answer.status).toBe(500);
      expect(await answer.json()).toEqual({ detail: { status: "video_generation_failed", message: "encoder crashed" } });
    });

    it("refuses dialogue items, unknown themes, and other workspaces' items", async () => {
      const dialogue = await api("/v1/text-to-dialogue", { method: "POST", key, json: { inputs: [{ text: "One.", voice_id: ARIA }, { text: "Two.", voice_id: ARIA }] } });
      const dialogueId = dialogue.headers.get("history-item-id")!;
      const refused = await generate(key, dialogueId);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ detail: { status: "invalid_request", message: "Video generation is only available for text-to-speech items" } });
      expect(await jobs(dialogueId)).toHaveLength(0);

      expect((await generate(key, itemId, "?theme=neon")).status).toBe(422);
      expect((await generate(otherKey, itemId)).status).toBe(404);
      expect((await api(`/v1/history/${itemId}/video?theme=colour`, { key: otherKey })).status).toBe(404);
      expect((await generate(key, "no-such-item")).status).toBe(404);
    });

    it("renders a 320 px PNG preview per theme, and refuses what generate-video refuses", async () => {
      const preview = (k: string, id: string, theme = "colour") => api(`/v1/history/${id}/generate-video-preview-image?theme=${theme}`, { method: "POST", key: k });
      const images: Uint8Array[] = [];
      for (const theme of ["colour", "light", "dark"]) {
        const response = await preview(key, itemId, theme);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("image/png");
        const png = new Uint8Array(await response.arrayBuffer());
        expect([...png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join("")).toBe("PNG");
        const header = new DataView(png.buffer, 16, 8);
        expect([header.getUint32(0), header.getUint32(4)]).toEqual([320, 320]);
        images.push(png);
      }
      expect(new Set(images.map((png) => png.join(","))).size).toBe(3);
      expect((await preview(key, itemId, "neon")).status).toBe(422);
      expect((await preview(otherKey, itemId)).status).toBe(404);
      const dialogue = await api("/v1/text-to-dialogue", { method: "POST", key, json: { inputs: [{ text: "Uno.", voice_id: ARIA }, { text: "Dos.", voice_id: ARIA }] } });
      expect((await preview(key, dialogue.headers.get("history-item-id")!)).status).toBe(400);
    });

    it("deleting the item deletes its videos", async () => {
      const keyInR2 = videoKey(workspaceId, itemId, "colour");
      expect(await env.MEDIA.head(keyInR2)).not.toBeNull();
      expect((await api(`/v1/history/${itemId}`, { method: "DELETE", key })).status).toBe(200);
      expect(await env.MEDIA.head(keyInR2)).toBeNull();
      expect(await jobs(itemId)).toHaveLength(0);
    });
  });
});

describe("audio-native", () => {
  const BLOG = "https://blog.example";

  async function account(email: string): Promise<{ key: string; cookie: string; workspace: string }> {
    const cookie = await signUp(email);
    const key = await createKey(cookie);
    const workspace = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
    await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 30000 WHERE id = ?").bind(workspace).run();
    return { key, cookie, workspace };
  }

  const article = (paragraphs: string[]) => new File([`<html><body><div>${paragraphs.map((p) => `<p>${p}</p>`).join("")}</div></body></html>`], "article.html", { type: "text/html" });

  function multipart(fields: Record<string, string | File>): FormData {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return form;
  }

  type Settings = { enabled: boolean; snapshot_id: string | null; settings: { title: string; author: string; text_color: string; background_color: string; small: boolean; sessionization: number; audio_path: string | null; status: string } };

  async function ready(key: string, projectId: string, notSnapshot: string | null = null): Promise<Settings> {
    for (let i = 0; i < 300; i++) {
      const settings = (await (await api(`/v1/audio-native/${projectId}/settings`, { key })).json()) as Settings;
      if (settings.settings.status === "ready" && settings.snapshot_id !== notSnapshot) return settings;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("the player never became ready");
  }

  const charged = async (workspace: string) => (await env.DB.prepare("SELECT character_count AS n FROM workspaces WHERE id = ?").bind(workspace).first<{ n: number }>())!.n;
  const embed = (path: string, origin: string | null, init: RequestInit = {}) => SELF.fetch(`${ORIGIN}${path}`, { ...init, headers: { ...(origin ? { origin } : {}), ...(init.headers as Record<string, string>) } });


  describe("Audio Native", () => {
    it("creates a player from HTML, converts it in Studio's queue, and serves it only to the listed sites with counts", async () => {
      const { key, workspace } = await account("an-create@example.com");
      const created = await api("/v1/audio-native", { method: "POST", key, body: multipart({ name: "Launch post", title: "We launched", author: "Ada", voice_id: ARIA, text_color: "#123", background_color: "#fafafa", sessionization: "5", auto_convert: "true", file: article(["First paragraph here.", "Second paragraph here."]) }) });
      expect(created.status).toBe(200);
      const body = (await created.json()) as { project_id: string; converting: boolean; html_snippet: string };
      expect(body.converting).toBe(true);
      expect(body.html_snippet).toContain(`data-projectid="${body.project_id}"`);
      expect(body.html_snippet).toContain(`${ORIGIN}/audio-native/embed.js`);

      // It is a Studio project with audio_native set, its article headed by the title and author.
      const project = (await (await api(`/v1/studio/projects/${body.project_id}`, { key })).json()) as { audio_native: unknown; chapters: { chapter_id: string }[] };
      expect(project.audio_native).toEqual({ enabled: true });
      const settings = await ready(key, body.project_id);
      expect(settings.settings).toMatchObject({ title: "We launched", author: "Ada", text_color: "#112233", background_color: "#FAFAFA", sessionization: 5, small: false, status: "ready" });
      expect(await charged(workspace)).toBe("We launched".length + "By Ada".length + "First paragraph here.".length + "Second paragraph here.".length);

      // Another workspace sees nothing.
      const other = await account("an-other@example.com");
      expect((await api(`/v1/audio-native/${body.project_id}/settings`, { key: other.key })).status).toBe(404);

      // The script is public and cached; the player answers only listed sites.
      const script = await embed("/audio-native/embed.js", null);
      expect(script.status).toBe(200);
      expect(script.headers.get("cache-control")).toContain("public");
      expect(await script.text()).toContain("parlance-audionative-widget");
      const refused = await embed(`/audio-native/${body.project_id}/config`, BLOG);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { status: string }).status).toBe("site_not_allowed");
      expect((await embed(`/audio-native/${body.project_id}/config`, null)).status).toBe(403);
      await env.DB.prepare("INSERT INTO audio_native_settings (workspace_id, title, author, text_color, background_color, sessionization, allowed_sites) VALUES (?, '', '', '#1F2937', '#FFFFFF', 0, ?)").bind(workspace, JSON.stringify([BLOG])).run();
      const config = await embed(`/audio-native/${body.project_id}/config`, BLOG);
      expect(config.status).toBe(200);
      expect(config.headers.get("access-control-allow-origin")).toBe(BLOG);
      const cfg = (await config.json()) as { audio_url: string; html: string; status: string; duration_seconds: number };
      expect(cfg.status).toBe("ready");
      expect(cfg.html).toContain("We launched");
      // A Referer stands in for a missing Origin; another site's is refused.
      expect((await embed(`/audio-native/${body.project_id}/config`, null, { headers: { referer: `${BLOG}/posts/1` } })).status).toBe(200);
      expect((await embed(`/audio-native/${body.project_id}/config`, null, { headers: { referer: "https://evil.example/x" } })).status).toBe(403);
      expect((await embed(cfg.audio_url, "https://evil.example")).status).toBe(403);

      const audio = await embed(cfg.audio_url, BLOG);
      expect(audio.status).toBe(200);
      expect(audio.headers.get("content-type")).toBe("audio/mpeg");
      const decoded = await decodeMp3(new Uint8Array(await audio.arrayBuffer()));
      expect(decoded.samples.length / decoded.sampleRate).toBeGreaterThan(1.5);
      const partial = await embed(cfg.audio_url, BLOG, { headers: { range: "bytes=0-99" } });
      expect(partial.status).toBe(206);
      await partial.arrayBuffer();

      // Counts: a play and listening time (each report capped), no cookies set.
      const play = await embed(`/audio-native/${body.project_id}/events`, BLOG, { method: "POST", headers: { "content-type": "text/plain" }, body: JSON.stringify({ type: "play" }) });
      expect(play.status).toBe(204);
      expect(play.headers.get("set-cookie")).toBeNull();
      await embed(`/audio-native/${body.project_id}/events`, BLOG, { method: "POST", body: JSON.stringify({ type: "listen", seconds: 2.5 }) });
      await embed(`/audio-native/${body.project_id}/events`, BLOG, { method: "POST", body: JSON.stringify({ type: "listen", seconds: 99999 }) });
      expect((await embed(`/audio-native/${body.project_id}/events`, BLOG, { method: "POST", body: "nonsense" })).status).toBe(400);
      expect((await embed(`/audio-native/${body.project_id}/events`, "https://evil.example", { method: "POST", body: JSON.stringify({ type: "play" }) })).status).toBe(403);
      await new Promise((r) => setTimeout(r, 50));
      const stats = await env.DB.prepare("SELECT loads, plays, listen_ms FROM audio_native_daily_stats WHERE project_id = ?").bind(body.project_id).all<{ loads: number; plays: number; listen_ms: number }>();
      expect(stats.results).toEqual([{ loads: 2, plays: 1, listen_ms: 2500 + 60_000 }]);
    }, 60_000);

    it("reconverts only the changed paragraph on a content update, and keeps the old audio until published when auto_publish is off", async () => {
      const { key, workspace } = await account("an-update@example.com");
      const created = (await (await api("/v1/audio-native", { method: "POST", key, body: multipart({ name: "Post", voice_id: ARIA, auto_convert: "true", file: article(["Alpha one.", "Beta two.", "Gamma three."]) }) })).json()) as { project_id: string };
      const first = await ready(key, created.project_id);
      const before = await charged(workspace);
      const updated = await api(`/v1/audio-native/${created.project_id}/content`, { method: "POST", key, body: multipart({ auto_convert: "true", auto_publish: "false", file: article(["Alpha one.", "Beta changed.", "Gamma three."]) }) });
      expect(updated.status).toBe(200);
      expect(await updated.json()).toMatchObject({ project_id: created.project_id, converting: true, publishing: false });
      // Wait for the project to finish converting.
      for (let i = 0; i < 300; i++) {
        const p = (await (await api(`/v1/studio/projects/${created.project_id}`, { key })).json()) as { state: string; latest_snapshot_id: string };
        if (p.state === "default" && p.latest_snapshot_id !== first.snapshot_id) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect((await charged(workspace)) - before).toBe("Beta changed.".length);
      // auto_publish off: the player still plays the first conversion.
      expect(((await (await api(`/v1/audio-native/${created.project_id}/settings`, { key })).json()) as Settings).snapshot_id).toBe(first.snapshot_id);
    }, 60_000);

    it("refuses bad input with clear 4xx answers", async () => {
      const { key } = await account("an-bad@example.com");
      expect((await api("/v1/audio-native", { method: "POST", key, body: multipart({ name: "x", text_color: "red-ish" }) })).status).toBe(422);
      expect((await api("/v1/audio-native", { method: "POST", key, body: multipart({ name: "" }) })).status).toBe(422);
      const pdf = await api("/v1/audio-native", { method: "POST", key, body: multipart({ name: "x", file: new File(["%PDF"], "a.pdf", { type: "application/pdf" }) }) });
      expect(pdf.status).toBe(400);
      expect(((await pdf.json()) as { detail: { status: string } }).detail.status).toBe("unsupported_document");
      expect((await api("/v1/audio-native", { method: "POST", key, body: multipart({ name: "x", voice_id: "nope" }) })).status).toBe(400);
      expect((await api("/v1/audio-native/nope/settings", { key })).status).toBe(404);
      expect((await api("/v1/audio-native/nope/content", { method: "POST", key, body: multipart({ file: article(["a"]) }) })).status).toBe(404);
      expect((await api("/v1/audio-native/content", { method: "POST", key, json: { url: "https://x.example" } })).status).toBe(400);
      expect((await SELF.fetch(`${ORIGIN}/audio-native/nope/config`, { headers: { origin: BLOG } })).status).toBe(404);
    });
  });
});

describe("pronunciation", () => {
  type Added = { id: string; version_id: string; version_rules_num: number };

  async function keyFor(email: string): Promise<string> {
    return createKey(await signUp(email));
  }

  async function addFromRules(key: string, name: string, rules: unknown[]): Promise<Added> {
    const response = await api("/v1/pronunciation-dictionaries/add-from-rules", { method: "POST", key, json: { name, rules } });
    expect(response.status).toBe(200);
    return (await response.json()) as Added;
  }

  /** Seeded PCM, so the same spoken text gives the same bytes. */
  async function speak(key: string, text: string, locators?: { pronunciation_dictionary_id: string; version_id?: string }[]): Promise<Uint8Array> {
    const response = await api(`/v1/text-to-speech/${ARIA}?output_format=pcm_22050`, { method: "POST", key, json: { text, seed: 11, pronunciation_dictionary_locators: locators } });
    expect(response.status).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  }

  const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

  describe("/v1/pronunciation-dictionaries", () => {
    it("creates from rules, versions every change, downloads each version's PLS and hides it from other workspaces", async () => {
      const key = await keyFor("pd-crud@example.com");
      const added = await addFromRules(key, "Places", [{ type: "alias", string_to_replace: "Thailand", alias: "tie land" }]);
      expect(added.version_rules_num).toBe(1);

      const got = (await (await api(`/v1/pronunciation-dictionaries/${added.id}`, { key })).json()) as Record<string, unknown>;
      expect(got).toMatchObject({ id: added.id, name: "Places", latest_version_id: added.version_id, latest_version_rules_num: 1, rules: [{ type: "alias", string_to_replace: "Thailand", alias: "tie land", case_sensitive: true, word_boundaries: true }] });

      const more = (await (await api(`/v1/pronunciation-dictionaries/${added.id}/add-rules`, { method: "POST", key, json: { rules: [{ type: "phoneme", string_to_replace: "tomato", phoneme: "təˈmɑːtoʊ", alphabet: "ipa" }, { type: "alias", string_to_replace: "Thailand", alias: "tai land" }] } })).json()) as Added;
      expect(more.version_rules_num).toBe(2);
      expect(more.version_id).not.toBe(added.version_id);
      const fewer = (await (await api(`/v1/pronunciation-dictionaries/${added.id}/remove-rules`, { method: "POST", key, json: { rule_strings: ["tomato"] } })).json()) as Added;
      expect(fewer.version_rules_num).toBe(1);

      const first = await api(`/v1/pronunciation-dictionaries/${added.id}/${added.version_id}/download`, { key });
      expect(first.headers.get("content-type")).toContain("application/pls+xml");
      expect(await first.text()).toContain("<alias>tie land</alias>");
      expect(await (await api(`/v1/pronunciation-dictionaries/${added.id}/${more.version_id}/download`, { key })).text()).toMatch(/<grapheme>tomato<\/grapheme>\s*<phoneme alphabet="ipa">təˈmɑːtoʊ<\/phoneme>/);

      const renamed = await api(`/v1/pronunciation-dictionaries/${added.id}`, { method: "PATCH", key, json: { name: "Countries", archived: true } });
      expect(await renamed.json()).toMatchObject({ name: "Countries", latest_version_id: fewer.version_id, latest_version_rules_num: 1 });
      const listed = (await (await api("/v1/pronunciation-dictionaries", { key })).json()) as { pronunciation_dictionaries: unknown[] };
      expect(listed.pronunciation_dictionaries).toEqual([]);
      const archived = (await (await api("/v1/pronunciation-dictionaries?include_archived=true", { key })).json()) as { pronunciation_dictionaries: { id: string }[]; has_more: boolean };
      expect(archived.pronunciation_dictionaries.map((d) => d.id)).toEqual([added.id]);

      const other = await keyFor("pd-crud-other@example.com");
      expect((await api(`/v1/pronunciation-dictionaries/${added.id}`, { key: other })).status).toBe(404);
      expect((await api(`/v1/pronunciation-dictionaries/${added.id}/${added.version_id}/download`, { key: other })).status).toBe(404);
      expect((await api(`/v1/pronunciation-dictionaries/${added.id}/set-rules`, { method: "POST", key: other, json: { rules: [] } })).status).toBe(404);
      const speaking = await api(`/v1/text-to-speech/${ARIA}`, { method: "POST", key: other, json: { text: "Thailand", pronunciation_dictionary_locators: [{ pronunciation_dictionary_id: added.id }] } });
      expect(speaking.status).toBe(404);
      expect(((await speaking.json()) as { detail: { status: string } }).detail.status).toBe("pronunciation_dictionary_not_found");
    });

    it("pages the list with a cursor", async () => {
      const key = await keyFor("pd-pages@example.com");
      for (const name of ["A", "B", "C"]) await addFromRules(key, name, []);
      const page1 = (await (await api("/v1/pronunciation-dictionaries?page_size=2&sort=name&sort_direction=ascending", { key })).json()) as { pronunciation_dictionaries: { name: string }[]; next_cursor: string; has_more: boolean };
      expect(page1.pronunciation_dictionaries.map((d) => d.name)).toEqual(["A", "B"]);
      expect(page1.has_more).toBe(true);
      const page2 = (await (await api(`/v1/pronunciation-dictionaries?page_size=2&sort=name&sort_direction=ascending&cursor=${encodeURIComponent(page1.next_cursor)}`, { key })).json()) as { pronunciation_dictionaries: { name: string }[]; has_more: boolean };
      expect(page2.pronunciation_dictionaries.map((d) => d.name)).toEqual(["C"]);
      expect(page2.has_more).toBe(false);
    });

    it("reads PLS lexicon files and refuses what it cannot use", async () => {
      const key = await keyFor("pd-file@example.com");
      const pls = `<?xml version="1.0"?><lexicon version="1.0" alphabet="ipa" xml:lang="en-US"><lexeme><grapheme>GIF</grapheme><phoneme>dʒɪf</phoneme></lexeme><lexeme><grapheme>SQL</grapheme><alias>sequel</alias></lexeme></lexicon>`;
      const body = new FormData();
      body.append("name", "Tech");
      body.append("file", new File([pls], "tech.pls", { type: "application/pls+xml" }));
      const created = await api("/v1/pronunciation-dictionaries/add-from-file", { method: "POST", key, body });
      expect(created.status).toBe(200);
      expect(((await created.json()) as Added).version_rules_num).toBe(2);

      const bad = new FormData();
      bad.append("name", "Broken");
      bad.append("file", new File(["<html></html>"], "page.pls"));
      const refused = await api("/v1/pronunciation-dictionaries/add-from-file", { method: "POST", key, body: bad });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { detail: { status: string } }).detail.status).toBe("invalid_pls_file");

      const french = await api("/v1/pronunciation-dictionaries/add-from-rules", { method: "POST", key, json: { name: "Fr", rules: [{ type: "phoneme", string_to_replace: "Paris", phoneme: "paʁi", alphabet: "ipa" }] } });
      expect(french.status).toBe(400);
      expect(await french.json()).toEqual({ detail: { status: "invalid_pronunciation_rules", message: 'Rule 1 ("Paris"): the embedded engine cannot speak "ʁ" in ipa.' } });
    });
  });

  describe("pronunciation dictionaries in text to speech", () => {
    it("an alias rule speaks its alias, a phoneme rule its phonemes, exactly as if that had been written", async () => {
      const key = await keyFor("pd-tts@example.com");
      const alias = await addFromRules(key, "Alias", [{ type: "alias", string_to_replace: "Thailand", alias: "tie land" }]);
      const phoneme = await addFromRules(key, "Phoneme", [{ type: "phoneme", string_to_replace: "hullo", phoneme: "HH AH0 L OW1", alphabet: "cmu-arpabet" }]);

      const plain = await speak(key, "Thailand");
      const withAlias = await speak(key, "Thailand", [{ pronunciation_dictionary_id: alias.id }]);
      expect(same(withAlias, plain)).toBe(false);
      expect(same(withAlias, await speak(key, "tie land"))).toBe(true);

      expect(same(await speak(key, "hullo", [{ pronunciation_dictionary_id: phoneme.id, version_id: phoneme.version_id }]), await speak(key, "hello"))).toBe(true);
      expect(same(await speak(key, "hullo"), await speak(key, "hello"))).toBe(false);
    });
  });

  describe("pronunciation dictionaries in Studio", () => {
    it("a project's dictionary reconverts only the paragraph it changes, and its audio is the rule's", async () => {
      const cookie = await signUp("pd-studio@example.com");
      const key = await createKey(cookie);
      const workspace = ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
      await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = 30000 WHERE id = ?").bind(workspace).run();
      const form = new FormData();
      form.append("name", "Trip");
      form.append("from_content_json", JSON.stringify([{ name: "One", blocks: [{ nodes: [{ type: "tts_node", voice_id: ARIA, text: "We went to Thailand." }] }, { nodes: [{ type: "tts_node", voice_id: ARIA, text: "It was warm." }] }] }]));
      const { project } = (await (await api("/v1/studio/projects", { method: "POST", key, body: form })).json()) as { project: { project_id: string } };
      const chapters = (await (await api(`/v1/studio/projects/${project.project_id}/chapters`, { key })).json()) as { chapters: { chapter_id: string }[] };
      const chapterId = chapters.chapters[0]!.chapter_id;
      type Stats = { statistics: { paragraphs_unconverted: number }; state: string };
      const chapter = async () => (await (await api(`/v1/studio/projects/${project.project_id}/chapters/${chapterId}`, { key })).json()) as Stats;
      const convert = async () => {
        expect((await api(`/v1/studio/projects/${project.project_id}/convert`, { method: "POST", key })).status).toBe(200);
        for (let i = 0; i < 200 && ((await chapter()).statistics.paragraphs_unconverted > 0 || (await chapter()).state !== "default"); i++) await new Promise((r) => setTimeout(r, 100));
      };
      await convert();
      const charged = async () => (await env.DB.prepare("SELECT character_count AS n FROM workspaces WHERE id = ?").bind(workspace).first<{ n: number }>())!.n;
      const before = await charged();

      const dictionary = await addFromRules(key, "Places", [{ type: "alias", string_to_replace: "Thailand", alias: "tie land" }]);
      const set = await api(`/v1/studio/projects/${project.project_id}/pronunciation-dictionaries`, { method: "POST", key, json: { pronunciation_dictionary_locators: [{ pronunciation_dictionary_id: dictionary.id }] } });
      expect(await set.json()).toEqual({ status: "ok" });
      expect((await chapter()).statistics.paragraphs_unconverted).toBe(1);
      const got = (await (await api(`/v1/studio/projects/${project.project_id}`, { key })).json()) as { pronunciation_dictionary_locators: unknown[]; pronunciation_dictionary_versions: unknown[] };
      expect(got.pronunciation_dictionary_locators).toEqual([{ pronunciation_dictionary_id: dictionary.id, version_id: dictionary.version_id }]);
      expect(got.pronunciation_dictionary_versions).toMatchObject([{ pronunciation_dictionary_id: dictionary.id, version_id: dictionary.version_id, dictionary_name: "Places", version_name: "v1", version_rules_num: 1 }]);

      await convert();
      expect(await charged()).toBe(before + "We went to Thailand.".length);
      const block = await env.DB.prepare("SELECT audio_key FROM studio_blocks WHERE chapter_id = ? ORDER BY rowid LIMIT 1").bind(chapterId).first<{ audio_key: string }>();
      const stored = new Uint8Array(await (await env.MEDIA.get(block!.audio_key))!.arrayBuffer());
      expect(stored.length).toBeGreaterThan(0);

      const other = await keyFor("pd-studio-other@example.com");
      const foreign = await api(`/v1/studio/projects/${project.project_id}/pronunciation-dictionaries`, { method: "POST", key: other, json: { pronunciation_dictionary_locators: [{ pronunciation_dictionary_id: dictionary.id }] } });
      expect(foreign.status).toBe(403);
    }, 30_000);
  });
});

describe("voiceover", () => {
  const ROGER = "pv02roger00000000000";
  const TONE_HZ = 220;

  type Project = { project_id: string; clips: { id: string; kind: string; start: number; text: string }[]; original_audio: string; video: { duration_seconds: number; audio_codec: string | null; audio_readable: boolean }; latest_render: Render | null };
  type Render = { render_id: string; status: string; progress: number; error: string | null; credits: number; refunded: boolean; video_url: string | null };

  async function workspaceOf(key: string): Promise<string> {
    return ((await (await api("/v1/workspace", { key })).json()) as { workspace_id: string }).workspace_id;
  }

  /** A workspace on a plan with allowed_to_use_projects_api (Studio's rule), its key and cookie. */
  async function starter(email: string, characterLimit = 30000): Promise<{ key: string; cookie: string; workspace: string }> {
    const cookie = await signUp(email);
    const key = await createKey(cookie);
    const workspace = await workspaceOf(key);
    await env.DB.prepare("UPDATE workspaces SET tier = 'starter', status = 'active', character_limit = ? WHERE id = ?").bind(characterLimit, workspace).run();
    return { key, cookie, workspace };
  }

  const upload = (key: string, bytes: Uint8Array, name = "clip.mp4", type = "video/mp4") => {
    const body = new FormData();
    body.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
    return api("/v1/voiceover/projects", { method: "POST", key, body });
  };
  const patch = (key: string, id: string, json: unknown) => api(`/v1/voiceover/projects/${id}`, { method: "PATCH", key, json });
  const render = (key: string, id: string) => api(`/v1/voiceover/projects/${id}/render`, { method: "POST", key });
  const charged = async (workspace: string) => (await env.DB.prepare("SELECT character_count AS n FROM workspaces WHERE id = ?").bind(workspace).first<{ n: number }>())!.n;
  const detail = async (response: Response) => ((await response.json()) as { detail: { status: string; message: string } }).detail;

  let delivered = 0;
  /** Hands the render's queue message to the video worker's consumer, as the queue would. */
  async function deliver(renderId: string, attempts = 1, queue = "video-jobs") {
    const batch = createMessageBatch(queue, [{ id: `vo${++delivered}`, timestamp: new Date(), attempts, body: { version: 1, kind: "voiceover", renderId } }]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env as unknown as VideoEnv);
    return getQueueResult(batch, ctx);
  }

  let video: Uint8Array;
  beforeAll(async () => {
    video = await toneVideo(4.5, TONE_HZ);
  });

  describe("voiceover projects: the API and its rules", () => {
    it("creates a project from a video, reading its length and sound, and refuses what is not a video", async () => {
      const { key } = await starter("vo-create@example.com");
      const created = await upload(key, video, "launch trailer.mp4");
      expect(created.status).toBe(200);
      const project = (await created.json()) as Project & { name: string; video: { width: number; height: number; video_codec: string } };
      expect(project).toMatchObject({ name: "launch trailer", clips: [], original_audio: "duck", latest_render: null, video: { width: 320, height: 320, video_codec: "avc", audio_codec: "mp3", audio_readable: true } });
      expect(Math.abs(project.video.duration_seconds - 4.5)).toBeLessThan(0.1);
      const stored = await api(`/v1/voiceover/projects/${project.project_id}/video`, { key, headers: { range: "bytes=4-7" } });
      expect(stored.status).toBe(206);
      expect(new TextDecoder().decode(await stored.arrayBuffer())).toBe("ftyp");

      const wav = new Uint8Array(44 + 8000);
      wav.set(new TextEncoder().encode("RIFF"), 0);
      wav.set(new TextEncoder().encode("WAVEfmt "), 8);
      const refusals: [Uint8Array, string][] = [
        [new TextEncoder().encode("this is not a video at all"), "invalid_file_type"],
        [wav, "not_a_video"],
        [new Uint8Array(0), "empty_file"],
        [video.slice(0, 2000), "invalid_video"],
      ];
      for (const [bytes, status] of refusals) {
        const refused = await upload(key, bytes);
        expect(refused.status, status).toBe(400);
        expect((await detail(refused)).status).toBe(status);
      }
      const listed = (await (await api("/v1/voiceover/projects", { key })).json()) as { projects: Project[] };
      expect(listed.projects.map((p) => p.project_id)).toEqual([project.project_id]);
    });

    it("checks the timeline: clips inside the video, known voices; the original sound kept only when it can be read", async () => {
      const { key } = await starter("vo-timeline@example.com");
      const project = (await (await upload(key, video)).json()) as Project;
      const id = project.project_id;
      const saved = await patch(key, id, {
        clips: [
          { kind: "effect", start: 3, text: "A door slam", duration_seconds: 1 },
          { kind: "dialogue", start: 0.5, text: "Hello there.", voice_id: ARIA, voice_settings: { speed: 1.1, stability: 0.4 } },
        ],
        original_audio: "keep",
      });
      expect(saved.status).toBe(200);
      const body = (await saved.json()) as Project;
      expect(body.original_audio).toBe("keep");
      expect(body.clips.map((c) => [c.id, c.kind, c.start])).toEqual([
        ["clip_2", "dialogue", 0.5],
        ["clip_1", "effect", 3],
      ]);

      const refusals: [unknown, number, string][] = [
        [{ clips: [{ kind: "dialogue", start: 4.6, text: "Too late.", voice_id: ARIA }] }, 400, "clip_outside_video"],
        [{ clips: [{ kind: "effect", start: 4, text: "Rain", duration_seconds: 2 }] }, 400, "clip_outside_video"],
        [{ clips: [{ kind: "dialogue", start: 1, text: "Who?", voice_id: "no_such_voice" }] }, 400, "voice_not_found"],
      ];
      for (const [json, status, code] of refusals) {
        const refused = await patch(key, id, json);
        expect(refused.status, code).toBe(status);
        expect((await detail(refused)).status).toBe(code);
      }
      expect((await patch(key, id, { clips: [{ kind: "dialogue", start: 1, text: "", voice_id: ARIA }] })).status).toBe(422);
      // Nothing of a refused change was kept.
      expect(((await (await api(`/v1/voiceover/projects/${id}`, { key })).json()) as Project).clips).toHaveLength(2);

      // A video without sound has nothing to keep or duck.
      const silent = (await (await upload(key, await withoutSound(video))).json()) as Project;
      expect(silent).toMatchObject({ original_audio: "drop", video: { audio_codec: null, audio_readable: false } });
      const keep = await patch(key, silent.project_id, { original_audio: "duck" });
      expect(keep.status).toBe(400);
      expect(await detail(keep)).toMatchObject({ status: "original_audio_unavailable", message: "The video has no sound of its own." });
    });

    it("keeps each workspace's projects to itself, gates the API by Studio's plan rule and the project limit", async () => {
      const { key } = await starter("vo-owner@example.com");
      const id = ((await (await upload(key, video)).json()) as Project).project_id;
      const stranger = await starter("vo-stranger@example.com");
      for (const [path, method] of [
        [`/v1/voiceover/projects/${id}`, "GET"],
        [`/v1/voiceover/projects/${id}/video`, "GET"],
        [`/v1/voiceover/projects/${id}/render`, "POST"],
        [`/v1/voiceover/projects/${id}`, "DELETE"],
      ] as const) {
        expect((await api(path, { key: stranger.key, method })).status, `${method} ${path}`).toBe(404);
      }
      expect((await patch(stranger.key, id, { name: "Mine now" })).status).toBe(404);
      expect(((await (await api("/v1/voiceover/projects", { key: stranger.key })).json()) as { projects: unknown[] }).projects).toEqual([]);

      // The free plan has no projects API (allowed_to_use_projects_api), as in Studio; its pages still work.
      const cookie = await signUp("vo-free@example.com");
      const freeKey = await createKey(cookie);
      const refused = await api("/v1/voiceover/projects", { key: freeKey });
      expect(refused.status).toBe(403);
      expect((await detail(refused)).status).toBe("projects_api_not_allowed");
      expect((await api("/app/voiceover-studio", { cookie })).status).toBe(200);
      const body = new FormData();
      body.append("file", new File([video as Uint8Array<ArrayBuffer>], "a.mp4", { type: "video/mp4" }));
      for (let i = 0; i < 3; i++) expect((await api("/v1/voiceover/projects", { method: "POST", cookie, body })).status).toBe(200);
      const over = await api("/v1/voiceover/projects", { method: "POST", cookie, body });
      expect(over.status).toBe(403);
      expect(await detail(over)).toMatchObject({ status: "project_limit_reached", message: "Your plan allows 3 voiceover projects. Delete a project or upgrade your plan to create more." });
    });

    it("refuses a render with no clips, past the quota, or while another runs, charging nothing", async () => {
      const { key, workspace } = await starter("vo-render-refusals@example.com", 20);
      const id = ((await (await upload(key, video)).json()) as Project).project_id;
      const empty = await render(key, id);
      expect(empty.status).toBe(400);
      expect((await detail(empty)).status).toBe("no_clips");
      expect((await patch(key, id, { clips: [{ kind: "dialogue", start: 0, text: "This line has more than twenty characters.", voice_id: ARIA }] })).status).toBe(200);
      const poor = await render(key, id);
      expect(poor.status).toBe(401);
      expect((await detail(poor)).status).toBe("quota_exceeded");
      expect(await charged(workspace)).toBe(0);

      await env.DB.prepare("UPDATE workspaces SET character_limit = 30000 WHERE id = ?").bind(workspace).run();
      const first = await render(key, id);
      expect(first.status).toBe(200);
      const again = await render(key, id);
      expect(again.status).toBe(409);
      expect((await detail(again)).status).toBe("render_in_progress");
      expect(await charged(workspace)).toBe(42);
      // Deleting the project gives a render that has not run its credits back, and removes its media.
      expect((await api(`/v1/voiceover/projects/${id}`, { key, method: "DELETE" })).status).toBe(200);
      expect(await charged(workspace)).toBe(0);
      expect((await env.MEDIA.list({ prefix: `videos/${workspace}/voiceover/${id}/` })).objects).toEqual([]);
      expect((await api(`/v1/voiceover/projects/${id}`, { key })).status).toBe(404);
    });
  });

  describe("voiceover renders: the video worker", () => {
    it("renders the timeline into the video: the picture untouched, speech and the effect where the clips are, charged once", async () => {
      const { key, workspace } = await starter("vo-render@example.com");
      const created = (await (await upload(key, video)).json()) as Project;
      const id = created.project_id;
      const line = "Hello, I am home now.";
      expect(
        (
          await patch(key, id, {
            clips: [
              { kind: "dialogue", start: 0.6, text: line, voice_id: ROGER },
              { kind: "effect", start: 3.4, text: "A short beep", duration_seconds: 0.8 },
            ],
            original_audio: "drop",
          })
        ).status,
      ).toBe(200);
      const accepted = await render(key, id);
      expect(accepted.status).toBe(200);
      const queued = (await accepted.json()) as Render;
      const credits = [...line].length + soundCredits(0.8);
      expect(queued).toMatchObject({ status: "queued", credits, refunded: false, video_url: null });
      expect(await charged(workspace)).toBe(credits);

      const started = Date.now();
      const result = await deliver(queued.render_id);
      console.log(`voiceover render: 4.5 s of video, a line and an effect, in ${Date.now() - started} ms`);
      expect(result.explicitAcks).toHaveLength(1);
      const done = (await (await api(`/v1/voiceover/projects/${id}/renders/${queued.render_id}`, { key })).json()) as Render;
      expect(done).toMatchObject({ status: "done", progress: 100, error: null });
      const file = await api(`${done.video_url}?download=true`, { key });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("video/mp4");
      expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="clip\.mp4"/);
      const output = await readVideo(new Uint8Array(await file.arrayBuffer()));
      const input = await readVideo(video);

      // The picture: the same packets (bytes, times, key frames) as the upload's: copied, never re-encoded.
      expect(output.videoCodec).toBe("avc");
      expect(output.packets).toEqual(input.packets);
      expect(output.videoSeconds).toBeCloseTo(input.videoSeconds, 3);
      // The new sound lasts as long as the picture (the MP3 encoder's frames round it up a little).
      expect(Math.abs(output.audioSeconds! - input.videoSeconds)).toBeLessThan(0.1);

      // The sound: the dropped original leaves silence; the line is heard from 0.6 s, the effect from 3.4 s.
      const sound = output.sound!;
      console.log(`voiceover levels: before ${levelDb(sound, 0.05, 0.55).toFixed(1)} dB, line ${levelDb(sound, 0.7, 1.6).toFixed(1)} dB, effect ${levelDb(sound, 3.45, 4.1).toFixed(1)} dB, tone ${toneDb(sound, TONE_HZ, 0.05, 0.55).toFixed(1)} dB`);
      expect(levelDb(sound, 0.05, 0.55)).toBeLessThan(-70);
      expect(levelDb(sound, 0.7, 1.6)).toBeGreaterThan(-35);
      expect(levelDb(sound, 3.45, 4.1)).toBeGreaterThan(-45);
      expect(toneDb(sound, TONE_HZ, 0.05, 0.55)).toBeLessThan(-70);

      // Rendering again with nothing changed speaks nothing and charges nothing; an edited line alone is charged.
      const same = (await (await render(key, id)).json()) as Render;
      expect(same.credits).toBe(0);
      const again = Date.now();
      await deliver(same.render_id);
      console.log(`voiceover render again (clips read back from R2): ${Date.now() - again} ms`);
      expect(await charged(workspace)).toBe(credits);
      const edited = "Hello, I am back.";
      const clips = ((await (await api(`/v1/voiceover/projects/${id}`, { key })).json()) as Project).clips;
      expect((await patch(key, id, { clips: clips.map((c) => (c.kind === "dialogue" ? { ...c, text: edited } : c)) })).status).toBe(200);
      const third = (await (await render(key, id)).json()) as Render;
      expect(third.credits).toBe([...edited].length);
      await deliver(third.render_id);
      expect(await charged(workspace)).toBe(credits + [...edited].length);
      expect(((await (await api(`/v1/voiceover/projects/${id}`, { key })).json()) as Project).latest_render).toMatchObject({ render_id: third.render_id, status: "done" });
    });

    it("keeps the original sound and lowers it under the dialogue", async () => {
      const { key } = await starter("vo-duck@example.com");
      const id = ((await (await upload(key, video)).json()) as Project).project_id;
      const outputOf = async (mode: string) => {
        expect((await patch(key, id, { clips: [{ kind: "dialogue", start: 1, text: "Hello, I am home now, and all is well.", voice_id: ROGER }], original_audio: mode })).status).toBe(200);
        const queued = (await (await render(key, id)).json()) as Render;
        await deliver(queued.render_id);
        const done = (await (await api(`/v1/voiceover/projects/${id}/renders/${queued.render_id}`, { key })).json()) as Render;
        return (await readVideo(new Uint8Array(await (await api(done.video_url!, { key })).arrayBuffer()))).sound!;
      };
      const kept = await outputOf("keep");
      const ducked = await outputOf("duck");
      const before = [toneDb(kept, TONE_HZ, 0.2, 0.8), toneDb(ducked, TONE_HZ, 0.2, 0.8)];
      const under = [toneDb(kept, TONE_HZ, 1.3, 2.1), toneDb(ducked, TONE_HZ, 1.3, 2.1)];
      console.log(`voiceover tone before the line: keep ${before[0]!.toFixed(1)} dB, duck ${before[1]!.toFixed(1)} dB; under it: keep ${under[0]!.toFixed(1)} dB, duck ${under[1]!.toFixed(1)} dB`);
      // Away from the line both keep the tone at its level (a 6000-peak sine: about -18.7 dB RMS).
      for (const level of before) expect(Math.abs(level - -18.7)).toBeLessThan(1.5);
      // Under the line the kept tone stays; the ducked one is about 14 dB lower.
      expect(Math.abs(under[0]! - before[0]!)).toBeLessThan(3);
      expect(under[1]! - before[1]!).toBeLessThan(-9);
    });

    it("retries a failing render, then fails it for good and gives its credits back", async () => {
      const { key, workspace } = await starter("vo-fail@example.com");
      const created = (await (await upload(key, video)).json()) as Project;
      const id = created.project_id;
      expect((await patch(key, id, { clips: [{ kind: "dialogue", start: 0, text: "Lost.", voice_id: ARIA }] })).status).toBe(200);
      const queued = (await (await render(key, id)).json()) as Render;
      expect(await charged(workspace)).toBe(5);
      // The video is gone from R2: every delivery fails.
      const project = await env.DB.prepare("SELECT video_key FROM voiceover_projects WHERE id = ?").bind(id).first<{ video_key: string }>();
      await env.MEDIA.delete(project!.video_key);
      const retried = await deliver(queued.render_id);
      expect(retried.retryMessages).toHaveLength(1);
      expect(((await (await api(`/v1/voiceover/projects/${id}/renders/${queued.render_id}`, { key })).json()) as Render).status).toBe("queued");
      await env.DB.prepare("UPDATE voiceover_renders SET attempts = ? WHERE id = ?").bind(VIDEO_MAX_ATTEMPTS - 1, queued.render_id).run();
      const last = await deliver(queued.render_id, VIDEO_MAX_ATTEMPTS);
      expect(last.explicitAcks).toHaveLength(1);
      const failed = (await (await api(`/v1/voiceover/projects/${id}/renders/${queued.render_id}`, { key })).json()) as Render;
      expect(failed).toMatchObject({ status: "failed", refunded: true });
      expect(failed.error).toMatch(/The project's video is gone.*credits were given back/);
      expect(await charged(workspace)).toBe(0);
      // The dead-letter queue's copy changes nothing more.
      await deliver(queued.render_id, 1, "video-jobs-dead");
      expect(await charged(workspace)).toBe(0);
      const events = await env.DB.prepare("SELECT characters FROM usage_events WHERE workspace_id = ? ORDER BY characters").bind(workspace).all<{ characters: number }>();
      expect(events.results.map((e) => e.characters)).toEqual([-5, 5]);
    });
  });

  describe("/app/voiceover-studio", () => {
    it("lists the workspace's projects and saves the timeline from the editor, with the rule's reason when it refuses", async () => {
      const cookie = await signUp("vo-pages@example.com");
      const body = new FormData();
      body.append("file", new File([video as Uint8Array<ArrayBuffer>], "Page video.mp4", { type: "video/mp4" }));
      const created = (await (await api("/v1/voiceover/projects", { method: "POST", cookie, body })).json()) as Project;
      const list = await api("/app/voiceover-studio", { cookie });
      expect(await list.text()).toContain("Page video");
      const path = `/app/voiceover-studio/${created.project_id}`;
      const clips = (start: number) => JSON.stringify([{ id: "clip_1", kind: "dialogue", start, text: "From the page.", voice_id: ARIA }]);
      const late = await fetcherPost(path, { intent: "save", name: "Page video", original_audio: "duck", clips: clips(9) }, cookie);
      expect(late.status).toBe(400);
      expect(JSON.stringify(late)).toContain("starts after the video ends");
      const saved = await fetcherPost(path, { intent: "save", name: "Renamed", original_audio: "keep", clips: clips(1) }, cookie);
      expect(saved.status).toBe(200);
      const page = await (await api(path, { cookie })).text();
      expect(page).toContain("Renamed");
      expect(page).toContain("From the page.");
    });
  });
});
