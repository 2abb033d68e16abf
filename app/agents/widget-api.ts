import { Hono } from "hono";
import { findWidgetAgent } from "~/agents/agents.server";
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
  return c.json({ agent_id: found.agent.id, name: found.agent.name }, 200, cors);
});
