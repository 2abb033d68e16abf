// The embedded language-model provider: the retrieval responder of core/agents (decision 0037), not a language model.
import { answerFrom } from "../../agents/responder";
import { chunkText, type Passage } from "../../agents/retrieval";
import type { ChatEngine, ChatRequest, ChatResult } from "../chat";

/** Its upstream name in the catalog: says what it is. */
export const RETRIEVAL_RESPONDER_MODEL = "parlance-retrieval-responder";

export function respondByRetrieval(request: ChatRequest): ChatResult & { known: boolean } {
  // The instructions are knowledge too ("our opening hours are ..."), cut like a document.
  const instructions = request.messages
    .filter((m) => m.role === "system")
    .flatMap((m) => chunkText(m.content))
    .map((text, i): Passage => ({ id: `instructions-${i}`, source: "instructions", text }));
  const question = [...request.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  const answer = answerFrom([...(request.passages ?? []), ...instructions], question);
  return { content: answer.text, finishReason: "stop", usage: null, known: answer.known };
}

export const retrievalResponder: ChatEngine = {
  async chat(request) {
    const { known: _known, ...result } = respondByRetrieval(request);
    return result;
  },
};
