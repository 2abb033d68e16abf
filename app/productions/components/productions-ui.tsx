import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { Badge, type BadgeTone } from "~/common/ui/badge";
import { cn } from "~/common/ui/cn";
import { formatAmount, KIND_LABELS, STATE_LABELS, type ProductionKind, type TaskState } from "~/productions/rules/productions";

/** The producer pages of spec §2 (productions: dashboard, unclaimed, active, history, settings, qualifications). */
export const PRODUCER_PAGES = [
  { to: "/app/productions/dashboard", label: "Dashboard" },
  { to: "/app/productions/unclaimed", label: "Unclaimed" },
  { to: "/app/productions/active", label: "Active" },
  { to: "/app/productions/history", label: "History" },
  { to: "/app/productions/settings", label: "Profile" },
  { to: "/app/productions/settings/qualifications", label: "Qualifications" },
] as const;

export function ProducerNav() {
  return (
    <nav aria-label="Producer pages" className="flex flex-wrap gap-1 border-b border-border pb-2">
      {PRODUCER_PAGES.map((page) => (
        <NavLink
          key={page.to}
          to={page.to}
          end
          className={({ isActive }) => cn("rounded-full px-3 py-1.5 text-sm font-medium hover:bg-muted", isActive ? "bg-muted text-foreground" : "text-muted-foreground")}
        >
          {page.label}
        </NavLink>
      ))}
    </nav>
  );
}

const STATE_TONES: Record<TaskState, BadgeTone> = { open: "outline", claimed: "accent", submitted: "warning", returned: "danger", acknowledged: "accent", accepted: "success" };

export function StateBadge({ state }: { state: string }) {
  const known = state as TaskState;
  return <Badge tone={STATE_TONES[known] ?? "neutral"}>{STATE_LABELS[known] ?? state}</Badge>;
}

export type TaskSummary = {
  id: string;
  kind: string;
  state: string;
  title: string;
  instructions: string;
  language: string;
  minutes: number;
  amount: number;
  currency: string;
  deadlineAt: number | null;
  feedback: string | null;
  deliverableName: string | null;
};

export function formatDate(unix: number): string {
  return new Date(unix * 1000).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
}

/** One task as a card: what to make, for how much, and its state; `children` are the actions the viewer can take. */
export function TaskCard({ task, amountLabel, children }: { task: TaskSummary; amountLabel: string; children?: ReactNode }) {
  return (
    <li className="rounded-xl border border-border bg-card p-4" data-testid="production-task">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-medium break-words">{task.title}</h3>
          <p className="text-sm text-muted-foreground">
            {KIND_LABELS[task.kind as ProductionKind] ?? task.kind} · {task.language} · {task.minutes} min · {amountLabel} {formatAmount(task.amount, task.currency)}
          </p>
        </div>
        <StateBadge state={task.state} />
      </div>
      {task.instructions ? <p className="mt-2 text-sm whitespace-pre-wrap break-words">{task.instructions}</p> : null}
      {task.deadlineAt ? <p className="mt-2 text-sm text-muted-foreground">Deadline {formatDate(task.deadlineAt)}</p> : null}
      {task.feedback ? (
        <p className="mt-2 rounded-lg bg-muted p-2 text-sm">
          <span className="font-medium">Feedback: </span>
          {task.feedback}
        </p>
      ) : null}
      {children ? <div className="mt-3 flex flex-wrap items-end gap-2">{children}</div> : null}
    </li>
  );
}
