import { Hono } from "hono";
import { apiError } from "./errors";
import { historyApi } from "./history";
import { historyVideoApi } from "./history-video";
import { modelsApi } from "./models";
import { openAiSpeechApi, textToDialogueApi, textToSpeechApi } from "./text-to-speech";
import { supportApi } from "./support";
import { tryItApi } from "./try-it";
import { adVisitApi } from "./ad-visit";
import { usageApi } from "./usage";
import { userApi } from "./user";
import { voicesApi } from "./voices";
import { workspaceApi } from "./workspace";

export type ApiEnv = { Bindings: Env; Variables: { requestId: string } };

/** The public HTTP API, mounted at /v1. Feature routers are added with `api.route(...)`. */
export const api = new Hono<ApiEnv>();

api.route("/user", userApi);
api.route("/workspace", workspaceApi);
api.route("/text-to-speech", textToSpeechApi);
api.route("/text-to-dialogue", textToDialogueApi);
api.route("/audio", openAiSpeechApi);
api.route("/voices", voicesApi);
api.route("/models", modelsApi);
api.route("/history", historyVideoApi);
api.route("/history", historyApi);
api.route("/usage", usageApi);
api.route("/support", supportApi);
api.route("/try-it", tryItApi);
api.route("/google-ads-visit", adVisitApi);

// Anything under /v1 that no router answered: JSON, never the HTML 404 page.
api.all("*", (c) => apiError(c, 404, "not_found", `No API route matches ${c.req.method} ${new URL(c.req.url).pathname}`));
