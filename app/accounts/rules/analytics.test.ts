import { expect, it } from "vitest";
import { ANALYTICS_OPTIONS, mayCapture, VISITOR_CONSENT } from "./analytics";

it("captures only with consent or where none is needed", () => {
  expect(mayCapture("granted")).toBe(true);
  expect(mayCapture("not_applicable")).toBe(true);
  expect(mayCapture("denied")).toBe(false);
  expect(mayCapture("undecided")).toBe(false);
  expect(mayCapture(VISITOR_CONSENT)).toBe(false);
});

it("never captures page views or clicks on its own", () => {
  expect(ANALYTICS_OPTIONS.capturePageview).toBe(false);
  expect(ANALYTICS_OPTIONS.autocapture).toBe(false);
  expect(ANALYTICS_OPTIONS.maskPasswordInputs).toBe(true);
});
