import { Form, useNavigation } from "react-router";
import { ActionResult, AdminPage } from "~/components/admin/admin-page";
import { DataTable, Td } from "~/components/admin/data-table";
import { formIntent, parseForm } from "~/domain/forms";
import { formatCents } from "~/domain/money";
import { CustomerFormSchema } from "~/forms/admin-customers";
import { requireAdmin } from "~/models/admin-access.server";
import { listCustomers } from "~/models/admin-customers.server";
import { formError, formSuccess, invalidForm } from "~/utils/form-response";
import type { Route } from "./+types/customers";

export const meta: Route.MetaFunction = () => [{ title: "Customers | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(context.services, request);
  return { customers: await listCustomers(context.services.database.db), me: admin.email };
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
  return (
    <AdminPage headingId="customers-heading" title="Customers">
      <ActionResult result={actionData} />
      <DataTable
        columns={[
          { label: "Customer" },
          { label: "Orders", align: "right" },
          { label: "Spent", align: "right" },
          { label: "Role" },
          { label: "Actions" },
        ]}
        isEmpty={loaderData.customers.length === 0}
        emptyMessage="No customer accounts yet."
      >
        {loaderData.customers.map((c) => (
          <tr key={c.id}>
            <Td>
              <span className="font-semibold">{c.name}</span>
              <span className="block text-xs text-ink-soft">
                {c.email} {c.emailVerified ? "· verified" : "· unverified"} {c.banned ? "· banned" : ""}
              </span>
            </Td>
            <Td align="right">{c.orders}</Td>
            <Td align="right">{formatCents(c.totalCents)}</Td>
            <Td>{c.role ?? "user"}</Td>
            <Td>
              {c.email === loaderData.me ? (
                <span className="text-ink-soft">You</span>
              ) : (
                <Form method="post" className="flex flex-wrap gap-2">
                  <input type="hidden" name="userId" value={c.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={c.role === "admin" ? "revoke-admin" : "grant-admin"}
                    className="btn-secondary min-h-9 px-3"
                    disabled={busy}
                  >
                    {c.role === "admin" ? "Revoke admin" : "Make admin"}
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={c.banned ? "unban" : "ban"}
                    className="btn-secondary min-h-9 px-3"
                    disabled={busy}
                  >
                    {c.banned ? "Unban" : "Ban"}
                  </button>
                </Form>
              )}
            </Td>
          </tr>
        ))}
      </DataTable>
    </AdminPage>
  );
}
