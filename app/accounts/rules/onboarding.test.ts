import { describe, expect, it } from "vitest";
import { achievableChecklistItems, CHECKLIST_ITEM_IDS, checklistState, completionToast, promptsShown, shouldCompleteItem } from "./onboarding";

describe("onboarding checklist", () => {
  it("has the spec's seven items", () => {
    expect(CHECKLIST_ITEM_IDS).toEqual([
      "generate_text_to_speech",
      "generate_speech_to_speech",
      "add_voice_to_voice_lab",
      "design_voice",
      "create_dub",
      "join_affiliate",
      "generate_api_key",
    ]);
  });
  it("shows only the items whose landing page exists", () => {
    expect(achievableChecklistItems(["/app/speech-synthesis/text-to-speech", "/app/usage", "/app/settings/api-keys"]).map((i) => i.id)).toEqual(["generate_text_to_speech", "generate_api_key"]);
    expect(achievableChecklistItems([])).toEqual([]);
  });
  it("completes an item only once", () => {
    expect(shouldCompleteItem([], "generate_api_key")).toBe(true);
    expect(shouldCompleteItem(["generate_api_key"], "generate_api_key")).toBe(false);
  });
  it("reports per-item state and overall completion", () => {
    const state = checklistState(["generate_api_key"], false, false);
    expect(state.items.find((i) => i.onboarding_checklist_item_id === "generate_api_key")?.is_completed).toBe(true);
    expect(state.completed).toBe(false);
    expect(checklistState(CHECKLIST_ITEM_IDS, false, false).completed).toBe(true);
    expect(checklistState([], false, true).completed).toBe(true);
  });
  it("congratulates unless the checklist is hidden", () => {
    expect(completionToast("generate_api_key", false)).toContain("Create an API key");
    expect(completionToast("generate_api_key", true)).toBeNull();
  });
});

describe("prompts shown", () => {
  it("reports every prompt, true only once closed, and survives a damaged value", () => {
    expect(promptsShown("{}")).toEqual({ long_content_use_projects: false, dubbing_use_cases_banner: false });
    expect(promptsShown('{"long_content_use_projects":true,"other":true}')).toEqual({ long_content_use_projects: true, dubbing_use_cases_banner: false });
    expect(promptsShown("not json")).toEqual({ long_content_use_projects: false, dubbing_use_cases_banner: false });
    expect(promptsShown("null").long_content_use_projects).toBe(false);
  });
});
