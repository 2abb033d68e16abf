import type { SharedSort } from "./voice-library";

/** The library page's filters: the ages and use cases voices are labelled with (labelKey spelling). */
export const LIBRARY_AGES = ["young", "middle_aged", "old"] as const;
export const LIBRARY_USE_CASES = ["narration", "conversational", "news", "characters", "social_media", "educational", "advertisement"] as const;
export const LIBRARY_PAGE_SIZE = 30;

export const LIBRARY_SORT_LABELS: Record<SharedSort, string> = {
  created_date: "Newest",
  usage_character_count_1y: "Most used this year",
  trending: "Trending this week",
  cloned_by_count: "Most added",
};
