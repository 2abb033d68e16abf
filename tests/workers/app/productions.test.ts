import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { stripeClient } from "../../../core/billing/stripe.server";
import { EXTENSION_DAYS, QUALIFICATION_TESTS, quoteFor, type ProductionKind } from "../../../app/productions/rules/productions";
import { form, ORIGIN, signUp } from "./helpers";

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
