import { Form, Link, useNavigation } from "react-router";
import { ActionResult, AdminPage } from "#app/components/admin/admin-page";
import { CustomerActions, customerHref } from "#app/components/admin/customer-actions";
import { DataTable, Td } from "#app/components/admin/data-table";
import { Pager } from "#app/components/admin/pager";
import { formatDate } from "#app/domain/dates";
import { formIntent, parseForm } from "#app/domain/forms";
import { formatCents } from "#app/domain/money";
import { CustomerFormSchema } from "#app/forms/admin-customers";
import { requireAdmin } from "#app/models/back-office/access.server";
import { CUSTOMER_CURSOR, listCustomers } from "#app/models/back-office/customers.server";
import { formError, formSuccess, invalidForm } from "#app/utils/form-response";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = () => [{ title: "Customers | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context.services, request);
  const params = new URL(request.url).searchParams;
  const q = (params.get("q") ?? "").replace(/\0/g, "").slice(0, 200);
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  // A cursor that is not one (edited by hand) is ignored: the page is read by its number.
  const cursor = (name: string) => {
    const value = params.get(name) ?? undefined;
    return value && CUSTOMER_CURSOR.test(value) ? value : undefined;
  };
  const list = await listCustomers(context.services.database.reader, {
    q,
    page,
    after: cursor("after"),
    before: cursor("after") ? undefined : cursor("before"),
  });
  return { ...list, q, me: admin.email };
}

/** Role and ban changes go through Better Auth's admin API with the acting admin's own session. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services, request);
  const form = await request.formData();
  const intent = formIntent(form);
  const parsed = parseForm(CustomerFormSchema, form, intent);
  if (!parsed.success) return invalidForm(parsed.result);
  const input = parsed.data;
  if (input.userId === admin.id)
    return formError("You can't change your own role or ban yourself here.", { intent, status: 400 });
  const api = context.services.auth.api;
  const headers = request.headers;
  const { userId } = input;
  try {
    if (input.intent === "grant-admin") await api.setRole({ body: { userId, role: "admin" }, headers });
    else if (input.intent === "revoke-admin") await api.setRole({ body: { userId, role: "user" }, headers });
    else if (input.intent === "ban") await api.banUser({ body: { userId, banReason: input.reason }, headers });
    else await api.unbanUser({ body: { userId }, headers });
  } catch (err) {
    return formError((err as Error).message || "That didn't work.", { intent, status: 400 });
  }
  return formSuccess("Saved.", { intent });
}

export default function AdminCustomers({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { customers, total, moreMatch, q, page, pages, next, prev } = loaderData;
  // Pages follow the row they start from (keyset), so the last page is as quick as the first.
  const pageLink = (n: number, cursor?: { after: string } | { before: string }) =>
    `?${new URLSearchParams({ ...(q ? { q } : {}), page: String(n), ...cursor }).toString()}`;
  return (
    <AdminPage
      headingId="customers-heading"
      title="Customers"
      intro={
        moreMatch
          ? `More than ${total.toLocaleString("en-US")} customers start with “${q}”: these are the first ones of each name and address. Type more of it to narrow them.`
          : `Everyone who bought or has an account: ${total.toLocaleString("en-US")} ${total === 1 ? "customer" : "customers"}${q ? " found" : ""}.`
      }
    >
      <Form method="get" role="search" className="mt-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="customer-q" className="field-label">
            Name or email
          </label>
          <input
            id="customer-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={200}
            aria-describedby="customer-q-hint"
            className="field-input"
          />
          {/* Each is one range of an index: a search costs the same however many orders the shop has. */}
          <span id="customer-q-hint" className="block text-xs text-ink-soft">
            Matches the start of an address or of a name (first name first).
          </span>
        </div>
        <button type="submit" className="btn-secondary">
          Search
        </button>
        {q ? (
          <Link to="?" className="self-center text-sm font-semibold text-reef-dark underline">
            Show everyone
          </Link>
        ) : null}
      </Form>
      <ActionResult result={actionData} />
      <DataTable
        columns={[
          { label: "Customer" },
          { label: "Type" },
          { label: "Orders bought", align: "right" },
          { label: "Spent", align: "right" },
          { label: "Last order" },
          { label: "Actions" },
        ]}
        isEmpty={customers.length === 0}
        emptyMessage={q ? `Nobody matches “${q}”.` : "No customers yet: buyers and accounts appear here."}
        testId="customers"
      >
        {customers.map((c) => (
          <tr key={c.email}>
            <Td>
              <Link to={customerHref(c.email)} className="font-semibold text-reef-dark underline">
                {c.name}
              </Link>
              <span className="block text-xs text-ink-soft">{c.email}</span>
            </Td>
            <Td>
              {c.account ? (
                <>
                  {c.account.role === "admin" ? "Admin" : "Account"}
                  <span className="block text-xs text-ink-soft">
                    {c.account.emailVerified ? "verified" : "unverified"}
                    {c.account.banned ? " · banned" : ""}
                  </span>
                </>
              ) : (
                "Guest"
              )}
            </Td>
            <Td align="right">{c.orders}</Td>
            <Td align="right">{formatCents(c.spentCents)}</Td>
            <Td>{c.lastOrderAt ? formatDate(c.lastOrderAt) : "—"}</Td>
            <Td>
              {!c.account ? (
                <span className="text-ink-soft">—</span>
              ) : c.email === loaderData.me.toLowerCase() ? (
                <span className="text-ink-soft">You</span>
              ) : (
                <CustomerActions account={c.account} busy={busy} />
              )}
            </Td>
          </tr>
        ))}
      </DataTable>
      {pages > 1 || page > 1 ? (
        <Pager
          page={page}
          pages={pages}
          previous={prev ? pageLink(page - 1, { before: prev }) : page > 1 ? pageLink(Math.min(page - 1, pages)) : null}
          next={next ? pageLink(page + 1, { after: next }) : !next && !prev && page < pages ? pageLink(page + 1) : null}
        />
      ) : null}
    </AdminPage>
  );
}
