// The language models agents can name (decision 0065): the registry's chat engines, as the API lists them, and
// what a conversation costs with each. Pure.
import type { EngineCatalog } from "../../../core/engines/capabilities";
import { RETRIEVAL_RESPONDER_MODEL } from "../../../core/engines/providers/retrieval-responder";
import { AGENT_TEXTS } from "./agents";
import { CONVERSATION_CREDITS_PER_MINUTE } from "./llm";

/** Every chat model the registry serves, the embedded responder first when it is there. */
function modelIds(catalog: EngineCatalog): { id: string; provider: string }[] {
  return catalog.capabilities.chat.flatMap((p) => p.models.map((m) => ({ id: m.id, provider: p.provider })));
}

/**
 * GET /v1/convai/llm/list: each model with what is known of it. Token limits are not known here (0); no model
 * supports images or documents in a conversation, and none is deprecated.
 */
export function chatModels(catalog: EngineCatalog) {
  return {
    llms: modelIds(catalog).map((m) => ({
      llm: m.id,
      name: m.id === RETRIEVAL_RESPONDER_MODEL ? AGENT_TEXTS.responderName : m.id,
      provider: m.provider,
      is_checkpoint: false,
      max_tokens_limit: 0,
      max_context_limit: 0,
      supports_image_input: false,
      supports_document_input: false,
      supports_parallel_tool_calls: m.id !== RETRIEVAL_RESPONDER_MODEL,
    })),
    default_deprecation_config: { warning_start_days: 0, fallback_start_days: 0, fallback_complete_days: 0, fallback_start_percentage: 0, fallback_complete_percentage: 0 },
  };
}

/** What a conversation costs with each model: the conversation minute's credits (decision 0050), nothing per message. */
export function llmPrices(catalog: EngineCatalog) {
  return modelIds(catalog).map((m) => ({ llm: m.id, price_per_minute: CONVERSATION_CREDITS_PER_MINUTE, price_per_message: 0, unit: "credits" }));
}
