import type { HTMLAttributes, ReactNode } from "react";
import { cn } from "./cn";

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("rounded-2xl border border-border bg-card text-foreground", className)} {...props} />;
}

/** A card's title row: the heading, an optional line under it, and actions on the right. */
export function CardHeader({ title, description, actions, as: Heading = "h2" }: { title: ReactNode; description?: ReactNode; actions?: ReactNode; as?: "h2" | "h3" }) {
  return (
    <div className="flex items-start justify-between gap-4 p-5 pb-3">
      <div className="min-w-0">
        <Heading className="font-semibold">{title}</Heading>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn("p-5 pt-0", className)} {...props} />;
}
