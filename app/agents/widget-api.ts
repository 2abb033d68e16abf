import { Hono } from "hono";
import { findWidgetAgent } from "~/agents/agents.server";
import { agentMediaFile, widgetAvatarUrl } from "~/agents/media.server";
import { AGENT_MEDIA_NAME } from "~/agents/rules/agent-media";
import { WIDGET_SCRIPT_CACHE_CONTROL, WIDGET_SCRIPT_PATH } from "~/agents/rules/widget";
import { widgetScript } from "~/agents/rules/widget-script";
import { AGENT_TEXTS } from "~/agents/rules/agents";

/**
 * The agent widget for other sites' pages, without a session (decision 0050): the script (one for every agent,
 * cached) and each agent's widget configuration, answered only to the agent's allowed sites, with CORS headers for
 * exactly that origin. The conversation itself is the WebSocket, which checks the page's Origin the same way.
 */
export const agentWidget = new Hono<{ Bindings: Env }>();

agentWidget.get(WIDGET_SCRIPT_PATH, (c) =>
  c.body(widgetScript(new URL(c.req.url).origin), 200, { "content-type": "text/javascript; charset=utf-8", "cache-control": WIDGET_SCRIPT_CACHE_CONTROL, "access-control-allow-origin": "*" }),
);

agentWidget.get("/convai/widget/:agent_id", async (c) => {
  const origin = c.req.header("origin") ?? null;
  const cors = { ...(origin ? { "access-control-allow-origin": origin } : {}), vary: "Origin", "cache-control": "no-store" };
  const found = await findWidgetAgent(c.env, c.req.param("agent_id"), origin);
  if (!found) return c.json({ status: "agent_not_found", message: AGENT_TEXTS.agentNotFound }, 404, cors);
  if ("refused" in found) return c.json({ status: "origin_not_allowed", message: found.refused }, 403, cors);
  return c.json({ agent_id: found.agent.id, name: found.agent.name, avatar_url: widgetAvatarUrl(found.agent) }, 200, cors);
});

// An agent's avatar and hold audio (decision 0096): public, as a CDN's files are, at an address with a random name,
// and only while the agent's settings name the file. A name is never reused, so it is cached for long.
agentWidget.get("/convai/agent-media/:agent_id/:name", async (c) => {
  const name = c.req.param("name");
  const file = AGENT_MEDIA_NAME.test(name) ? await agentMediaFile(c.env, c.req.param("agent_id"), name) : null;
  if (!file) return c.json({ status: "not_found", message: "No such file." }, 404);
  return c.body(file.body, 200, {
    "content-type": file.httpMetadata?.contentType ?? "application/octet-stream",
    "content-length": String(file.size),
    "cache-control": "public, max-age=86400",
    "access-control-allow-origin": "*",
    "x-content-type-options": "nosniff",
  });
});
