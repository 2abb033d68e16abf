import { describe, expect, it } from "vitest";
import { canCloneProfessionally, professionalVoiceLimitFor, trainingRefusal, VERIFICATION_FILE_ACCEPT, verificationFileAccepted, verificationTextFor, VERIFICATION_TEXTS, voiceReadyToSpeak, waveformPeakCount } from "./professional-cloning";

describe("professional cloning rules", () => {
  it("starts with Creator; Business keeps three, the others one, plus extra slots", () => {
    expect(canCloneProfessionally("free")).toBe(false);
    expect(canCloneProfessionally("starter")).toBe(false);
    expect(canCloneProfessionally("creator")).toBe(true);
    expect(canCloneProfessionally("enterprise")).toBe(true);
    expect(professionalVoiceLimitFor("starter")).toBe(0);
    expect(professionalVoiceLimitFor("creator")).toBe(1);
    expect(professionalVoiceLimitFor("scale_2024_08_10")).toBe(3);
    expect(professionalVoiceLimitFor("pro", 2)).toBe(3);
  });
  it("trains only a verified voice with enough speech, once at a time", () => {
    expect(trainingRefusal({ isVerified: false, fineTuningState: "not_started" }, 30)?.status).toBe("voice_not_verified");
    expect(trainingRefusal({ isVerified: true, fineTuningState: "not_started" }, 4)?.status).toBe("not_enough_samples");
    expect(trainingRefusal({ isVerified: true, fineTuningState: "fine_tuning" }, 30)?.status).toBe("voice_already_training");
    expect(trainingRefusal({ isVerified: true, fineTuningState: "failed" }, 30)).toBeNull();
  });
  it("lets a professional voice speak only once trained", () => {
    expect(voiceReadyToSpeak({ category: "professional", fineTuningState: "queued" })).toBe(false);
    expect(voiceReadyToSpeak({ category: "professional", fineTuningState: "fine_tuned" })).toBe(true);
    expect(voiceReadyToSpeak({ category: "cloned", fineTuningState: null })).toBe(true);
  });
  it("picks a verification text in the voice's language", () => {
    expect(VERIFICATION_TEXTS.fr).toContain(verificationTextFor("fr", 0.99));
    expect(verificationTextFor("en", 0)).toBe(VERIFICATION_TEXTS.en[0]);
  });
});

describe("sample waveforms and verification documents", () => {
  it("draws ten peaks a second, within bounds", () => {
    expect(waveformPeakCount(7.25)).toBe(73);
    expect(waveformPeakCount(0.2)).toBe(10);
    expect(waveformPeakCount(3600)).toBe(1000);
  });

  it("takes documents a reviewer can open, by type or else by extension", () => {
    expect(verificationFileAccepted("application/pdf", "id.pdf")).toBe(true);
    expect(verificationFileAccepted("image/jpeg; charset=binary", "passport.jpg")).toBe(true);
    expect(verificationFileAccepted("", "consent.mp3")).toBe(true);
    expect(verificationFileAccepted("application/octet-stream", "consent.exe")).toBe(false);
    expect(verificationFileAccepted("application/zip", "docs.pdf")).toBe(false);
  });
});

describe("the verification documents' file field", () => {
  it("offers exactly what the request accepts: each extension, and the types by family", () => {
    const entries = VERIFICATION_FILE_ACCEPT.split(",");
    for (const extension of entries.filter((e) => e.startsWith("."))) expect(verificationFileAccepted("", `document${extension}`)).toBe(true);
    expect(entries).toEqual(expect.arrayContaining(["application/pdf", "image/*", "audio/*", "video/*", "text/plain"]));
    expect(entries).not.toContain(".exe");
  });
});
