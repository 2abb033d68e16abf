import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { ChartColumn } from "lucide-react";
import { z } from "zod";
import { Button, LinkButton } from "~/common/ui/button";
import { Card } from "~/common/ui/card";
import { EmptyState } from "~/common/ui/feedback";
import { Page } from "~/common/ui/page";
import { Select } from "~/common/ui/select";
import { Table, TableCell, TableHead, TableHeaderCell, TableRow } from "~/common/ui/table";
import { PRODUCT_NAME } from "../../core/brand";
import { aggregateUsage, USAGE_PAGE_BREAKDOWNS, USAGE_PAGE_RANGES, USAGE_SOURCE_LABELS, usageBuckets, usagePageWindow, type UsageBreakdown } from "~/usage/rules/usage";
import { labelledBuckets, OTHER_SERIES, stackedBars, USAGE_PAGE_TEXT } from "~/usage/rules/usage-chart";
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

/** Series colours in legend order (as many as the chart keeps series); "Other" stays neutral. */
const SERIES_COLOURS = [
  ["fill-accent", "bg-accent"],
  ["fill-emerald-500", "bg-emerald-500"],
  ["fill-amber-500", "bg-amber-500"],
  ["fill-rose-500", "bg-rose-500"],
  ["fill-sky-500", "bg-sky-500"],
  ["fill-lime-600", "bg-lime-600"],
] as const;
const OTHER_COLOUR = ["fill-muted-foreground", "bg-muted-foreground"] as const;

const dayFormat = new Intl.DateTimeFormat("en", { month: "short", day: "numeric", timeZone: "UTC" });
const numberFormat = new Intl.NumberFormat("en");
const compactFormat = new Intl.NumberFormat("en", { notation: "compact" });

function seriesLabel(name: string, breakdown: UsageBreakdown): string {
  if (breakdown === "none") return "Credits";
  if (breakdown === "request_source") return USAGE_SOURCE_LABELS[name] ?? name;
  return name;
}

/** The SVG's drawing box; it is stretched to the plot area (labels are HTML around it, so they never stretch). */
const CHART = { width: 640, height: 180 };

export default function Usage() {
  const { admin, view, interval, series, requestCount, period } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const chart = stackedBars(series, CHART.width, CHART.height);
  const colourOf = new Map(chart.totals.map((t, i) => [t.series, t.series === OTHER_SERIES ? OTHER_COLOUR : SERIES_COLOURS[i % SERIES_COLOURS.length]!]));
  const total = chart.totals.reduce((sum, t) => sum + t.total, 0);
  const bucketLabel = (ms: number) => (interval === "week" ? `Week of ${dayFormat.format(ms)}` : dayFormat.format(ms));
  const breakdowns = Object.entries(USAGE_PAGE_BREAKDOWNS).filter(([key]) => key !== "user" || (admin && view.scope === "workspace"));
  // With JavaScript a choice applies at once; without it the Show button sends the form.
  const choose = (name: "range" | "breakdown" | "scope", value: string) => submit({ ...view, [name]: value }, { method: "get", replace: true });
  const count = series.time.length;

  return (
    <Page title="Usage" description={USAGE_PAGE_TEXT.description}>
      <dl className="grid gap-3 sm:grid-cols-3">
        <Card className="p-4">
          <dt className="text-xs text-muted-foreground">This billing period</dt>
          <dd className="text-lg font-semibold">
            {numberFormat.format(period.used)} of {numberFormat.format(period.limit)} credits
          </dd>
        </Card>
        <Card className="p-4">
          <dt className="text-xs text-muted-foreground">Credits in range</dt>
          <dd className="text-lg font-semibold" data-testid="usage-total">
            {numberFormat.format(total)}
          </dd>
        </Card>
        <Card className="p-4">
          <dt className="text-xs text-muted-foreground">Generations in range</dt>
          <dd className="text-lg font-semibold">{numberFormat.format(requestCount)}</dd>
        </Card>
      </dl>

      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <span className="text-xs text-muted-foreground">Range</span>
          <Select label="Range" name="range" value={view.range} onValueChange={(v) => choose("range", v)} options={Object.entries(USAGE_PAGE_RANGES).map(([value, label]) => ({ value, label }))} />
        </div>
        <div className="flex flex-col gap-1">
          <span className="text-xs text-muted-foreground">Break down by</span>
          <Select label="Break down by" name="breakdown" value={view.breakdown} onValueChange={(v) => choose("breakdown", v)} options={breakdowns.map(([value, label]) => ({ value, label }))} />
        </div>
        {admin ? (
          <div className="flex flex-col gap-1">
            <span className="text-xs text-muted-foreground">Whose usage</span>
            <Select
              label="Whose usage"
              name="scope"
              value={view.scope}
              onValueChange={(v) => choose("scope", v)}
              options={[
                { value: "me", label: "Only mine" },
                { value: "workspace", label: "Whole workspace" },
              ]}
            />
          </div>
        ) : null}
        <noscript>
          <Button type="submit" variant="secondary" disabled={busy}>
            Show
          </Button>
        </noscript>
      </Form>

      {total === 0 ? (
        <EmptyState
          icon={<ChartColumn aria-hidden="true" />}
          title={USAGE_PAGE_TEXT.emptyTitle}
          action={
            <LinkButton to="/app/speech-synthesis/text-to-speech" variant="secondary">
              {USAGE_PAGE_TEXT.emptyAction}
            </LinkButton>
          }
        >
          {USAGE_PAGE_TEXT.emptyDescription}
        </EmptyState>
      ) : (
        <Card className="p-4 sm:p-5">
          <figure className="flex flex-col gap-3">
            <div className="flex pt-2">
              {/* The value axis: round ticks, the same rules as the grid lines in the plot. */}
              <div data-testid="usage-y-axis" aria-hidden="true" className="relative mr-2 h-48 w-10 shrink-0 text-right text-xs tabular-nums text-muted-foreground">
                {chart.scale.ticks.map((tick) => (
                  <span key={tick} data-testid="usage-y-tick" className="absolute right-0 -translate-y-1/2 leading-none" style={{ top: `${(1 - tick / chart.scale.top) * 100}%` }}>
                    {compactFormat.format(tick)}
                  </span>
                ))}
              </div>
              <div className="min-w-0 flex-1">
                <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} preserveAspectRatio="none" className="block h-48 w-full overflow-visible" role="img" aria-labelledby="usage-chart-title usage-chart-desc">
                  <title id="usage-chart-title">{`Credits used per ${interval}`}</title>
                  <desc id="usage-chart-desc">{`${numberFormat.format(total)} credits from ${bucketLabel(series.time[0]!)} to ${bucketLabel(series.time[count - 1]!)}; the table below has the numbers.`}</desc>
                  {chart.scale.ticks.map((tick) => {
                    const y = CHART.height - (tick / chart.scale.top) * CHART.height;
                    return <line key={tick} x1={0} x2={CHART.width} y1={y} y2={y} vectorEffect="non-scaling-stroke" className={tick === 0 ? "stroke-muted-foreground" : "stroke-border"} strokeDasharray={tick === 0 ? undefined : "4 4"} />;
                  })}
                  {chart.bars.map((bar) => (
                    <rect key={`${bar.series}-${bar.bucket}`} x={bar.x} y={bar.y} width={bar.width} height={bar.height} className={colourOf.get(bar.series)![0]} data-series={bar.series}>
                      <title>{`${bucketLabel(series.time[bar.bucket]!)}: ${numberFormat.format(bar.value)} credits (${seriesLabel(bar.series, view.breakdown)})`}</title>
                    </rect>
                  ))}
                </svg>
                {/* The date axis: a few evenly spaced dates under their bars, the latest always among them. */}
                <div data-testid="usage-x-axis" aria-hidden="true" className="relative mt-2 h-4 text-xs text-muted-foreground">
                  {labelledBuckets(count).map((i) => {
                    const centre = ((i + 0.5) / count) * 100;
                    // Labels at the ends are aligned to the edge instead of centred, so they stay inside the card.
                    const shift = centre < 10 ? "0%" : centre > 90 ? "-100%" : "-50%";
                    return (
                      <span key={i} data-testid="usage-x-tick" className="absolute top-0 whitespace-nowrap leading-none" style={{ left: `${centre}%`, transform: `translateX(${shift})` }}>
                        {dayFormat.format(series.time[i]!)}
                      </span>
                    );
                  })}
                </div>
              </div>
            </div>
            <figcaption>
              <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm" aria-label="Totals">
                {chart.totals.map((t) => (
                  <li key={t.series} className="flex items-center gap-2">
                    <span className={`inline-block h-3 w-3 rounded-sm ${colourOf.get(t.series)![1]}`} aria-hidden="true" />
                    <span>{seriesLabel(t.series, view.breakdown)}</span>
                    <span className="font-semibold">{numberFormat.format(t.total)}</span>
                  </li>
                ))}
              </ul>
            </figcaption>
          </figure>
        </Card>
      )}

      <details className="text-sm" data-testid="usage-numbers">
        <summary className="cursor-pointer text-muted-foreground">Numbers per {interval}</summary>
        <Table className="mt-2">
          <TableHead>
            <tr>
              <TableHeaderCell>{interval === "week" ? "Week" : "Day"}</TableHeaderCell>
              {chart.totals.map((t) => (
                <TableHeaderCell key={t.series}>{seriesLabel(t.series, view.breakdown)}</TableHeaderCell>
              ))}
            </tr>
          </TableHead>
          <tbody>
            {series.time.map((time, i) => (
              <TableRow key={time}>
                <TableCell className="py-1.5">{bucketLabel(time)}</TableCell>
                {chart.totals.map((t) => (
                  <TableCell key={t.series} className="py-1.5 tabular-nums">
                    {numberFormat.format(chart.usage[t.series]?.[i] ?? 0)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </tbody>
        </Table>
      </details>
    </Page>
  );
}
