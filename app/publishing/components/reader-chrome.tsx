import { Link } from "@remix-run/react";
import { BookOpen } from "lucide-react";
import type { ReactNode } from "react";
import { PRODUCT_NAME } from "../../../core/brand";
import { ThemeToggle } from "~/common/components/theme-toggle";

/** The reader flavour's frame: a small header naming the catalogue, the page, and a plain footer. */
export function ReaderLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="border-b border-border">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
          <Link to="/reads" className="flex items-center gap-2 font-semibold">
            <BookOpen aria-hidden="true" className="size-5 text-accent-foreground" />
            {PRODUCT_NAME} Reader
          </Link>
          <ThemeToggle />
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-5xl flex-1 px-4 py-8">
        {children}
      </main>
      <footer className="border-t border-border">
        <p className="mx-auto max-w-5xl px-4 py-4 text-xs text-muted-foreground">Listening here sets no cookies; we count plays and listening time per read, nothing about you.</p>
      </footer>
    </div>
  );
}

export type ReadCardData = { id: string; title: string; author: string; hasCover: boolean; matureContent: boolean; durationSeconds: number | null };

export function formatDuration(seconds: number | null): string {
  if (seconds === null) return "";
  const minutes = Math.round(seconds / 60);
  return minutes < 1 ? `${Math.round(seconds)} s` : minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * A read in a grid: its cover (or its initial), title and author. `base` is the reader host's origin when linked from
 * another host; the cover still comes from the page's own host (every host serves it; the CSP allows only 'self').
 */
export function ReadCard({ read, base = "" }: { read: ReadCardData; base?: string }) {
  const href = `${base}/reads/${read.id}`;
  const inner = (
    <>
      <div className="aspect-square overflow-hidden rounded-lg border border-border bg-muted">
        {read.hasCover ? (
          <img src={`/reads/${read.id}/cover`} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <div className="flex size-full items-center justify-center text-4xl font-semibold text-muted-foreground" aria-hidden="true">
            {read.title.slice(0, 1)}
          </div>
        )}
      </div>
      <p className="mt-2 line-clamp-2 font-medium">{read.title}</p>
      <p className="text-sm text-muted-foreground">
        {read.author}
        {read.durationSeconds !== null ? ` · ${formatDuration(read.durationSeconds)}` : ""}
        {read.matureContent ? " · Mature" : ""}
      </p>
    </>
  );
  return (
    <li>
      {base ? (
        <a href={href} className="block rounded-lg focus-visible:outline-2 focus-visible:outline-ring">
          {inner}
        </a>
      ) : (
        <Link to={href} className="block rounded-lg focus-visible:outline-2 focus-visible:outline-ring">
          {inner}
        </Link>
      )}
    </li>
  );
}

export function ReadGrid({ reads, base, label }: { reads: ReadCardData[]; base?: string; label: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {reads.map((read) => (
        <ReadCard key={read.id} read={read} base={base} />
      ))}
    </ul>
  );
}
