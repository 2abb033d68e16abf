/** The home page's texts (app/routes/app.home.tsx). */
export const HOME_TEXT = {
  createTitle: "Create speech",
  createDescription: "Type or paste text, pick a voice and listen in seconds.",
  createPlaceholder: "Start typing here or paste any text you want to turn into lifelike speech…",
  createAction: "Open Text to Speech",
  browseVoices: "Browse voices",
  creditsTitle: "Credits",
  creditsPeriod: "left this billing period",
  creditsUsage: "View usage",
  creditsUpgrade: "Upgrade",
  recentTitle: "Recent generations",
  recentAll: "View all history",
  playing: "Playing",
  recentEmptyTitle: "Nothing generated yet",
  recentEmptyDescription: "Your latest generations appear here, ready to play again.",
  recentEmptyAction: "Generate your first speech",
  shortcutsTitle: "Explore",
  privacyTitle: "Privacy settings",
  privacyDescription: "Training opt-out for this workspace",
} as const;

/**
 * What each section's shortcut on the home page says under its name. A section without an entry (one that
 * has just landed) still gets its shortcut, with its name only.
 */
export const SHORTCUT_DESCRIPTIONS: Record<string, string> = {
  "/app/speech-synthesis/text-to-speech": "Turn text into lifelike speech",
  "/app/default-voices": "Listen to the voices and pick one",
  "/app/usage": "Credits used, day by day",
  "/app/workspace/members": "Who is in this workspace",
  "/app/settings/workspace-invites": "Invite people to the workspace",
  "/app/settings/api-keys": "Use the API from your code",
  "/app/subscription": "Your plan, credits and invoices",
  "/app/settings": "Your profile and account",
  "/app/onboarding-checklist": "Your onboarding checklist",
};

/** The home page's own entry is not a shortcut to itself. */
export const HOME_PATH = "/app/home";
