import { useEffect, useMemo, useState } from "react";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatCents } from "#app/domain/money";

/**
 * Revenue (bars) and paid orders (line) per UTC day for the admin dashboard.
 *
 * recharts measures the DOM, so the chart itself renders only after mount; the server and the
 * first client render show a placeholder of exactly the same height, so nothing shifts. The
 * caption (totals) and a visually hidden table of every day are server-rendered and are what
 * assistive technology reads; the drawn chart is aria-hidden and not focusable.
 *
 * Import this only from admin routes (code-split), never from storefront modules.
 */

export interface RevenueChartDay {
  /** UTC day, "YYYY-MM-DD". */
  date: string;
  revenueCents: number;
  orders: number;
}

export interface RevenueChartProps {
  daily: RevenueChartDay[];
}

const CHART_HEIGHT = 280;
const REEF = "#0e7c7b";
const CORAL = "#e4572e";
const INK = "#0b2a3c";
const INK_SOFT = "#3a5566";
const LINE = "#dcd3c1";
/** Revenue before orders in the legend and tooltip (recharts sorts by name otherwise). */
const SERIES_ORDER: Record<string, number> = { revenueCents: 0, orders: 1 };
// Module-level callbacks and style objects keep the chart props stable across re-renders.
const seriesOrder = (item: { dataKey?: unknown }) => SERIES_ORDER[String(item.dataKey)] ?? 9;
const legendText = (value: unknown) => <span style={{ color: INK_SOFT }}>{String(value)}</span>;
const tooltipLabel = (label: unknown, payload: ReadonlyArray<{ payload?: unknown }>) => {
  const date = (payload?.[0]?.payload as { date?: string } | undefined)?.date;
  return date ? dayLabel(date, longDate) : String(label);
};
const tooltipValue = (value: unknown, name: unknown) =>
  name === "Revenue" ? formatCents(Number(value)) : String(value);
// "auto" gives nice round ticks; a quiet month (all zeros) gets a fixed scale instead of cent-sized ticks.
const AUTO_DOMAIN: [number, "auto"] = [0, "auto"];
const QUIET_REVENUE_DOMAIN: [number, number] = [0, 100_00];
const QUIET_ORDERS_DOMAIN: [number, number] = [0, 4];
const TICK = { fill: INK_SOFT, fontSize: 12 };
const AXIS_LINE = { stroke: LINE };
const MARGIN = { top: 8, right: 8, bottom: 0, left: 8 };
const TOOLTIP_STYLE = { borderRadius: 12, borderColor: LINE, color: INK, fontSize: 13 };
const TOOLTIP_ITEM_STYLE = { color: INK };
const TOOLTIP_CURSOR = { fill: "rgb(14 124 123 / 0.08)" };
const LEGEND_STYLE = { fontSize: 13 };
const BAR_RADIUS: [number, number, number, number] = [4, 4, 0, 0];
const DOT = { r: 2.5, fill: CORAL, strokeWidth: 0 };
const ACTIVE_DOT = { r: 4 };

const shortDate = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDate = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

function dayLabel(date: string, format: Intl.DateTimeFormat = shortDate): string {
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(time) ? date : format.format(time);
}

/** Axis ticks: whole dollars without ".00" ("$1,250"), cents kept when they matter. */
function axisDollars(cents: number): string {
  return formatCents(cents).replace(/\.00$/, "");
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

function usePrefersReducedMotion(mounted: boolean): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    if (!mounted || typeof window.matchMedia !== "function") return;
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReduced(query.matches);
    const onChange = (e: MediaQueryListEvent) => setReduced(e.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [mounted]);
  return reduced;
}

export function RevenueChart({ daily }: RevenueChartProps) {
  const mounted = useMounted();
  const reducedMotion = usePrefersReducedMotion(mounted);

  const totalRevenue = daily.reduce((sum, d) => sum + d.revenueCents, 0);
  const totalOrders = daily.reduce((sum, d) => sum + d.orders, 0);
  const best = daily.reduce<RevenueChartDay | null>(
    (top, d) => (d.revenueCents > 0 && (!top || d.revenueCents > top.revenueCents) ? d : top),
    null,
  );
  const first = daily[0];
  const last = daily[daily.length - 1];
  const range = first && last ? `${dayLabel(first.date)} – ${dayLabel(last.date)}` : "no days";
  const summary =
    `${formatCents(totalRevenue)} from ${plural(totalOrders, "order", "orders")} over ${plural(daily.length, "day", "days")} (${range}).` +
    (best ? ` Best day: ${dayLabel(best.date)}, ${formatCents(best.revenueCents)}.` : " No sales in this period.");

  const data = useMemo(() => daily.map((d) => ({ ...d, label: dayLabel(d.date) })), [daily]);

  return (
    <figure className="m-0">
      <figcaption className="mb-3 text-sm text-ink-soft">{summary}</figcaption>

      <div aria-hidden="true" style={{ height: CHART_HEIGHT }} className="w-full">
        {mounted ? (
          <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
            <ComposedChart data={data} margin={MARGIN} accessibilityLayer={false}>
              <CartesianGrid stroke={LINE} strokeDasharray="3 3" vertical={false} />
              <XAxis
                dataKey="label"
                tick={TICK}
                tickLine={false}
                axisLine={AXIS_LINE}
                interval="preserveStartEnd"
                minTickGap={16}
              />
              <YAxis
                yAxisId="revenue"
                tickFormatter={axisDollars}
                tick={TICK}
                tickLine={false}
                axisLine={false}
                width={64}
                allowDecimals={false}
                domain={totalRevenue > 0 ? AUTO_DOMAIN : QUIET_REVENUE_DOMAIN}
              />
              <YAxis
                yAxisId="orders"
                orientation="right"
                allowDecimals={false}
                domain={totalOrders > 0 ? AUTO_DOMAIN : QUIET_ORDERS_DOMAIN}
                tick={TICK}
                tickLine={false}
                axisLine={false}
                width={32}
              />
              <Tooltip
                itemSorter={seriesOrder}
                separator=": "
                cursor={TOOLTIP_CURSOR}
                labelFormatter={tooltipLabel}
                formatter={tooltipValue}
                contentStyle={TOOLTIP_STYLE}
                // Series colours are for shapes; tooltip text stays ink so it meets 4.5:1 (coral text would not).
                itemStyle={TOOLTIP_ITEM_STYLE}
              />
              <Legend
                verticalAlign="top"
                align="right"
                height={28}
                iconSize={10}
                itemSorter={seriesOrder}
                wrapperStyle={LEGEND_STYLE}
                // The swatch carries the series colour; the text stays ink-soft for contrast.
                formatter={legendText}
              />
              <Bar
                yAxisId="revenue"
                dataKey="revenueCents"
                name="Revenue"
                fill={REEF}
                radius={BAR_RADIUS}
                maxBarSize={28}
                isAnimationActive={!reducedMotion}
              />
              <Line
                yAxisId="orders"
                dataKey="orders"
                name="Orders"
                type="linear"
                stroke={CORAL}
                strokeWidth={2}
                dot={DOT}
                activeDot={ACTIVE_DOT}
                isAnimationActive={!reducedMotion}
              />
            </ComposedChart>
          </ResponsiveContainer>
        ) : (
          <div className="h-full w-full animate-pulse rounded-xl bg-sand-deep/60 motion-reduce:animate-none" />
        )}
      </div>

      <table className="sr-only">
        <caption>Revenue and paid orders per day (UTC)</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Revenue</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {daily.map((d) => (
            <tr key={d.date}>
              <th scope="row">{dayLabel(d.date, longDate)}</th>
              <td>{formatCents(d.revenueCents)}</td>
              <td>{d.orders}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            <td>{formatCents(totalRevenue)}</td>
            <td>{totalOrders}</td>
          </tr>
        </tfoot>
      </table>
    </figure>
  );
}
