import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/common/ui/feedback";
import { Page } from "~/common/ui/page";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { PRODUCT_NAME } from "../../core/brand";
import { requireViewer } from "~/accounts/accounts.server";
import { producerEvents } from "~/productions/productions.server";
import { formatDate, ProducerNav } from "~/productions/components/productions-ui";
import { KIND_LABELS, type ProductionKind } from "~/productions/rules/productions";

export const meta: MetaFunction = () => [{ title: `Production history · ${PRODUCT_NAME}` }];

const EVENT_LABELS: Record<string, string> = {
  claimed: "You claimed it",
  submitted: "You delivered",
  returned: "Returned with feedback",
  acknowledged: "You acknowledged the feedback",
  extended: "Deadline extended",
  accepted: "Accepted by the customer",
  revoked: "Your claim was revoked",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const events = await producerEvents(context.cloudflare.env, viewer);
  return { events: events.map((e) => ({ id: e.id, title: e.title, kind: e.kind, event: e.event, detail: e.detail, at: e.at })) };
}

export default function ProductionHistory() {
  const { events } = useLoaderData<typeof loader>();
  return (
    <Page title="Production history" description="Everything that happened to the tasks you claimed, newest first.">
      <ProducerNav />
      {events.length === 0 ? (
        <EmptyState title="Nothing yet">Claimed, delivered, accepted and revoked tasks are listed here.</EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <Table>
            <TableHead>
              <TableRow>
                <TableHeaderCell>Date</TableHeaderCell>
                <TableHeaderCell>Task</TableHeaderCell>
                <TableHeaderCell>What happened</TableHeaderCell>
              </TableRow>
            </TableHead>
            <tbody>
              {events.map((event) => (
                <TableRow key={event.id}>
                  <TableCell className="whitespace-nowrap">{formatDate(event.at)}</TableCell>
                  <TableCell>
                    {event.title} <span className="text-muted-foreground">· {KIND_LABELS[event.kind as ProductionKind] ?? event.kind}</span>
                  </TableCell>
                  <TableCell>
                    {EVENT_LABELS[event.event] ?? event.event}
                    {event.detail && event.event === "returned" ? <span className="block text-muted-foreground">{event.detail}</span> : null}
                  </TableCell>
                </TableRow>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </Page>
  );
}
