import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { stripeClient } from "../../../core/billing/stripe.server";
import { EXTENSION_DAYS, QUALIFICATION_TESTS, quoteFor, type ProductionKind } from "../../../app/productions/rules/productions";
import { wavFile } from "../../../core/audio/wav";
import { api, createKey, form, ORIGIN, signUp } from "./helpers";

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
