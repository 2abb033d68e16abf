/**
 * The sign-in redirect rule (spec request-layer §2): a `redirect` value is followed only when it stays on our
 * origin and names an allow-listed path; anything else goes to the default destination.
 */
export const DEFAULT_SIGN_IN_DESTINATION = "/app/home";

/** How many times percent-escapes are peeled off when looking for hidden tricks (`%252F` → `%2F` → `/`). */
export const MAX_REDIRECT_DECODE_PASSES = 3;

/** First-level app paths the spec lists by name; each allows its sub-paths too. */
export const REDIRECT_PATH_PREFIXES: readonly string[] = [
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
export const KNOWN_APP_ROUTES: readonly string[] = [
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
  // Not a page of the spec's route list: the forced-alignment page this platform adds (decision 0040).
  "forced-alignment",
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

/** The hosting provider's integrations callback; its query (code, state) is kept. */
export const INTEGRATIONS_CALLBACK_PATH = "/app/integrations/callback";

const KNOWN = new Set<string>(["/app", INTEGRATIONS_CALLBACK_PATH, ...KNOWN_APP_ROUTES]);

/** `{id}` / `{slug}`: exactly one path segment, so no `..`, `%`, or further slashes sneak in. */
const SEGMENT = "[A-Za-z0-9_-]+";
const PATTERNS: readonly RegExp[] = [
  new RegExp(`^/v1/dubs/${SEGMENT}$`),
  new RegExp(`^/v1/projects/${SEGMENT}$`),
  new RegExp(`^/app/voice-lab/share/${SEGMENT}/${SEGMENT}$`),
  new RegExp(`^/sound-effects/${SEGMENT}$`),
  new RegExp(`^/app/studio/${SEGMENT}$`),
];

/** Whether a (normalized) pathname is a destination the sign-in redirect may lead to. */
export function isAllowedRedirectPath(pathname: string): boolean {
  if (KNOWN.has(pathname)) return true;
  if (REDIRECT_PATH_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(prefix + "/"))) return true;
  return PATTERNS.some((pattern) => pattern.test(pathname));
}

/** The value and its percent-decodings (up to three), so double-encoded tricks are seen for what they are. */
function decodeLayers(value: string): string[] {
  const layers = [value];
  let current = value;
  for (let i = 0; i < MAX_REDIRECT_DECODE_PASSES; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break; // Malformed escapes stay as they are; URL keeps them literal, so they cannot form a separator.
    }
    if (next === current) break;
    layers.push(next);
    current = next;
  }
  return layers;
}

// Browsers drop tabs/newlines and turn backslashes into slashes, so `/\evil` or `/\t/evil` can become `//evil`.
// eslint-disable-next-line no-control-regex
const UNSAFE_RAW = /[\u0000-\u001f\u007f-\u009f\\]|\s/u;
// Once decoded, a plain space is fine (`?q=rain%20storm` is a real search); other whitespace and controls are not.
// eslint-disable-next-line no-control-regex
const UNSAFE_DECODED = /[\u0000-\u001f\u007f-\u009f\\]|[^\S ]/u;

/** `scheme://authority…` with a plain host (and port): no userinfo, no escapes, nothing for a parser to reinterpret. */
const ABSOLUTE_URL = /^(https?):\/\/([A-Za-z0-9.-]+(?::[0-9]+)?)(?=[/?#]|$)/i;

/** A `.` or `..` path segment; rejected outright instead of trusting whatever the resolver makes of it. */
const DOT_SEGMENT = /(^|\/)\.{1,2}(\/|$)/;

/**
 * The destination to follow after signing in: a same-origin path (+search, +hash) when `raw` is honoured,
 * otherwise `fallback`. Never an absolute URL, so the result cannot leave the site.
 *
 * Honoured: a root-relative path (`/app/…`) or an absolute http(s) URL on exactly `origin`, whose resolved
 * pathname is allow-listed. Relative paths without a leading slash are refused: they would resolve against
 * whatever page the browser is on, not against the origin.
 */
export function safeRedirectTarget(raw: string | null | undefined, origin: string, fallback: string = DEFAULT_SIGN_IN_DESTINATION): string {
  return allowedRedirectTarget(raw, origin) ?? fallback;
}

/**
 * The one redirect rule every redirect target passes through, whatever parameter or path it came from: the
 * same-origin, allow-listed path (+search, +hash) that `raw` names after normalisation, or null.
 */
export function allowedRedirectTarget(raw: string | null | undefined, origin: string): string | null {
  const fallback = null;
  if (!raw) return fallback;
  let expectedOrigin: string;
  try {
    expectedOrigin = new URL(origin).origin;
  } catch {
    return fallback;
  }
  if (UNSAFE_RAW.test(raw)) return fallback;
  const layers = decodeLayers(raw);
  if (layers.some((layer) => UNSAFE_DECODED.test(layer) || layer.startsWith("//"))) return fallback;
  // Only the path part is checked for dot segments; `..` in a query value is harmless.
  if (layers.some((layer) => DOT_SEGMENT.test(pathPart(layer)))) return fallback;

  if (!raw.startsWith("/")) {
    // `https:evil.com` (no `//`), `javascript:`, `data:` and userinfo (`https://origin@evil`) all fail this shape.
    if (!ABSOLUTE_URL.test(raw)) return fallback;
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      return fallback;
    }
    if (parsed.origin !== expectedOrigin) return fallback;
  }

  let url: URL;
  try {
    url = new URL(raw, expectedOrigin);
  } catch {
    return fallback;
  }
  if (url.origin !== expectedOrigin || url.username || url.password) return fallback;
  if (!isAllowedRedirectPath(url.pathname)) return fallback;
  const target = url.pathname + url.search + url.hash;
  // Belt and braces: whatever is returned must be a root-relative path a browser cannot read as another host.
  return isRootRelativePath(target) ? target : fallback;
}

/** A path a browser resolves against our own origin: one leading slash, never `//` or `/\` (another host). */
export function isRootRelativePath(target: string): boolean {
  return target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\");
}

/** The path of a root-relative or absolute URL string, without its query and fragment. */
function pathPart(value: string): string {
  const withoutQuery = value.split(/[?#]/, 1)[0] ?? "";
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/.exec(withoutQuery);
  return authority ? withoutQuery.slice(authority[0].length) : withoutQuery;
}
