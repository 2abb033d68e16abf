import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from "react";
import { Button, type ButtonVariant } from "./button";
import { Tooltip } from "./tooltip";

type IconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { label: string; icon: ReactNode; variant?: ButtonVariant; small?: boolean };

/** A button that shows only an icon: its label is its accessible name and its tooltip. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton({ label, icon, variant = "ghost", small, ...props }, ref) {
  return (
    <Tooltip content={label}>
      <Button ref={ref} variant={variant} size={small ? "icon-sm" : "icon"} aria-label={label} {...props}>
        {icon}
      </Button>
    </Tooltip>
  );
});
