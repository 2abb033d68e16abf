import { useCallback } from "react";
import { useToast } from "~/common/components/toasts";
import { requestJson } from "~/common/rules/http-error";
import { completionToast, type ChecklistItemId, type ChecklistState } from "~/accounts/rules/onboarding";

/**
 * The one function features call when their checklist event happens (e.g. the first generation).
 * The server completes an item only once; the toast appears only for that first time and only while
 * the checklist is not hidden.
 */
export function useCompleteChecklistItem() {
  const toast = useToast();
  return useCallback(
    async (itemId: ChecklistItemId) => {
      try {
        const state = await requestJson<ChecklistState & { newly_completed: boolean }>("/v1/user/onboarding/update", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ item_id: itemId }),
        });
        const text = state.newly_completed ? completionToast(itemId, state.hidden) : null;
        if (text) toast.show(text, "success");
      } catch (error) {
        // The checklist never blocks the feature that triggered it.
        console.warn("onboarding checklist update failed", error);
      }
    },
    [toast],
  );
}
