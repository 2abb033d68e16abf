import { Hono } from "hono";
import { apiError } from "./errors";
import { userApi } from "./user";
import { workspaceApi } from "./workspace";

export type ApiEnv = { Bindings: Env; Variables: { requestId: string } };

/** The public HTTP API, mounted at /v1. Feature routers are added with `api.route(...)`. */
export const api = new Hono<ApiEnv>();

api.route("/user", userApi);
api.route("/workspace", workspaceApi);

// Anything under /v1 that no router answered: JSON, never the HTML 404 page.
api.all("*", (c) => apiError(c, 404, "not_found", `No API route matches ${c.req.method} ${new URL(c.req.url).pathname}`));
