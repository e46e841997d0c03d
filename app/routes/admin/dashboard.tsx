import { AlertTriangle, MailWarning, Truck } from "lucide";
import { Link } from "react-router";
import { RevenueChart } from "#app/components/admin/revenue-chart";
import { SetupWarnings } from "#app/components/admin/setup-warnings";
import { StatCard } from "#app/components/admin/stat-card";
import { Icon } from "#app/components/ui/icon";
import { formatDateTime } from "#app/domain/dates";
import { formatCents } from "#app/domain/money";
import { requireAdmin } from "#app/models/back-office/access.server";
import { getDashboardStats, getTankCounts } from "#app/models/back-office/stats.server";
import { setupWarnings } from "#app/models/mail-setup.server";
import { deadOnArrival } from "#app/models/orders/claims.server";
import type { ArrivalWeather } from "#app/domain/claims";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  return {
    stats: await getDashboardStats(context.services.database.reader, context.services.clock()),
    warnings: setupWarnings(context.services.config),
    deadOnArrival: await deadOnArrival(context.services.database.reader, context.services.clock()),
    tankCounts: await getTankCounts(context.services.database.reader, context.services.clock()),
  };
}

const ARRIVAL_WEATHER: Record<ArrivalWeather, string> = {
  hold: "Below the hold threshold",
  heat: "Cold (heat pack)",
  none: "Mild",
  cold: "Hot (cold pack)",
  unknown: "Not checked",
};

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, warnings, deadOnArrival, tankCounts } = loaderData;
  return (
    <section aria-labelledby="dashboard-heading" className="space-y-8">
      <div>
        <h1 id="dashboard-heading" className="text-3xl font-semibold">
          Dashboard
        </h1>
        <p className="text-sm text-ink-soft">
          As of {formatDateTime(stats.generatedAt)} UTC · the last 7, 30 and 90 days are calendar days (UTC),
          today&apos;s included
        </p>
      </div>
      <SetupWarnings warnings={warnings} />

      {stats.periods
        .map((p) => (
          <section key={p.key} aria-label={p.label}>
            <h2 className="mb-2 font-sans text-sm font-semibold tracking-wide text-ink-soft uppercase">{p.label}</h2>
            <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
              <StatCard label="Revenue" value={formatCents(p.revenueCents)} />
              <StatCard label="Orders" value={String(p.orders)} />
              <StatCard label="Average order" value={formatCents(p.averageOrderCents)} />
              <StatCard label="Units" value={String(p.units)} />
            </div>
          </section>
        ))
        .slice(0, 2)}
      <details className="card p-4">
        <summary className="cursor-pointer font-semibold">30 and 90 days</summary>
        <div className="mt-3 space-y-4">
          {stats.periods.slice(2).map((p) => (
            <div key={p.key} className="grid grid-cols-2 gap-3 xl:grid-cols-4" aria-label={p.label}>
              <StatCard label={`Revenue, ${p.label.toLowerCase()}`} value={formatCents(p.revenueCents)} />
              <StatCard label="Orders" value={String(p.orders)} />
              <StatCard label="Average order" value={formatCents(p.averageOrderCents)} />
              <StatCard label="Units" value={String(p.units)} />
            </div>
          ))}
        </div>
      </details>

      <section aria-labelledby="doa-heading" className="card p-5" data-testid="doa-rate">
        <h2 id="doa-heading" className="text-xl font-semibold">
          Dead on arrival, by week of delivery
        </h2>
        {deadOnArrival.byWeek.length === 0 ? (
          <p className="mt-2 text-ink-soft">No deliveries in the last eight weeks.</p>
        ) : (
          <RateTable heading="Week of" rows={deadOnArrival.byWeek.map((w) => ({ key: w.week, label: w.week, ...w }))} />
        )}
        {deadOnArrival.byArrivalWeather.length > 0 ? (
          <RateTable
            heading="Forecast at arrival"
            label="Dead on arrival, by the forecast for the arrival day"
            rows={deadOnArrival.byArrivalWeather.map((w) => ({
              key: w.weather,
              label: ARRIVAL_WEATHER[w.weather],
              ...w,
            }))}
          />
        ) : null}
      </section>
      <section aria-labelledby="chart-heading" className="card p-5">
        <h2 id="chart-heading" className="text-xl font-semibold">
          Revenue and orders, last 30 days
        </h2>
        <RevenueChart daily={stats.daily} />
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="ship-heading" className="card p-5">
          <h2 id="ship-heading" className="flex items-center gap-2 text-xl font-semibold">
            <Icon icon={Truck} aria-hidden="true" className="h-5 w-5 text-reef" /> Waiting to ship (
            {stats.awaitingShipment.count})
          </h2>
          {stats.awaitingShipment.oldest.length === 0 ? (
            <p className="mt-2 text-sm text-ink-soft">Nothing to pack. Nice.</p>
          ) : (
            <ul className="mt-2 divide-y divide-line text-sm">
              {stats.awaitingShipment.oldest.map((o) => (
                <li key={o.id} className="flex justify-between gap-2 py-2">
                  <Link to={`/admin/orders/${o.id}`} className="font-semibold text-reef-dark underline">
                    {o.number}
                  </Link>
                  <span>{o.customerName}</span>
                  <span className="text-ink-soft">{formatCents(o.totalCents)}</span>
                </li>
              ))}
            </ul>
          )}
          {stats.awaitingShipment.count > 0 ? (
            <p className="mt-3 text-sm">
              <Link to="/admin/orders?status=paid" className="font-semibold text-reef-dark underline">
                {stats.awaitingShipment.count > stats.awaitingShipment.oldest.length
                  ? `See all ${stats.awaitingShipment.count} waiting to ship`
                  : "Open them in the orders list"}
              </Link>
            </p>
          ) : null}
        </section>
        <section aria-labelledby="top-heading" className="card p-5">
          <h2 id="top-heading" className="text-xl font-semibold">
            Top sellers, 30 days
          </h2>
          {stats.topItems.length === 0 ? (
            <p className="mt-2 text-sm text-ink-soft">No sales yet.</p>
          ) : (
            <ol className="mt-2 divide-y divide-line text-sm">
              {stats.topItems.map((t) => (
                <li key={`${t.kind}-${t.id}`} className="flex justify-between gap-2 py-2">
                  <span>{t.title}</span>
                  <span className="text-ink-soft">
                    {t.units} {t.units === 1 ? "unit" : "units"} · {formatCents(t.revenueCents)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </section>
        <section aria-labelledby="low-heading" className="card p-5">
          <h2 id="low-heading" className="flex items-center gap-2 text-xl font-semibold">
            <Icon icon={AlertTriangle} aria-hidden="true" className="h-5 w-5 text-gold" /> Low stock
          </h2>
          {stats.lowStock.length === 0 ? (
            <p className="mt-2 text-sm text-ink-soft">Everything has 10 or more in stock.</p>
          ) : (
            <ul className="mt-2 divide-y divide-line text-sm">
              {stats.lowStock.map((i) => (
                <li key={`${i.kind}-${i.id}`} className="flex justify-between py-2">
                  <Link to="/admin/catalogue" className="underline">
                    {i.title}
                  </Link>
                  <strong className={i.quantity === 0 ? "text-coral-text" : ""}>{i.quantity} left</strong>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="mail-heading" className="card p-5">
          <h2 id="mail-heading" className="flex items-center gap-2 text-xl font-semibold">
            <Icon icon={MailWarning} aria-hidden="true" className="h-5 w-5 text-coral-text" /> Email
          </h2>
          <p className="mt-2 text-sm">
            <Link to="/admin/outbox?status=failed" className="font-semibold underline">
              {stats.failedEmails} failed
            </Link>{" "}
            · {stats.pendingEmails} waiting to send
          </p>
        </section>
        <section aria-labelledby="my-tank-heading" className="card p-5" data-testid="my-tank-counts">
          <h2 id="my-tank-heading" className="text-xl font-semibold">
            My tank
          </h2>
          <p className="mt-1 text-sm text-ink-soft">Counts only: a customer&apos;s log is theirs.</p>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <dt>Customers with a tank</dt>
            <dd className="text-right font-semibold">{tankCounts.customersWithTank}</dd>
            <dt>Tanks</dt>
            <dd className="text-right font-semibold">{tankCounts.tanks}</dd>
            <dt>Readings logged, 30 days</dt>
            <dd className="text-right font-semibold">{tankCounts.readingsLogged}</dd>
            <dt>Reorder reminders sent, 30 days</dt>
            <dd className="text-right font-semibold">{tankCounts.remindersSent}</dd>
          </dl>
        </section>
      </div>
    </section>
  );
}

/** Deliveries and approved claims per group (a week, a forecast), with the rate between them. */
function RateTable({
  heading,
  label,
  rows,
}: {
  heading: string;
  label?: string;
  rows: Array<{ key: string; label: string; delivered: number; approvedClaims: number; rate: number }>;
}) {
  return (
    <table className="mt-3 w-full text-left text-sm" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col">Delivered</th>
          <th scope="col">Claims approved</th>
          <th scope="col">Rate</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <td>{r.label}</td>
            <td>{r.delivered}</td>
            <td>{r.approvedClaims}</td>
            <td>{(r.rate * 100).toFixed(1)} %</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
