import type { ReactNode } from "react";
import { cn } from "./cn";

/** What a list shows when it has nothing yet: what would be here and how to get it. */
export function EmptyState({ icon, title, children, action, className }: { icon?: ReactNode; title: string; children?: ReactNode; action?: ReactNode; className?: string }) {
  return (
    <div data-testid="empty-state" className={cn("flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border px-6 py-10 text-center", className)}>
      {icon ? <div className="mb-1 text-muted-foreground [&_svg]:size-8">{icon}</div> : null}
      <p className="font-medium">{title}</p>
      {children ? <div className="max-w-sm text-sm text-muted-foreground">{children}</div> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

/** A grey placeholder with the shape of content that is loading. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} />;
}

/**
 * A quantity within a known range (credits used of the quota), as role="meter". Nearly full turns it red, which
 * suits a quota; progress (`progress`) only fills.
 */
export function Meter({ label, value, max, valueText, className, progress = false }: { label: string; value: number; max: number; valueText?: string; className?: string; progress?: boolean }) {
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.min(value, max)}
      aria-valuetext={valueText}
      className={cn("h-2 w-full overflow-hidden rounded-full bg-muted", className)}
    >
      <div className={cn("h-full rounded-full", share > 0.9 && !progress ? "bg-destructive" : "bg-accent")} style={{ width: `${share * 100}%` }} />
    </div>
  );
}

/** A message under a control saying why it cannot be used now (the "why it is greyed out"). */
export function Hint({ id, tone = "muted", children, className }: { id?: string; tone?: "muted" | "error"; children: ReactNode; className?: string }) {
  return (
    <p id={id} role={tone === "error" ? "alert" : undefined} className={cn("text-xs", tone === "error" ? "text-destructive-foreground" : "text-muted-foreground", className)}>
      {children}
    </p>
  );
}
