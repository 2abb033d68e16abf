import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { z } from "zod";
import { Button } from "~/common/ui/button";
import { PRODUCT_NAME } from "../../core/brand";
import { aggregateUsage, USAGE_PAGE_BREAKDOWNS, USAGE_PAGE_RANGES, USAGE_SOURCE_LABELS, usageBuckets, usagePageWindow, type UsageBreakdown } from "~/usage/rules/usage";
import { stackedBars } from "~/usage/rules/usage-chart";
import { isAdmin } from "../../core/workspace/roles";
import { db, requireViewer } from "~/accounts/accounts.server";
import { usageEvents } from "~/usage/usage.server";

export const meta: MetaFunction = () => [{ title: `Usage · ${PRODUCT_NAME}` }];

/** The page's query; anything unknown falls back to the default view rather than an error page. */
const usageView = z.object({
  range: z.enum(Object.keys(USAGE_PAGE_RANGES) as [keyof typeof USAGE_PAGE_RANGES]).catch("30"),
  breakdown: z.enum(Object.keys(USAGE_PAGE_BREAKDOWNS) as [keyof typeof USAGE_PAGE_BREAKDOWNS]).catch("none"),
  scope: z.enum(["me", "workspace"]).catch("me"),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, membership } = await requireViewer(request, context);
  const admin = isAdmin(membership.role);
  const query = usageView.parse(Object.fromEntries(new URL(request.url).searchParams));
  // Only admins see the whole workspace; a breakdown by member means nothing for one's own usage.
  const scope = admin ? query.scope : "me";
  const breakdown: UsageBreakdown = query.breakdown === "user" && scope === "me" ? "none" : query.breakdown;
  const window = usagePageWindow(query.range, Date.now());
  // One read of the ledger: the chart's series and the count of generations both come from these events.
  const events = await usageEvents(db(context), { workspaceId: membership.workspace.id, userId: scope === "workspace" ? null : user.id, ...window });
  const buckets = usageBuckets(window.startMs, window.endMs, { interval: window.interval })!;
  return {
    admin,
    view: { range: query.range, breakdown, scope },
    interval: window.interval,
    series: aggregateUsage(events, buckets, window, breakdown, "credits"),
    requestCount: events.length,
    period: { used: membership.workspace.characterCount, limit: membership.workspace.characterLimit },
  };
}

const SERIES_COLOURS = [
  ["fill-indigo-500", "bg-indigo-500"],
  ["fill-emerald-500", "bg-emerald-500"],
  ["fill-amber-500", "bg-amber-500"],
  ["fill-rose-500", "bg-rose-500"],
  ["fill-sky-500", "bg-sky-500"],
  ["fill-zinc-400", "bg-zinc-400"],
] as const;

const dayFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });
const numberFormat = new Intl.NumberFormat("en");

function seriesLabel(name: string, breakdown: UsageBreakdown): string {
  if (breakdown === "none") return "Credits";
  if (breakdown === "request_source") return USAGE_SOURCE_LABELS[name] ?? name;
  return name;
}

const CHART = { width: 640, height: 180 };

export default function Usage() {
  const { admin, view, interval, series, requestCount, period } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const chart = stackedBars(series, CHART.width, CHART.height);
  const colourOf = new Map(chart.totals.map((t, i) => [t.series, SERIES_COLOURS[i % SERIES_COLOURS.length]!]));
  const total = chart.totals.reduce((sum, t) => sum + t.total, 0);
  const bucketLabel = (ms: number) => (interval === "week" ? `Week of ${dayFormat.format(ms)}` : dayFormat.format(ms));
  const breakdowns = Object.entries(USAGE_PAGE_BREAKDOWNS).filter(([key]) => key !== "user" || (admin && view.scope === "workspace"));

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Usage</h1>
        <p className="text-sm text-muted-foreground">Credits your generations used: one credit per character of text.</p>
      </div>

      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-xl border border-border p-4">
          <dt className="text-xs text-muted-foreground">This billing period</dt>
          <dd className="text-lg font-semibold">
            {numberFormat.format(period.used)} of {numberFormat.format(period.limit)} credits
          </dd>
        </div>
        <div className="rounded-xl border border-border p-4">
          <dt className="text-xs text-muted-foreground">Credits in range</dt>
          <dd className="text-lg font-semibold" data-testid="usage-total">
            {numberFormat.format(total)}
          </dd>
        </div>
        <div className="rounded-xl border border-border p-4">
          <dt className="text-xs text-muted-foreground">Generations in range</dt>
          <dd className="text-lg font-semibold">{numberFormat.format(requestCount)}</dd>
        </div>
      </dl>

      <Form method="get" className="flex flex-wrap items-end gap-3" onChange={(e) => submit(e.currentTarget, { replace: true })}>
        <label className="text-sm">
          <span className="mb-1 block text-xs text-muted-foreground">Range</span>
          <select name="range" defaultValue={view.range} className="rounded-lg border border-input px-2 py-2 text-sm dark:bg-zinc-900">
            {Object.entries(USAGE_PAGE_RANGES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="mb-1 block text-xs text-muted-foreground">Break down by</span>
          <select name="breakdown" defaultValue={view.breakdown} className="rounded-lg border border-input px-2 py-2 text-sm dark:bg-zinc-900">
            {breakdowns.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {admin ? (
          <label className="text-sm">
            <span className="mb-1 block text-xs text-muted-foreground">Whose usage</span>
            <select name="scope" defaultValue={view.scope} className="rounded-lg border border-input px-2 py-2 text-sm dark:bg-zinc-900">
              <option value="me">Only mine</option>
              <option value="workspace">Whole workspace</option>
            </select>
          </label>
        ) : null}
        <Button type="submit" variant="secondary" disabled={busy}>
          Show
        </Button>
      </Form>

      <figure className="space-y-2">
        <svg
          viewBox={`0 0 ${CHART.width} ${CHART.height}`}
          preserveAspectRatio="none"
          className="h-48 w-full rounded-xl border border-border bg-muted"
          role="img"
          aria-label={`Credits used per ${interval}, ${numberFormat.format(total)} in all; the table below has the numbers.`}
        >
          {chart.bars.map((bar) => (
            <rect key={`${bar.series}-${bar.bucket}`} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className={colourOf.get(bar.series)![0]} data-series={bar.series}>
              <title>{`${bucketLabel(series.time[bar.bucket]!)}: ${numberFormat.format(bar.value)} credits (${seriesLabel(bar.series, view.breakdown)})`}</title>
            </rect>
          ))}
        </svg>
        <figcaption className="flex justify-between text-xs text-muted-foreground">
          <span>{series.time.length ? bucketLabel(series.time[0]!) : ""}</span>
          <span>Tallest: {numberFormat.format(chart.max === 1 && total === 0 ? 0 : chart.max)} credits</span>
          <span>{series.time.length ? bucketLabel(series.time[series.time.length - 1]!) : ""}</span>
        </figcaption>
      </figure>

      {total === 0 ? (
        <p className="text-sm text-muted-foreground">No generations in this range yet.</p>
      ) : (
        <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm" aria-label="Totals">
          {chart.totals.map((t) => (
            <li key={t.series} className="flex items-center gap-2">
              <span className={`inline-block h-3 w-3 rounded-sm ${colourOf.get(t.series)![1]}`} aria-hidden="true" />
              <span>{seriesLabel(t.series, view.breakdown)}</span>
              <span className="font-semibold">{numberFormat.format(t.total)}</span>
            </li>
          ))}
        </ul>
      )}

      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">Numbers per {interval}</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left">
            <thead>
              <tr className="border-b border-border">
                <th className="py-1 pr-4 font-medium">{interval === "week" ? "Week" : "Day"}</th>
                {chart.totals.map((t) => (
                  <th key={t.series} className="py-1 pr-4 font-medium">
                    {seriesLabel(t.series, view.breakdown)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {series.time.map((time, i) => (
                <tr key={time} className="border-b border-border">
                  <td className="py-1 pr-4">{bucketLabel(time)}</td>
                  {chart.totals.map((t) => (
                    <td key={t.series} className="py-1 pr-4 tabular-nums">
                      {numberFormat.format(chart.usage[t.series]?.[i] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
