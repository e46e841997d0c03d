import type { Route } from "./+types/newsletter";
import { requireAdmin } from "~/models/admin-access.server";
import { listSubscribers } from "~/models/admin-community.server";

export const meta: Route.MetaFunction = () => [{ title: "Newsletter | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  return { subscribers: await listSubscribers(context.services.database.db) };
}

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" }) : "—";

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { subscribers } = loaderData;
  const confirmed = subscribers.filter((s) => s.status === "confirmed").length;
  return (
    <section aria-labelledby="newsletter-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="newsletter-heading" className="text-3xl font-semibold">
            Newsletter
          </h1>
          <p className="text-ink-soft">
            {confirmed} confirmed of {subscribers.length} addresses
          </p>
        </div>
        {/* A plain link (not client navigation): the browser downloads the file. */}
        <a href="/api/admin/newsletter.csv" className="btn-primary" download>
          Export confirmed (CSV)
        </a>
      </div>
      {subscribers.length === 0 ? (
        <p className="card mt-4 p-8 text-center text-ink-soft">No signups yet.</p>
      ) : (
        <div className="card mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-line bg-sand-deep/60">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Email
                </th>
                <th scope="col" className="px-4 py-3">
                  Status
                </th>
                <th scope="col" className="px-4 py-3">
                  Source
                </th>
                <th scope="col" className="px-4 py-3">
                  Signed up
                </th>
                <th scope="col" className="px-4 py-3">
                  Confirmed
                </th>
                <th scope="col" className="px-4 py-3">
                  Unsubscribed
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {subscribers.map((s) => (
                <tr key={s.id}>
                  <td className="px-4 py-3">{s.email}</td>
                  <td className="px-4 py-3">{s.status}</td>
                  <td className="px-4 py-3">{s.source}</td>
                  <td className="px-4 py-3">{when(s.createdAt)}</td>
                  <td className="px-4 py-3">{when(s.confirmedAt)}</td>
                  <td className="px-4 py-3">{when(s.unsubscribedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
