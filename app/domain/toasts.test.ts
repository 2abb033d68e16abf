import { describe, expect, it } from "vitest";
import { DEFAULT_ERROR_TOAST, errorToastText, MAX_VISIBLE_TOASTS, TOAST_AUTO_CLOSE_MS, toastPosition } from "./toasts";

describe("toasts", () => {
  it("sits top-center on sign-in and sign-up, bottom-right elsewhere", () => {
    expect(toastPosition("/app/sign-in")).toBe("top-center");
    expect(toastPosition("/app/sign-up/")).toBe("top-center");
    expect(toastPosition("/app/home")).toBe("bottom-right");
    expect(toastPosition("/")).toBe("bottom-right");
  });
  it("shows the server's message only for client errors", () => {
    expect(errorToastText({ status: 422, message: "Bad name" })).toBe("Bad name");
    expect(errorToastText({ status: 500, message: "Stack trace" })).toBe(DEFAULT_ERROR_TOAST);
    expect(errorToastText({ status: 0, message: "Network error" })).toBe(DEFAULT_ERROR_TOAST);
    expect(errorToastText({ status: 400, message: "" })).toBe(DEFAULT_ERROR_TOAST);
  });
  it("keeps the spec's numbers", () => {
    expect(TOAST_AUTO_CLOSE_MS).toBe(5555);
    expect(MAX_VISIBLE_TOASTS).toBe(3);
    expect(DEFAULT_ERROR_TOAST).toBe("Something went wrong, please try again later.");
  });
});
