// The embedded judge of agent tests (decision 0065), by rules like the conversation analysis (decision 0037), not by
// a language model: a response is compared word by word with the test's examples (or its success condition), a
// tool call with the tool and parameters the test expects, and the simulated user's turns come from its instructions.
import { sentences, terms } from "./retrieval";
import type { Verdict } from "./evaluation";

export type Judgement = { result: Exclude<Verdict, "unknown">; rationale: { messages: string[]; summary: string } };

/** Share of an example's (or a condition's) content words a response must contain to be counted as saying it. */
export const MATCH_COVERAGE = 0.5;

/** Words a success condition uses to talk about the conversation rather than its content. */
const META_WORDS = new Set(terms("agent assistant user customer caller response respond responds answer answers say says said mention mentions tell tells explain explains state states should must correctly clearly politely"));

/** The share of `expected`'s content words that `response` contains (1 when both say the same thing without any). */
export function coverage(response: string, expected: string, ignore: ReadonlySet<string> = new Set()): number {
  const wanted = [...new Set(terms(expected))].filter((t) => !ignore.has(t));
  if (!wanted.length) return response.trim().toLowerCase() === expected.trim().toLowerCase() ? 1 : 0;
  const said = new Set(terms(response));
  return wanted.filter((t) => said.has(t)).length / wanted.length;
}

const percent = (n: number) => `${Math.round(n * 100)}%`;

/**
 * Judges an agent's response. With examples: it passes when it is closest to a success example and contains at least
 * half of that example's content words. With a success condition only: when it contains at least half of the
 * condition's content words (words about the agent or the user themselves left out).
 */
export function judgeResponse(response: string, test: { successCondition?: string | null; successExamples: string[]; failureExamples: string[] }): Judgement {
  const messages: string[] = [];
  if (!response.trim()) return { result: "failure", rationale: { messages: ["The agent gave no answer."], summary: "No response to judge." } };
  if (test.successExamples.length || test.failureExamples.length) {
    const best = (examples: string[]) => examples.reduce((top, e) => Math.max(top, coverage(response, e)), 0);
    const success = best(test.successExamples);
    const failure = best(test.failureExamples);
    messages.push(`Closest success example: ${percent(success)} of its words; closest failure example: ${percent(failure)}.`);
    const passed = success >= MATCH_COVERAGE && success > failure;
    return { result: passed ? "success" : "failure", rationale: { messages, summary: passed ? "The response says what a success example says." : "The response does not say what a success example says, or is closer to a failure example." } };
  }
  if (test.successCondition?.trim()) {
    const share = coverage(response, test.successCondition, META_WORDS);
    messages.push(`The response contains ${percent(share)} of the condition's key words.`);
    const passed = share >= MATCH_COVERAGE;
    return { result: passed ? "success" : "failure", rationale: { messages, summary: passed ? "The response meets the condition's key words." : "The response misses most of the condition's key words." } };
  }
  return { result: "success", rationale: { messages: ["The test names no condition and no examples."], summary: "The agent answered." } };
}

export type ParameterEvaluation = { type: "exact"; expected_value: string } | { type: "regex"; pattern: string } | { type: "anything" } | { type: "llm"; description: string };
export type ExpectedParameter = { path: string; eval: ParameterEvaluation };
export type MadeCall = { name: string; arguments: Record<string, unknown> };

/** The value at a path of the arguments: "order.id", "items[0].sku" or "items.0.sku". */
export function valueAt(args: unknown, path: string): unknown {
  let value: unknown = args;
  for (const key of path.replace(/\[(\d+)\]/g, ".$1").split(".").filter(Boolean)) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Whether one argument is what the test expects, and why not. */
export function parameterMatches(args: Record<string, unknown>, expected: ExpectedParameter): { ok: boolean; message: string } {
  const value = valueAt(args, expected.path);
  const text = typeof value === "string" ? value : JSON.stringify(value);
  if (value === undefined) return { ok: false, message: `${expected.path} was not sent.` };
  switch (expected.eval.type) {
    case "exact":
      return text === expected.eval.expected_value ? { ok: true, message: `${expected.path} is ${text}.` } : { ok: false, message: `${expected.path} is ${text}, not ${expected.eval.expected_value}.` };
    case "regex": {
      let pattern: RegExp;
      try {
        pattern = new RegExp(expected.eval.pattern);
      } catch {
        return { ok: false, message: `${expected.path}: the pattern ${expected.eval.pattern} is not a regular expression.` };
      }
      return pattern.test(text ?? "") ? { ok: true, message: `${expected.path} (${text}) matches ${expected.eval.pattern}.` } : { ok: false, message: `${expected.path} (${text}) does not match ${expected.eval.pattern}.` };
    }
    case "llm":
      // Judging a value against a description needs a language model: here the value only has to be there.
      return { ok: true, message: `${expected.path} was sent (${text}); whether it fits "${expected.eval.description}" is not judged without a language model.` };
    default:
      return { ok: true, message: `${expected.path} was sent.` };
  }
}

/**
 * Judges the tool calls of an agent's turn against a tool test: the expected tool called (or, verifying absence,
 * not called), with the expected parameters; unless any call may match, a turn calling more than one tool fails.
 */
export function judgeToolCalls(calls: MadeCall[], expected: { toolName: string | null; verifyAbsence: boolean; parameters: ExpectedParameter[]; anyMatch: boolean }): Judgement {
  const names = calls.map((c) => c.name);
  const matching = expected.toolName ? calls.filter((c) => c.name === expected.toolName) : calls;
  const made = names.length ? `The agent called ${names.join(", ")}.` : "The agent called no tool.";
  if (expected.verifyAbsence) {
    const passed = matching.length === 0;
    return { result: passed ? "success" : "failure", rationale: { messages: [made], summary: passed ? `${expected.toolName ?? "No tool"} was not called, as expected.` : `${expected.toolName} was called, though it should not be.` } };
  }
  if (!matching.length) return { result: "failure", rationale: { messages: [made], summary: `${expected.toolName ?? "A tool"} was not called.` } };
  if (!expected.anyMatch && calls.length > 1) return { result: "failure", rationale: { messages: [made], summary: "More than one tool was called." } };
  const judged = matching.map((call) => expected.parameters.map((p) => parameterMatches(call.arguments, p)));
  const passing = judged.findIndex((checks) => checks.every((c) => c.ok));
  const shown = judged[passing >= 0 ? passing : 0]!;
  return {
    result: passing >= 0 ? "success" : "failure",
    rationale: { messages: [made, ...shown.map((c) => c.message)], summary: passing >= 0 ? `${matching[passing]!.name} was called with the expected parameters.` : "The tool was called, but not with the expected parameters." },
  };
}

/**
 * What the embedded simulated user says, turn by turn: its first message, then each sentence of its instructions
 * (the scenario), in order. It does not compose replies; a language model named for the user does.
 */
export function scriptedUserLines(firstMessage: string | null | undefined, instructions: string | null | undefined): string[] {
  return [...(firstMessage?.trim() ? [firstMessage.trim()] : []), ...sentences(instructions ?? "")];
}
