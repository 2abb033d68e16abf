// The embedded analysis of a conversation (decision 0037): evaluation criteria checked by rules over the transcript,
// not by a language model. A criterion is met when the conversation got at least one answer from the agent's
// knowledge and the words of its goal were spoken; it failed when the user spoke and either is missing; unknown when
// the user never spoke.
import { RESPONDER_TEXTS } from "./responder";
import { terms } from "./retrieval";

export type TranscriptTurn = { role: "user" | "agent"; message: string };
export type Criterion = { id: string; name: string; goal: string };
export type Verdict = "success" | "failure" | "unknown";
export type CriterionResult = { criteriaId: string; result: Verdict; rationale: string };
export type ConversationAnalysis = { callSuccessful: Verdict; criteria: CriterionResult[]; summary: string };

/** Share of a goal's content words that must occur in the transcript. */
export const GOAL_TERM_COVERAGE = 0.5;

const unanswered = new Set<string>(Object.values(RESPONDER_TEXTS));

/**
 * Judges the criteria over a transcript. Results of an earlier analysis (`earlier`) are kept for criteria not judged
 * now, so one criterion can be run again alone; the call's verdict counts them all.
 */
export function analyseConversation(transcript: TranscriptTurn[], criteria: Criterion[], earlier: CriterionResult[] = []): ConversationAnalysis {
  const userTurns = transcript.filter((t) => t.role === "user" && t.message.trim());
  const agentAnswers = transcript.slice(1).filter((t) => t.role === "agent" && t.message.trim());
  const answered = agentAnswers.filter((t) => !unanswered.has(t.message.trim())).length;
  const spoken = new Set(transcript.flatMap((t) => terms(t.message)));
  const judged = criteria.map((criterion): CriterionResult => {
    if (!userTurns.length) return { criteriaId: criterion.id, result: "unknown", rationale: "The user said nothing, so there is nothing to judge." };
    const goal = [...new Set(terms(criterion.goal))];
    const found = goal.filter((t) => spoken.has(t));
    const covered = goal.length === 0 || found.length / goal.length >= GOAL_TERM_COVERAGE;
    const rationale = `${found.length} of the goal's ${goal.length} key words were spoken${found.length ? ` (${found.join(", ")})` : ""}; ${answered} of ${agentAnswers.length} answers came from the agent's knowledge.`;
    return { criteriaId: criterion.id, result: covered && answered > 0 ? "success" : "failure", rationale };
  });
  const results = [...earlier.filter((r) => !judged.some((j) => j.criteriaId === r.criteriaId)), ...judged];
  const callSuccessful: Verdict = !userTurns.length ? "unknown" : results.some((r) => r.result === "failure") ? "failure" : results.length || answered > 0 ? "success" : "failure";
  const summary = userTurns.length
    ? `The user spoke ${userTurns.length} time${userTurns.length === 1 ? "" : "s"}; the agent answered ${answered} from its knowledge and could not answer ${agentAnswers.length - answered}.`
    : "The agent spoke; the user said nothing.";
  return { callSuccessful, criteria: results, summary };
}
