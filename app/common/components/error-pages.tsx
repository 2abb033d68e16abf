import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { DEFAULT_ERROR_TOAST } from "~/common/rules/toasts";
import { EmptyState } from "~/common/ui/feedback";
import { Page } from "~/common/ui/page";

export function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <p className="text-sm font-semibold text-muted-foreground">404</p>
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="rounded-full bg-zinc-900 px-5 py-2 text-sm font-medium text-white dark:bg-white dark:text-zinc-900">
        Go to the home page
      </Link>
    </main>
  );
}

export function ErrorPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-3xl font-bold">Something went wrong</h1>
      <p className="text-muted-foreground">{DEFAULT_ERROR_TOAST}</p>
      <Link to="/" className="underline">
        Go to the home page
      </Link>
    </main>
  );
}

/**
 * A page the viewer may not use (a role or permission they lack): its title and introduction as usual, then why,
 * in place of its content. The loader answered with what the viewer may see; nothing else is rendered.
 */
export function RefusedPage({ title, description, testId, icon, children }: { title: string; description?: ReactNode; testId?: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Page title={title} description={description} testId={testId}>
      <EmptyState icon={icon} title={REFUSED_PAGE_TITLE}>
        {children}
      </EmptyState>
    </Page>
  );
}

/** What a refused page says above its reason. */
export const REFUSED_PAGE_TITLE = "Not available to you";
