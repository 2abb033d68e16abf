/**
 * The HTML a person sees: hosted checkout, the customer portal and a small dashboard. Plain server-rendered
 * forms with labelled inputs and inline CSS, no scripts and no external assets.
 */
import type Stripe from "stripe";
import { Html, html } from "./html";
import { describeCoupon, formatAmount, formatDate, formatPrice } from "./money";
import type { StripeEvent, StoredCheckoutSession } from "./objects";
import type { Delivery } from "./store";

const STYLE = `
  :root { color-scheme: light; --ink: #1a1f36; --muted: #5b6275; --line: #e3e8ee; --accent: #635bff; --danger: #c0123c; }
  * { box-sizing: border-box; }
  body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #f6f9fc; }
  main { max-width: 960px; margin: 0 auto; padding: 32px 20px; }
  .test-mode { display: inline-block; margin-left: 8px; padding: 0 6px; border-radius: 4px; background: #ffde92; color: #5c3b00; font-size: 12px; font-weight: 600; vertical-align: middle; }
  .columns { display: grid; gap: 32px; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); }
  .panel { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 24px; }
  h1 { font-size: 20px; margin: 0 0 24px; } h2 { font-size: 18px; margin: 0 0 12px; }
  .amount { font-size: 32px; font-weight: 600; margin: 4px 0 16px; }
  .row { display: flex; justify-content: space-between; gap: 12px; padding: 8px 0; border-top: 1px solid var(--line); }
  .muted { color: var(--muted); font-size: 14px; }
  label { display: block; font-size: 14px; font-weight: 500; margin: 12px 0 4px; }
  input[type=text], input[type=email] { width: 100%; padding: 10px 12px; border: 1px solid #cfd7df; border-radius: 6px; font: inherit; }
  input:focus, button:focus, a:focus { outline: 2px solid var(--accent); outline-offset: 2px; }
  .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  button { padding: 10px 16px; border: 0; border-radius: 6px; background: var(--accent); color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  button.secondary { background: #fff; color: var(--ink); border: 1px solid #cfd7df; }
  form.pay button { width: 100%; margin-top: 20px; }
  .error { color: var(--danger); font-weight: 500; margin: 12px 0 0; }
  table { width: 100%; border-collapse: collapse; font-size: 14px; }
  th, td { text-align: left; padding: 8px 6px; border-top: 1px solid var(--line); vertical-align: top; }
  section { margin-bottom: 32px; }
  code { font-size: 13px; }
`;

function layout(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <title>${title}</title>
    <style>${new Html(STYLE)}</style>
  </head>
  <body>
    <main>${body}</main>
  </body>
</html>`;
}

function merchantHeading(): Html {
  return html`<h1>Parlance <span class="test-mode">TEST MODE</span></h1>`;
}

export interface CheckoutView {
  session: StoredCheckoutSession;
  product: Stripe.Product | null;
  price: Stripe.Price | null;
  coupons: { coupon: Stripe.Coupon; code: string | null; amount: number }[];
  email: string;
  values: { name: string; expiry: string; number: string; promotionCode: string };
  error: { message: string; field: string } | null;
}

export function checkoutPage(view: CheckoutView): Html {
  const { session, price, product } = view;
  const setup = session.mode === "setup";
  if (session.status !== "open") {
    return layout(
      "Checkout complete",
      html`${merchantHeading()}
        <div class="panel"><p>This checkout session is ${session.status}.</p>${session.success_url ? html`<p><a href="${session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id)}">Continue</a></p>` : ""}</div>`,
    );
  }
  const subtotal = session.amount_subtotal ?? 0;
  const currency = session.currency ?? "usd";
  const discount = view.coupons.reduce((sum, entry) => sum + entry.amount, 0);
  const error = (field: string) => (view.error?.field === field ? html` aria-invalid="true" aria-describedby="form-error"` : "");
  const summary = setup
    ? html`<h2>Save a card for future payments</h2>
        <p class="muted">You will not be charged now.</p>`
    : html`<p class="muted">Subscribe to ${product?.name ?? "Parlance"}</p>
        <p class="amount">${price ? formatPrice(price) : formatAmount(subtotal, currency)}</p>
        <div class="row"><span>${product?.name ?? "Plan"}</span><span>${formatAmount(subtotal, currency)}</span></div>
        ${view.coupons.map(
          (entry) =>
            html`<div class="row"><span>${entry.code ?? entry.coupon.name ?? entry.coupon.id} <span class="muted">(${describeCoupon(entry.coupon)})</span></span><span>−${formatAmount(entry.amount, currency)}</span></div>`,
        )}
        <div class="row"><strong>Total due today</strong><strong>${formatAmount(Math.max(0, subtotal - discount), currency)}</strong></div>`;
  return layout(
    setup ? "Save your card · Parlance" : `Subscribe to ${product?.name ?? "Parlance"}`,
    html`${merchantHeading()}
      <div class="columns">
        <div class="panel" aria-label="Order summary">${summary}</div>
        <form class="panel pay" method="post" novalidate>
          <h2>Pay with card</h2>
          <label for="email">Email</label>
          <input type="email" id="email" name="email" autocomplete="email" value="${view.email}" />
          <label for="card_number">Card number</label>
          <input type="text" id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${view.values.number}"${error("card_number")} />
          <div class="pair">
            <div>
              <label for="card_expiry">Expiration</label>
              <input type="text" id="card_expiry" name="card_expiry" autocomplete="cc-exp" placeholder="MM / YY" value="${view.values.expiry}"${error("card_expiry")} />
            </div>
            <div>
              <label for="card_cvc">CVC</label>
              <input type="text" id="card_cvc" name="card_cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC"${error("card_cvc")} />
            </div>
          </div>
          <label for="cardholder_name">Cardholder name</label>
          <input type="text" id="cardholder_name" name="cardholder_name" autocomplete="cc-name" placeholder="Full name on card" value="${view.values.name}" />
          ${session.allow_promotion_codes
            ? html`<label for="promotion_code">Promotion code</label>
                <input type="text" id="promotion_code" name="promotion_code" autocomplete="off" value="${view.values.promotionCode}"${error("promotion_code")} />`
            : ""}
          ${view.error ? html`<p class="error" id="form-error" role="alert">${view.error.message}</p>` : ""}
          <button type="submit">${setup ? "Save card" : "Subscribe"}</button>
          <p class="muted">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Any future date and CVC.</p>
          ${session.cancel_url ? html`<p><a href="${session.cancel_url}">Cancel</a></p>` : ""}
        </form>
      </div>`,
  );
}

export interface PortalView {
  session: Stripe.BillingPortal.Session;
  customer: Stripe.Customer;
  subscriptions: { subscription: Stripe.Subscription; productName: string; pendingChange: string | null }[];
  invoices: Stripe.Invoice[];
  card: Stripe.PaymentMethod | null;
  notice: string | null;
}

export function portalPage(view: PortalView): Html {
  const action = `/__stripe/portal/${view.session.id}`;
  return layout(
    "Manage your plan · Parlance",
    html`${merchantHeading()}
      ${view.session.return_url ? html`<p><a href="${view.session.return_url}">Return to Parlance</a></p>` : ""}
      ${view.notice ? html`<p role="status">${view.notice}</p>` : ""}
      <section class="panel" aria-labelledby="plan-heading">
        <h2 id="plan-heading">Current plan</h2>
        ${view.subscriptions.length === 0 ? html`<p>No subscription.</p>` : ""}
        ${view.subscriptions.map(({ subscription, productName, pendingChange }) => {
          const item = subscription.items.data[0];
          const when =
            subscription.status === "canceled"
              ? `Canceled on ${formatDate(subscription.ended_at ?? subscription.canceled_at ?? subscription.created)}`
              : subscription.cancel_at_period_end || subscription.cancel_at
                ? `Cancels on ${formatDate(subscription.cancel_at ?? item.current_period_end)}`
                : `Renews on ${formatDate(item.current_period_end)}`;
          return html`<div class="row">
            <div>
              <strong>${productName}</strong> · ${formatPrice(item.price)}<br />
              <span class="muted">Status: ${subscription.status}. ${when}.</span>
              ${pendingChange ? html`<br /><span class="muted">${pendingChange}</span>` : ""}
            </div>
            <div>
              ${subscription.status !== "canceled" && !subscription.cancel_at_period_end && !subscription.schedule
                ? html`<form method="post" action="${action}/cancel"><input type="hidden" name="subscription" value="${subscription.id}" /><button type="submit" class="secondary">Cancel plan</button></form>`
                : ""}
              ${subscription.status !== "canceled" && subscription.cancel_at_period_end
                ? html`<form method="post" action="${action}/renew"><input type="hidden" name="subscription" value="${subscription.id}" /><button type="submit" class="secondary">Don't cancel</button></form>`
                : ""}
            </div>
          </div>`;
        })}
      </section>
      <section class="panel" aria-labelledby="card-heading">
        <h2 id="card-heading">Payment method</h2>
        <p>${view.card?.card ? `${view.card.card.brand.toUpperCase()} •••• ${view.card.card.last4}, expires ${String(view.card.card.exp_month).padStart(2, "0")}/${view.card.card.exp_year}` : "No card on file."}</p>
      </section>
      <section class="panel" aria-labelledby="invoices-heading">
        <h2 id="invoices-heading">Invoice history</h2>
        ${view.invoices.length === 0
          ? html`<p>No invoices yet.</p>`
          : html`<table>
              <thead><tr><th scope="col">Date</th><th scope="col">Number</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead>
              <tbody>
                ${view.invoices.map(
                  (invoice) =>
                    html`<tr><td>${formatDate(invoice.created)}</td><td>${invoice.number ?? ""}</td><td>${formatAmount(invoice.amount_due, invoice.currency)}</td><td>${invoice.status ?? ""}</td></tr>`,
                )}
              </tbody>
            </table>`}
      </section>`,
  );
}

export interface DashboardView {
  customers: Stripe.Customer[];
  subscriptions: { subscription: Stripe.Subscription; email: string | null; productName: string }[];
  events: { event: StripeEvent; delivery: Delivery | null }[];
  notice: string | null;
}

export function dashboardPage(view: DashboardView): Html {
  return layout(
    "Local Stripe",
    html`<h1>Local Stripe <span class="test-mode">TEST MODE</span></h1>
      <p class="muted">A stand-in for Stripe in development. The API is at <code>/v1</code>; webhooks go to the billing worker.</p>
      ${view.notice ? html`<p role="status">${view.notice}</p>` : ""}
      <section class="panel" aria-labelledby="subscriptions-heading">
        <h2 id="subscriptions-heading">Subscriptions</h2>
        ${view.subscriptions.length === 0
          ? html`<p>None yet.</p>`
          : html`<table>
              <thead><tr><th scope="col">Subscription</th><th scope="col">Customer</th><th scope="col">Plan</th><th scope="col">Status</th><th scope="col">Period ends</th><th scope="col">Test clock</th></tr></thead>
              <tbody>
                ${view.subscriptions.map(({ subscription, email, productName }) => {
                  const item = subscription.items.data[0];
                  return html`<tr>
                    <td><code>${subscription.id}</code>${subscription.schedule ? html`<br /><span class="muted">schedule ${String(subscription.schedule)}</span>` : ""}</td>
                    <td>${email ?? String(subscription.customer)}</td>
                    <td>${productName}<br /><span class="muted">${formatPrice(item.price)}</span></td>
                    <td>${subscription.status}${subscription.cancel_at_period_end ? " (cancels at period end)" : ""}</td>
                    <td>${formatDate(item.current_period_end)}</td>
                    <td>
                      ${subscription.status === "canceled"
                        ? ""
                        : html`<form method="post" action="/__stripe/subscriptions/${subscription.id}/advance">
                            <label><input type="checkbox" name="fail" value="1" /> Fail next payment</label>
                            <button type="submit">Advance to period end</button>
                          </form>`}
                    </td>
                  </tr>`;
                })}
              </tbody>
            </table>`}
      </section>
      <section class="panel" aria-labelledby="customers-heading">
        <h2 id="customers-heading">Customers</h2>
        ${view.customers.length === 0
          ? html`<p>None yet.</p>`
          : html`<table>
              <thead><tr><th scope="col">Customer</th><th scope="col">Email</th><th scope="col">Name</th><th scope="col">Created</th></tr></thead>
              <tbody>
                ${view.customers.map(
                  (customer) => html`<tr><td><code>${customer.id}</code></td><td>${customer.email ?? ""}</td><td>${customer.name ?? ""}</td><td>${formatDate(customer.created)}</td></tr>`,
                )}
              </tbody>
            </table>`}
      </section>
      <section class="panel" aria-labelledby="events-heading">
        <h2 id="events-heading">Recent events</h2>
        ${view.events.length === 0
          ? html`<p>None yet.</p>`
          : html`<table>
              <thead><tr><th scope="col">Event</th><th scope="col">Type</th><th scope="col">Created</th><th scope="col">Delivery</th><th scope="col"></th></tr></thead>
              <tbody>
                ${view.events.map(
                  ({ event, delivery }) => html`<tr>
                    <td><code>${event.id}</code></td>
                    <td>${event.type}</td>
                    <td>${new Date(event.created * 1000).toISOString().replace("T", " ").slice(0, 19)}</td>
                    <td>${delivery ? (delivery.status !== null ? `HTTP ${delivery.status}` : `failed: ${delivery.error ?? "no answer"}`) : "not sent"}${delivery && delivery.attempts > 1 ? ` (${delivery.attempts} attempts)` : ""}</td>
                    <td><form method="post" action="/__stripe/events/${event.id}/resend"><button type="submit" class="secondary">Resend</button></form></td>
                  </tr>`,
                )}
              </tbody>
            </table>`}
      </section>`,
  );
}

export function messagePage(title: string, message: string): Html {
  return layout(title, html`${merchantHeading()}<div class="panel"><p>${message}</p></div>`);
}

/** A Connect page (the connected account's onboarding), in the same frame as checkout. */
export function connectPage(title: string, body: Html): Html {
  return layout(title, html`${merchantHeading()}${body}`);
}
