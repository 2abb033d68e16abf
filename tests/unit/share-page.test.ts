import { describe, expect, it } from "vitest";
import { WAVEFORM_BARS } from "../../core/audio/waveform";
import { SHARE_PAGE_CTA_HEADING, SHARE_PAGE_HEADING, sharedBy } from "../../core/sharing/sharing";
import { THEME_TOKENS } from "../../core/theme";
import { clock, notFoundPage, sharePage, waveformSvg } from "../../workers/share/page";

const item = {
  text: 'Hello <b>"world"</b> & friends',
  voiceName: "Roger",
  publicUserName: "Roger <Fan>",
  durationMs: 12_400,
  peaks: Array.from({ length: WAVEFORM_BARS }, (_, i) => (i + 1) / WAVEFORM_BARS),
  audioPath: "/share/0123/audio",
};
const render = (overrides: Partial<typeof item> = {}) => sharePage({ ...item, ...overrides }, { title: "T", head: "", nonce: "n0nce" });

describe("the public share page", () => {
  it("shows the header with the logo home, sign-in and sign-up, and the call to action", () => {
    const html = render();
    expect(html).toMatch(/<header class="site">.*<a class="logo" href="\/">/);
    expect(html).toContain('href="/app/sign-in"');
    expect(html).toContain(`<h1>${SHARE_PAGE_HEADING}</h1>`);
    expect(html).toContain(SHARE_PAGE_CTA_HEADING);
    expect(html).toMatch(/data-testid="share-cta"[^>]*>Sign up free</);
  });

  it("escapes the shared text, the voice and the public name", () => {
    const html = render();
    expect(html).toContain('<blockquote data-testid="shared-text">Hello &lt;b&gt;&quot;world&quot;&lt;/b&gt; &amp; friends</blockquote>');
    expect(html).toContain("Shared by <strong>Roger &lt;Fan&gt;</strong>");
    expect(html).not.toContain("<Fan>");
  });

  it("names no one when the sharer has no public name", () => {
    expect(render({ publicUserName: null } as never)).toContain(sharedBy(null));
  });

  it("has a player: a play button, the waveform as a seek slider, the time; the native control only without script", () => {
    const html = render();
    expect(html).toMatch(/<button type="button" class="play" aria-label="Play"/);
    expect(html).toMatch(/role="slider" tabindex="0" aria-label="Seek" aria-valuemin="0" aria-valuemax="12"/);
    expect(html).toContain(`data-bars="${WAVEFORM_BARS}"`);
    expect(html).toContain("0:00 / 0:12");
    expect(html).toContain('<audio controls preload="metadata" src="/share/0123/audio" data-testid="shared-audio">');
    expect(html).toContain("html:not(.js) audio{display:block}");
  });

  it("draws flat bars when the audio's outline is unknown", () => {
    expect(render({ peaks: [] })).toContain(`data-bars="${WAVEFORM_BARS}"`);
  });

  it("puts the nonce on its scripts and styles", () => {
    const html = render();
    expect(html.match(/<script nonce="n0nce">/g)).toHaveLength(2);
    expect(html).toContain('<style nonce="n0nce">');
    expect(html.match(/<script(?! nonce="n0nce")/g)).toBeNull();
  });

  it("follows the system's dark mode unless the visitor chose a theme in the app", () => {
    const html = render();
    expect(html).toContain(`@media (prefers-color-scheme:dark){:root:not(.light){--background:${THEME_TOKENS.dark.background}`);
    expect(html).toContain(`:root.dark{--background:${THEME_TOKENS.dark.background}`);
    expect(html).toContain('localStorage.getItem("theme")');
  });

  it("answers an unknown link with the branded not-found page", () => {
    const html = notFoundPage("n");
    expect(html).toContain("This link does not exist");
    expect(html).toContain('<a class="logo" href="/">');
  });
});

describe("waveformSvg and clock", () => {
  it("draws one bar per peak, centred, at least 1 unit tall", () => {
    const svg = waveformSvg([0, 1]);
    expect(svg).toContain('viewBox="0 0 6 40"');
    expect(svg).toContain('<rect x="0" y="19.50" width="2" height="1.00" rx="1"/>');
    expect(svg).toContain('<rect x="3" y="1.00" width="2" height="38.00" rx="1"/>');
  });

  it("writes m:ss", () => {
    expect(clock(0)).toBe("0:00");
    expect(clock(65.9)).toBe("1:05");
    expect(clock(-3)).toBe("0:00");
  });
});
