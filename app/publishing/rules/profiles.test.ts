import { describe, expect, it } from "vitest";
import { checkHandle, mainOrigin, readerOrigin } from "./profiles";

describe("profile handles", () => {
  it("normalises and accepts a good handle", () => {
    expect(checkHandle("  @Ada_Lane ")).toEqual({ ok: true, handle: "ada_lane" });
    expect(checkHandle("a-1")).toEqual({ ok: true, handle: "a-1" });
  });

  it.each([
    ["ab", "handle_invalid"],
    ["x".repeat(31), "handle_invalid"],
    ["1abc", "handle_invalid"],
    ["ada lane", "handle_invalid"],
    ["adä", "handle_invalid"],
    ["admin", "handle_reserved"],
    ["Reads", "handle_reserved"],
  ] as const)("refuses %j (%s)", (input, status) => {
    const checked = checkHandle(input);
    expect(checked.ok ? null : checked.status).toBe(status);
  });
});

describe("reader origin", () => {
  it("puts the reader brand first on the main host and takes it off again", () => {
    expect(readerOrigin("http://localhost:8787")).toBe("http://reader.localhost:8787");
    expect(readerOrigin("https://www.example.com")).toBe("https://reader.example.com");
    expect(readerOrigin("https://reader.example.com")).toBe("https://reader.example.com");
    expect(readerOrigin("http://127.0.0.1:8787")).toBe("http://reader.localhost:8787");
    expect(readerOrigin("http://[::1]:8787")).toBe("http://reader.localhost:8787");
    expect(mainOrigin("http://reader.localhost:8787")).toBe("http://localhost:8787");
  });
});
