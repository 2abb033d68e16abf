import type { ReactNode } from "react";
import { cn } from "./cn";

/**
 * The one page layout of /app: the same left edge on every page (left-aligned, so a wider page only reaches
 * further right), a title row with the page's actions, then its content.
 */
export function Page({ title, description, actions, children, width = "default", testId }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; children: ReactNode; width?: "default" | "wide" | "narrow"; testId?: string }) {
  return (
    <div data-testid={testId ?? "page"} className={cn("w-full", width === "wide" ? "max-w-6xl" : width === "narrow" ? "max-w-2xl" : "max-w-4xl")}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
      </div>
      <div className="flex flex-col gap-6">{children}</div>
    </div>
  );
}

/** A titled part of a page. */
export function Section({ title, description, actions, children, className }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={cn("flex flex-col gap-3", className)}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{title}</h2>
          {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}
