import { describe, expect, it } from "vitest";
import { SOUND_CREDITS_PER_SECOND } from "~/sound-effects/rules/sound-effects";
import { clipCredits, clipEnd, clipsInput, defaultProjectName, estimatedSpeechSeconds, nextClipId, renderCredits, renderFileName, timelineProblem, voiceoverProjectLimit, withIds, type VoiceoverClip } from "./voiceover";

const line = (start: number, text = "Hello there.", id?: string): VoiceoverClip => ({ id: id ?? `l${start}`, kind: "dialogue", start, text, voice_id: "v1" });
const effect = (start: number, duration_seconds: number, id?: string): VoiceoverClip => ({ id: id ?? `e${start}`, kind: "effect", start, text: "Door slam", duration_seconds });

describe("voiceover timeline rules", () => {
  it("reads dialogue and effect clips, refusing what the engines cannot make", () => {
    expect(clipsInput.safeParse([{ kind: "dialogue", start: 1, text: "Hi", voice_id: "v", voice_settings: { speed: 1.1, stability: 0.3 } }]).success).toBe(true);
    expect(clipsInput.safeParse([{ kind: "effect", start: 0, text: "Rain", duration_seconds: 2 }]).success).toBe(true);
    expect(clipsInput.safeParse([{ kind: "dialogue", start: 1, text: "  ", voice_id: "v" }]).success).toBe(false);
    expect(clipsInput.safeParse([{ kind: "dialogue", start: -1, text: "Hi", voice_id: "v" }]).success).toBe(false);
    expect(clipsInput.safeParse([{ kind: "dialogue", start: 1, text: "Hi", voice_id: "v", voice_settings: { speed: 3 } }]).success).toBe(false);
    expect(clipsInput.safeParse([{ kind: "effect", start: 0, text: "Rain", duration_seconds: 60 }]).success).toBe(false);
    expect(clipsInput.safeParse([{ kind: "music", start: 0, text: "Jazz" }]).success).toBe(false);
  });

  it("gives clips ids (keeping those given) and sorts them by start", () => {
    const clips = withIds([
      { kind: "dialogue", start: 3, text: "b", voice_id: "v" },
      { id: "clip_1", kind: "effect", start: 1, text: "a", duration_seconds: 1 },
      { kind: "dialogue", start: 2, text: "c", voice_id: "v" },
    ]);
    expect(clips.map((c) => [c.id, c.start])).toEqual([
      ["clip_1", 1],
      ["clip_3", 2],
      ["clip_2", 3],
    ]);
    expect(nextClipId(clips)).toBe("clip_4");
    expect(nextClipId([{ id: "clip_2" }])).toBe("clip_3");
  });

  it("refuses a clip that starts after the video ends and an effect that runs past it", () => {
    expect(timelineProblem([line(0), effect(8, 2)], 10)).toBeNull();
    expect(timelineProblem([line(10)], 10)).toMatch(/starts after the video ends \(10 s\)/);
    expect(timelineProblem([effect(9, 2)], 10)).toMatch(/runs past the video's end/);
    expect(timelineProblem([line(0, "a", "x"), line(1, "b", "x")], 10)).toMatch(/Two clips have the id x/);
  });

  it("charges a line its characters and an effect the sound-effects rate, each distinct clip once", () => {
    expect(clipCredits(line(0, "Héllo!"))).toBe(6);
    expect(clipCredits(effect(0, 2))).toBe(2 * SOUND_CREDITS_PER_SECOND);
    const clips = [
      { clip: line(0, "Twelve chars"), hash: "a" },
      { clip: line(5, "Twelve chars"), hash: "a" },
      { clip: effect(1, 1), hash: "b" },
    ];
    expect(renderCredits(clips, new Set())).toBe(12 + SOUND_CREDITS_PER_SECOND);
    expect(renderCredits(clips, new Set(["a"]))).toBe(SOUND_CREDITS_PER_SECOND);
    expect(renderCredits(clips, new Set(["a", "b"]))).toBe(0);
  });

  it("draws an unspoken line by espeak-ng's pace and an effect by its length", () => {
    expect(estimatedSpeechSeconds("one two three four five six seven")).toBeCloseTo(2.7, 1);
    expect(estimatedSpeechSeconds("one two three four five six seven", 1.2)).toBeLessThan(estimatedSpeechSeconds("one two three four five six seven"));
    expect(clipEnd(effect(2, 1.5))).toBe(3.5);
    expect(clipEnd(line(1), 0.8)).toBeCloseTo(1.8);
  });

  it("names files and projects, and takes Studio's project limit", () => {
    expect(renderFileName("Trailer: take 2/final", "mp4")).toBe("Trailer take 2 final.mp4");
    expect(renderFileName("   ", "webm")).toBe("voiceover.webm");
    expect(defaultProjectName("launch clip.mp4")).toBe("launch clip");
    expect(defaultProjectName(null)).toBe("Voiceover");
    expect(voiceoverProjectLimit("free")).toBe(3);
    expect(voiceoverProjectLimit("creator")).toBe(100);
  });
});
