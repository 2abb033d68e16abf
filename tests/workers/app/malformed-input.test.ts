// Bad input and hostile requests against the pages: each answer is a clear 4xx, never a 500, and no redirect
// leaves the site (issue 16: items 4, 8, 9).
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CROSS_ORIGIN_REFUSED } from "~/accounts/rules/session";
import { UNREADABLE_FORM } from "~/common/form.server";
import { api, createKey, form, ORIGIN, signUp } from "./helpers";

const FORM_PAGES = ["/app/sign-in", "/app/sign-up", "/app/reset-password", "/app/action?mode=resetPassword&oobCode=x", "/app/settings", "/app/settings/api-keys", "/app/workspace/members"];

/** A multipart body whose only part never ends. */
function brokenMultipart(): RequestInit {
  const boundary = "----parlance-probe";
  return {
    method: "POST",
    body: `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nsomeone@example.com`,
    headers: { origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": `multipart/form-data; boundary=${boundary}` },
    redirect: "manual",
  };
}

describe("cross-origin form posts", () => {
  it("are refused with 403 and a readable reason on every form page, signed in or not", async () => {
    const cookie = await signUp("cross-origin@example.com");
    for (const path of FORM_PAGES) {
      for (const headers of [{}, { cookie }] as Record<string, string>[]) {
        const init = form({ email: "a@example.com", password: "x", intent: "create" });
        const response = await SELF.fetch(`${ORIGIN}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), ...headers, origin: "https://evil.example" } });
        expect(response.status, path).toBe(403);
        expect(await response.text(), path).toBe(CROSS_ORIGIN_REFUSED);
      }
    }
  });
});

describe("unreadable form bodies", () => {
  it("answer 400 with a message on the sign-in, sign-up, reset and account-action forms", async () => {
    for (const path of FORM_PAGES.slice(0, 4)) {
      const response = await SELF.fetch(`${ORIGIN}${path}`, brokenMultipart());
      expect(response.status, path).toBe(400);
      expect(await response.text(), path).toContain(UNREADABLE_FORM);
    }
  });
});

describe("account-action redirects", () => {
  it("never lead off the site, whatever the continueUrl hides", async () => {
    for (const trick of ["%2F.%2F%2Fevil.example", "%2Fapp%2Fhome%2F..%2F..%2F%2Fevil.example", "%2F%2Fevil.example%2Fpath", "https%3A%2F%2Fevil.example%2Fapp%2Fhome", "%2F%5Cevil.example"]) {
      const response = await SELF.fetch(`${ORIGIN}/app/action?mode=recoverEmail&continueUrl=${trick}`, { redirect: "manual" });
      expect(response.status, trick).toBe(302);
      const location = response.headers.get("location")!;
      expect(new URL(location, ORIGIN).origin, `${trick} -> ${location}`).toBe(ORIGIN);
      expect(location.startsWith("//"), location).toBe(false);
    }
    const kept = await SELF.fetch(`${ORIGIN}/app/action?mode=recoverEmail&continueUrl=%2Fapp%2Fsettings`, { redirect: "manual" });
    expect(kept.headers.get("location")).toBe("/app/settings");
  });
});

describe("API bodies that carry nothing or do not parse", () => {
  it("an update with no field changes nothing and succeeds; an unreadable body is a 422 on every API path", async () => {
    const cookie = await signUp("empty-updates@example.com");
    const key = await createKey(cookie);
    for (const path of ["/v1/user/edit-user-metadata", "/v1/workspace/update-workspace"]) {
      for (const init of [{ json: {} }, { body: "a=1", headers: { "content-type": "text/plain" } }]) {
        const response = await api(path, { method: "POST", key, ...init });
        expect(response.status, `${path} ${JSON.stringify(init)}`).toBe(200);
      }
    }
    for (const path of ["/v1/user/edit-user-metadata", "/create-checkout-session", "/cancel-subscription", "/apply-discount"]) {
      for (const body of ["", "{", "\u0000"]) {
        const response = await api(path, { method: "POST", key, body, headers: { "content-type": "application/json" } });
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(422);
        expect(((await response.json()) as { detail: unknown }).detail).toBeTruthy();
      }
    }
  });
});
