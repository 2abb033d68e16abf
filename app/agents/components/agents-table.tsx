import { Form, Link } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "~/common/ui/button";
import { EmptyState } from "~/common/ui/feedback";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { cn } from "~/common/ui/cn";

/** One column of an agents-area list: `phone: false` leaves it out on narrow screens; `srOnlyHeader` names it for screen readers only. */
export type AgentsColumn<T> = { header: string; cell: (row: T) => ReactNode; className?: string; phone?: false; srOnlyHeader?: boolean };

/**
 * The agents area's lists (knowledge base, tools, tests, secrets): a table of the workspace's items, or the empty
 * state when there are none (or none match the search).
 */
export function AgentsTable<T extends { id: string }>({ rows, columns, rowTestId, empty }: { rows: readonly T[]; columns: readonly AgentsColumn<T>[]; rowTestId: string; empty: { icon: ReactNode; title: string; hint?: ReactNode } }) {
  if (rows.length === 0) {
    return (
      <EmptyState icon={empty.icon} title={empty.title}>
        {empty.hint}
      </EmptyState>
    );
  }
  const hidden = (column: AgentsColumn<T>) => (column.phone === false ? "hidden sm:table-cell" : undefined);
  return (
    <Table>
      <TableHead>
        <tr>
          {columns.map((column) => (
            <TableHeaderCell key={column.header} className={cn(hidden(column), column.srOnlyHeader && "sr-only")}>
              {column.header}
            </TableHeaderCell>
          ))}
        </tr>
      </TableHead>
      <tbody>
        {rows.map((row) => (
          <TableRow key={row.id} data-testid={rowTestId}>
            {columns.map((column) => (
              <TableCell key={column.header} className={cn(hidden(column), column.className)}>
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </tbody>
    </Table>
  );
}

type Named = { id: string; name: string };

/** What uses an item, counted and linked: its agents, and for a secret the workspace tools too; "No agent" (or `none`) when nothing does. */
export function UsedBy({ agents, tools = [], none = "No agent" }: { agents: readonly Named[]; tools?: readonly Named[]; none?: string }) {
  if (agents.length === 0 && tools.length === 0) return <span className="text-muted-foreground">{none}</span>;
  const group = (items: readonly Named[], one: string, many: string, to: (id: string) => string) =>
    items.length === 0 ? null : (
      <span className="block">
        {items.length === 1 ? `1 ${one}: ` : `${items.length} ${many}: `}
        {items.map((item, i) => (
          <span key={item.id}>
            {i > 0 ? ", " : null}
            <Link className="underline-offset-4 hover:underline" to={to(item.id)}>
              {item.name}
            </Link>
          </span>
        ))}
      </span>
    );
  return (
    <>
      {group(agents, "agent", "agents", (id) => `/app/conversational-ai/agents/${id}`)}
      {group(tools, "tool", "tools", (id) => `/app/conversational-ai/tools?tool=${encodeURIComponent(id)}`)}
    </>
  );
}

/** A row's delete button: a form of its own, so that it works before the page's script has loaded. */
export function DeleteRowButton({ idField, id, name, busy, intent = "delete" }: { idField: string; id: string; name: string; busy: boolean; intent?: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idField} value={id} />
      <Button type="submit" size="sm" variant="ghost" disabled={busy} aria-label={`Delete ${name}`}>
        <Trash2 aria-hidden="true" />
      </Button>
    </Form>
  );
}
