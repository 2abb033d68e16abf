import { useBeforeUnload, useBlocker, type Location } from "@remix-run/react";
import { useCallback } from "react";
import { Button } from "~/common/ui/button";
import { Dialog, DialogActions } from "~/common/ui/dialog";

const otherPage = (current: Location, next: Location) => current.pathname !== next.pathname;

/**
 * The leave-page warning of an editor with unsaved work: the browser's own question on a reload or close
 * (beforeunload), and a "Leave without saving?" dialog (returned, to render) for a navigation inside the app that
 * `leaves` says abandons the work (by default one to another path).
 */
export function useLeaveWarning(unsaved: boolean, message: string, leaves: (current: Location, next: Location) => boolean = otherPage) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && leaves(currentLocation, nextLocation));
  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!unsaved) return;
        event.preventDefault();
        event.returnValue = "";
      },
      [unsaved],
    ),
  );
  if (blocker.state !== "blocked") return null;
  return (
    <Dialog title="Leave without saving?" description={message} onClose={() => blocker.reset()} testId="studio-leave">
      <DialogActions onCancel={() => blocker.reset()} cancelLabel="Stay">
        <Button variant="destructive" onClick={() => blocker.proceed()}>
          Leave
        </Button>
      </DialogActions>
    </Dialog>
  );
}
