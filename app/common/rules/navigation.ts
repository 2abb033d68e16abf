import type { GroupPermission } from "../../../core/workspace/permissions";

/**
 * What the site links to. A section of the spec is listed here only once it is built: pages that do
 * not exist are never linked (they answer 404). Each later feature flips its entry on.
 */
export type NavLink = { to: string; label: string };

/** A public page; `main` ones are also the header's navigation (the footer lists them all). */
export type MarketingPage = NavLink & { main?: boolean };

export const MARKETING_PAGES: readonly MarketingPage[] = [
  { to: "/text-to-speech", label: "Text to speech", main: true },
  { to: "/sound-effects", label: "Sound effects" },
  { to: "/voice-isolator", label: "Voice isolator" },
  { to: "/voice-changer", label: "Voice changer" },
  { to: "/voice-cloning", label: "Voice cloning" },
  { to: "/studio", label: "Studio" },
  { to: "/dubbing", label: "Dubbing" },
  { to: "/pricing", label: "Pricing", main: true },
  { to: "/api", label: "API", main: true },
  { to: "/about", label: "About", main: true },
  { to: "/safety", label: "Safety" },
  { to: "/terms", label: "Terms" },
  { to: "/privacy", label: "Privacy" },
];

/** The public header's links, in the footer's order. */
export function mainMarketingPages(pages: readonly MarketingPage[] = MARKETING_PAGES): MarketingPage[] {
  return pages.filter((page) => page.main);
}

/** The sidebar's groups, in order; a product area adds its group (or joins one) when it lands. */
export const APP_SECTION_GROUPS = ["Create", "Voices", "Audio tools", "Workspace", "Account"] as const;
export type AppSectionGroup = (typeof APP_SECTION_GROUPS)[number];

/** The icon of a section, by name (the components map names to the icon set). */
export type AppSectionIcon = "home" | "speech" | "studio" | "voiceover" | "sound" | "isolator" | "changer" | "transcription" | "alignment" | "dubbing" | "voices" | "library" | "design" | "lab" | "workspaceVoices" | "checklist" | "subscription" | "usage" | "key" | "members" | "invites" | "settings" | "groups" | "serviceAccounts" | "webhooks" | "agents" | "pronunciation" | "audioNative" | "classifier" | "security" | "productions" | "payouts";

/**
 * What a section needs before the sidebar shows it: a group permission (decision 0034) or the admin role. The page
 * itself still answers with its refusal when opened directly; the sidebar only leaves out what would refuse.
 */
export type SectionRequirement = GroupPermission | "admin" | "support_staff";

export type AppSection = NavLink & { group: AppSectionGroup; icon: AppSectionIcon; requires?: SectionRequirement };

export const APP_SECTIONS: readonly AppSection[] = [
  { to: "/app/home", label: "Home", group: "Create", icon: "home" },
  { to: "/app/speech-synthesis/text-to-speech", label: "Text to Speech", group: "Create", icon: "speech", requires: "text_to_speech" },
  { to: "/app/studio", label: "Studio", group: "Create", icon: "studio", requires: "projects" },
  { to: "/app/voiceover-studio", label: "Voiceover studio", group: "Create", icon: "voiceover", requires: "projects" },
  { to: "/app/dubbing", label: "Dubbing", group: "Create", icon: "dubbing", requires: "dubbing" },
  { to: "/app/conversational-ai/agents", label: "Agents", group: "Create", icon: "agents", requires: "conversational_ai" },
  { to: "/app/conversational-ai/knowledge-base", label: "Knowledge base", group: "Create", icon: "agents", requires: "conversational_ai" },
  { to: "/app/conversational-ai/phone-numbers", label: "Phone numbers", group: "Create", icon: "agents", requires: "conversational_ai" },
  { to: "/app/conversational-ai/batch-calling", label: "Batch calling", group: "Create", icon: "agents", requires: "conversational_ai" },
  { to: "/app/conversational-ai/tools", label: "Tools", group: "Create", icon: "agents", requires: "conversational_ai" },
  { to: "/app/conversational-ai/mcp-servers", label: "MCP servers", group: "Create", icon: "agents", requires: "conversational_ai" },
  { to: "/app/conversational-ai/tests", label: "Agent tests", group: "Create", icon: "agents", requires: "conversational_ai" },
  { to: "/app/conversational-ai/settings", label: "Agent settings", group: "Create", icon: "agents", requires: "conversational_ai" },
  { to: "/app/audio-native", label: "Audio Native", group: "Create", icon: "audioNative", requires: "projects" },
  { to: "/app/publishing", label: "Publishing", group: "Create", icon: "studio" },
  { to: "/app/productions", label: "Productions", group: "Create", icon: "productions" },
  { to: "/app/default-voices", label: "Voices", group: "Voices", icon: "voices" },
  { to: "/app/voice-lab", label: "Voice lab", group: "Voices", icon: "lab", requires: "voice_lab" },
  { to: "/app/voice-lab/design", label: "Voice design", group: "Voices", icon: "design", requires: "voice_lab" },
  { to: "/app/voice-lab/professional", label: "Professional cloning", group: "Voices", icon: "lab", requires: "voice_lab" },
  { to: "/app/voice-library", label: "Voice Library", group: "Voices", icon: "library" },
  { to: "/app/pronunciation-dictionaries", label: "Pronunciation", group: "Voices", icon: "pronunciation" },
  { to: "/app/sound-effects", label: "Sound effects", group: "Audio tools", icon: "sound" },
  { to: "/app/voice-isolator", label: "Voice Isolator", group: "Audio tools", icon: "isolator" },
  { to: "/app/speech-synthesis/speech-to-speech", label: "Voice Changer", group: "Audio tools", icon: "changer" },
  { to: "/app/speech-to-text", label: "Speech to Text", group: "Audio tools", icon: "transcription" },
  { to: "/app/forced-alignment", label: "Forced Alignment", group: "Audio tools", icon: "alignment" },
  { to: "/app/ai-classifier", label: "AI Speech Classifier", group: "Audio tools", icon: "classifier" },
  { to: "/app/usage", label: "Usage", group: "Workspace", icon: "usage" },
  { to: "/app/workspace-voices", label: "Workspace voices", group: "Workspace", icon: "workspaceVoices", requires: "admin" },
  { to: "/app/workspace/members", label: "Members", group: "Workspace", icon: "members" },
  { to: "/app/settings/workspace-invites", label: "Invites", group: "Workspace", icon: "invites" },
  { to: "/app/settings/api-keys", label: "API keys", group: "Workspace", icon: "key", requires: "create_user_api_key" },
  { to: "/app/workspace/groups", label: "Groups", group: "Workspace", icon: "groups" },
  { to: "/app/workspace/service-accounts", label: "Service accounts", group: "Workspace", icon: "serviceAccounts", requires: "admin" },
  { to: "/app/workspace/webhooks", label: "Webhooks", group: "Workspace", icon: "webhooks", requires: "workspace_settings" },
  { to: "/app/workspace/voice-library", label: "Library settings", group: "Workspace", icon: "library", requires: "workspace_settings" },
  { to: "/app/workspace/security", label: "Security", group: "Workspace", icon: "security", requires: "admin" },
  { to: "/app/workspace/audit-log", label: "Audit log", group: "Workspace", icon: "checklist", requires: "workspace_settings" },
  { to: "/app/subscription", label: "Subscription", group: "Account", icon: "subscription" },
  { to: "/app/payouts", label: "Payouts", group: "Account", icon: "payouts" },
  { to: "/app/settings", label: "Settings", group: "Account", icon: "settings" },
  { to: "/app/profiles", label: "Public profile", group: "Account", icon: "members" },
  { to: "/app/onboarding-checklist", label: "Getting started", group: "Account", icon: "checklist" },
  // The staff console (decision 0091): support staff only, whatever their role in the workspace.
  { to: "/app/support/voice-verifications", label: "Verification review", group: "Account", icon: "checklist", requires: "support_staff" },
];

/** What the viewer may do in their workspace, for the sidebar: the admin role, their group permissions, and whether they are support staff. */
export type SectionAccess = { admin: boolean; permissions: readonly GroupPermission[]; supportStaff?: boolean };

/** The sections the viewer may use: those needing nothing, an admin's, those of a permission they have, and staff's to staff. */
export function visibleSections(access: SectionAccess, sections: readonly AppSection[] = APP_SECTIONS): AppSection[] {
  return sections.filter((s) =>
    s.requires === "support_staff" ? access.supportStaff === true : s.requires === undefined || access.admin || (s.requires !== "admin" && access.permissions.includes(s.requires)),
  );
}

/** The sections of each group, groups in their order; an empty group is left out. */
export function groupedSections(sections: readonly AppSection[] = APP_SECTIONS): { group: AppSectionGroup; sections: AppSection[] }[] {
  return APP_SECTION_GROUPS.map((group) => ({ group, sections: sections.filter((s) => s.group === group) })).filter((g) => g.sections.length > 0);
}

export const HOME_PATH = "/";
/** The way out of the sign-in, sign-up and password pages, which show no site header. */
export const BACK_TO_HOME = "Back to home";
export const SIGN_IN_PATH = "/app/sign-in";
export const SIGN_UP_PATH = "/app/sign-up";
