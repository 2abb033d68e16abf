import { Upload } from "lucide-react";
import { forwardRef, useImperativeHandle, useRef } from "react";
import { Button } from "./button";
import { Label } from "./input";

type FilePickerProps = {
  /** The file input's id: the label names it. */
  id: string;
  label: string;
  /** The button's words ("Choose file") and what shows until a file is chosen ("No file chosen"). */
  buttonLabel: string;
  emptyLabel: string;
  accept: string;
  /** The file chosen, shown by name beside the button. */
  chosen: File | null;
  onChoose: (file: File | null) => void;
  testId?: string;
};

/**
 * One file field drawn as a button and the chosen file's name (the browser's own control does not follow the theme).
 * The input itself stays in the page, visually hidden, so its label, keyboard focus and tests reach it; the ref is
 * that input's, for a caller that clears it.
 */
export const FilePicker = forwardRef<HTMLInputElement, FilePickerProps>(function FilePicker({ id, label, buttonLabel, emptyLabel, accept, chosen, onChoose, testId }, ref) {
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => input.current!, []);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => input.current?.click()}>
          <Upload aria-hidden="true" />
          {buttonLabel}
        </Button>
        <span className="min-w-0 truncate text-sm text-muted-foreground">{chosen ? chosen.name : emptyLabel}</span>
      </div>
      <input id={id} ref={input} type="file" accept={accept} className="sr-only" data-testid={testId} onChange={(event) => onChoose(event.target.files?.[0] ?? null)} />
    </div>
  );
});
