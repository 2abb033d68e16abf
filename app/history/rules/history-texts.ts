/**
 * The words of a history row's actions (issue #17): one pattern everywhere, and Share names both of its
 * results, the link first — that is what a person expects from "Share".
 */
export const HISTORY_ACTIONS = {
  play: "Play",
  download: "Download",
  share: "Share",
  copyShareLink: "Copy share link",
  createShareVideo: "Create share video",
  more: "More",
  delete: "Delete",
} as const;

export const HISTORY_EMPTY = "Nothing generated yet.";
export const HISTORY_EMPTY_HINT = "Speech you generate appears here, ready to play, download or share.";
export const HISTORY_ALL_VOICES = "All voices";
/** The voice filter's "no filter" choice; the form sends an empty voice_id for it (a list choice cannot be empty). */
export const ALL_VOICES_VALUE = "all";

/** How much of an item's text names it in labels ("Play Hello from…"). */
export const ITEM_LABEL_LENGTH = 30;
