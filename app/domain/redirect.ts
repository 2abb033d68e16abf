/** The sign-in redirect rule (spec request-layer §2): same origin and an allowed path, else the default. */
export const DEFAULT_SIGN_IN_DESTINATION = "/app/home";

/** First-level app paths the spec lists by name; each allows its sub-paths too. */
const FIXED_PREFIXES = [
  "affiliates",
  "audio-native",
  "history",
  "request-alpha-access",
  "subscription",
  "usage",
  "speech-synthesis",
  "dubs",
  "redirect",
].map((p) => `/app/${p}`);

/** The app routes of spec §2.1, each allowed as an exact path. */
export const KNOWN_APP_ROUTES = [
  "home",
  "ai-classifier",
  "audio-native",
  "audio-native/settings",
  "audio-native/settings/player",
  "conversational-ai",
  ...["agents", "new", "integrations", "knowledge-base", "phone-numbers", "batch-calling", "settings", "history", "playground", "talk-to", "tools"].map(
    (p) => `conversational-ai/${p}`,
  ),
  "dubbing",
  "onboarding",
  "onboarding/next",
  "onboarding-checklist",
  "payouts",
  "productions",
  ...["active", "dashboard", "history", "settings", "settings/qualifications", "unclaimed"].map((p) => `productions/${p}`),
  "profiles",
  "sound-effects",
  ...["generate", "history", "explore", "explore/search", "explore/category"].map((p) => `sound-effects/${p}`),
  "settings",
  "settings/api-keys",
  "settings/workspace-invites",
  "settings/webhooks",
  "studio",
  "speech-synthesis",
  "speech-synthesis/text-to-speech",
  "speech-synthesis/speech-to-speech",
  "speech-synthesis/text-to-speech/history",
  "speech-synthesis/speech-to-speech/history",
  "speech-to-text",
  "subscription",
  "workspace",
  ...["members", "groups", "service-accounts", "security", "webhooks", "voice-library"].map((p) => `workspace/${p}`),
  "usage",
  "usage/workspace",
  "voice-lab",
  "voice-lab/collections",
  "default-voices",
  "workspace-voices",
  "voiceover-studio",
  "voice-library",
  "voice-library/collections",
  "voice-isolator",
  "publishing",
  "music",
  "eleven",
].map((p) => `/app/${p}`);

const SEGMENT = "[A-Za-z0-9_-]+";
const PATTERNS = [
  new RegExp(`^/v1/dubs/${SEGMENT}$`),
  new RegExp(`^/v1/projects/${SEGMENT}$`),
  new RegExp(`^/app/voice-lab/share/${SEGMENT}/${SEGMENT}$`),
  new RegExp(`^/sound-effects/${SEGMENT}$`),
  new RegExp(`^/app/studio/${SEGMENT}$`),
  /^\/app\/integrations\/callback$/,
];

export function isAllowedRedirectPath(pathname: string): boolean {
  if (pathname === "/app" || KNOWN_APP_ROUTES.includes(pathname)) return true;
  if (FIXED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix + "/"))) return true;
  return PATTERNS.some((pattern) => pattern.test(pathname));
}

/** Decodes percent-escapes up to three times, so double-encoded tricks are seen for what they are. */
function decodeLayers(value: string): string[] {
  const layers = [value];
  let current = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    layers.push(next);
    current = next;
  }
  return layers;
}

// eslint-disable-next-line no-control-regex
const UNSAFE_CHARACTERS = /[\u0000-\u0020\u007f\\]/;

/**
 * The destination to follow after signing in: a same-origin path (+search, +hash) when `raw` is honoured,
 * otherwise `fallback`. Never an absolute URL, so the result cannot leave the site.
 */
export function safeRedirectTarget(raw: string | null | undefined, origin: string, fallback: string = DEFAULT_SIGN_IN_DESTINATION): string {
  if (!raw) return fallback;
  const layers = decodeLayers(raw);
  // Backslashes, whitespace and control characters (in any decoding) turn into slashes or vanish in browsers.
  if (layers.some((layer) => UNSAFE_CHARACTERS.test(layer))) return fallback;
  // Protocol-relative (`//host`) in any decoding.
  if (layers.some((layer) => layer.startsWith("//"))) return fallback;
  let expectedOrigin: string;
  try {
    expectedOrigin = new URL(origin).origin;
  } catch {
    return fallback;
  }
  const isRelative = raw.startsWith("/");
  if (!isRelative) {
    // Only an absolute URL on exactly our origin, with no userinfo: `https:evil`, `javascript:` and friends fail here.
    if (!raw.toLowerCase().startsWith(expectedOrigin.toLowerCase() + "/")) return fallback;
  }
  let url: URL;
  try {
    url = new URL(raw, expectedOrigin);
  } catch {
    return fallback;
  }
  if (url.origin !== expectedOrigin || url.username || url.password) return fallback;
  // `..` segments are resolved by URL: the resolved path is what must be allowed.
  if (layers.some((layer) => /(^|\/)\.\.?(\/|$)/.test(layer.split(/[?#]/)[0] ?? ""))) return fallback;
  if (!isAllowedRedirectPath(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}
