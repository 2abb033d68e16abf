import * as TabsPrimitive from "@radix-ui/react-tabs";
import type { ReactNode } from "react";
import { cn } from "./cn";

export const Tabs = TabsPrimitive.Root;
export const TabsContent = TabsPrimitive.Content;

/** The tabs in a row; on a narrow screen the row scrolls sideways rather than pushing the last tabs off the page. */
export function TabsList({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <TabsPrimitive.List aria-label={label} className={cn("inline-flex max-w-full items-center gap-1 overflow-x-auto rounded-full bg-muted p-1", className)}>
      {children}
    </TabsPrimitive.List>
  );
}

export function TabsTrigger({ value, children, className }: { value: string; children: ReactNode; className?: string }) {
  return (
    <TabsPrimitive.Trigger
      value={value}
      className={cn(
        "inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full px-3 whitespace-nowrap text-sm font-medium text-muted-foreground transition-colors hover:text-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        className,
      )}
    >
      {children}
    </TabsPrimitive.Trigger>
  );
}
