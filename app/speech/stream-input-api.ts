import { Hono } from "hono";
import type { ApiEnv } from "~/api";
import { API_KEY_HEADER } from "~/accounts/rules/api-keys";
import { apiError } from "~/api/errors";
import { apiDocs } from "~/api/route-docs";
import { streamInputQuery } from "~/api/schemas";
import { serveStreamInput } from "./stream-input.server";
import { CLOSE_POLICY, socketError, STREAM_INPUT_ERRORS } from "./rules/stream-input";

const doc = apiDocs("Text to speech");
const SOCKET_DOC = {
  success: { status: 101, contentTypes: ["application/json"], description: "A WebSocket: JSON text messages in, JSON messages with base64 audio and character alignment out (decision 0032)" },
  responses: { 426: "upgrade_required: the request is not a WebSocket upgrade" },
} as const;

/**
 * The input-streaming WebSockets (decision 0032). Mounted before the text-to-speech routes: the key may come in
 * the first message instead of a header, so these answer for themselves instead of passing requireCaller, and
 * every refusal after the upgrade is the protocol's error message and close.
 */
export const streamInputApi = new Hono<ApiEnv>();

const sockets = [
  ["/:voice_id/stream-input", false, doc("Stream text in, audio with alignment out (WebSocket)", SOCKET_DOC)],
  ["/:voice_id/multi-stream-input", true, doc("Several speech contexts over one WebSocket", SOCKET_DOC)],
] as const;
for (const [path, multi, described] of sockets) {
  streamInputApi.get(path, described, (c) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return apiError(c, 426, "upgrade_required", "This endpoint is a WebSocket: open it with an upgrade request.");
    const { 0: client, 1: server } = new WebSocketPair();
    server.accept();
    const query = streamInputQuery.safeParse(c.req.query());
    const refuse = (error: string, message: string) => {
      server.send(JSON.stringify(socketError(error, message)));
      server.close(CLOSE_POLICY, error);
    };
    if (!query.success) refuse("invalid_request", query.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    else if (query.data.enable_ssml_parsing) refuse("invalid_request", STREAM_INPUT_ERRORS.ssmlUnsupported);
    else {
      serveStreamInput(c.env, server, {
        voiceId: c.req.param("voice_id"),
        multi,
        modelId: query.data.model_id ?? null,
        outputFormat: query.data.output_format,
        languageCode: query.data.language_code ?? null,
        inactivitySeconds: query.data.inactivity_timeout,
        autoMode: query.data.auto_mode,
        requestId: c.get("requestId"),
        headerKey: c.req.header(API_KEY_HEADER) ?? c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/)?.[1] ?? null,
        waitUntil: (promise) => c.executionCtx.waitUntil(promise),
      });
    }
    return new Response(null, { status: 101, webSocket: client });
  });
}
