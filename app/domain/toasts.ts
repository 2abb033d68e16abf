export const TOAST_AUTO_CLOSE_MS = 5555;
export const MAX_VISIBLE_TOASTS = 3;
export const DEFAULT_ERROR_TOAST = "Something went wrong, please try again later.";

const TOP_CENTER_PATHS = ["/app/sign-in", "/app/sign-up"];

/** Top-center on the sign-in and sign-up routes, bottom-right elsewhere. */
export function toastPosition(pathname: string): "top-center" | "bottom-right" {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return TOP_CENTER_PATHS.includes(path) ? "top-center" : "bottom-right";
}

/** Only client errors (400-499) show the server's message; everything else the generic text. */
export function errorToastText(error: { status: number; message: string }): string {
  return error.status >= 400 && error.status < 500 && error.message ? error.message : DEFAULT_ERROR_TOAST;
}
