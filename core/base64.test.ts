import { describe, expect, it } from "vitest";
import { fromBase64, toBase64 } from "./base64";

describe("base64", () => {
  it("round-trips every byte value and agrees with Node's encoder", () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
  });
  it("encodes more bytes than fit in one call's arguments", () => {
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 7) & 0xff);
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
  });
});
