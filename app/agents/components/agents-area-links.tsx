import { Link } from "@remix-run/react";
import { APP_SECTIONS } from "~/common/rules/navigation";

/** The agents area's pages: the sidebar's own entries under /app/conversational-ai, so the two never disagree. */
const AGENTS_AREA = APP_SECTIONS.filter((s) => s.to.startsWith("/app/conversational-ai/"));

/** The agents area's pages, one row of links (the sidebar lists them too). */
export function AgentsAreaLinks() {
  return (
    <nav aria-label="Agents" className="flex flex-wrap gap-4 text-sm">
      {AGENTS_AREA.map((s) => (
        <Link key={s.to} className="underline-offset-4 hover:underline" to={s.to}>
          {s.label}
        </Link>
      ))}
    </nav>
  );
}
