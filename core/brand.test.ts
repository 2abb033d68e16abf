import { describe, expect, it } from "vitest";
import { AGENTS_BRAND, PRODUCT_NAME, productFlavourForHost, READER_BRAND } from "./brand";

describe("brand", () => {
  it("keeps the spec's names", () => {
    expect(PRODUCT_NAME).toBe("Parlance");
    expect(READER_BRAND).toBe("reader");
    expect(AGENTS_BRAND).toBe("agents");
  });

  it.each([
    ["reader.example.test", "reader"],
    ["READER.example.test", "reader"],
    ["parlancereader.test:8787", "reader"],
    ["agents.example.test", "agents"],
    ["my-Agents.example.test:443", "agents"],
    ["example.test", "default"],
    ["localhost:8787", "default"],
    ["[::1]:8787", "default"],
    ["", "default"],
    ["reader-agents.example.test", "reader"],
  ] as const)("%j → %s", (host, flavour) => {
    expect(productFlavourForHost(host)).toBe(flavour);
  });

  it("ignores the port even when it spells nothing", () => {
    expect(productFlavourForHost("example.test:")).toBe("default");
  });
});
