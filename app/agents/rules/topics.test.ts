import { describe, expect, it } from "vitest";
import { discoverTopics, sortTopics, topicWindow, type TopicConversation } from "./topics";

const conversation = (id: string, userMessages: string[], callSuccessful: TopicConversation["callSuccessful"] = null, criteria: TopicConversation["criteria"] = []): TopicConversation => ({ id, userMessages, callSuccessful, criteria });

describe("agent topics", () => {
  const conversations = [
    conversation("c1", ["Where is my delivery?", "The delivery was due yesterday."], "success", [{ criteriaId: "solved", result: "success" }]),
    conversation("c2", ["My parcel delivery is late"], "failure", [{ criteriaId: "solved", result: "failure" }]),
    conversation("c3", ["When will the delivery arrive?"], "success"),
    conversation("c4", ["I want a refund for my order"], "unknown"),
    conversation("c5", ["Can I get a refund?"]),
    conversation("c6", ["Hello"]),
  ];

  it("finds the terms conversations share, most conversations first, each conversation in one topic", () => {
    const topics = discoverTopics(conversations, { includeEvaluationCriteria: true });
    expect(topics.map((t) => [t.topic_id, t.conversation_count])).toEqual([
      ["topic_deliver", 3],
      ["topic_refund", 2],
    ]);
    expect(topics[0]).toMatchObject({ label: "Delivery", description: "Where is my delivery?", metrics: { conversation_count: 3, evaluation_criteria: [{ criteria_id: "solved", success_count: 1, failure_count: 1, unknown_count: 0 }] } });
    // Two of three scored calls succeeded; the refund calls were never scored.
    expect(topics[0]!.success_rate).toBeCloseTo(2 / 3);
    expect(topics[1]!.success_rate).toBeUndefined();
    expect(discoverTopics(conversations, { includeEvaluationCriteria: false })[0]!.metrics).toEqual({ conversation_count: 3 });
  });

  it("names a topic by the term most of its conversations share beside its own; the shortest message saying both describes it", () => {
    const topics = discoverTopics([conversation("a", ["opening hours on sunday"]), conversation("b", ["your opening hours please"]), conversation("c", ["opening time"])], { includeEvaluationCriteria: false });
    expect(topics).toHaveLength(1);
    expect(topics[0]).toMatchObject({ label: "Opening hours", conversation_count: 3, description: "opening hours on sunday" });
  });

  it("finds nothing in one conversation or in words nobody shares", () => {
    expect(discoverTopics([conversation("a", ["delivery"])], { includeEvaluationCriteria: false })).toEqual([]);
    expect(discoverTopics([conversation("a", ["apples"]), conversation("b", ["pears"])], { includeEvaluationCriteria: false })).toEqual([]);
  });

  it("sorts by conversations or success rate (unscored last), and reads the window by UTC day", () => {
    const topics = discoverTopics(conversations, { includeEvaluationCriteria: false });
    expect(sortTopics(topics, "conversations", "asc").map((t) => t.topic_id)).toEqual(["topic_refund", "topic_deliver"]);
    expect(sortTopics(topics, "success_rate", "asc").map((t) => t.topic_id)).toEqual(["topic_deliver", "topic_refund"]);
    expect(sortTopics(topics, "sentiment", "desc").map((t) => t.topic_id)).toEqual(["topic_deliver", "topic_refund"]);
    expect(topicWindow({ fromUnixSecs: 86_400 * 10 + 500, toUnixSecs: 86_400 * 12 }, 0)).toEqual({ start: 86_400 * 10, end: 86_400 * 12 });
    expect(topicWindow({}, 86_400 * 40 + 7)).toEqual({ start: 86_400 * 10, end: 86_400 * 40 + 7 });
  });
});
