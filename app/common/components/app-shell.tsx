import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { APP_SECTIONS } from "~/common/rules/navigation";
import { Logo } from "./logo";
import { ThemeToggle } from "./theme-toggle";

/** The signed-in frame: sidebar, header, the page, and the bottom slot the global player lives in. */
export function AppShell({ header, children, player }: { header?: ReactNode; children: ReactNode; player?: ReactNode }) {
  return (
    <div className="flex h-screen flex-col">
      <div className="flex min-h-0 flex-1">
        <aside className="hidden w-60 shrink-0 flex-col gap-4 border-r border-zinc-200 p-4 md:flex dark:border-zinc-800">
          <Logo />
          <AppNav />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex h-14 shrink-0 items-center justify-between gap-4 border-b border-zinc-200 px-4 dark:border-zinc-800">
            <div className="flex items-center gap-3 md:hidden">
              <Logo />
              {/* Phones: the sections behind a menu button (a <details>, so it works before the scripts load). */}
              <details className="group relative" data-testid="mobile-menu">
                <summary className="cursor-pointer list-none rounded-full border border-zinc-300 px-3 py-1 text-sm dark:border-zinc-700">Menu</summary>
                <div
                  className="absolute left-0 top-10 z-30 w-56 rounded-xl border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-800 dark:bg-zinc-950"
                  onClick={(event) => (event.currentTarget.parentElement as HTMLDetailsElement).removeAttribute("open")}
                >
                  <AppNav />
                </div>
              </details>
            </div>
            <div className="flex flex-1 items-center justify-end gap-2">
              {header}
              <ThemeToggle />
            </div>
          </header>
          <main className="min-h-0 flex-1 overflow-y-auto p-6">{children}</main>
        </div>
      </div>
      <div id="global-player-slot" data-testid="global-player-slot">
        {player}
      </div>
    </div>
  );
}

function AppNav() {
  return (
    <nav aria-label="App">
      <ul className="flex flex-col gap-1">
        {APP_SECTIONS.map((section) => (
          <li key={section.to}>
            <NavLink
              to={section.to}
              end
              className={({ isActive }) =>
                `block rounded-lg px-3 py-2 text-sm ${isActive ? "bg-zinc-100 font-medium dark:bg-zinc-800" : "text-zinc-600 hover:bg-zinc-50 dark:text-zinc-400 dark:hover:bg-zinc-900"}`
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
