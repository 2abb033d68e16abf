// The embedded language-model provider: the retrieval responder of core/agents (decision 0037), not a language model.
// It calls the tools it is offered by frame-based slot filling (decision 0086) and says their results in words.
import { answerFrom, knowledgeCoverage } from "../../agents/responder";
import { chunkText, type Passage } from "../../agents/retrieval";
import { answerFromResults, toolTurn } from "../../agents/tool-frames";
import type { ChatEngine, ChatRequest, ChatResult } from "../chat";

/** Its upstream name in the catalog: says what it is. */
export const RETRIEVAL_RESPONDER_MODEL = "parlance-retrieval-responder";

export function respondByRetrieval(request: ChatRequest): ChatResult & { known: boolean } {
  // The instructions are knowledge too ("our opening hours are ..."), cut like a document.
  const instructions = request.messages
    .filter((m) => m.role === "system")
    .flatMap((m) => chunkText(m.content))
    .map((text, i): Passage => ({ id: `instructions-${i}`, source: "instructions", text }));
  const passages = [...(request.passages ?? []), ...instructions];
  const last = request.messages.at(-1);
  // A tool answered: its result is the answer.
  if (last?.role === "tool") return { content: answerFromResults(request.messages), finishReason: "stop", usage: null, known: true };
  const question = [...request.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  if (request.tools?.length) {
    const turn = toolTurn(request.messages, request.tools, knowledgeCoverage(passages, question));
    if (turn.kind === "call") return { content: "", finishReason: "tool_calls", usage: null, toolCalls: [turn.call], known: true };
    if (turn.kind === "ask") return { content: turn.text, finishReason: "stop", usage: null, known: true };
  }
  const answer = answerFrom(passages, question);
  return { content: answer.text, finishReason: "stop", usage: null, known: answer.known };
}

export const retrievalResponder: ChatEngine = {
  async chat(request) {
    const { known: _known, ...result } = respondByRetrieval(request);
    return result;
  },
};
