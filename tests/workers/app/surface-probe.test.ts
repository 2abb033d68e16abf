// Malformed and hostile input against the invite, staff and subscription surface: every answer is a 4xx
// with its surface's error shape, never a 5xx (issue 16: "count the 5xx, target zero").
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CROSS_ORIGIN_REFUSED } from "~/accounts/rules/session";
import { api, form, ORIGIN, signUp, verifyEmailOf } from "./helpers";

const JSON_BODIES: (string | undefined)[] = [undefined, "", "null", "[]", "{", '"text"', "{}", '{"invite_code": 5}', '{"invite_code": ["a"]}', `{"invite_code": "${"a".repeat(5000)}"}`, '{"workspace_id": {}}', '{"email": "not-an-email"}', '{"email": 1}'];

describe("probing the invite, staff and subscription routes", () => {
  it("answers every malformed body with a 4xx, JSON on /v1", async () => {
    const cookie = await signUp("probe-api@example.com");
    await verifyEmailOf("probe-api@example.com");
    await env.DB.prepare("UPDATE users SET staff_role = 'support' WHERE email = 'probe-api@example.com'").run();
    const statuses: number[] = [];
    for (const path of ["/v1/workspace/invites/accept", "/v1/workspace/invites/decline", "/v1/workspace/invites/add", "/v1/support/sign-in-requests"]) {
      for (const body of JSON_BODIES) {
        for (const contentType of ["application/json", "text/plain", "multipart/form-data; boundary=x"]) {
          const response = await api(path, { method: "POST", cookie, body, headers: { "content-type": contentType } });
          statuses.push(response.status);
          expect(response.status, `${path} ${contentType} ${body}`).toBeGreaterThanOrEqual(400);
          expect(response.status, `${path} ${contentType} ${body}`).toBeLessThan(500);
          expect(response.headers.get("content-type"), path).toContain("application/json");
          expect(await response.json()).toHaveProperty("detail");
        }
      }
    }
    for (const query of ["", "?email=", "?email=%", "?email=a@b", `?email=${"a".repeat(300)}@example.com`, "?email[]=x", "?email=a@example.com&email=b@example.com"]) {
      const response = await api(`/v1/support/accounts${query}`, { cookie });
      statuses.push(response.status);
      expect(response.status, query).toBeGreaterThanOrEqual(400);
      expect(response.status, query).toBeLessThan(500);
    }
    for (const path of ["/v1/user/subscription", "/v1/user/subscription/billing-info"]) {
      for (const query of ["", "?x=%", "?expand[]=data"]) statuses.push((await api(`${path}${query}`, { cookie })).status);
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  }, 60_000);

  it("the invites page answers bad forms with 400, cross-origin posts with 403, odd links with the page", async () => {
    const cookie = await signUp("probe-page@example.com");
    const post = (fields: Record<string, string>, headers: Record<string, string> = {}) => {
      const init = form(fields);
      return SELF.fetch(`${ORIGIN}/app/settings/workspace-invites`, { ...init, headers: { ...(init.headers as Record<string, string>), cookie, ...headers } });
    };
    const bad: Record<string, string>[] = [{}, { intent: "steal" }, { intent: "accept" }, { intent: "accept", workspace_id: "w" }, { intent: "decline" }, { intent: "accept", workspace_id: "w", invite_code: "x".repeat(500) }];
    for (const fields of bad) {
      expect((await post(fields)).status, JSON.stringify(fields)).toBe(400);
    }
    const crossOrigin = await post({ intent: "accept", workspace_id: "w", invite_code: "x" }, { origin: "https://evil.example" });
    expect(crossOrigin.status).toBe(403);
    expect(await crossOrigin.text()).toBe(CROSS_ORIGIN_REFUSED);
    const broken = await SELF.fetch(`${ORIGIN}/app/settings/workspace-invites`, {
      method: "POST",
      body: '--b\r\nContent-Disposition: form-data; name="intent"\r\n\r\naccept',
      headers: { cookie, origin: ORIGIN, host: new URL(ORIGIN).host, "content-type": "multipart/form-data; boundary=b" },
      redirect: "manual",
    });
    expect(broken.status).toBe(400);
    for (const code of ["", "%", "%00", "x".repeat(3000), "<script>alert(1)</script>", "0".repeat(48)]) {
      const page = await SELF.fetch(`${ORIGIN}/app/settings/workspace-invites?invite_code=${encodeURIComponent(code)}`, { headers: { cookie } });
      expect(page.status, code).toBe(200);
      expect(await page.text()).not.toContain("<script>alert(1)</script>");
    }
  }, 30_000);
});
