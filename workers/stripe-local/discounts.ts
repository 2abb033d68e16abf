/**
 * Coupons, promotion codes and discounts: reading `discounts[n][coupon|promotion_code|discount]`, checking
 * a coupon can still be redeemed, and working out which discounts an invoice gets and how much they take off.
 */
import type Stripe from "stripe";
import { couponExpired, invalidRequest } from "./errors";
import { child, str, type FormObject } from "./form";
import { couponDiscount, couponRedeemable, discountEnd } from "./money";
import * as build from "./objects";
import type { Tx } from "./tx";

/** A discount asked for: a new redemption of a coupon (maybe through a code), or one the object already has. */
export type DiscountRequest =
  | { kind: "new"; coupon: Stripe.Coupon; promotionCode: Stripe.PromotionCode | null }
  | { kind: "existing"; discount: Stripe.Discount };

/** `undefined` when the parameter is absent; `[]` when it is sent empty (`discounts=`), which clears them. */
export function readDiscountParams(tx: Tx, params: FormObject, key = "discounts"): DiscountRequest[] | undefined {
  const value = child(params, key);
  if (value === undefined) return undefined;
  if (value === "") return [];
  const entries = Array.isArray(value) ? value : [value];
  return entries.map((entry, index) => {
    const param = `${key}[${index}]`;
    const fields = typeof entry === "object" && !Array.isArray(entry) ? entry : undefined;
    const couponId = str(fields, "coupon");
    const promotionCodeId = str(fields, "promotion_code");
    const discountId = str(fields, "discount");
    if (discountId) return { kind: "existing", discount: tx.require<Stripe.Discount>(discountId, "discount", `${param}[discount]`) };
    if (promotionCodeId) {
      const code = tx.require<Stripe.PromotionCode>(promotionCodeId, "promotion_code", `${param}[promotion_code]`);
      if (!code.active || (code.expires_at !== null && code.expires_at <= tx.now)) {
        throw invalidRequest(`This promotion code is not active.`, `${param}[promotion_code]`, "promotion_code_inactive");
      }
      const coupon = tx.require<Stripe.Coupon>(couponIdOf(code), "coupon", `${param}[promotion_code]`);
      if (!couponRedeemable(coupon, tx.now)) throw couponExpired(`${param}[promotion_code]`);
      return { kind: "new", coupon, promotionCode: code };
    }
    if (couponId) {
      const coupon = tx.require<Stripe.Coupon>(couponId, "coupon", `${param}[coupon]`);
      if (!couponRedeemable(coupon, tx.now)) throw couponExpired(`${param}[coupon]`);
      return { kind: "new", coupon, promotionCode: null };
    }
    throw invalidRequest("You must specify either `coupon`, `promotion_code` or `discount` for each discount.", param);
  });
}

export function couponIdOf(code: Stripe.PromotionCode): string {
  const coupon = code.promotion.coupon;
  return typeof coupon === "string" ? coupon : (coupon?.id ?? "");
}

/** A promotion code looked up by its customer-facing code, e.g. typed on the checkout page. */
export function findPromotionCode(tx: Tx, code: string): Stripe.PromotionCode | null {
  const wanted = code.trim().toUpperCase();
  return tx.store.list<Stripe.PromotionCode>("promotion_code").find((entry) => entry.code.toUpperCase() === wanted) ?? null;
}

/** Turns requests into stored discount objects (counting the redemptions) and returns their ids. */
export function redeem(
  tx: Tx,
  requests: DiscountRequest[],
  context: { customer: string; subscription: string | null; checkoutSession: string | null; start: number },
): string[] {
  return requests.map((request) => {
    if (request.kind === "existing") return request.discount.id;
    const coupon = tx.require<Stripe.Coupon>(request.coupon.id, "coupon");
    tx.store.put({ ...coupon, times_redeemed: coupon.times_redeemed + 1 });
    if (request.promotionCode) {
      const code = tx.require<Stripe.PromotionCode>(request.promotionCode.id, "promotion_code");
      tx.store.put({ ...code, times_redeemed: code.times_redeemed + 1 });
    }
    const discount = build.discount({
      coupon,
      customer: context.customer,
      subscription: context.subscription,
      checkoutSession: context.checkoutSession,
      promotionCode: request.promotionCode?.id ?? null,
      start: context.start,
      end: discountEnd(coupon, context.start),
    });
    return tx.store.put(discount).id;
  });
}

export function couponOf(discount: Stripe.Discount): Stripe.Coupon {
  return discount.source.coupon as Stripe.Coupon;
}

/** The discounts still in force at `at` (a repeating coupon ends after its months). */
export function activeDiscounts(tx: Tx, ids: Array<string | Stripe.Discount>, at: number): Stripe.Discount[] {
  return ids
    .map((entry) => (typeof entry === "string" ? tx.store.get<Stripe.Discount>(entry, "discount") : entry))
    .filter((discount): discount is Stripe.Discount => discount !== null && (discount.end === null || at < discount.end));
}

/** Each discount in turn takes its share of what is left of the subtotal. */
export function discountAmounts(discounts: Stripe.Discount[], subtotal: number, currency: string): { discount: Stripe.Discount; amount: number }[] {
  let remaining = subtotal;
  return discounts.map((discount) => {
    const amount = couponDiscount(couponOf(discount), remaining, currency);
    remaining -= amount;
    return { discount, amount };
  });
}

/**
 * After an invoice: a `once` coupon is used up, and a `repeating` one whose months are over is gone. Returns
 * the discount ids the subscription keeps.
 */
export function retireUsedDiscounts(tx: Tx, ids: Array<string | Stripe.Discount>, invoicedAt: number): string[] {
  const keep: string[] = [];
  for (const entry of ids) {
    const discount = typeof entry === "string" ? tx.store.get<Stripe.Discount>(entry, "discount") : entry;
    if (!discount) continue;
    const coupon = couponOf(discount);
    if (coupon.duration === "once") {
      tx.store.put({ ...discount, end: invoicedAt });
      continue;
    }
    if (discount.end !== null && discount.end <= invoicedAt) continue;
    keep.push(discount.id);
  }
  return keep;
}

/** The session's `discounts` list as Stripe shows it: coupon id and promotion code id. */
export function sessionDiscounts(requests: DiscountRequest[]): Stripe.Checkout.Session.Discount[] {
  return requests.map((request) =>
    request.kind === "new"
      ? { coupon: request.coupon.id, promotion_code: request.promotionCode?.id ?? null }
      : { coupon: couponOf(request.discount).id, promotion_code: typeof request.discount.promotion_code === "string" ? request.discount.promotion_code : null },
  );
}

/** What a session's discounts take off its subtotal (for the page and amount_total). */
export function sessionDiscountAmount(tx: Tx, discounts: Stripe.Checkout.Session.Discount[], subtotal: number, currency: string): number {
  let remaining = subtotal;
  for (const entry of discounts) {
    const couponId = typeof entry.coupon === "string" ? entry.coupon : entry.coupon?.id;
    const coupon = couponId ? tx.store.get<Stripe.Coupon>(couponId, "coupon") : null;
    if (!coupon) continue;
    remaining -= couponDiscount(coupon, remaining, currency);
  }
  return subtotal - remaining;
}

