import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, ORIGIN, signUp } from "./helpers";

const ARIA = "pv01aria000000000000";
let cookie: string;

async function home(withCookie = cookie): Promise<string> {
  const response = await SELF.fetch(`${ORIGIN}/app/home`, { headers: { cookie: withCookie } });
  expect(response.status).toBe(200);
  return response.text();
}

beforeAll(async () => {
  cookie = await signUp("home-page@example.com");
});

describe("app home", () => {
  it("shows an empty state before the first generation, with the create entry, credits and shortcuts", async () => {
    const html = await home();
    expect(html).toContain('data-testid="empty-state"');
    expect(html).toContain("Nothing generated yet");
    expect(html).not.toContain('data-testid="recent-generation"');
    expect(html).toContain('data-testid="create-speech"');
    expect(html).toMatch(/role="meter" aria-label="Credits used this billing period"/);
    // Every app section but home itself is a shortcut.
    for (const path of ["/app/speech-synthesis/text-to-speech", "/app/default-voices", "/app/usage", "/app/settings/api-keys", "/app/workspace/members"]) expect(html).toContain(`href="${path}"`);
  });

  it("lists the five latest generations, newest first, each with its play button and voice", async () => {
    for (let i = 1; i <= 7; i++) {
      const response = await api(`/v1/text-to-speech/${ARIA}?output_format=pcm_16000`, { method: "POST", cookie, json: { text: `Recent number ${i}.` } });
      expect(response.status).toBe(200);
      await response.arrayBuffer();
    }
    const html = await home();
    expect(html.match(/data-testid="recent-generation"/g)).toHaveLength(5);
    const shown = [...html.matchAll(/Recent number (\d)\./g)].map((m) => m[1]);
    expect([...new Set(shown)]).toEqual(["7", "6", "5", "4", "3"]);
    expect(html).toContain('aria-label="Play Recent number 7."');
    expect(html).toContain("Aria");
    expect(html).toContain('href="/app/speech-synthesis/text-to-speech/history"');
  });

  it("shows another account nothing of them", async () => {
    const html = await home(await signUp("home-page-other@example.com"));
    expect(html).not.toContain("Recent number");
  });
});
