import { describe, expect, it } from "vitest";
import { DEFAULT_ERROR_TOAST, errorToastText, MAX_VISIBLE_TOASTS, TOAST_AUTO_CLOSE_MS, toastPosition } from "./toasts";

describe("toastPosition", () => {
  it.each([
    ["/app/sign-in", "top-center"],
    ["/app/sign-in/", "top-center"],
    ["/app/sign-up", "top-center"],
    ["/app/sign-up/", "top-center"],
    ["/app/sign-up//", "top-center"],
    ["/app/sign-in/extra", "bottom-right"],
    ["/app/sign-inx", "bottom-right"],
    ["/sign-in", "bottom-right"],
    ["/app/home", "bottom-right"],
    ["/", "bottom-right"],
    ["", "bottom-right"],
  ] as const)("%j → %s", (pathname, position) => {
    expect(toastPosition(pathname)).toBe(position);
  });
});

describe("errorToastText", () => {
  it("shows the server's message for client errors", () => {
    expect(errorToastText({ status: 400, message: "Bad request" })).toBe("Bad request");
    expect(errorToastText({ status: 422, message: "Bad name" })).toBe("Bad name");
    expect(errorToastText({ status: 499, message: "Closed" })).toBe("Closed");
  });

  it("shows the generic text otherwise", () => {
    expect(errorToastText({ status: 500, message: "Stack trace" })).toBe(DEFAULT_ERROR_TOAST);
    expect(errorToastText({ status: 503, message: "Unavailable" })).toBe(DEFAULT_ERROR_TOAST);
    expect(errorToastText({ status: 399, message: "Odd" })).toBe(DEFAULT_ERROR_TOAST);
    expect(errorToastText({ status: 0, message: "Network error" })).toBe(DEFAULT_ERROR_TOAST);
    expect(errorToastText({ status: 400, message: "" })).toBe(DEFAULT_ERROR_TOAST);
    expect(errorToastText({ status: 400, message: "   " })).toBe(DEFAULT_ERROR_TOAST);
  });
});

describe("toast numbers and texts", () => {
  it("are the spec's", () => {
    expect(TOAST_AUTO_CLOSE_MS).toBe(5555);
    expect(MAX_VISIBLE_TOASTS).toBe(3);
    expect(DEFAULT_ERROR_TOAST).toBe("Something went wrong, please try again later.");
  });
});
