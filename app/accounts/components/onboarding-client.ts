import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { useToast } from "~/common/components/toasts";
import { CHECKLIST_PATH, completionToast, type ChecklistItemId, type ChecklistUpdate } from "~/accounts/rules/onboarding";

/**
 * The one function features call when their checklist event happens (e.g. the first generation): it posts
 * the item to the checklist page's action through a fetcher. The server completes an item only once; the
 * toast appears only for that first time and only while the checklist is not hidden.
 */
export function useCompleteChecklistItem() {
  const toast = useToast();
  const { submit, data } = useFetcher<ChecklistUpdate | { error: string }>();
  const submitted = useRef<ChecklistItemId | null>(null);
  useEffect(() => {
    if (!data || !submitted.current) return;
    // The checklist never blocks the feature that triggered it.
    if ("error" in data) return console.warn("onboarding checklist update failed", data.error);
    const text = data.newly_completed ? completionToast(submitted.current, data.hidden) : null;
    if (text) toast.show(text, "success");
  }, [data, toast]);
  return useCallback(
    (itemId: ChecklistItemId) => {
      submitted.current = itemId;
      void submit({ intent: "complete", item_id: itemId }, { method: "post", action: CHECKLIST_PATH });
    },
    [submit],
  );
}
