// The embeddable agent widget (decision 0050): one script tag and the <elevenlabs-convai agent-id="..."> element
// (the name ElevenLabs' snippet uses, so pasted snippets need only the script's address changed). An agent talks
// from a site only when its platform_settings.auth lists the site's host and does not require signed URLs. Pure.

export const WIDGET_ELEMENT = "elevenlabs-convai";
export const WIDGET_SCRIPT_PATH = "/convai/widget.js";
/** The widget's public configuration, by agent (a CORS request from the page: the platform sees its Origin). */
export const widgetConfigPath = (agentId: string) => `/convai/widget/${encodeURIComponent(agentId)}`;
/** The script is the same for every agent and site: cached at the edge and in browsers. */
export const WIDGET_SCRIPT_CACHE_CONTROL = "public, max-age=3600, s-maxage=86400, stale-while-revalidate=604800";

export const WIDGET_TEXTS = {
  siteNotAllowed: "This site is not allowed to talk to this agent.",
  needsSignedUrl: "This agent requires a signed URL: the widget cannot open it.",
  start: "Talk to the agent",
  end: "End call",
  connecting: "Connecting…",
  listening: "Listening",
  microphoneRefused: "The microphone is needed to talk.",
  ended: "Call ended",
  noSites: "No site is allowed yet: add the hosts of the pages the widget goes on.",
  hostInvalid: (host: string) => `“${host}” is not a host name (like shop.example.com or localhost:8080).`,
} as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The hosts an agent's platform_settings.auth.allowlist names ({hostname} items, as the SDK sends them). */
export function allowedHosts(platform: Record<string, unknown>): string[] {
  const auth = platform.auth;
  const list = isObject(auth) && Array.isArray(auth.allowlist) ? auth.allowlist : [];
  return list.flatMap((item) => (isObject(item) && typeof item.hostname === "string" && item.hostname.trim() ? [item.hostname.trim().toLowerCase()] : []));
}

/** Whether the agent demands signed URLs (auth.enable_auth): then no widget may open it. */
export function requiresSignedUrl(platform: Record<string, unknown>): boolean {
  return isObject(platform.auth) && platform.auth.enable_auth === true;
}

/**
 * Whether a page at `origin` may talk to the agent through the widget: its host (with port) or host name is in the
 * allowlist. An empty allowlist allows no site (the widget is opt-in), unlike the platform's own pages.
 */
export function widgetAllowed(platform: Record<string, unknown>, origin: string | null): { ok: true } | { ok: false; reason: string } {
  if (requiresSignedUrl(platform)) return { ok: false, reason: WIDGET_TEXTS.needsSignedUrl };
  let url: URL | null = null;
  try {
    url = origin && origin !== "null" ? new URL(origin) : null;
  } catch {
    url = null;
  }
  const hosts = allowedHosts(platform);
  if (!url || !(hosts.includes(url.host) || hosts.includes(url.hostname))) return { ok: false, reason: WIDGET_TEXTS.siteNotAllowed };
  return { ok: true };
}

/** A host as the allowlist keeps it (lower case, no scheme or path), or null when it is not one. */
export function normalizeHost(text: string): string | null {
  const trimmed = text.trim().toLowerCase();
  if (!trimmed) return null;
  try {
    const url = new URL(/^[a-z]+:\/\//.test(trimmed) ? trimmed : `https://${trimmed}`);
    return url.host && /^[a-z0-9.-]+(:\d+)?$/.test(url.host) ? url.host : null;
  } catch {
    return null;
  }
}

/** The snippet a site pastes. */
export function widgetSnippet(origin: string, agentId: string): string {
  const id = agentId.replace(/[^\w-]/g, "");
  return `<${WIDGET_ELEMENT} agent-id="${id}"></${WIDGET_ELEMENT}>\n<script src="${origin}${WIDGET_SCRIPT_PATH}" async type="text/javascript"></script>`;
}

/**
 * The widget's configuration as the API gives it (GET /v1/convai/agents/{agent_id}/widget, decision 0065): what
 * platform_settings.widget holds, with the agent's language, first message and text-only mode.
 */
export function widgetConfig(platform: Record<string, unknown>, agent: { language: string; firstMessage: string; textOnly: boolean }): Record<string, unknown> {
  const widget = isObject(platform.widget) ? platform.widget : {};
  return { variant: "full", placement: "bottom-right", ...widget, language: agent.language, first_message: agent.firstMessage || undefined, text_only: agent.textOnly, supports_text_only: true };
}
