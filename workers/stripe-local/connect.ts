/**
 * Stripe Connect as the payouts code uses it: Express connected accounts, their onboarding through an account
 * link (a one-use page here, /__stripe/connect/onboarding/:id), transfers from the platform's balance, and the
 * balance itself. Test mode's platform starts with TEST_OPENING_BALANCE available (Stripe's test accounts are
 * topped up with a special card; here it is given), plus what invoices collected, minus what was transferred.
 */
import type Stripe from "stripe";
import { invalidRequest, missingParam } from "./errors";
import { applyMetadata, int, obj, str, type FormObject } from "./form";
import { html, type Html } from "./html";
import { newId } from "./ids";
import type { Tx } from "./tx";
import type { Store } from "./store";

export const TEST_OPENING_BALANCE = 10_000_000;
const LINK_LIFETIME_SECONDS = 300;

/** The stored account link: one use, then it is spent. */
export type StoredAccountLink = Stripe.AccountLink & { id: string; _account: string; _return_url: string; _refresh_url: string; _used: boolean };

export function createAccount(tx: Tx, params: FormObject): Stripe.Account {
  const type = str(params, "type") ?? "express";
  if (!["express", "standard", "custom"].includes(type)) throw invalidRequest(`Invalid type: must be one of custom, express, or standard`, "type");
  const requested = Object.keys(obj(params, "capabilities") ?? {});
  const account = {
    id: newId("acct", 16),
    object: "account",
    type,
    business_type: str(params, "business_type") ?? null,
    capabilities: Object.fromEntries(requested.map((name) => [name, "inactive"])),
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    country: str(params, "country") ?? "US",
    default_currency: "usd",
    email: str(params, "email") ?? null,
    created: tx.now,
    metadata: applyMetadata({}, params),
    requirements: { currently_due: ["external_account", "individual.first_name", "individual.last_name", "tos_acceptance.date"], disabled_reason: "requirements.past_due" },
  } as unknown as Stripe.Account;
  tx.store.put(account);
  tx.emit("account.created", account);
  return account;
}

export function createAccountLink(tx: Tx, params: FormObject, origin: string): Stripe.AccountLink {
  const accountId = str(params, "account");
  if (!accountId) throw missingParam("account");
  tx.require<Stripe.Account>(accountId, "account", "account");
  const type = str(params, "type");
  if (!type) throw missingParam("type");
  if (type !== "account_onboarding" && type !== "account_update") throw invalidRequest("Invalid type: must be one of account_onboarding or account_update", "type");
  const returnUrl = str(params, "return_url");
  const refreshUrl = str(params, "refresh_url");
  if (!returnUrl) throw missingParam("return_url");
  if (!refreshUrl) throw missingParam("refresh_url");
  const id = newId("acctlink", 16);
  const link: StoredAccountLink = {
    id,
    object: "account_link",
    created: tx.now,
    expires_at: tx.now + LINK_LIFETIME_SECONDS,
    url: `${origin}/__stripe/connect/onboarding/${id}`,
    _account: accountId,
    _return_url: returnUrl,
    _refresh_url: refreshUrl,
    _used: false,
  };
  tx.store.put(link);
  const { id: _omit, ...visible } = link;
  return visible as unknown as Stripe.AccountLink;
}

/** The onboarding form was filled in: the account can now receive transfers and pay out. */
export function completeOnboarding(tx: Tx, link: StoredAccountLink, legalName: string): string {
  const account = tx.require<Stripe.Account & { capabilities: Record<string, string> }>(link._account, "account");
  const capabilities = Object.fromEntries(Object.keys({ transfers: "", ...account.capabilities }).map((name) => [name, "active"]));
  const updated = { ...account, capabilities, charges_enabled: true, payouts_enabled: true, details_submitted: true, business_profile: { name: legalName }, requirements: { currently_due: [], disabled_reason: null } };
  tx.store.put(updated);
  tx.store.put({ ...link, _used: true });
  tx.emit("account.updated", updated, { details_submitted: false, payouts_enabled: false, charges_enabled: false });
  return link._return_url;
}

export function availableBalance(store: Store): number {
  const collected = store.list<Stripe.Invoice>("invoice").reduce((sum, invoice) => sum + (invoice.amount_paid ?? 0), 0);
  const transferred = store.list<Stripe.Transfer>("transfer").reduce((sum, transfer) => sum + transfer.amount - transfer.amount_reversed, 0);
  return TEST_OPENING_BALANCE + collected - transferred;
}

export function balance(store: Store): Stripe.Balance {
  return {
    object: "balance",
    available: [{ amount: availableBalance(store), currency: "usd", source_types: { card: availableBalance(store) } }],
    pending: [{ amount: 0, currency: "usd", source_types: { card: 0 } }],
    livemode: false,
  } as Stripe.Balance;
}

export function createTransfer(tx: Tx, params: FormObject): Stripe.Transfer {
  const amount = int(params, "amount");
  if (amount === undefined) throw missingParam("amount");
  if (amount < 1) throw invalidRequest("This value must be greater than or equal to 1.", "amount");
  const currency = str(params, "currency")?.toLowerCase();
  if (!currency) throw missingParam("currency");
  const destinationId = str(params, "destination");
  if (!destinationId) throw missingParam("destination");
  const destination = tx.require<Stripe.Account & { capabilities: Record<string, string> }>(destinationId, "account", "destination");
  if (destination.capabilities.transfers !== "active") {
    throw invalidRequest(
      "Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments",
      "destination",
      "insufficient_capabilities_for_transfer",
    );
  }
  if (amount > availableBalance(tx.store)) {
    throw invalidRequest("You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card.", undefined, "balance_insufficient");
  }
  const id = newId("tr", 24);
  const transfer = {
    id,
    object: "transfer",
    amount,
    amount_reversed: 0,
    balance_transaction: null,
    created: tx.now,
    currency,
    description: str(params, "description") ?? null,
    destination: destinationId,
    destination_payment: null,
    livemode: false,
    metadata: applyMetadata({}, params),
    reversals: { object: "list", data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
    reversed: false,
    source_transaction: null,
    source_type: "card",
    transfer_group: str(params, "transfer_group") ?? null,
  } as unknown as Stripe.Transfer;
  tx.store.put(transfer);
  tx.emit("transfer.created", transfer);
  return transfer;
}

export function onboardingBody(link: StoredAccountLink, account: Stripe.Account, error: string | null): Html {
  return html`<div class="panel">
    <h2>Set up payouts</h2>
    <p class="muted">Test mode: use the test bank account 000123456789 (routing 110000000). Nothing real is collected.</p>
    <form method="post" class="pay">
      <label for="legal_name">Legal name</label>
      <input type="text" id="legal_name" name="legal_name" autocomplete="name" required />
      <label for="email">Email</label>
      <input type="email" id="email" name="email" value="${account.email ?? ""}" />
      <div class="pair">
        <div><label for="routing_number">Routing number</label><input type="text" id="routing_number" name="routing_number" value="110000000" inputmode="numeric" /></div>
        <div><label for="account_number">Account number</label><input type="text" id="account_number" name="account_number" value="000123456789" inputmode="numeric" /></div>
      </div>
      ${error ? html`<p class="error" role="alert">${error}</p>` : ""}
      <button type="submit">Agree and submit</button>
    </form>
    <p class="muted">Account ${link._account}</p>
  </div>`;
}
