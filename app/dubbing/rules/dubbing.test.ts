import { describe, expect, it } from "vitest";
import { canUseDubbingStudio, dubbingUseCases, detectedSource, sourceLanguageLabel, defaultDubName, dubbingCredits, dubbingLanguage, maxDubbingSeconds, speakable, stepProgress, urlFileName } from "../../../core/dubbing/dub-rules";

describe("dubbing rules", () => {
  it("reads language codes, refuses unknown ones and knows which the engine speaks", () => {
    expect(dubbingLanguage("es")).toBe("es");
    expect(dubbingLanguage("ES-es")).toBe("es");
    expect(dubbingLanguage("xx")).toBeNull();
    expect(speakable("es")).toBe(true);
    // Every language of the engine's catalogue (decision 0059); Filipino is in the spec's list but not the engine's.
    expect(speakable("ja")).toBe(true);
    expect(speakable("hu")).toBe(true);
    expect(speakable("fil")).toBe(false);
  });

  it("charges 3,000 credits a minute by the second and limits the length by plan", () => {
    expect(dubbingCredits(60)).toBe(3000);
    expect(dubbingCredits(1.01)).toBe(51);
    expect(dubbingCredits(0)).toBe(1);
    expect(maxDubbingSeconds("free")).toBe(60);
    expect(maxDubbingSeconds("creator")).toBe(600);
    expect(canUseDubbingStudio("free")).toBe(false);
    expect(canUseDubbingStudio("starter")).toBe(true);
  });

  it("names a dub after its file and reports each step's progress", () => {
    expect(defaultDubName("talk.final.mp4")).toBe("talk.final");
    expect(defaultDubName(null)).toBe("Untitled dub");
    expect(stepProgress("decode")).toEqual({ progress: 0, message: "Reading the upload" });
    expect(stepProgress("transcribe").progress).toBe(0.25);
  });

  it("names a dub from a URL after the file in its path", () => {
    expect(urlFileName("https://cdn.example/media/My%20talk.mp4?sig=1")).toBe("My talk.mp4");
    expect(defaultDubName(urlFileName("https://cdn.example/media/My%20talk.mp4"))).toBe("My talk");
    expect(urlFileName("https://cdn.example/")).toBeNull();
  });

  it("takes the engine's reported source language (code or Whisper's name), else detects it from the transcript, else English", () => {
    expect(detectedSource("es", "whatever")).toEqual({ language: "es", by: "engine" });
    expect(detectedSource("german", "")).toEqual({ language: "de", by: "engine" });
    expect(detectedSource(null, "Le temps est ensoleillé et chaud dans la ville, et je veux visiter la maison avec vous.")).toEqual({ language: "fr", by: "transcript" });
    // A report dubbing does not know (Sumerian) falls through to the transcript.
    expect(detectedSource("sux", "El tiempo hoy es soleado y quiero visitar la casa que está cerca del río.")).toEqual({ language: "es", by: "transcript" });
    expect(detectedSource(null, "")).toEqual({ language: "en", by: "default" });
  });

  it("labels a detected source language as detected", () => {
    expect(sourceLanguageLabel("auto", true)).toBe("Language to be detected");
    expect(sourceLanguageLabel("fr", true)).toBe("French (detected)");
    expect(sourceLanguageLabel("fr", false)).toBe("French");
  });

  it("tells what dubbing is for with this deployment's languages and the viewer's plan", () => {
    const embedded = dubbingUseCases({ sources: ["English"], targets: ["Spanish"] }, false);
    expect(embedded.languages).toBe("On this site: from English into Spanish.");
    expect(embedded.uses).toContain("A line that needs fixing: from the Starter plan, edit its translation in the dub's editor and re-dub that line alone.");
    expect(dubbingUseCases({ sources: ["English"], targets: ["Spanish"] }, true).uses).toContain("A line that needs fixing: edit its translation in the dub's editor and re-dub that line alone.");
    expect(dubbingUseCases({ sources: ["English", "German"], targets: ["Spanish", "French", "German", "Italian", "Dutch"] }, true).languages).toBe("On this site: from English and German into Spanish, French, German and 2 more.");
    expect(dubbingUseCases({ sources: ["English"], targets: [] }, true).languages).toMatch(/no language to dub into yet/);
  });
});
