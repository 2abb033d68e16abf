import { describe, expect, it } from "vitest";
import { applyMetadata, parseForm } from "../../workers/stripe-local/form";

describe("Stripe's bracket-notation form encoding", () => {
  it("nests objects and arrays as the SDK encodes them", () => {
    const body =
      "mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=2&line_items[1][price]=price_2" +
      "&metadata[workspace_id]=w1&expand[]=data.product&expand[]=customer&discounts[0][coupon]=special-offer-30" +
      "&phases[1][items][0][price]=price_3&success_url=https%3A%2F%2Fa.test%2Fok%3Fs%3D%7BCHECKOUT_SESSION_ID%7D";
    expect(parseForm(body)).toEqual({
      mode: "subscription",
      line_items: [{ price: "price_1", quantity: "2" }, { price: "price_2" }],
      metadata: { workspace_id: "w1" },
      expand: ["data.product", "customer"],
      discounts: [{ coupon: "special-offer-30" }],
      phases: [{ items: [{ price: "price_3" }] }],
      success_url: "https://a.test/ok?s={CHECKOUT_SESSION_ID}",
    });
  });

  it("accepts percent-encoded brackets and keeps index order", () => {
    expect(parseForm("lookup_keys%5B1%5D=b&lookup_keys%5B0%5D=a")).toEqual({ lookup_keys: ["a", "b"] });
  });

  it("ignores keys that would reach Object.prototype", () => {
    const parsed = parseForm("__proto__[polluted]=1&metadata[constructor]=x&ok=1");
    expect(parsed).toEqual({ ok: "1" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("updates metadata like Stripe: empty values remove keys, an empty metadata clears it", () => {
    expect(applyMetadata({ a: "1", b: "2" }, parseForm("metadata[a]=&metadata[c]=3"))).toEqual({ b: "2", c: "3" });
    expect(applyMetadata({ a: "1" }, parseForm("metadata="))).toEqual({});
    expect(applyMetadata({ a: "1" }, parseForm("name=x"))).toEqual({ a: "1" });
  });
});
