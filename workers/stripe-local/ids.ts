/** Object ids with Stripe's prefixes (`cus_`, `sub_`, ...) and 24 random base62 characters after them. */
const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

export const PREFIX = {
  customer: "cus",
  product: "prod",
  price: "price",
  promotionCode: "promo",
  checkoutSession: "cs_test",
  subscription: "sub",
  subscriptionItem: "si",
  subscriptionSchedule: "sub_sched",
  invoice: "in",
  invoiceLine: "il",
  invoiceItem: "ii",
  event: "evt",
  portalSession: "bps",
  paymentMethod: "pm",
  setupIntent: "seti",
  paymentIntent: "pi",
  invoicePayment: "inpay",
  discount: "di",
  request: "req",
} as const;

export function newId(prefix: string, length = 24): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let suffix = "";
  // 62 does not divide 256, the small bias is irrelevant for ids of a local stand-in.
  for (const byte of bytes) suffix += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${suffix}`;
}
