/**
 * What the site links to. A section of the spec is listed here only once it is built: pages that do
 * not exist are never linked (they answer 404). Each later feature flips its entry on.
 */
export type NavLink = { to: string; label: string };

export const MARKETING_PAGES: readonly NavLink[] = [
  { to: "/text-to-speech", label: "Text to speech" },
  { to: "/pricing", label: "Pricing" },
  { to: "/about", label: "About" },
  { to: "/api", label: "API" },
  { to: "/safety", label: "Safety" },
  { to: "/terms", label: "Terms" },
  { to: "/privacy", label: "Privacy" },
];

export const APP_SECTIONS: readonly NavLink[] = [
  { to: "/app/home", label: "Home" },
  { to: "/app/speech-synthesis/text-to-speech", label: "Text to Speech" },
  { to: "/app/default-voices", label: "Voices" },
  { to: "/app/onboarding-checklist", label: "Getting started" },
  { to: "/app/subscription", label: "Subscription" },
  { to: "/app/usage", label: "Usage" },
  { to: "/app/settings/api-keys", label: "API keys" },
  { to: "/app/workspace/members", label: "Members" },
  { to: "/app/settings/workspace-invites", label: "Invites" },
  { to: "/app/settings", label: "Settings" },
];

export const SIGN_IN_PATH = "/app/sign-in";
export const SIGN_UP_PATH = "/app/sign-up";
