import { describe, expect, it } from "vitest";
import type { ChatMessage, ChatTool } from "../engines/chat";
import { respondByRetrieval } from "../engines/providers/retrieval-responder";
import { knowledgeCoverage } from "./responder";
import { answerFromResults, fillSlots, MIN_TOOL_COVERAGE, resultSentence, slotQuestion, toolMatch, toolTurn } from "./tool-frames";

const tool = (name: string, description: string, properties: Record<string, unknown>, required: string[] = []): ChatTool => ({ name, description, parameters: { type: "object", properties, required } });

const weather = tool("get_weather", "The forecast for a city", { city: { type: "string" } }, ["city"]);
const booking = tool(
  "book_table",
  "Books a table at the restaurant",
  { name: { type: "string", description: "The name for the booking" }, party_size: { type: "integer", description: "Number of guests" }, date: { type: "string", description: "The day of the booking" } },
  ["name", "party_size"],
);
const orders = tool("order_status", "Looks up the status of an order", { order_id: { type: "string", description: "The order number" } }, ["order_id"]);
const email = tool("send_email", "Sends an e-mail to a customer", { to: { type: "string", format: "email" }, subject: { type: "string", description: "What the message is about" } }, ["to"]);
const pages = tool("open_page", "Opens a page of the site", { page: { type: "string", enum: ["pricing", "docs", "contact"] } }, ["page"]);
const human = tool("transfer_to_human", "Transfers the call to a person", {});
const TOOLS = [weather, booking, orders, email, pages, human];

const KNOWLEDGE = [
  { id: "hours", source: "Shop", text: "The shop opens at nine in the morning. It closes at six in the evening. On Sundays it is closed." },
  { id: "returns", source: "Returns", text: "Returns are accepted within thirty days. Bring the receipt with the item." },
  { id: "delivery", source: "Delivery", text: "Delivery takes three working days. Delivery is free above fifty euros." },
  { id: "restaurant", source: "Restaurant", text: "The restaurant serves Italian food. A table can be booked by phone." },
];

/** What the responder does with one utterance, given the tools and the knowledge: the tool it calls or asks for, or null. */
function chosen(text: string): string | null {
  const turn = toolTurn([{ role: "user", content: text }], TOOLS, knowledgeCoverage(KNOWLEDGE, text));
  return turn.kind === "call" ? turn.call.name : turn.kind === "ask" ? turn.tool : null;
}

describe("the intent: which tool an utterance calls (labelled examples, decision 0086)", () => {
  const examples: [string, string | null][] = [
    ["What is the weather in Rome?", "get_weather"],
    ["Will it rain in Paris tomorrow? What's the forecast?", "get_weather"],
    ["weather city=Oslo", "get_weather"],
    ["Tell me the forecast for New York please", "get_weather"],
    ["What is the weather like?", "get_weather"],
    ["I'd like to book a table for four people on Friday, name Alice", "book_table"],
    ["Book a table for 2", "book_table"],
    ["Where is my order 1234?", "order_status"],
    ["What is the status of order #A17?", "order_status"],
    ["Open the pricing page", "open_page"],
    ["Can I speak to a person?", "transfer_to_human"],
    ["Send an email to bob@example.com about the invoice", "send_email"],
    ["What's the weather?", "get_weather"],
    ["forecast for Berlin", "get_weather"],
    ["Please check order 998", "order_status"],
    ["Table for six tomorrow under the name Smith", "book_table"],
    ["Email alice@example.com please", "send_email"],
    ["Show me the docs page", "open_page"],
    ["Transfer me to a human", "transfer_to_human"],
    ["I need the status of my order", "order_status"],
    // Not a tool's: small talk, other subjects, and what the knowledge answers at least as well.
    ["Hello there", null],
    ["What is your name?", null],
    ["Do you sell gift cards?", null],
    ["I love this city, it has great food", null],
    ["My friend ordered pizza yesterday and it was cold", null],
    ["Tell me about the restaurant's history and its famous chef", null],
    ["The weather was nice last summer when we travelled around Italy", null],
    ["Is the table in the picture made of oak?", null],
    ["Who was the person who designed the site?", null],
    ["Is the shop closed on Sundays?", null],
    ["Is delivery free?", null],
    ["When does the shop open?", null],
    ["How long does delivery take?", null],
    ["How do I return an order?", null],
    ["Can I book a table by phone?", null],
    ["What food does the restaurant serve?", null],
  ];
  it.each(examples)("%s → %s", (text, tool) => {
    expect(chosen(text)).toBe(tool);
  });

  it("scores a tool by the share of the user's words its vocabulary or its slot values explain", () => {
    expect(toolMatch("What is the weather in Rome?", weather)).toMatchObject({ coverage: 1, intentHits: 1, nameHits: 1, args: { city: "Rome" } });
    expect(toolMatch("I love this city, it has great food", weather).coverage).toBeLessThan(MIN_TOOL_COVERAGE);
    // A parameter's words alone ("name") are no intent.
    expect(toolMatch("What is your name?", booking).intentHits).toBe(0);
  });
});

describe("slot filling", () => {
  it("takes enum values named in the utterance", () => {
    expect(fillSlots("Show me the docs page", pages)).toEqual({ page: "docs" });
    expect(fillSlots("Show me the blog", pages)).toEqual({});
  });

  it("takes numbers in digits or small number words, the one next to the parameter's words first", () => {
    const t = tool("book", "Books", { nights: { type: "integer", description: "Nights to stay" }, guests: { type: "integer", description: "Number of guests" }, budget: { type: "number" } });
    expect(fillSlots("3 guests for twenty five nights", t)).toEqual({ guests: 3, nights: 25 });
    expect(fillSlots("a budget of 99.5", t)).toEqual({ budget: 99.5 });
    // Integers are not fractions; a code is not a number.
    expect(fillSlots("2.5 nights in room B12", tool("x", "x", { nights: { type: "integer" } }))).toEqual({});
  });

  it("takes booleans from yes and no words", () => {
    const t = tool("subscribe", "Subscribes to the newsletter", { weekly: { type: "boolean" } });
    expect(fillSlots("Yes, weekly please", t)).toEqual({ weekly: true });
    expect(fillSlots("no thanks", t)).toEqual({ weekly: false });
    expect(fillSlots("the newsletter", t)).toEqual({});
    // A no far from the parameter's words in a longer sentence says nothing of it.
    expect(fillSlots("I am not sure about the newsletter, is it weekly", t)).toEqual({});
  });

  it("takes strings from name=value, name: value and quoted text", () => {
    const t = tool("note", "Writes a note", { title: { type: "string" }, body: { type: "string" }, order_id: { type: "string" } });
    expect(fillSlots("note title=Groceries order_id=77", t)).toEqual({ title: "Groceries", order_id: "77" });
    expect(fillSlots("note title: Shopping list, order id: A-9", t)).toEqual({ title: "Shopping list", order_id: "A-9" });
    expect(fillSlots('Write a note saying "buy milk"', t)).toEqual({ title: "buy milk" });
  });

  it("takes the phrase after the preposition the parameter suggests, capitalised words, e-mail addresses and dates", () => {
    expect(fillSlots("What is the weather in Rome next week?", weather)).toEqual({ city: "Rome" });
    expect(fillSlots("what is the weather in new york", weather)).toEqual({ city: "new york" });
    expect(fillSlots("A table for Alice on 12 March, six people", booking)).toEqual({ name: "Alice", date: "12 March", party_size: 6 });
    expect(fillSlots("I'd like to book a table for Bob", booking)).toEqual({ name: "Bob" });
    expect(fillSlots("Table for six tomorrow under the name Smith", booking)).toEqual({ name: "Smith", party_size: 6, date: "tomorrow" });
    // A date slot takes only a date.
    expect(fillSlots("A table for Alice and Bob, 2 people", booking)).toEqual({ name: "Alice", party_size: 2 });
    const trip = tool("book_train", "Books a train", { origin: { type: "string" }, destination: { type: "string" } });
    expect(fillSlots("a train from Lyon to Paris", trip)).toEqual({ origin: "Lyon", destination: "Paris" });
    expect(fillSlots("Is it sunny where Maria Rossi lives?", weather)).toEqual({ city: "Maria Rossi" });
    expect(fillSlots("Write to bob@example.com about the invoice", email)).toEqual({ to: "bob@example.com", subject: "invoice" });
    const remind = tool("remind", "Sets a reminder", { date: { type: "string", format: "date" } });
    expect(fillSlots("remind me on 2026-12-01", remind)).toEqual({ date: "2026-12-01" });
    expect(fillSlots("remind me tomorrow", remind)).toEqual({ date: "tomorrow" });
  });

  it("reuses a value said earlier in the conversation for a parameter of the same name", () => {
    const history: ChatMessage[] = [
      { role: "user", content: "What is the weather in Rome?" },
      { role: "assistant", content: "", toolCalls: [{ id: "call_1", name: "get_weather", arguments: '{"city":"Rome"}' }] },
      { role: "tool", content: '{"forecast":"sunny"}', toolCallId: "call_1" },
      { role: "assistant", content: "forecast: sunny." },
      { role: "user", content: "And the weather tomorrow?" },
    ];
    expect(toolTurn(history, [weather], 0)).toMatchObject({ kind: "call", call: { id: "call_2", name: "get_weather", arguments: '{"city":"Rome"}' } });
  });
});

describe("a missing required slot", () => {
  it("is asked for, and the user's next message fills it (the frame is read back from the history)", () => {
    const first: ChatMessage[] = [
      { role: "system", content: "You help." },
      { role: "user", content: "Can I book a table for 4 on Friday?" },
    ];
    const asked = respondByRetrieval({ messages: first, tools: [booking] });
    expect(asked).toMatchObject({ content: "What is the name for the booking?", finishReason: "stop" });
    expect(asked.toolCalls).toBeUndefined();
    const second: ChatMessage[] = [...first, { role: "assistant", content: asked.content }, { role: "user", content: "Alice." }];
    expect(respondByRetrieval({ messages: second, tools: [booking] })).toMatchObject({
      content: "",
      finishReason: "tool_calls",
      toolCalls: [{ id: "call_1", name: "book_table", arguments: JSON.stringify({ name: "Alice", party_size: 4, date: "Friday" }) }],
    });
    // A reply that fills nothing is a turn of its own (here, answered from the knowledge).
    const away: ChatMessage[] = [...first, { role: "assistant", content: asked.content }, { role: "user", content: "" }];
    expect(toolTurn(away, [booking], 0)).toEqual({ kind: "none" });
  });

  it("is asked for by the parameter's description when it reads as a noun, else by its name", () => {
    expect(slotQuestion({ name: "city" })).toBe("What is the city?");
    expect(slotQuestion({ name: "order_id", description: "The order number" })).toBe("What is the order number?");
    expect(slotQuestion({ name: "partySize", description: "How many guests come, counting children." })).toBe("What is the party size?");
  });
});

describe("a tool's result in words", () => {
  it("says a JSON object's scalar fields, a text as it is (two sentences at most), and an error plainly", () => {
    expect(resultSentence("get_weather", '{"forecast":"sunny in Rome"}')).toBe("forecast: sunny in Rome.");
    expect(resultSentence("get_weather", '{"forecast":"sunny","max_temperature":21,"wind":{"speed":3},"alerts":["heat"]}')).toBe("forecast: sunny, max temperature: 21, alerts: heat.");
    expect(resultSentence("get_weather", "Rain in the morning. Sun later. Snow at night.")).toBe("Rain in the morning. Sun later.");
    expect(resultSentence("get_weather", '"rain all week"')).toBe("rain all week.");
    expect(resultSentence("get_weather", "The get_weather tool failed (500).")).toBe("The get_weather tool failed (500).");
    expect(resultSentence("get_weather", '{"error":"unknown city"}')).toBe("The get weather tool answered with an error: unknown city.");
    expect(resultSentence("get_weather", "{}")).toBe("The get weather tool answered.");
  });

  it("answers after the tool message with the result of the call it answers", () => {
    const messages: ChatMessage[] = [
      { role: "user", content: "What is the weather in Rome?" },
      { role: "assistant", content: "", toolCalls: [{ id: "call_1", name: "get_weather", arguments: '{"city":"Rome"}' }] },
      { role: "tool", content: '{"forecast":"sunny in Rome"}', toolCallId: "call_1" },
    ];
    expect(answerFromResults(messages)).toBe("forecast: sunny in Rome.");
    expect(respondByRetrieval({ messages, tools: [weather] })).toMatchObject({ content: "forecast: sunny in Rome.", finishReason: "stop" });
  });
});

describe("the embedded responder with tools", () => {
  it("calls a tool with an id, its arguments as JSON and finish reason tool_calls", () => {
    expect(respondByRetrieval({ messages: [{ role: "system", content: "You help." }, { role: "user", content: "What is the weather in Rome?" }], tools: [weather] })).toEqual({
      content: "",
      finishReason: "tool_calls",
      usage: null,
      toolCalls: [{ id: "call_1", name: "get_weather", arguments: '{"city":"Rome"}' }],
      known: true,
    });
  });

  it("still answers knowledge questions from the passages when tools are offered", () => {
    const passages = KNOWLEDGE;
    expect(respondByRetrieval({ messages: [{ role: "user", content: "When does the shop open?" }], passages, tools: TOOLS })).toMatchObject({ content: "The shop opens at nine in the morning.", known: true });
    expect(respondByRetrieval({ messages: [{ role: "user", content: "Can I book a table by phone?" }], passages, tools: TOOLS })).toMatchObject({ content: "A table can be booked by phone.", known: true });
    expect(respondByRetrieval({ messages: [{ role: "user", content: "How do I return an order?" }], passages, tools: TOOLS }).toolCalls).toBeUndefined();
  });
});
