import * as Menu from "@radix-ui/react-dropdown-menu";
import type { ReactNode } from "react";
import { cn } from "./cn";

/** A menu of actions opened from a button (a row's "more", the share choices). */
export function DropdownMenu({ trigger, children, align = "end" }: { trigger: ReactNode; children: ReactNode; align?: "start" | "end" }) {
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align={align} sideOffset={4} className="z-50 min-w-44 rounded-xl border border-border bg-card p-1 text-foreground shadow-lg">
          {children}
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

export function MenuItem({ onSelect, icon, children, destructive, disabled, testId }: { onSelect: () => void; icon?: ReactNode; children: ReactNode; destructive?: boolean; disabled?: boolean; testId?: string }) {
  return (
    <Menu.Item
      onSelect={onSelect}
      disabled={disabled}
      data-testid={testId}
      className={cn(
        "flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-1.5 text-sm outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted [&_svg]:size-4",
        destructive && "text-destructive-foreground",
      )}
    >
      {icon}
      {children}
    </Menu.Item>
  );
}

export const MenuSeparator = () => <Menu.Separator className="my-1 h-px bg-border" />;
