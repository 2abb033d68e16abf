import * as SliderPrimitive from "@radix-ui/react-slider";
import { cn } from "./cn";

type SliderProps = {
  label: string;
  value: number;
  onValueChange: (value: number) => void;
  min: number;
  max: number;
  step: number;
  /** Inside a form the value is submitted under this name. */
  name?: string;
  disabled?: boolean;
  /** How the value is read out (e.g. "0.50" or "50%"). */
  valueText?: string;
  /** The id of a text describing the slider (e.g. why it is disabled). */
  describedBy?: string;
  className?: string;
  testId?: string;
};

/** A themed slider on Radix (arrow keys, Page Up/Down, Home/End; aria-valuetext for screen readers). */
export function Slider({ label, value, onValueChange, min, max, step, name, disabled, valueText, describedBy, className, testId }: SliderProps) {
  return (
    <SliderPrimitive.Root
      value={[value]}
      onValueChange={([next]) => next !== undefined && onValueChange(next)}
      min={min}
      max={max}
      step={step}
      name={name}
      disabled={disabled}
      data-testid={testId}
      className={cn("relative flex h-5 w-full touch-none select-none items-center data-[disabled]:opacity-50", className)}
    >
      <SliderPrimitive.Track className="relative h-1.5 grow overflow-hidden rounded-full bg-muted">
        <SliderPrimitive.Range className="absolute h-full bg-accent" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label={label}
        aria-valuetext={valueText}
        aria-describedby={describedBy}
        className="block size-4 rounded-full border-2 border-accent bg-background shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
    </SliderPrimitive.Root>
  );
}
