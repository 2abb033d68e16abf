import { Link } from "@remix-run/react";

/** The agents area's pages, one row of links (the sidebar lists them too). */
export function AgentsAreaLinks() {
  return (
    <nav aria-label="Agents" className="flex flex-wrap gap-4 text-sm">
      <Link className="underline-offset-4 hover:underline" to="/app/conversational-ai/agents">
        Agents
      </Link>
      <Link className="underline-offset-4 hover:underline" to="/app/conversational-ai/knowledge-base">
        Knowledge base
      </Link>
      <Link className="underline-offset-4 hover:underline" to="/app/conversational-ai/phone-numbers">
        Phone numbers
      </Link>
      <Link className="underline-offset-4 hover:underline" to="/app/conversational-ai/batch-calling">
        Batch calling
      </Link>
      <Link className="underline-offset-4 hover:underline" to="/app/conversational-ai/tools">
        Tools
      </Link>
      <Link className="underline-offset-4 hover:underline" to="/app/conversational-ai/tests">
        Agent tests
      </Link>
    </nav>
  );
}
