import { useLocation } from "@remix-run/react";
import { CircleAlert, CircleCheck, Info, X } from "lucide-react";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { RequestError } from "~/common/rules/http-error";
import { errorToastText, MAX_VISIBLE_TOASTS, TOAST_AUTO_CLOSE_MS, toastPosition } from "~/common/rules/toasts";

type ToastKind = "success" | "error" | "info";
type Toast = { id: number; kind: ToastKind; text: string };
type ToastApi = {
  show: (text: string, kind?: ToastKind) => void;
  /** Shows an error the way the spec says: the server's message only for client errors below 500. */
  showError: (error: Pick<RequestError, "status" | "message">) => void;
};

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <ToastProvider>");
  return api;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const location = useLocation();

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback((text: string, kind: ToastKind = "info") => {
    const id = nextId.current++;
    // The oldest toast leaves when a fourth arrives.
    setToasts((all) => [...all, { id, kind, text }].slice(-MAX_VISIBLE_TOASTS));
  }, []);
  const api = useMemo<ToastApi>(
    () => ({ show, showError: (error) => show(errorToastText(error), "error") }),
    [show],
  );

  const position = toastPosition(location.pathname);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        aria-live="polite"
        data-testid="toasts"
        data-position={position}
        className={
          "pointer-events-none fixed z-50 flex flex-col gap-2 " +
          (position === "top-center" ? "left-1/2 top-4 -translate-x-1/2 items-center" : "bottom-24 right-4 items-end")
        }
      >
        {toasts.map((toast) => (
          <ToastView key={toast.id} toast={toast} onClose={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastView({ toast, onClose }: { toast: Toast; onClose: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onClose(toast.id), TOAST_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [toast.id, onClose]);
  const tone =
    toast.kind === "error"
      ? "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      : toast.kind === "success"
        ? "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100"
        : "border-border bg-card text-foreground";
  const Icon = toast.kind === "error" ? CircleAlert : toast.kind === "success" ? CircleCheck : Info;
  return (
    <div role="status" className={`pointer-events-auto flex max-w-sm items-start gap-3 rounded-xl border px-4 py-3 text-sm shadow-lg ${tone}`}>
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span className="flex-1">{toast.text}</span>
      <button type="button" aria-label="Close" className="-mr-1 rounded-full p-0.5 opacity-70 hover:opacity-100" onClick={() => onClose(toast.id)}>
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
