import { describe, expect, it } from "vitest";
import { TurnDetector, TURN_SAMPLE_RATE } from "./turns";
import { analyseConversation } from "./evaluation";
import { RESPONDER_TEXTS } from "./responder";

const ms = (n: number) => Math.round((n / 1000) * TURN_SAMPLE_RATE);
const silence = (duration: number) => new Int16Array(ms(duration)).map(() => Math.round((Math.random() - 0.5) * 60));
const tone = (duration: number) => new Int16Array(ms(duration)).map((_, i) => Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / TURN_SAMPLE_RATE)));

describe("TurnDetector", () => {
  it("hears speech start and ends the turn after the silence that follows, with the speech's audio", () => {
    const detector = new TurnDetector();
    expect(detector.push(silence(500))).toEqual([]);
    expect(detector.push(tone(600)).map((e) => e.type)).toEqual(["speech-started"]);
    expect(detector.push(silence(300))).toEqual([]);
    const events = detector.push(silence(600));
    expect(events.map((e) => e.type)).toEqual(["turn-ended"]);
    const audio = events[0]!.type === "turn-ended" ? events[0].audio : new Int16Array();
    // The speech, its pre-roll and the silence up to the end of the turn.
    expect(audio.length / TURN_SAMPLE_RATE).toBeGreaterThan(1.3);
    expect(audio.length / TURN_SAMPLE_RATE).toBeLessThan(1.6);
  });

  it("takes audio in pieces of any size and ignores a click", () => {
    const detector = new TurnDetector();
    const all = [...silence(300), ...tone(60), ...silence(1200)];
    const events = [];
    for (let at = 0; at < all.length; at += 333) events.push(...detector.push(Int16Array.from(all.slice(at, at + 333))));
    expect(events.map((e) => e.type)).toEqual(["speech-started"]);
  });
});

describe("analyseConversation (rules over the transcript)", () => {
  const criteria = [{ id: "hours", name: "Gave the opening hours", goal: "Tell the caller the opening hours" }];

  it("succeeds when the goal's words were spoken and the agent answered from its knowledge", () => {
    const analysis = analyseConversation(
      [
        { role: "agent", message: "Hello!" },
        { role: "user", message: "What are your opening hours?" },
        { role: "agent", message: "We open at nine. Our hours are nine to six." },
      ],
      criteria,
    );
    expect(analysis.callSuccessful).toBe("success");
    expect(analysis.criteria[0]).toMatchObject({ criteriaId: "hours", result: "success" });
    expect(analysis.summary).toBe("The user spoke 1 time; the agent answered 1 from its knowledge and could not answer 0.");
  });

  it("fails when the agent could not answer, and is unknown when the user said nothing", () => {
    const failed = analyseConversation(
      [
        { role: "agent", message: "Hello!" },
        { role: "user", message: "What are your opening hours?" },
        { role: "agent", message: RESPONDER_TEXTS.unknown },
      ],
      criteria,
    );
    expect(failed.callSuccessful).toBe("failure");
    expect(failed.criteria[0]!.rationale).toContain("0 of 1 answers came from the agent's knowledge");
    expect(analyseConversation([{ role: "agent", message: "Hello!" }], criteria).callSuccessful).toBe("unknown");
  });
});
