import { Hono } from "hono";
import { apiError } from "./errors";
import { openApiDocument } from "./openapi";
import type { OpenApiDocument } from "~/api-docs/rules/reference";
import { billingApi } from "~/billing/api";
import { adminHistoryApi, historyApi } from "~/history/api";
import { audioIsolationApi } from "~/isolation/api";
import { forcedAlignmentApi, speechToSpeechApi } from "~/voice-changer/api";
import { podcastApi, studioApi } from "~/studio/api";
import { voiceoverApi } from "~/voiceover/api";
import { audioNativeApi } from "~/audio-native/api";
import { publishingApi } from "~/publishing/api";
import { productionFilesApi, productionsApi } from "~/productions/api";
import { aiClassifierApi } from "~/ai-classifier/api";
import { pronunciationApi } from "~/pronunciation/api";
import { historyVideoApi } from "~/sharing/api";
import { modelsApi } from "~/speech/models-api";
import { textToDialogueApi, textToSpeechApi } from "~/speech/api";
import { streamInputApi } from "~/speech/stream-input-api";
import { openAiAudioApi, openAiVoicesApi } from "~/speech/openai-api";
import { soundEffectsApi } from "~/sound-effects/api";
import { speechToTextApi } from "~/transcription/api";
import { realtimeSpeechToTextApi, singleUseTokenApi } from "~/transcription/realtime-api";
import { dubbingApi, dubsRedirectApi } from "~/dubbing/api";
import { dubbingStudioApi } from "~/dubbing/studio-api";
import { dubbingProjectApi } from "~/dubbing/project-api";
import { supportApi } from "~/accounts/support-api";
import { tryItApi } from "~/speech/try-it-api";
import { adVisitApi } from "~/marketing/ad-visit-api";
import { usageApi, workspaceAnalyticsApi } from "~/usage/api";
import { userApi } from "~/accounts/api";
import { voicesApi, voicesV2Api } from "~/voices/api";
import { professionalVoicesApi, similarVoicesApi } from "~/voices/professional-api";
import { sharedVoicesApi, voiceLibraryApi } from "~/voices/library-api";
import { textToVoiceApi } from "~/voices/design-api";
import { voiceVerificationReviewApi } from "~/voices/verification-review-api";
import { workspaceApi } from "~/workspace/api";
import { agentsApi } from "~/agents/api";
import { conversationSocketApi } from "~/agents/conversation-api";
import { batchCallsApi, phoneNumbersApi, phoneNumbersV2Api, twilioApi, twilioWebhooksApi } from "~/agents/phone-api";
import { knowledgeBaseApi } from "~/agents/knowledge-api";
import { toolsApi } from "~/agents/tools-api";
import { agentRunsApi, agentTestsApi, testInvocationsApi } from "~/agents/testing-api";
import { conversationHistoryApi } from "~/agents/history-api";
import { convaiSettingsApi } from "~/agents/settings-api";
import { agentDetailsApi } from "~/agents/agent-details-api";
import { branchesApi } from "~/agents/branches-api";
import { mergeProposalsApi } from "~/agents/merge-proposals-api";
import { triageTicketsApi } from "~/agents/triage-tickets-api";
import { proceduresApi } from "~/agents/procedures-api";
import { mcpApi } from "~/agents/mcp-api";
import { environmentVariablesApi } from "~/agents/environment-variables-api";
import { agentMediaApi } from "~/agents/agent-media-api";
import { conversationFilesApi } from "~/agents/conversation-files-api";
import { groupsApi } from "~/workspace/groups-api";
import { serviceAccountsApi } from "~/workspace/service-accounts-api";
import { webhooksApi } from "~/workspace/webhooks-api";
import { authConnectionsApi } from "~/workspace/auth-connections-api";
import { defaultSharingApi, resourcesApi } from "~/workspace/resources-api";
import { notificationsApi } from "~/workspace/notifications-api";
import { workspaceApiKeysApi } from "~/workspace/api-keys-api";

export type ApiEnv = { Bindings: Env; Variables: { requestId: string } };

/** The public HTTP API, mounted at /v1. Feature routers are added with `api.route(...)`. */
export const api = new Hono<ApiEnv>();

api.route("/user", userApi);
// The workspace's own sub-routers before its general one (whose middleware would run for them too).
api.route("/workspace/groups", groupsApi);
api.route("/workspace/webhooks", webhooksApi);
api.route("/workspace/auth-connections", authConnectionsApi);
api.route("/workspace/resources", resourcesApi);
api.route("/workspace/notifications", notificationsApi);
api.route("/workspace/default-sharing-preferences", defaultSharingApi);
api.route("/workspace/analytics", workspaceAnalyticsApi);
api.route("/service-accounts", serviceAccountsApi);
api.route("/workspaces/api-keys", workspaceApiKeysApi);
api.route("/workspace", workspaceApi);
// The WebSockets first: they authenticate for themselves (the key may come in the first message).
api.route("/text-to-speech", streamInputApi);
api.route("/text-to-speech", textToSpeechApi);
api.route("/text-to-dialogue", textToDialogueApi);
api.route("/audio", openAiAudioApi);
api.route("/openai/voices", openAiVoicesApi);
// The library's /v1/voices routes first: the voices' own GET /{voice_id} would otherwise take /collections.
api.route("/voices", voiceLibraryApi);
api.route("/voices", professionalVoicesApi);
api.route("/similar-voices", similarVoicesApi);
api.route("/voices", voicesApi);
api.route("/shared-voices", sharedVoicesApi);
api.route("/text-to-voice", textToVoiceApi);
api.route("/models", modelsApi);
api.route("/history", historyVideoApi);
api.route("/history", historyApi);
api.route("/admin/history", adminHistoryApi);
api.route("/usage", usageApi);
api.route("/sound-generation", soundEffectsApi);
api.route("/audio-isolation", audioIsolationApi);
api.route("/speech-to-speech", speechToSpeechApi);
api.route("/forced-alignment", forcedAlignmentApi);
api.route("/studio/projects", studioApi);
api.route("/studio/podcasts", podcastApi);
api.route("/voiceover/projects", voiceoverApi);
api.route("/audio-native", audioNativeApi);
api.route("/publishing", publishingApi);
// The signed downloads first: they need no API key (the signature is the permission).
api.route("/productions/files", productionFilesApi);
api.route("/productions", productionsApi);
api.route("/ai-classifier", aiClassifierApi);
// The realtime socket first: a single-use token may authenticate it instead of the key header.
api.route("/speech-to-text", realtimeSpeechToTextApi);
api.route("/pronunciation-dictionaries", pronunciationApi);
api.route("/speech-to-text", speechToTextApi);
api.route("/single-use-token", singleUseTokenApi);
api.route("/dubbing/resource", dubbingStudioApi);
api.route("/dubbing/project", dubbingProjectApi);
api.route("/dubbing", dubbingApi);
api.route("/dubs", dubsRedirectApi);
// The staff console's voice review first: the support API's own middleware would otherwise run for it too.
api.route("/support/voice-verifications", voiceVerificationReviewApi);
api.route("/support", supportApi);
api.route("/try-it", tryItApi);
api.route("/google-ads-visit", adVisitApi);
// The conversation WebSocket first: it authenticates for itself (signed URLs, decision 0037).
api.route("/convai", conversationSocketApi);
// Phone (decision 0060): what Twilio calls first (a signature or the stream's token, no key), then the keyed routes,
// each under its own path so that only its own authentication runs.
api.route("/convai/twilio", twilioWebhooksApi);
api.route("/convai/twilio", twilioApi);
api.route("/convai/phone-numbers", phoneNumbersApi);
api.route("/convai/v2/phone-numbers", phoneNumbersV2Api);
api.route("/convai/batch-calling", batchCallsApi);
api.route("/convai/knowledge-base", knowledgeBaseApi);
api.route("/convai/tools", toolsApi);
api.route("/convai/mcp-servers", mcpApi);
api.route("/convai/environment-variables", environmentVariablesApi);
api.route("/convai/agent-testing", agentTestsApi);
api.route("/convai/test-invocations", testInvocationsApi);
// Decision 0065's routes under /convai itself (each asks for the key): before agentsApi's /agents/{agent_id}.
api.route("/convai", agentRunsApi);
api.route("/convai", conversationHistoryApi);
api.route("/convai", convaiSettingsApi);
api.route("/convai", agentDetailsApi);
api.route("/convai", branchesApi);
api.route("/convai", mergeProposalsApi);
api.route("/convai", triageTicketsApi);
api.route("/convai", proceduresApi);
api.route("/convai", agentMediaApi);
api.route("/convai", conversationFilesApi);
api.route("/convai", agentsApi);

// Anything under /v1 that no router answered: JSON, never the HTML 404 page.
api.all("*", (c) => apiError(c, 404, "not_found", `No API route matches ${c.req.method} ${new URL(c.req.url).pathname}`));

/**
 * Everything the app worker serves as API: /v1, the billing calls at the bare paths the spec names
 * (POST /create-checkout-session, ...) and GET /v2/voices. /openapi.json describes exactly these routes.
 */
export const publicApi = new Hono<ApiEnv>();
publicApi.route("/v1", api);
publicApi.route("/", billingApi);
publicApi.route("/v2/voices", voicesV2Api);

/** The OpenAPI document of `publicApi`, generated from its routes once per isolate and origin. */
const documents = new Map<string, OpenApiDocument>();
export function apiDocument(origin: string): OpenApiDocument {
  let document = documents.get(origin);
  if (!document) {
    if (documents.size >= 8) documents.clear(); // origins come from the Host header: keep a few only
    document = openApiDocument(publicApi.routes, { origin });
    documents.set(origin, document);
  }
  return document;
}
