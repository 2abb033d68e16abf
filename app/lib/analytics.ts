/**
 * Product analytics events. No analytics provider is wired in this open build: events are dispatched on
 * window as `parlance:analytics` so a deployment can forward them (respecting the user's consent state).
 */
export function track(event: string, properties: Record<string, string | number | boolean> = {}) {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent("parlance:analytics", { detail: { event, properties } }));
}
