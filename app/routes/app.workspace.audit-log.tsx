import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ScrollText } from "lucide-react";
import { Badge } from "~/common/ui/badge";
import { Button } from "~/common/ui/button";
import { EmptyState, Hint } from "~/common/ui/feedback";
import { Label } from "~/common/ui/input";
import { NativeSelect } from "~/common/ui/native-select";
import { Page } from "~/common/ui/page";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { PRODUCT_NAME } from "../../core/brand";
import { db, requireViewer } from "~/accounts/accounts.server";
import { auditLogPage } from "~/workspace/audit-log.server";
import { AUDIT_EVENTS, AUDIT_PAGE_DEFAULT, AUDIT_PAGE_TEXTS } from "~/workspace/rules/audit-log";

export const meta: MetaFunction = () => [{ title: `Audit log · ${PRODUCT_NAME}` }];

const PAGE = "/app/workspace/audit-log";
/** The events a person can filter by: their names as the log writes them, in the catalogue's order. */
const ACTIVITIES = [...new Set(Object.values(AUDIT_EVENTS).map((e) => e.activityName))];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const params = new URL(request.url).searchParams;
  const activity = params.get("activity")?.slice(0, 100) || undefined;
  const cursor = params.get("cursor")?.slice(0, 200) || undefined;
  const page = await auditLogPage(db(context), viewer, { limit: AUDIT_PAGE_DEFAULT, cursor, activityName: activity && ACTIVITIES.includes(activity) ? activity : undefined });
  if (!page.ok) {
    // Not an admin: the page says why (a stale cursor starts again from the newest).
    if (page.httpStatus === 400) throw new Response(null, { status: 302, headers: { location: PAGE } });
    return { forbidden: page.message, entries: [], nextCursor: null, activity: activity ?? "" };
  }
  return { forbidden: null, entries: page.entries, nextCursor: page.nextCursor, activity: activity ?? "" };
}

const when = (ms: number) => `${new Date(ms).toISOString().replace("T", " ").slice(0, 19)} UTC`;

export default function AuditLog() {
  const { forbidden, entries, nextCursor, activity } = useLoaderData<typeof loader>();
  return (
    <Page title="Audit log" description={AUDIT_PAGE_TEXTS.description} testId="audit-log-page">
      {forbidden ? (
        <Hint tone="error">{forbidden}</Hint>
      ) : (
        <>
          <Form method="get" className="flex flex-wrap items-end gap-2" data-testid="audit-log-filter">
            <div className="flex min-w-0 flex-col gap-1">
              <Label htmlFor="audit-activity">Event</Label>
              <NativeSelect id="audit-activity" name="activity" defaultValue={activity} options={ACTIVITIES.map((a) => ({ value: a, label: a }))}>
                <option value="">Every event</option>
              </NativeSelect>
            </div>
            <Button type="submit" size="sm" variant="secondary">
              Show
            </Button>
          </Form>
          {entries.length === 0 ? (
            <EmptyState icon={<ScrollText />} title={activity ? AUDIT_PAGE_TEXTS.noMatch : AUDIT_PAGE_TEXTS.empty}>
              {AUDIT_PAGE_TEXTS.emptyHint}
            </EmptyState>
          ) : (
            <Table>
              <TableHead>
                <tr>
                  <TableHeaderCell className="hidden sm:table-cell">When</TableHeaderCell>
                  <TableHeaderCell>Who</TableHeaderCell>
                  <TableHeaderCell>What</TableHeaderCell>
                  <TableHeaderCell className="hidden sm:table-cell">Details</TableHeaderCell>
                </tr>
              </TableHead>
              <tbody>
                {entries.map((entry) => (
                  <TableRow key={entry.id} data-testid="audit-entry">
                    <TableCell className="hidden whitespace-nowrap text-xs tabular-nums text-muted-foreground sm:table-cell">{when(entry.time)}</TableCell>
                    <TableCell className="break-all">
                      {entry.actor.user.email_addr} <Badge tone="outline">{entry.actor.app_name}</Badge>
                    </TableCell>
                    <TableCell>
                      <span className="font-medium">{entry.activity_name}</span>
                      {entry.unmapped.resource_id ? <span className="block break-all text-xs text-muted-foreground">{`${entry.unmapped.resource_type} ${entry.unmapped.resource_id}`}</span> : null}
                      {/* On a phone the time goes here: its own column would leave the others no room. */}
                      <span className="block text-xs tabular-nums text-muted-foreground sm:hidden">{when(entry.time)}</span>
                    </TableCell>
                    <TableCell className="hidden break-words text-xs text-muted-foreground sm:table-cell">
                      {Object.entries(entry.unmapped.details)
                        .map(([key, value]) => `${key}: ${String(value)}`)
                        .join(" · ")}
                    </TableCell>
                  </TableRow>
                ))}
              </tbody>
            </Table>
          )}
          {nextCursor ? (
            <Link className="self-start text-sm underline-offset-4 hover:underline" to={`${PAGE}?${new URLSearchParams({ ...(activity ? { activity } : {}), cursor: nextCursor })}`}>
              Older entries
            </Link>
          ) : null}
        </>
      )}
    </Page>
  );
}
