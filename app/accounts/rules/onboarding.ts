import { z } from "zod";

/** The seven checklist items of spec §3/§4.6, each completed by the first occurrence of its event. */
export const CHECKLIST_ITEMS = [
  {
    id: "generate_text_to_speech",
    title: "Generate speech",
    description: "Turn a few lines of text into speech with a voice you like.",
    button: "Try text to speech",
    landing: "/app/speech-synthesis/text-to-speech",
    event: "starting a text-to-speech generation",
  },
  {
    id: "generate_speech_to_speech",
    title: "Transform a recording",
    description: "Change the voice of a recording while keeping its delivery.",
    button: "Try speech to speech",
    landing: "/app/speech-synthesis/speech-to-speech",
    event: "starting a speech-to-speech generation",
  },
  {
    id: "add_voice_to_voice_lab",
    title: "Add a voice from the library",
    description: "Pick a community voice and add it to your voices.",
    button: "Open the voice library",
    landing: "/app/voice-library",
    event: "adding a library voice to the voice lab",
  },
  {
    id: "design_voice",
    title: "Design a voice",
    description: "Describe a voice and generate it from the description.",
    button: "Design a voice",
    landing: "/app/voice-lab/design",
    event: "creating a voice design",
  },
  {
    id: "create_dub",
    title: "Dub a video",
    description: "Translate a video or audio file into another language.",
    button: "Create a dub",
    landing: "/app/dubbing",
    event: "creating a dub",
  },
  {
    id: "join_affiliate",
    title: "Join the affiliate programme",
    description: "Get your referral link and share it.",
    button: "Get your link",
    landing: "/app/affiliates",
    event: "generating an affiliate link",
  },
  {
    id: "generate_api_key",
    title: "Create an API key",
    description: "Use the platform from your own code.",
    button: "Create a key",
    landing: "/app/settings/api-keys",
    event: "revealing the API key",
  },
] as const;

export type ChecklistItemId = (typeof CHECKLIST_ITEMS)[number]["id"];
export type ChecklistItem = (typeof CHECKLIST_ITEMS)[number];

/**
 * The items the checklist page shows: those whose landing page exists (is one of the app's sections). The
 * others cannot be done yet, so they are left out and appear once their area lands; the API still lists all seven.
 */
export function achievableChecklistItems(existingPages: readonly string[]): ChecklistItem[] {
  return CHECKLIST_ITEMS.filter((item) => existingPages.includes(item.landing));
}
export const CHECKLIST_ITEM_IDS = CHECKLIST_ITEMS.map((item) => item.id) as [ChecklistItemId, ...ChecklistItemId[]];
export const checklistItemId = z.enum(CHECKLIST_ITEM_IDS);

export type ChecklistState = { hidden: boolean; completed: boolean; items: { onboarding_checklist_item_id: ChecklistItemId; is_completed: boolean }[] };
/** What completing an item answers (the checklist page's `complete` action, POST /v1/user/onboarding/update). */
export type ChecklistUpdate = ChecklistState & { newly_completed: boolean };
/** The page whose action completes checklist items. */
export const CHECKLIST_PATH = "/app/onboarding-checklist";

export function checklistState(completedIds: readonly string[], hidden: boolean, markedComplete: boolean): ChecklistState {
  const done = new Set(completedIds);
  const items = CHECKLIST_ITEMS.map((item) => ({ onboarding_checklist_item_id: item.id, is_completed: done.has(item.id) }));
  return { hidden, completed: markedComplete || items.every((i) => i.is_completed), items };
}

/** Whether an event should complete its item now: only the first time (spec §4.6). */
export function shouldCompleteItem(completedIds: readonly string[], itemId: ChecklistItemId): boolean {
  return !completedIds.includes(itemId);
}

/** The congratulation toast, shown unless the checklist is hidden. */
export function completionToast(itemId: ChecklistItemId, hidden: boolean): string | null {
  if (hidden) return null;
  const item = CHECKLIST_ITEMS.find((i) => i.id === itemId);
  return item ? `Congratulations! You completed “${item.title}”.` : null;
}

/** The prompts a user closes once and does not see again (spec User.prompts_shown; decision 0055). */
export const PROMPTS = ["long_content_use_projects", "dubbing_use_cases_banner"] as const;
export type Prompt = (typeof PROMPTS)[number];

/** The stored prompts_shown JSON as the API reports it: every prompt, true once closed (anything unreadable is false). */
export function promptsShown(stored: string): Record<Prompt, boolean> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    parsed = {};
  }
  const shown = parsed !== null && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  return Object.fromEntries(PROMPTS.map((p) => [p, shown[p] === true])) as Record<Prompt, boolean>;
}
