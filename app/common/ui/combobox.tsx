import * as Popover from "@radix-ui/react-popover";
import { Command } from "cmdk";
import { Check, ChevronsUpDown } from "lucide-react";
import { useState, type ReactNode } from "react";
import { cn } from "./cn";

export type ComboboxItem = {
  value: string;
  /** What the search matches besides the label (language, gender, description). */
  keywords?: string[];
  label: string;
};

type ComboboxProps<T extends ComboboxItem> = {
  label: string;
  items: readonly T[];
  value: string;
  onValueChange: (value: string) => void;
  /** How an item looks in the list (an avatar, tags, a play button); the label alone by default. */
  renderItem?: (item: T) => ReactNode;
  /** How the chosen item looks on the trigger. */
  renderValue?: (item: T | undefined) => ReactNode;
  searchPlaceholder?: string;
  emptyText?: string;
  /** Submitted under this name inside a form (a hidden input). */
  name?: string;
  className?: string;
  testId?: string;
  /** How typed text matches an item (1 shown, 0 hidden), given its value, the search and its keywords; cmdk's fuzzy score by default. */
  filter?: (value: string, search: string, keywords?: string[]) => number;
};

/** A searchable picker: a button opening a filterable list (cmdk in a Radix popover), typed to filter, arrows to move. */
export function Combobox<T extends ComboboxItem>({ label, items, value, onValueChange, renderItem, renderValue, searchPlaceholder = "Search…", emptyText = "Nothing matches.", name, className, testId, filter }: ComboboxProps<T>) {
  const [open, setOpen] = useState(false);
  const selected = items.find((item) => item.value === value);
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      {name ? <input type="hidden" name={name} value={value} /> : null}
      <Popover.Trigger asChild>
        <button
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-label={label}
          data-testid={testId}
          className={cn("flex h-10 w-full items-center justify-between gap-2 rounded-lg border border-input bg-background px-3 text-left text-sm hover:bg-muted", className)}
        >
          <span className="flex min-w-0 items-center gap-2">{renderValue ? renderValue(selected) : (selected?.label ?? label)}</span>
          <ChevronsUpDown className="size-4 shrink-0 opacity-60" aria-hidden="true" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content align="start" sideOffset={4} className="z-50 w-[var(--radix-popover-trigger-width)] min-w-72 overflow-hidden rounded-xl border border-border bg-card text-foreground shadow-lg">
          <Command label={label} loop filter={filter}>
            <Command.Input placeholder={searchPlaceholder} className="h-10 w-full border-b border-border bg-transparent px-3 text-sm outline-none placeholder:text-muted-foreground" />
            <Command.List className="max-h-80 overflow-y-auto p-1">
              <Command.Empty className="px-3 py-6 text-center text-sm text-muted-foreground">{emptyText}</Command.Empty>
              {items.map((item) => (
                <Command.Item
                  key={item.value}
                  value={item.value}
                  keywords={[item.label, ...(item.keywords ?? [])]}
                  onSelect={() => {
                    onValueChange(item.value);
                    setOpen(false);
                  }}
                  className="flex cursor-pointer select-none items-center gap-2 rounded-lg px-2 py-1.5 text-sm outline-none data-[selected=true]:bg-muted"
                >
                  <span className="flex min-w-0 flex-1 items-center gap-2">{renderItem ? renderItem(item) : item.label}</span>
                  <Check className={cn("size-4 shrink-0", item.value === value ? "opacity-100" : "opacity-0")} aria-hidden="true" />
                </Command.Item>
              ))}
            </Command.List>
          </Command>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
