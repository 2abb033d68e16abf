import { Hono } from "hono";
import { z } from "zod";
import type { ApiEnv } from "~/api";
import { requireCaller, type AuthedEnv } from "~/api/auth";
import { apiError } from "~/api/errors";
import { apiDocs } from "~/api/route-docs";
import { valid } from "~/api/validation";
import { API_KEY_HEADER } from "~/accounts/rules/api-keys";
import { sha256Hex } from "~/accounts/accounts.server";
import { issueSingleUseToken, realtimeActor, serveRealtime } from "./realtime.server";
import { transcriptionChoice, transcriptionModelIds } from "./transcription.server";
import { realtimeError, realtimeQuery } from "./rules/realtime";
import { embeddedHears } from "./rules/transcription";
import { keyMayCall, missingScopeMessage } from "../../core/workspace/key-scopes";

const doc = apiDocs("Speech to text");

/**
 * GET /v1/speech-to-text/realtime: the realtime transcription socket as the SDK's speechToText.realtime opens it
 * (decision 0040). Mounted before the speech-to-text routes: a single-use token in the query authenticates it
 * instead of the key header, so it answers for itself; refusals after the upgrade are the protocol's messages.
 */
export const realtimeSpeechToTextApi = new Hono<ApiEnv>();

realtimeSpeechToTextApi.get(
  "/realtime",
  doc("Transcribe audio as it arrives (WebSocket)", {
    description:
      "Query: model_id, audio_format (pcm_8000 to pcm_48000, ulaw_8000), commit_strategy (manual or vad), vad_silence_threshold_secs, vad_threshold, min_speech_duration_ms, min_silence_duration_ms, language_code, include_timestamps, token (single-use, realtime_scribe). " +
      "Messages in: input_audio_chunk (audio_base_64, commit, sample_rate). Out: session_started, partial_transcript at each pause, committed_transcript (and committed_transcript_with_timestamps) at each commit, charged 1,000 credits per minute of committed audio. model_id picks the engine: the scribe ids (scribe_v2_realtime...) the default, the embedded PocketSphinx (US English); a configured server's model id (GET /v1/engines) that server; any other id is refused with invalid_request.",
    success: { status: 101, contentTypes: ["application/json"], description: "A WebSocket of JSON messages" },
    responses: { 426: "upgrade_required: the request is not a WebSocket upgrade" },
  }),
  async (c) => {
    if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return apiError(c, 426, "upgrade_required", "This endpoint is a WebSocket: open it with an upgrade request.");
    const { 0: client, 1: server } = new WebSocketPair();
    server.accept();
    const refuse = (kind: string, message: string) => {
      server.send(JSON.stringify(realtimeError(kind, message)));
      server.close(1008, kind);
      return new Response(null, { status: 101, webSocket: client });
    };
    const query = realtimeQuery.safeParse(c.req.query());
    if (!query.success) return refuse("invalid_request", query.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
    // The model picks the engine (decision 0057): the catalog's ids theirs, the scribe ids the default; others are refused.
    const choice = await transcriptionChoice(c.env, query.data.model_id);
    if (choice === "unknown") {
      return refuse("invalid_request", `model_id ${query.data.model_id} is not a speech-to-text model of this server; use one of ${(await transcriptionModelIds(c.env)).join(", ")}.`);
    }
    if (!choice) return refuse("transcriber_error", "No speech-to-text engine is configured on this deployment.");
    if (choice.provider === "embedded" && !embeddedHears(query.data.language_code ?? null)) {
      return refuse("invalid_request", `The embedded recogniser (PocketSphinx) hears US English only; language_code ${query.data.language_code} is not available.`);
    }
    const key = c.req.header(API_KEY_HEADER) ?? c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/)?.[1] ?? null;
    const actor = await realtimeActor(c.env, { key, token: query.data.token ?? null });
    if (!actor) return refuse("auth_error", query.data.token ? "The single-use token is unknown, expired or already used." : key ? "Invalid API key" : "An xi-api-key header or a single-use token is required.");
    // A scoped key reaches the socket only when it may transcribe.
    const allowed = keyMayCall(actor.key?.scopes ?? null, "POST", "/v1/speech-to-text");
    if (!allowed.ok) return refuse("auth_error", missingScopeMessage(allowed.scope));
    serveRealtime(c.env, server, actor, { config: query.data, choice, requestId: c.get("requestId"), waitUntil: (promise) => c.executionCtx.waitUntil(promise) });
    return new Response(null, { status: 101, webSocket: client });
  },
);

/** POST /v1/single-use-token/{token_type}: a token a browser may open the realtime socket with, once, within 15 minutes. */
export const singleUseTokenApi = new Hono<AuthedEnv>();
singleUseTokenApi.use("*", requireCaller);
singleUseTokenApi.post(
  "/:token_type",
  doc("A single-use token for a frontend client", {
    description: "realtime_scribe only: the token opens /v1/speech-to-text/realtime once within 15 minutes, acting as the API key that asked for it. batch_scribe and tts_websocket tokens are not issued (nothing here redeems them).",
    success: { description: "JSON: token" },
    responses: { 400: "token_type_not_supported; a browser session cannot issue tokens (use an API key)" },
  }),
  valid("param", z.object({ token_type: z.string().min(1).max(40) })),
  async (c) => {
    const type = c.req.valid("param").token_type;
    if (type !== "realtime_scribe") return apiError(c, 400, "token_type_not_supported", `Single-use tokens of type ${type} are not issued here: only realtime_scribe (the realtime speech-to-text socket) redeems one.`);
    const key = c.req.header(API_KEY_HEADER) ?? c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/)?.[1];
    const actor = c.get("caller");
    if (actor.via !== "api_key" || !key) return apiError(c, 400, "api_key_required", "Single-use tokens are issued to API keys: the token acts as the key that asked for it.");
    const token = await issueSingleUseToken(c.env, await sha256Hex(key), actor.membership.workspace.id, type);
    return c.json({ token });
  },
);
