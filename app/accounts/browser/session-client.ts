import { useNavigate } from "@remix-run/react";
import { useCallback, useEffect } from "react";
import { SIGN_IN_PATH } from "~/common/rules/navigation";
import { ACCESS_REFRESH_INTERVAL_MS, PRODUCT_STORAGE_KEYS, SIGN_OUT_CHANNEL } from "~/accounts/rules/session";

/** Activity that keeps an idle session alive (spec §4.5). */
export const ACTIVITY_EVENTS = ["mousemove", "mousedown", "keydown", "click", "scroll", "touchstart"] as const;

export function clearProductStorage() {
  try {
    for (const key of PRODUCT_STORAGE_KEYS) localStorage.removeItem(key);
    sessionStorage.clear();
  } catch {
    // storage unavailable: nothing to clear
  }
}

/**
 * Set while this tab signs itself out. Its own message reaches this tab's listener too (every other
 * BroadcastChannel object of the same name hears it), which would start a second navigation to sign-in.
 */
let signingOutHere = false;

/** Signs out on the server, clears local product data and tells the other tabs. */
export function useSignOut() {
  return useCallback(async (reason: "user" | "inactive" | "expired" = "user") => {
    signingOutHere = true;
    clearProductStorage();
    // End the session first: a tab told too early would reach sign-in while the session still lives and be
    // sent straight back into the app.
    await fetch("/app/sign-out", { method: "POST", credentials: "same-origin", redirect: "manual" }).catch(() => undefined);
    try {
      const channel = new BroadcastChannel(SIGN_OUT_CHANNEL);
      channel.postMessage({ type: "signed-out", reason });
      channel.close();
    } catch {
      // BroadcastChannel missing: other tabs notice at their next request
    }
    window.location.assign(SIGN_IN_PATH);
  }, []);
}

/** Another tab signed out: this one follows. */
export function useSignOutFromOtherTabs() {
  const navigate = useNavigate();
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(SIGN_OUT_CHANNEL);
    channel.onmessage = (event: MessageEvent<{ type?: string }>) => {
      if (event.data?.type !== "signed-out" || signingOutHere) return;
      clearProductStorage();
      navigate(SIGN_IN_PATH, { replace: true });
    };
    return () => channel.close();
  }, [navigate]);
}

/** Signs out after `timeoutSeconds` without mouse, key, click, scroll or touch activity. */
export function useInactivityLogout(timeoutSeconds: number | null, signOut: (reason: "inactive") => void) {
  useEffect(() => {
    if (!timeoutSeconds || timeoutSeconds <= 0) return;
    let timer = setTimeout(() => signOut("inactive"), timeoutSeconds * 1000);
    const reset = () => {
      clearTimeout(timer);
      timer = setTimeout(() => signOut("inactive"), timeoutSeconds * 1000);
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, reset, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, reset);
    };
  }, [timeoutSeconds, signOut]);
}

/** Once the e-mail is verified, checks the session every 300000 ms; a revoked session signs the tab out. */
export function useAccessRefresh(emailVerified: boolean, signOut: (reason: "expired") => void) {
  useEffect(() => {
    if (!emailVerified) return;
    const timer = setInterval(async () => {
      const response = await fetch("/v1/user", { credentials: "same-origin" }).catch(() => null);
      if (response?.status === 401) signOut("expired");
    }, ACCESS_REFRESH_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [emailVerified, signOut]);
}
