/** Toast rules (spec §9): timing, stacking, placement and which error text a user sees. */
export const TOAST_AUTO_CLOSE_MS = 5555;
export const MAX_VISIBLE_TOASTS = 3;
export const DEFAULT_ERROR_TOAST = "Something went wrong, please try again later.";

export type ToastPosition = "top-center" | "bottom-right";

/** Pages whose forms sit in the middle of the screen, so toasts go above them instead of into a corner. */
export const TOP_CENTER_TOAST_PATHS: readonly string[] = ["/app/sign-in", "/app/sign-up"];

/** Top-center on the sign-in and sign-up routes (with or without trailing slash), bottom-right elsewhere. */
export function toastPosition(pathname: string): ToastPosition {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return TOP_CENTER_TOAST_PATHS.includes(path) ? "top-center" : "bottom-right";
}

/** Only client errors (400-499) show the server's message; server and network errors may leak or confuse. */
export function errorToastText(error: { status: number; message: string }): string {
  return error.status >= 400 && error.status < 500 && error.message.trim() ? error.message : DEFAULT_ERROR_TOAST;
}
