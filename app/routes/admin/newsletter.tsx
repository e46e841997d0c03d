import { AdminPage } from "#app/components/admin/admin-page";
import { DataTable, Td } from "#app/components/admin/data-table";
import { Pager } from "#app/components/admin/pager";
import { formatDate } from "#app/domain/dates";
import { requireAdmin } from "#app/models/back-office/access.server";
import { listSubscribers } from "#app/models/back-office/community.server";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = () => [{ title: "Newsletter | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const page = Math.max(1, Math.floor(Number(new URL(request.url).searchParams.get("page"))) || 1);
  return listSubscribers(context.services.database.reader, { page });
}

const when = (iso: string | null) => (iso ? formatDate(iso) : "—");

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const { subscribers, confirmed, total, page, pages } = loaderData;
  return (
    <AdminPage
      headingId="newsletter-heading"
      title="Newsletter"
      intro={
        <>
          {confirmed} confirmed of {total} addresses
        </>
      }
      actions={
        // A plain link (not client navigation): the browser downloads the file.
        <a href="/api/admin/newsletter.csv" className="btn-primary" download>
          Export confirmed (CSV)
        </a>
      }
    >
      <DataTable
        columns={[
          { label: "Email" },
          { label: "Status" },
          { label: "Source" },
          { label: "Signed up" },
          { label: "Confirmed" },
          { label: "Unsubscribed" },
        ]}
        isEmpty={subscribers.length === 0}
        emptyMessage="No signups yet."
      >
        {subscribers.map((s) => (
          <tr key={s.id}>
            <Td>{s.email}</Td>
            <Td>{s.status}</Td>
            <Td>{s.source}</Td>
            <Td>{when(s.createdAt)}</Td>
            <Td>{when(s.confirmedAt)}</Td>
            <Td>{when(s.unsubscribedAt)}</Td>
          </tr>
        ))}
      </DataTable>
      {pages > 1 ? (
        <Pager
          page={page}
          pages={pages}
          previous={page > 1 ? `?page=${page - 1}` : null}
          next={page < pages ? `?page=${page + 1}` : null}
          labels={["Newer", "Older"]}
        />
      ) : null}
    </AdminPage>
  );
}
