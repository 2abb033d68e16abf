import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import {
  Fragment,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import { Button } from "./button";
import { cn } from "./cn";

type DialogProps = {
  title: string;
  /** A line under the title; it also describes the dialog to screen readers. */
  description?: ReactNode;
  children: ReactNode;
  /** Absent for a dialog the person must answer (a gate): then no close button, and neither Escape nor the backdrop closes it. */
  onClose?: () => void;
  testId?: string;
  className?: string;
  /** Where focus goes on close when the opener is gone by then (a menu item): by default, what had focus at opening. */
  returnFocusTo?: HTMLElement | null;
};

/**
 * A modal dialog on Radix: focus moves in, is trapped and returns where it was; a close button, a click on
 * the backdrop and Escape close it; the scrim covers the whole page. Phones get a bottom sheet.
 * Rendered while open: the caller mounts it when it should show. A dialog open when the page loads (an e-mailed
 * link's answer, a gate) stays where it is in the tree, so it is in the server's HTML, readable before the
 * scripts run; one opened later goes to a portal at the end of the body, away from its opener's styles.
 */
export function Dialog({
  title,
  description,
  children,
  onClose,
  testId,
  className,
  returnFocusTo,
}: DialogProps) {
  const dismissable = Boolean(onClose);
  // Radix gives focus back only to its own Trigger; these dialogs are opened by the caller's buttons, so what
  // had focus as the dialog first rendered (the button that opened it) is remembered here.
  const [opener] = useState(() =>
    typeof document === "undefined"
      ? null
      : (document.activeElement as HTMLElement | null)
  );
  const [inPlace] = useState(useRenderedByServer());
  const Layer = inPlace ? Fragment : DialogPrimitive.Portal;
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && onClose?.()}>
      <Layer>
        <DialogPrimitive.Overlay
          data-testid={testId ? `${testId}-backdrop` : undefined}
          className="fixed inset-0 z-50 m-0 bg-overlay"
        />
        <DialogPrimitive.Content
          data-testid={testId}
          {...(description ? {} : { "aria-describedby": undefined })}
          onEscapeKeyDown={(event) => !dismissable && event.preventDefault()}
          onPointerDownOutside={(event) =>
            !dismissable && event.preventDefault()
          }
          onInteractOutside={(event) => !dismissable && event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = returnFocusTo?.isConnected
              ? returnFocusTo
              : opener?.isConnected
              ? opener
              : null;
            target?.focus();
          }}
          className={cn(
            "fixed z-50 m-0 flex max-h-[90dvh] w-full flex-col overflow-y-auto border border-border bg-card text-foreground shadow-xl outline-none",
            // Phones: a sheet from the bottom edge; wider screens: centred.
            "inset-x-0 bottom-0 rounded-t-2xl p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))]",
            "sm:inset-x-auto sm:bottom-auto sm:left-1/2 sm:top-1/2 sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6",
            className
          )}
        >
          <div
            className="mx-auto mb-3 h-1 w-10 shrink-0 rounded-full bg-muted sm:hidden"
            aria-hidden="true"
          />
          <div className="mb-3 flex items-start justify-between gap-4">
            <div className="min-w-0">
              <DialogPrimitive.Title className="text-lg font-semibold">
                {title}
              </DialogPrimitive.Title>
              {description ? (
                <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
                  {description}
                </DialogPrimitive.Description>
              ) : null}
            </div>
            {dismissable ? (
              <DialogPrimitive.Close
                aria-label="Close"
                data-testid={testId ? `${testId}-close` : undefined}
                className="-mr-2 -mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
              >
                <X className="size-4" aria-hidden="true" />
              </DialogPrimitive.Close>
            ) : null}
          </div>
          {children}
        </DialogPrimitive.Content>
      </Layer>
    </DialogPrimitive.Root>
  );
}

const noSubscription = () => () => {};
/** True while rendering on the server or hydrating its HTML; false for what the browser renders afterwards. */
function useRenderedByServer(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true
  );
}

/** A panel from the side of the screen (the phone menu): the same closing rules as a dialog. */
export function Sheet({
  title,
  open,
  onOpenChange,
  trigger,
  children,
  side = "left",
}: {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  children: ReactNode;
  side?: "left" | "right";
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className={cn(
            "fixed inset-y-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto border-border bg-card p-4 shadow-xl outline-none",
            side === "left" ? "left-0 border-r" : "right-0 border-l"
          )}
        >
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title className="text-sm font-semibold">
              {title}
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close"
              className="inline-flex size-8 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground"
            >
              <X className="size-4" aria-hidden="true" />
            </DialogPrimitive.Close>
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** A dialog's footer: Cancel (or `cancelLabel`), then the dialog's own action(s) given as children. */
export function DialogActions({ onCancel, cancelLabel = "Cancel", cancelDisabled, children }: { onCancel: () => void; cancelLabel?: string; cancelDisabled?: boolean; children: ReactNode }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="ghost" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      {children}
    </div>
  );
}
