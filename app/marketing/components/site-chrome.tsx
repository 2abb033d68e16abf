import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PRODUCT_NAME, SOURCE_ARCHIVE_PATH } from "../../../core/brand";
import { MARKETING_PAGES, SIGN_IN_PATH, SIGN_UP_PATH } from "~/common/rules/navigation";
import { Logo } from "~/common/components/logo";
import { ThemeToggle } from "~/common/components/theme-toggle";
import { LinkButton } from "~/common/ui/button";

export function SiteHeader() {
  return (
    <header className="border-b border-border">
      <nav className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <Logo />
        <div className="flex items-center gap-1 whitespace-nowrap sm:gap-2">
          <ThemeToggle />
          <LinkButton to={SIGN_IN_PATH} variant="ghost" className="px-3">
            Sign in
          </LinkButton>
          <LinkButton to={SIGN_UP_PATH} className="px-3">
            Sign up
          </LinkButton>
        </div>
      </nav>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between dark:text-zinc-400">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}. Open source under AGPL-3.0-or-later:{" "}
          <a href={SOURCE_ARCHIVE_PATH} download className="underline hover:text-zinc-900 dark:hover:text-white">
            source code
          </a>
          .
        </p>
        <ul className="flex flex-wrap gap-4" aria-label="Site">
          {MARKETING_PAGES.map((page) => (
            <li key={page.to}>
              <Link to={page.to} className="hover:text-zinc-900 dark:hover:text-white">
                {page.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}

export function MarketingLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main className="flex-1">{children}</main>
      <SiteFooter />
    </div>
  );
}

export function ProsePage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <MarketingLayout>
      <article className="mx-auto max-w-3xl space-y-4 px-4 py-12 leading-relaxed [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold">
        <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
        {children}
      </article>
    </MarketingLayout>
  );
}

/** A region code as a small badge: emoji flags do not render on every system. */
export function FlagBadge({ code }: { code: string }) {
  return (
    <span aria-hidden className="inline-flex h-5 min-w-7 items-center justify-center rounded bg-muted px-1 font-mono text-[10px] font-semibold uppercase text-muted-foreground dark:text-zinc-300">
      {code}
    </span>
  );
}
