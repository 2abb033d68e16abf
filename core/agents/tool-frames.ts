// Classic tool calling for the embedded responder (decision 0086): frame-based slot filling, as rule-based dialogue
// systems do it. An offered tool is a frame (its name and description say the intent, its JSON-schema parameters are
// the slots); the user's words choose a frame only when they clearly match it, the slots are filled by patterns, a
// missing required slot is asked for, and a tool's result is said in words. No model: every step is a rule.
import type { ChatMessage, ChatTool, ChatToolCall } from "../engines/chat";
import { MIN_TERM_COVERAGE } from "./responder";
import { sentences, terms } from "./retrieval";

/**
 * A tool is called only when at least this share of the user's content words is explained by it (its vocabulary, or
 * the values its slots take from the utterance) and at least one word is of its name or description. Measured on 37
 * labelled utterances (tool-frames.test.ts, decision 0086): every right tool scores 0.5 or more (two exactly 0.5);
 * four wrong ones score 0.5 to 0.67, three of them answered at least as well by the knowledge; the rest 0.33 or less.
 */
export const MIN_TOOL_COVERAGE = 0.5;
/** A tool's result is said in at most this many sentences, and this many fields of a JSON object. */
export const MAX_RESULT_SENTENCES = 2;
export const MAX_RESULT_FIELDS = 4;

export const TOOL_FRAME_TEXTS = {
  /** The question asked for a missing required slot. */
  ask: (what: string) => `What is ${what}?`,
  /** A JSON result with nothing to say in a sentence. */
  emptyResult: (tool: string) => `The ${tool.replace(/[_-]+/g, " ")} tool answered.`,
  /** A result that carries an error field. */
  error: (tool: string, message: string) => `The ${tool.replace(/[_-]+/g, " ")} tool answered with an error: ${message}`,
} as const;

type Json = Record<string, unknown>;
type Slot = { name: string; type: string; description: string; enum: unknown[]; format: string; required: boolean };
/** What the responder does with the user's turn: call a tool, ask for a slot, or leave it to the knowledge. */
export type ToolTurn = { kind: "call"; call: ChatToolCall; coverage: number } | { kind: "ask"; text: string; tool: string; slot: string } | { kind: "none" };

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const words = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ");

function slotsOf(tool: ChatTool): Slot[] {
  const properties = isObject(tool.parameters.properties) ? tool.parameters.properties : {};
  const required = Array.isArray(tool.parameters.required) ? tool.parameters.required : [];
  return Object.entries(properties).map(([name, schema]) => {
    const s = isObject(schema) ? schema : {};
    return {
      name,
      type: typeof s.type === "string" ? s.type : "string",
      description: typeof s.description === "string" ? s.description : "",
      enum: Array.isArray(s.enum) ? s.enum : [],
      format: typeof s.format === "string" ? s.format : "",
      required: required.includes(name),
    };
  });
}

/** The words that name what a tool does: its name, description, and its parameters' names and descriptions. */
function vocabulary(tool: ChatTool): { name: Set<string>; intent: Set<string>; all: Set<string> } {
  const name = new Set(terms(words(tool.name)));
  const intent = new Set([...name, ...terms(tool.description)]);
  const all = new Set([...intent, ...slotsOf(tool).flatMap((s) => [...terms(words(s.name)), ...terms(s.description)])]);
  return { name, intent, all };
}

/** The content words of an utterance, without the single letters of contractions ("what's", "I'd"). */
const contentTerms = (text: string) => [...new Set(terms(text).filter((t) => t.length > 1 || /\d/.test(t)))];

// ---- Slot filling: each kind of value by its pattern ----

const NUMBER_WORDS: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20, thirty: 30,
  forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90, hundred: 100,
};
const YES = /\b(yes|yeah|yep|sure|true|ok|okay|please do|of course|correct)\b/i;
const NO = /\b(no|nope|false|not|don't|do not|never)\b/i;
const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const DATE = new RegExp(
  [
    "\\b\\d{4}-\\d{2}-\\d{2}\\b",
    "\\b\\d{1,2}/\\d{1,2}(?:/\\d{2,4})?\\b",
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}(?:\\s+\\d{4})?\\b`,
    `\\b${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,?\\s+\\d{4})?\\b`,
    "\\b(?:today|tonight|tomorrow|yesterday)\\b",
    "\\b(?:next\\s+|this\\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\\b",
  ].join("|"),
  "gi",
);

/** Prepositions a parameter's name or description suggests for its value ("in Rome", "for Alice", "to Paris"). */
const PREPOSITIONS: [RegExp, string[]][] = [
  [/\b(city|town|country|place|location|region|area|where|address|venue|store|shop|branch)\b/, ["in", "at", "near", "for"]],
  [/\b(destination|recipient|target|arrival)\b/, ["to"]],
  [/\b(origin|source|departure|sender)\b/, ["from"]],
  [/\b(name|person|customer|user|guest|who|contact|client|patient)\b/, ["for", "to", "with", "named", "called"]],
  [/\b(topic|subject|query|search|term|product|item|about|keyword)\b/, ["about", "for", "on"]],
  [/\b(date|day|when)\b/, ["on", "for"]],
];
const ANY_PREPOSITION = ["in", "at", "near", "for", "to", "from", "with", "about", "on", "named", "called", "by"];
/** Words that end a value taken after a preposition. */
const STOP_AFTER = new Set([...ANY_PREPOSITION, "and", "or", "but", "please", "thanks", "today", "tomorrow", "tonight", "now", "then", "is", "are", "was", "will", "would", "the", "a", "an", "this", "that", "it", "me", "my", "what", "how", "when", "which", "who"]);
const ARTICLES = new Set(["the", "a", "an", "my", "our"]);

type Utterance = { text: string; used: [number, number][] };

const free = (u: Utterance, start: number, end: number) => u.used.every(([a, b]) => end <= a || start >= b);
const take = (u: Utterance, start: number, end: number) => u.used.push([start, end]);

/** `name=value` or `name: value` (the name as written, or with spaces for its underscores). */
function explicitValue(u: Utterance, slot: Slot): string | null {
  const names = [...new Set([slot.name, words(slot.name)])].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const pattern = new RegExp(`(?:^|[\\s,;(])(?:${names.join("|")})\\s*(=|:)\\s*("[^"]*"|'[^']*'|[^,;\\n]+)`, "i");
  const match = pattern.exec(u.text);
  if (!match) return null;
  let value = match[2]!.trim();
  if (/^["']/.test(value)) value = value.slice(1, -1);
  // After `=` a value is one token (so "a=1 b=2" gives two); after `:` it runs to the end of the clause.
  else if (match[1] === "=") value = value.split(/\s+/)[0]!;
  else value = value.replace(/\s+\w+\s*[=:].*$/, "");
  value = value.replace(/[.!?]+$/, "").trim();
  take(u, match.index, match.index + match[0].length);
  return value || null;
}

function enumValue(u: Utterance, slot: Slot): unknown {
  const lower = u.text.toLowerCase();
  let best: { value: unknown; at: number; length: number } | null = null;
  for (const value of slot.enum) {
    const said = words(String(value)).toLowerCase();
    const at = new RegExp(`\\b${said.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).exec(lower)?.index ?? -1;
    if (at >= 0 && free(u, at, at + said.length) && (!best || said.length > best.length)) best = { value, at, length: said.length };
  }
  if (!best) return undefined;
  take(u, best.at, best.at + best.length);
  return best.value;
}

/** Numbers said in digits or small number words ("twenty five"), with where they are. */
function numbersIn(u: Utterance): { value: number; start: number; end: number }[] {
  const found: { value: number; start: number; end: number }[] = [];
  for (const m of u.text.matchAll(/-?\d+(?:\.\d+)?/g)) {
    const touching = /\p{L}/u.test(u.text[m.index + m[0].length] ?? "") || /\p{L}/u.test(u.text[m.index - 1] ?? "");
    if (free(u, m.index, m.index + m[0].length) && !touching) found.push({ value: Number(m[0]), start: m.index, end: m.index + m[0].length });
  }
  const tens = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety";
  for (const m of u.text.matchAll(new RegExp(`\\b(?:(${tens})[\\s-]+(one|two|three|four|five|six|seven|eight|nine)|(${Object.keys(NUMBER_WORDS).join("|")}))\\b`, "gi"))) {
    if (!free(u, m.index, m.index + m[0].length)) continue;
    const value = m[3] ? NUMBER_WORDS[m[3].toLowerCase()]! : NUMBER_WORDS[m[1]!.toLowerCase()]! + NUMBER_WORDS[m[2]!.toLowerCase()]!;
    found.push({ value, start: m.index, end: m.index + m[0].length });
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The number for a slot: the one next to a word of its name or description, else the first one left. */
function numberValue(u: Utterance, slot: Slot): number | undefined {
  const numbers = numbersIn(u).filter((n) => slot.type !== "integer" || Number.isInteger(n.value));
  if (!numbers.length) return undefined;
  const own = new Set([...terms(words(slot.name)), ...terms(slot.description)]);
  const near = numbers.find((n) => {
    const around = `${u.text.slice(Math.max(0, n.start - 24), n.start)} ${u.text.slice(n.end, n.end + 24)}`;
    return terms(around).some((t) => own.has(t));
  });
  const chosen = near ?? numbers[0]!;
  take(u, chosen.start, chosen.end);
  return chosen.value;
}

/** Yes or no as a boolean: the first yes or no word of a short reply, or one said next to the slot's words. */
function booleanValue(u: Utterance, slot?: Slot): boolean | undefined {
  const yes = YES.exec(u.text);
  const no = NO.exec(u.text);
  const said = yes && (!no || yes.index < no.index) ? { value: true, at: yes } : no ? { value: false, at: no } : null;
  if (!said) return undefined;
  if (slot && u.text.trim().split(/\s+/).length > 3) {
    const own = new Set([...terms(words(slot.name)), ...terms(slot.description)]);
    const around = `${u.text.slice(Math.max(0, said.at.index - 24), said.at.index)} ${u.text.slice(said.at.index, said.at.index + said.at[0].length + 24)}`;
    if (!terms(around).some((t) => own.has(t))) return undefined;
  }
  return said.value;
}

function firstFree(u: Utterance, pattern: RegExp): string | null {
  for (const m of u.text.matchAll(pattern)) {
    if (!free(u, m.index, m.index + m[0].length)) continue;
    take(u, m.index, m.index + m[0].length);
    return m[0];
  }
  return null;
}

/**
 * The words after a preposition the slot suggests: a capitalised name if one follows, else up to three words; not the
 * tool's own words ("to book a table" names no one). A capitalised value is preferred to a lower-case one.
 */
function afterPreposition(u: Utterance, slot: Slot, vocabularyTerms: Set<string>): string | null {
  const own = `${words(slot.name)} ${slot.description}`.toLowerCase();
  const suggested = PREPOSITIONS.filter(([p]) => p.test(own)).flatMap(([, list]) => list);
  const described = ANY_PREPOSITION.filter((p) => new RegExp(`\\b${p}\\b`).test(slot.description.toLowerCase()));
  const candidates: { start: number; end: number }[] = [];
  for (const preposition of [...new Set([...suggested, ...described])]) {
    for (const m of u.text.matchAll(new RegExp(`\\b${preposition}\\s+`, "gi"))) {
      const tokens: { word: string; start: number; end: number }[] = [];
      for (const w of u.text.slice(m.index + m[0].length).matchAll(/[\p{L}\p{N}'.@-]+|[^\p{L}\p{N}\s'.@-]/gu)) {
        const word = w[0].replace(/\.+$/, "");
        const lower = word.toLowerCase();
        if (!tokens.length && ARTICLES.has(lower)) continue;
        if (!/[\p{L}\p{N}]/u.test(word) || STOP_AFTER.has(lower) || tokens.length === 3) break;
        // A capitalised name ends where the capitals end ("Rome next week" gives "Rome").
        if (tokens.length && /^\p{Lu}/u.test(tokens[0]!.word) && !/^\p{Lu}/u.test(word)) break;
        const at = m.index + m[0].length + w.index;
        tokens.push({ word, start: at, end: at + word.length });
        if (w[0].endsWith(".")) break;
      }
      const first = tokens[0];
      const last = tokens.at(-1);
      if (!first || !last || terms(first.word).some((t) => vocabularyTerms.has(t)) || !free(u, first.start, last.end)) continue;
      candidates.push({ start: first.start, end: last.end });
    }
  }
  const chosen = candidates.find((c) => /^\p{Lu}/u.test(u.text[c.start]!)) ?? candidates[0];
  if (!chosen) return null;
  take(u, chosen.start, chosen.end);
  return u.text.slice(chosen.start, chosen.end);
}

/** A token with a digit, or a capitalised one, after a word of the slot's name ("order 1234", "booking number AB12", "name Alice"). */
function afterOwnName(u: Utterance, slot: Slot): string | null {
  const own = new Set(terms(words(slot.name)));
  const tokens = [...u.text.matchAll(/[\p{L}\p{N}#-]+/gu)];
  for (let i = 0; i < tokens.length; i++) {
    if (!terms(tokens[i]![0]).some((t) => own.has(t))) continue;
    for (let j = i + 1; j <= i + 2 && j < tokens.length; j++) {
      const token = tokens[j]!;
      const value = token[0].replace(/^#/, "");
      if ((/\d/.test(value) || /^\p{Lu}/u.test(value)) && free(u, token.index, token.index + token[0].length)) {
        take(u, token.index, token.index + token[0].length);
        return value;
      }
      if (!/^(number|no|id|code|is|#)$/i.test(token[0])) break;
    }
  }
  return null;
}

/**
 * Capitalised words that are not the tool's own words, nor one word starting a sentence (there a capital says
 * nothing: "Tell me...", though "New York is..." keeps its two).
 */
function capitalised(u: Utterance, vocabularyTerms: Set<string>): string | null {
  for (const m of u.text.matchAll(/\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)*/gu)) {
    const value = m[0];
    if (value === "I" || !free(u, m.index, m.index + value.length)) continue;
    if (/^\s*$|[.!?]\s*$/.test(u.text.slice(0, m.index)) && !/\s/.test(value)) continue;
    const valueTerms = contentTerms(value);
    if (!valueTerms.length || valueTerms.every((t) => vocabularyTerms.has(t))) continue;
    take(u, m.index, m.index + value.length);
    return value;
  }
  return null;
}

const isEmailSlot = (s: Slot) => s.format === "email" || /e-?mail/i.test(`${s.name} ${s.description}`);
const isDateSlot = (s: Slot) => s.format === "date" || s.format === "date-time" || /\b(date|day|when)\b/i.test(`${words(s.name)} ${s.description}`);

/** The value of each slot the utterance gives, by the patterns of its type (decision 0086). */
export function fillSlots(text: string, tool: ChatTool): Json {
  const u: Utterance = { text, used: [] };
  const slots = slotsOf(tool);
  const values: Json = {};
  // The explicit forms first, so their values are not taken by the looser patterns.
  for (const slot of slots) {
    const value = explicitValue(u, slot);
    if (value !== null) values[slot.name] = coerce(value, slot);
  }
  const open = () => slots.filter((s) => values[s.name] === undefined);
  for (const slot of open()) if (slot.enum.length) values[slot.name] = enumValue(u, slot);
  for (const slot of open()) {
    if (slot.type !== "string") continue;
    if (isEmailSlot(slot)) values[slot.name] = firstFree(u, EMAIL) ?? undefined;
    else if (isDateSlot(slot)) values[slot.name] = firstFree(u, DATE) ?? undefined;
  }
  // E-mail addresses and dates are not numbers or names, whichever slot they fill.
  for (const m of text.matchAll(EMAIL)) take(u, m.index, m.index + m[0].length);
  for (const m of text.matchAll(DATE)) take(u, m.index, m.index + m[0].length);
  // Free text: not for a slot that takes only listed values, e-mail addresses or dates.
  const loose = (slot: Slot) => slot.type === "string" && !slot.enum.length && !isEmailSlot(slot) && !isDateSlot(slot);
  for (const slot of open()) if (loose(slot)) values[slot.name] = afterOwnName(u, slot) ?? undefined;
  for (const slot of open()) if (slot.type === "number" || slot.type === "integer") values[slot.name] = numberValue(u, slot);
  for (const slot of open()) if (slot.type === "boolean") values[slot.name] = booleanValue(u, slot);
  for (const slot of open()) if (loose(slot)) values[slot.name] = firstFree(u, /"[^"]+"|“[^”]+”/g)?.slice(1, -1) ?? undefined;
  const vocabularyTerms = vocabulary(tool).all;
  for (const slot of open()) if (loose(slot)) values[slot.name] = afterPreposition(u, slot, vocabularyTerms) ?? undefined;
  for (const slot of open()) if (loose(slot)) values[slot.name] = capitalised(u, vocabularyTerms) ?? undefined;
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ""));
}

/** A value said as text, as the slot's type wants it; undefined when it is not one. */
function coerce(value: string, slot: Slot): unknown {
  if (slot.enum.length) return slot.enum.find((e) => String(e).toLowerCase() === value.toLowerCase() || words(String(e)).toLowerCase() === value.toLowerCase());
  if (slot.type === "number" || slot.type === "integer") {
    const n = numbersIn({ text: value, used: [] })[0]?.value;
    return n === undefined || (slot.type === "integer" && !Number.isInteger(n)) ? undefined : n;
  }
  if (slot.type === "boolean") return booleanValue({ text: value, used: [] });
  // A list of words is said as "a, b and c"; an object cannot be said at all.
  if (slot.type === "array") return value.split(/\s*(?:,|\band\b)\s*/).filter(Boolean);
  if (slot.type !== "string") return undefined;
  return value;
}

/** A whole reply to the slot's question as its value ("Rome.", "It's Rome", "in Rome"), when patterns found none. */
function replyValue(reply: string, slot: Slot): unknown {
  const value = reply
    .trim()
    .replace(/^(it'?s|it is|that'?s|that is|my \w+ is|the \w+ is|in|at|to|for|on|from)\s+/i, "")
    .replace(/[.!?]+$/, "")
    .trim();
  if (!value) return undefined;
  return coerce(value, slot);
}

/** The question that asks for a slot: from its description when that reads as a noun ("the city to forecast"), else its name. */
export function slotQuestion(slot: { name: string; description?: string }): string {
  const description = (slot.description ?? "").trim().replace(/\.$/, "");
  const noun = /^(the|a|an|your|its)\s/i.test(description) && description.split(/\s+/).length <= 8 && !/[.!?;:]/.test(description);
  return TOOL_FRAME_TEXTS.ask(noun ? `${description[0]!.toLowerCase()}${description.slice(1)}` : `the ${words(slot.name).toLowerCase()}`);
}

/** Values given earlier for a parameter of this name: in an earlier call's arguments, or as `name=value` in an earlier message. */
function earlierValue(messages: ChatMessage[], slot: Slot): unknown {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.role === "assistant") {
      for (const call of m.toolCalls ?? []) {
        try {
          const args: unknown = JSON.parse(call.arguments);
          if (isObject(args) && args[slot.name] !== undefined) return args[slot.name];
        } catch {
          // Not an object: nothing to reuse.
        }
      }
    }
    if (m.role === "user") {
      const value = explicitValue({ text: m.content, used: [] }, slot);
      if (value !== null) return coerce(value, slot);
    }
  }
  return undefined;
}

/** The open frame, when the responder's last message asked for a slot: the tool, the slot, and the user's words since it opened. */
function openFrame(messages: ChatMessage[], tools: ChatTool[]): { tool: ChatTool; slot: Slot; said: string[]; before: ChatMessage[] } | null {
  const reply = messages.at(-1);
  const asked = messages.at(-2);
  if (reply?.role !== "user" || asked?.role !== "assistant" || asked.toolCalls?.length) return null;
  for (const tool of tools) {
    const slot = slotsOf(tool).find((s) => s.required && slotQuestion(s) === asked.content.trim());
    if (!slot) continue;
    // Earlier questions of the same frame and their answers, back to the utterance that opened it.
    let start = messages.length - 3;
    while (start >= 2 && messages[start]?.role === "user" && messages[start - 1]?.role === "assistant" && slotsOf(tool).some((s) => s.required && slotQuestion(s) === messages[start - 1]!.content.trim())) start -= 2;
    const said = messages.slice(Math.max(0, start), messages.length - 1).filter((m) => m.role === "user").map((m) => m.content);
    return { tool, slot, said, before: messages.slice(0, Math.max(0, start)) };
  }
  return null;
}

const callCount = (messages: ChatMessage[]) => messages.reduce((n, m) => n + (m.role === "assistant" ? (m.toolCalls?.length ?? 0) : 0), 0);

/** A call of the tool with these arguments, or the question for its first missing required slot. */
function callOrAsk(tool: ChatTool, args: Json, messages: ChatMessage[], coverage: number): ToolTurn {
  const missing = slotsOf(tool).find((s) => s.required && args[s.name] === undefined);
  if (missing) return { kind: "ask", text: slotQuestion(missing), tool: tool.name, slot: missing.name };
  // The arguments in the schema's order, as a model would write them.
  const ordered = Object.fromEntries(slotsOf(tool).flatMap((s) => (args[s.name] === undefined ? [] : [[s.name, args[s.name]]])));
  return { kind: "call", call: { id: `call_${callCount(messages) + 1}`, name: tool.name, arguments: JSON.stringify(ordered) }, coverage };
}

/** How well a tool matches an utterance: the share of its content words the tool explains, and the arguments it takes. */
export function toolMatch(text: string, tool: ChatTool): { coverage: number; intentHits: number; nameHits: number; args: Json } {
  const said = contentTerms(text);
  const args = fillSlots(text, tool);
  const { name, intent, all } = vocabulary(tool);
  const valueTerms = new Set(Object.values(args).flatMap((v) => terms(String(v))));
  const explained = said.filter((t) => all.has(t) || valueTerms.has(t));
  return { coverage: said.length ? explained.length / said.length : 0, intentHits: said.filter((t) => intent.has(t)).length, nameHits: said.filter((t) => name.has(t)).length, args };
}

/**
 * The responder's tool turn for a conversation whose last message is the user's: a call when a tool clearly matches
 * (and explains the words at least as well as the knowledge does: `knowledgeCoverage`, the share of the question's
 * words the best passage holds), the question for a missing required slot, or nothing.
 */
export function toolTurn(messages: ChatMessage[], tools: ChatTool[], knowledgeCoverage: number): ToolTurn {
  const last = messages.at(-1);
  if (last?.role !== "user" || !tools.length) return { kind: "none" };
  const frame = openFrame(messages, tools);
  if (frame) {
    const reply = last.content;
    const fromReply = fillSlots(reply, frame.tool);
    const pending = fromReply[frame.slot.name] ?? replyValue(reply, frame.slot);
    if (pending !== undefined) {
      const args: Json = {};
      for (const said of frame.said) Object.assign(args, fillSlots(said, frame.tool));
      Object.assign(args, fromReply, { [frame.slot.name]: pending });
      for (const slot of slotsOf(frame.tool)) if (args[slot.name] === undefined) args[slot.name] = earlierValue(frame.before, slot);
      return callOrAsk(frame.tool, clean(args), messages, 1);
    }
    // A reply that does not fill the slot is a new turn of its own.
  }
  const ranked = tools
    .map((tool) => ({ tool, ...toolMatch(last.content, tool) }))
    // Knowledge that answers the question (MIN_TERM_COVERAGE) as well as the tool explains it is the answer.
    .filter((m) => m.intentHits > 0 && m.coverage >= MIN_TOOL_COVERAGE && (m.coverage > knowledgeCoverage || knowledgeCoverage < MIN_TERM_COVERAGE))
    .sort((a, b) => b.coverage - a.coverage || b.nameHits - a.nameHits || b.intentHits - a.intentHits);
  const best = ranked[0];
  if (!best) return { kind: "none" };
  const args = { ...best.args };
  for (const slot of slotsOf(best.tool)) if (args[slot.name] === undefined) args[slot.name] = earlierValue(messages.slice(0, -1), slot);
  return callOrAsk(best.tool, clean(args), messages, best.coverage);
}

const clean = (args: Json): Json => Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));

/** A scalar as said in a sentence. */
const scalar = (v: unknown) => (typeof v === "string" ? v.trim() : String(v));
const isScalar = (v: unknown) => typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/** At most two sentences of a text, ending with a full stop. */
function short(text: string): string {
  const kept = sentences(text).slice(0, MAX_RESULT_SENTENCES).join(" ").trim();
  return kept && !/[.!?]$/.test(kept) ? `${kept}.` : kept;
}

/** A tool's result in words: a JSON object's scalar fields as a short sentence, a text as it is (two sentences at most). */
export function resultSentence(toolName: string, content: string): string {
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return short(content) || TOOL_FRAME_TEXTS.emptyResult(toolName);
  }
  if (isScalar(value)) return short(scalar(value)) || TOOL_FRAME_TEXTS.emptyResult(toolName);
  if (Array.isArray(value)) {
    const items = value.filter(isScalar).map(scalar);
    return items.length ? short(`${items.slice(0, MAX_RESULT_FIELDS).join(", ")}.`) : TOOL_FRAME_TEXTS.emptyResult(toolName);
  }
  if (!isObject(value)) return TOOL_FRAME_TEXTS.emptyResult(toolName);
  const error = value.error ?? value.error_message;
  if (isScalar(error) || (isObject(error) && isScalar(error.message))) return short(TOOL_FRAME_TEXTS.error(toolName, scalar(isObject(error) ? error.message : error)));
  const fields = Object.entries(value)
    .map(([key, v]): [string, string] | null => {
      if (isScalar(v)) return [key, scalar(v)];
      if (Array.isArray(v) && v.length && v.every(isScalar)) return [key, v.map(scalar).join(", ")];
      return null;
    })
    .filter((f): f is [string, string] => f !== null && f[1] !== "")
    .slice(0, MAX_RESULT_FIELDS);
  if (!fields.length) return TOOL_FRAME_TEXTS.emptyResult(toolName);
  return short(`${fields.map(([key, v]) => `${words(key).toLowerCase()}: ${v.replace(/[.!?]+$/, "")}`).join(", ")}.`);
}

/** The answer after the tools' results (the messages end with them): each result in words, in the order called. */
export function answerFromResults(messages: ChatMessage[]): string {
  let start = messages.length;
  while (start > 0 && messages[start - 1]!.role === "tool") start--;
  const calls = new Map<string, string>();
  for (const m of messages.slice(0, start)) if (m.role === "assistant") for (const call of m.toolCalls ?? []) calls.set(call.id, call.name);
  return messages
    .slice(start)
    .map((m) => (m.role === "tool" ? resultSentence(calls.get(m.toolCallId) ?? "", m.content) : ""))
    .filter(Boolean)
    .join(" ");
}
