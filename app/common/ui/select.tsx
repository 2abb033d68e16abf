import * as SelectPrimitive from "@radix-ui/react-select";
import { Check, ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "./cn";

export type SelectOption = { value: string; label: ReactNode; disabled?: boolean };

type SelectProps = {
  /** The accessible name (shown by the caller's <label> or given here as aria-label). */
  label: string;
  options: readonly SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Inside a form the choice is submitted under this name (Radix renders a native select for it). */
  name?: string;
  id?: string;
  disabled?: boolean;
  placeholder?: string;
  className?: string;
  size?: "sm" | "md";
  testId?: string;
};

/** A themed single-choice list on Radix Select (keyboard, typeahead, screen readers). */
export function Select({ label, options, value, defaultValue, onValueChange, name, id, disabled, placeholder, className, size = "md", testId }: SelectProps) {
  return (
    <SelectPrimitive.Root value={value} defaultValue={defaultValue} onValueChange={onValueChange} name={name} disabled={disabled}>
      <SelectPrimitive.Trigger
        id={id}
        aria-label={label}
        data-testid={testId}
        className={cn(
          "inline-flex items-center justify-between gap-2 rounded-lg border border-input bg-background text-left text-foreground hover:bg-muted disabled:opacity-50 data-[placeholder]:text-muted-foreground",
          size === "sm" ? "h-8 px-2 text-xs" : "h-9 px-3 text-sm",
          className,
        )}
      >
        <span className="truncate">
          <SelectPrimitive.Value placeholder={placeholder} />
        </span>
        <SelectPrimitive.Icon>
          <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
        </SelectPrimitive.Icon>
      </SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content position="popper" sideOffset={4} className="z-50 max-h-[min(24rem,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-xl border border-border bg-card text-foreground shadow-lg">
          <SelectPrimitive.Viewport className="p-1">
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className="relative flex cursor-pointer select-none items-center gap-2 rounded-md py-1.5 pl-7 pr-2 text-sm outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted"
              >
                <SelectPrimitive.ItemIndicator className="absolute left-2">
                  <Check className="size-4" aria-hidden="true" />
                </SelectPrimitive.ItemIndicator>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
