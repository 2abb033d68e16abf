import { Link } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { BACK_TO_HOME, HOME_PATH } from "~/common/rules/navigation";
import { Logo } from "./logo";

export function Field({
  label,
  name,
  error,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; name: string; error?: string; hint?: ReactNode }) {
  const id = input.id ?? `field-${name}`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="rounded-lg border border-input bg-card px-3 py-2 text-sm outline-none focus:border-ring focus:ring-2 focus:ring-ring/20"
        {...input}
      />
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive-foreground">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
      {children}
    </div>
  );
}

export function FormNotice({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
      {children}
    </div>
  );
}

/** The card of the sign-in, sign-up and password pages: no site header, so the logo leads home and a link goes back. */
export function AuthCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-screen items-center justify-center bg-muted/50 px-4 py-12">
      <div className="w-full max-w-sm space-y-6">
        <div className="flex justify-center">
          <Logo alwaysNamed />
        </div>
        <main className="rounded-2xl border border-border bg-card p-6 shadow-sm">
          <h1 className="mb-6 text-2xl font-bold tracking-tight">{title}</h1>
          {children}
        </main>
        {footer ? <div className="text-center text-sm text-muted-foreground">{footer}</div> : null}
        <p className="text-center text-sm">
          <Link to={HOME_PATH} className="inline-flex items-center gap-1 text-muted-foreground hover:text-foreground" data-testid="back-to-home">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {BACK_TO_HOME}
          </Link>
        </p>
      </div>
    </div>
  );
}
