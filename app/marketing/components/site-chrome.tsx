import { Link, NavLink, useLocation } from "@remix-run/react";
import { Menu, X } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { PRODUCT_NAME, SOURCE_ARCHIVE_PATH } from "../../../core/brand";
import { mainMarketingPages, MARKETING_PAGES, SIGN_IN_PATH, SIGN_UP_PATH, type NavLink as NavTarget } from "~/common/rules/navigation";
import { Logo } from "~/common/components/logo";
import { ThemeToggle } from "~/common/components/theme-toggle";
import { buttonClass, LinkButton } from "~/common/ui/button";
import { cn } from "~/common/ui/cn";

export function SiteHeader() {
  const main = mainMarketingPages();
  return (
    <header className="relative border-b border-border">
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-4 px-4 py-3">
        <div className="flex items-center gap-6">
          <Logo />
          <nav aria-label="Main" className="hidden md:block">
            <ul className="flex items-center gap-1">
              {main.map((page) => (
                <li key={page.to}>
                  <NavLink to={page.to} prefetch="intent" className={navLinkClass}>
                    {page.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="flex items-center gap-1 whitespace-nowrap sm:gap-2">
          <ThemeToggle />
          <LinkButton to={SIGN_IN_PATH} variant="ghost" className="max-md:hidden">
            Sign in
          </LinkButton>
          <LinkButton to={SIGN_UP_PATH}>Sign up</LinkButton>
          <PhoneMenu pages={main} />
        </div>
      </div>
    </header>
  );
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn("rounded-full px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground", isActive ? "text-foreground" : "text-muted-foreground");

/**
 * The header's links on phones: a <details> disclosure, so the menu opens before (and without) JavaScript
 * and costs the first visit no script; once hydrated it also closes on Escape, outside clicks and navigation.
 */
function PhoneMenu({ pages }: { pages: readonly NavTarget[] }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  const close = () => {
    if (ref.current) ref.current.open = false;
  };
  // A chosen link closes it at once (the page may take a moment to load); so does any other navigation.
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [pathname]);
  useEffect(() => {
    const dismiss = (event: Event) => {
      const menu = ref.current;
      if (!menu?.open) return;
      if (event instanceof KeyboardEvent ? event.key === "Escape" : !menu.contains(event.target as Node)) {
        menu.open = false;
        if (event instanceof KeyboardEvent) menu.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("keydown", dismiss);
    document.addEventListener("pointerdown", dismiss);
    return () => {
      document.removeEventListener("keydown", dismiss);
      document.removeEventListener("pointerdown", dismiss);
    };
  }, []);
  return (
    <details ref={ref} className="group md:hidden" data-testid="site-menu">
      <summary aria-label="Menu" className={buttonClass("ghost", "cursor-pointer list-none [&::-webkit-details-marker]:hidden", "icon")}>
        <Menu aria-hidden="true" className="group-open:hidden" />
        <X aria-hidden="true" className="hidden group-open:block" />
      </summary>
      <nav aria-label="Main" className="absolute inset-x-0 top-full z-40 border-b border-border bg-background px-4 pb-4 pt-2 shadow-lg">
        <ul className="flex flex-col">
          {pages.map((page) => (
            <li key={page.to}>
              <NavLink to={page.to} onClick={close} className={({ isActive }) => cn("block rounded-lg px-3 py-3 text-base font-medium hover:bg-muted", isActive ? "text-foreground" : "text-muted-foreground")}>
                {page.label}
              </NavLink>
            </li>
          ))}
          <li className="mt-2 border-t border-border pt-2">
            <Link to={SIGN_IN_PATH} onClick={close} className="block rounded-lg px-3 py-3 text-base font-medium hover:bg-muted">
              Sign in
            </Link>
          </li>
        </ul>
      </nav>
    </details>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        <p>
          © {new Date().getFullYear()} {PRODUCT_NAME}. Open source under AGPL-3.0-or-later:{" "}
          <a href={SOURCE_ARCHIVE_PATH} download className="underline hover:text-foreground">
            source code
          </a>
          .
        </p>
        <ul className="flex flex-wrap gap-4" aria-label="Site">
          {MARKETING_PAGES.map((page) => (
            <li key={page.to}>
              <Link to={page.to} className="hover:text-foreground">
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
    <span aria-hidden className="inline-flex h-5 min-w-7 items-center justify-center rounded bg-muted px-1 font-mono text-[10px] font-semibold uppercase text-muted-foreground">
      {code}
    </span>
  );
}
