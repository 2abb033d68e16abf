import { describe, expect, it } from "vitest";
import { audioFileName, downloadFileName, fileNameDate, MAX_DOWNLOAD_FILE_NAME, MAX_SHORT_AUDIO_NAME, shortAudioName, voiceSettingsTag } from "./file-names";

describe("downloadFileName", () => {
  it("removes characters invalid in file names and control characters", () => {
    expect(downloadFileName('my: "file"?.mp3')).toBe("my_file.mp3");
    expect(downloadFileName("a/b\\c|d*e<f>.mp3")).toBe("abcdef.mp3");
    expect(downloadFileName("tab\there\u0000\u001f\u007f.wav")).toBe("tabhere.wav");
  });

  it("turns spaces into underscores and keeps other characters", () => {
    expect(downloadFileName("Hello world – café.mp3")).toBe("Hello_world_–_café.mp3");
    expect(downloadFileName("")).toBe("");
  });

  it("leaves names at the limit alone", () => {
    const exact = "x".repeat(MAX_DOWNLOAD_FILE_NAME - 4) + ".mp3";
    expect(downloadFileName(exact)).toBe(exact);
  });

  it("cuts long names to 255 keeping the extension", () => {
    expect(MAX_DOWNLOAD_FILE_NAME).toBe(255);
    const long = downloadFileName("x".repeat(300) + ".mp3");
    expect(long).toHaveLength(255);
    expect(long.endsWith("x.mp3")).toBe(true);
  });

  it("cuts plainly when there is no extension worth keeping", () => {
    expect(downloadFileName("x".repeat(300))).toBe("x".repeat(255));
    expect(downloadFileName("." + "x".repeat(300))).toHaveLength(255);
    const farDot = downloadFileName("a.b" + "x".repeat(300));
    expect(farDot).toBe(("a.b" + "x".repeat(300)).slice(0, 255));
  });

  it("does not split a surrogate pair when cutting", () => {
    const name = downloadFileName("x".repeat(250) + "🙂".repeat(10) + ".mp3");
    expect(name.endsWith(".mp3")).toBe(true);
    expect(name.length).toBeLessThanOrEqual(255);
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(name)).toBe(false);
  });
});

describe("shortAudioName", () => {
  it("removes / \\ : * ? \" < > |, trims and joins words with one underscore", () => {
    expect(shortAudioName('  my / great: "take" <1>  ')).toBe("my_great_take_1");
    expect(shortAudioName("a\\b*c?d|e")).toBe("abcde");
    expect(shortAudioName("one \t\n two")).toBe("one_two");
  });

  it("cuts to 20 characters", () => {
    expect(MAX_SHORT_AUDIO_NAME).toBe(20);
    expect(shortAudioName("a very long name that goes on and on")).toBe("a_very_long_name_tha");
    expect(shortAudioName("exactly twenty chars")).toBe("exactly_twenty_chars");
  });

  it("may end up empty", () => {
    expect(shortAudioName(' / : " ')).toBe("");
  });
});

describe("audioFileName", () => {
  const date = new Date("2026-01-02T03:04:05.678Z");

  it("joins the spec's parts in order", () => {
    const name = audioFileName(
      {
        name: "Aria",
        date,
        category: "premade",
        model: "m1",
        settings: { speed: 1, stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true },
        outputFormat: "mp3_44100_128",
        isbnNumber: "9780000000002",
      },
      "mp3",
    );
    expect(name).toBe("Aria_2026-01-02T03-04-05_premade_m1_sp100_s50_sb75_se0_b_mp3_44100_128_9780000000002.mp3");
  });

  it("skips missing parts", () => {
    expect(audioFileName({ date }, "wav")).toBe("2026-01-02T03-04-05.wav");
    expect(audioFileName({ name: "", date, model: "m1", settings: {} }, "wav")).toBe("2026-01-02T03-04-05_m1.wav");
  });

  it("makes the result a safe download name", () => {
    expect(audioFileName({ name: 'My "best" voice', date, model: "org/model:v2" }, "mp3")).toBe("My_best_voice_2026-01-02T03-04-05_orgmodelv2.mp3");
  });

  it("accepts an extension with or without its dot, or none", () => {
    expect(audioFileName({ date }, ".ogg")).toBe("2026-01-02T03-04-05.ogg");
    expect(audioFileName({ date }, "")).toBe("2026-01-02T03-04-05");
  });

  it("formats the date in UTC", () => {
    expect(fileNameDate(new Date(Date.UTC(2025, 11, 31, 23, 59, 59)))).toBe("2025-12-31T23-59-59");
    expect(fileNameDate(new Date(Number.NaN))).toBe("");
  });

  it("abbreviates voice settings as whole percentages", () => {
    expect(voiceSettingsTag(undefined)).toBe("");
    expect(voiceSettingsTag({ use_speaker_boost: false })).toBe("");
    expect(voiceSettingsTag({ speed: 1.1, quality: 0.333, use_speaker_boost: true })).toBe("sp110_q33_b");
    expect(voiceSettingsTag({ stability: Number.NaN, style: 0.05 })).toBe("se5");
  });
});
