import { Link } from "react-router";
import { AdminPage } from "#app/components/admin/admin-page";
import { DataTable, Td } from "#app/components/admin/data-table";
import { formatDateTime } from "#app/domain/dates";
import { requireAdmin } from "#app/models/back-office/access.server";
import { listBundles, listProducts } from "#app/models/catalogue/catalogue.server";
import { waitlistOverview } from "#app/models/catalogue/waitlist.server";
import type { Route } from "./+types/waitlist";

export const meta: Route.MetaFunction = () => [{ title: "Waitlists | Back office" }];

/** Who waits for what (to size the next harvest), and who was told when (decision 042). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const { reader } = context.services.database;
  const products = await listProducts(reader);
  const [overview, bundles] = await Promise.all([waitlistOverview(reader), listBundles(reader, products)]);
  const titles = new Map<string, string>([
    ...products.map((p) => [`product:${p.id}`, p.title] as const),
    ...bundles.map((b) => [`bundle:${b.id}`, b.name] as const),
  ]);
  const title = (kind: string, id: string) => titles.get(`${kind}:${id}`) ?? id;
  return {
    items: overview.items.map((i) => ({ ...i, title: title(i.kind, i.id) })),
    notices: overview.notices.map((n) => ({ ...n, title: title(n.kind, n.id) })),
  };
}

export default function AdminWaitlist({ loaderData }: Route.ComponentProps) {
  const { items, notices } = loaderData;
  const waiting = items.reduce((sum, i) => sum + i.waiting, 0);
  return (
    <AdminPage
      headingId="waitlist-heading"
      title="Waitlists"
      intro={
        <>
          {waiting} {waiting === 1 ? "person waits" : "people wait"} for a restock. When an item&apos;s stock rises, the
          oldest are emailed, no more of them than units.
        </>
      }
    >
      <h2 className="mt-2 text-lg font-semibold">Waiting per item</h2>
      <DataTable
        columns={[{ label: "Item" }, { label: "Waiting" }, { label: "Told so far" }]}
        isEmpty={items.length === 0}
        emptyMessage="Nobody is waiting for anything."
      >
        {items.map((i) => (
          <tr key={`${i.kind}:${i.id}`} data-testid={`waitlist-${i.id}`}>
            <Td>
              <Link to={`/product/${i.id}`} className="font-semibold hover:underline">
                {i.title}
              </Link>
              {i.kind === "bundle" ? <span className="ml-2 text-xs text-ink-soft">kit</span> : null}
            </Td>
            <Td>{i.waiting}</Td>
            <Td>{i.notified}</Td>
          </tr>
        ))}
      </DataTable>
      <h2 className="mt-8 text-lg font-semibold">Told, newest first</h2>
      <DataTable
        columns={[{ label: "Email" }, { label: "Item" }, { label: "Emailed" }, { label: "Units then" }]}
        isEmpty={notices.length === 0}
        emptyMessage="Nobody has been told yet."
      >
        {notices.map((n) => (
          <tr key={`${n.email}:${n.kind}:${n.id}:${n.notifiedAt}`}>
            <Td>{n.email}</Td>
            <Td>{n.title}</Td>
            <Td>{formatDateTime(n.notifiedAt)}</Td>
            <Td>{n.units}</Td>
          </tr>
        ))}
      </DataTable>
    </AdminPage>
  );
}
