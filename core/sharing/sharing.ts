import { PRODUCT_NAME } from "../brand";

/** Sharing texts and rules (spec accounts §2.7, §8, §9). */
export const SHARE_PATH_PREFIX = "/share/";
export const SHARE_LINK_DISPLAY_LENGTH = 38;
export const SHARE_DIALOG_TITLE = "Share with your community";
export const SHARE_PREFILLED_TEXT = `Listen to this text to speech that I made with ${PRODUCT_NAME}`;
export const SHARE_PUBLIC_LINK_LABEL = "Share public link";
export const SHARE_LINK_LOADING = "Generating link...";
export const SHARE_LINK_COPIED = "Share link copied to clipboard";
export const PUBLIC_NAME_LABEL = "Your public name";
export const PUBLIC_NAME_HELPER = `This name will be displayed on ${PRODUCT_NAME} and other platforms.`;
export const PUBLIC_NAME_UPDATED = "Public name updated";
export const NATIVE_SHARE_TITLE = "Share Text to Speech";
export const SHARE_API_NOT_SUPPORTED = "Share API not supported";
export const VIDEO_ONLY_FOR_TTS = "Video generation is only available for text-to-speech items";
export const VIDEO_GENERATION_FLAG = "tts-video-generation";
export const MAX_PUBLIC_NAME = 50;

/** The public share page (served by workers/share). */
export const SHARE_PAGE_HEADING = "Listen to this text to speech";
export const SHARED_BY = "Shared by";
export const sharedBy = (publicName: string | null | undefined) => (publicName ? `${SHARED_BY} ${publicName}` : `Shared on ${PRODUCT_NAME}`);
export const SHARE_PAGE_VOICE_LABEL = "Voice";
export const SHARE_PAGE_CTA_HEADING = `Make your own with ${PRODUCT_NAME}`;
export const SHARE_PAGE_CTA_TEXT = "Type any text and hear it spoken in a natural voice. Start free.";
export const SHARE_PAGE_SIGN_UP = "Sign up free";
export const SHARE_PAGE_TRY_IT = "Try it now";
export const SHARE_NOT_FOUND_HEADING = "This link does not exist";
export const SHARE_NOT_FOUND_TEXT = "It may have been removed by the person who shared it.";

/** The link as the dialog shows it: 38 characters, then '...'. */
export function truncateShareLink(link: string): string {
  return link.length > SHARE_LINK_DISPLAY_LENGTH ? `${link.slice(0, SHARE_LINK_DISPLAY_LENGTH)}...` : link;
}

/** share_link may be relative: it is resolved against the current location. */
export function resolveShareLink(shareLink: string, currentLocation: string): string {
  return new URL(shareLink, currentLocation).toString();
}

export type SocialNetwork = "facebook" | "x" | "whatsapp";

export function socialShareUrl(network: SocialNetwork, link: string): string {
  const text = encodeURIComponent(SHARE_PREFILLED_TEXT);
  const url = encodeURIComponent(link);
  switch (network) {
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${url}&quote=${text}`;
    case "x":
      return `https://x.com/intent/post?text=${text}&url=${url}`;
    case "whatsapp":
      return `https://wa.me/?text=${text}%20${url}`;
  }
}

/**
 * The Share button: with the video flag on, a labelled outline button; off, an icon with tooltip Share,
 * disabled without an item, and hidden for enterprise workspaces.
 */
export type ShareButtonMode = "labelled" | "icon" | "icon-disabled" | "hidden";

export function shareButtonMode(flagOn: boolean, tier: string, hasItem: boolean): ShareButtonMode {
  if (flagOn) return "labelled";
  if (tier === "enterprise") return "hidden";
  return hasItem ? "icon" : "icon-disabled";
}

/** The video flag's value from configuration (per-workspace overrides are not built yet). */
export function videoFlagOn(configured: string | undefined): boolean {
  return configured === "true";
}
