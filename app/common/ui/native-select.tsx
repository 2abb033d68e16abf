import { forwardRef, type SelectHTMLAttributes } from "react";
import { cn } from "./cn";
import type { SelectOption } from "./select";

type NativeSelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  /** One <option> each, after any children (a leading "Not set", or <optgroup>s instead). */
  options?: readonly SelectOption[];
};

/**
 * A themed native <select>, for forms that must post before scripts run (Radix Select posts nothing until
 * hydrated). Label it as any field: a <Label htmlFor> with its id, or aria-label; aria-invalid marks it in error.
 */
export const NativeSelect = forwardRef<HTMLSelectElement, NativeSelectProps>(function NativeSelect({ className, options, children, ...props }, ref) {
  return (
    <select
      ref={ref}
      className={cn("h-9 min-w-0 max-w-full rounded-lg border border-input bg-background px-3 text-sm text-foreground hover:bg-muted disabled:opacity-50 aria-[invalid=true]:border-destructive", className)}
      {...props}
    >
      {children}
      {options?.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
    </select>
  );
});
