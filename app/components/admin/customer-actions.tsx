import { Form } from "react-router";

/** A customer's page is addressed by their email in the query (never the path, which is logged). */
export const customerHref = (email: string) => `/admin/customers/view?email=${encodeURIComponent(email)}`;

/** Role and ban buttons for an account (the customer's page has the same). */
export function CustomerActions({
  account,
  busy,
  action,
}: {
  account: { id: string; role: string | null; banned: boolean };
  busy: boolean;
  action?: string;
}) {
  return (
    <Form method="post" action={action} className="flex flex-wrap gap-2">
      <input type="hidden" name="userId" value={account.id} />
      <button
        type="submit"
        name="intent"
        value={account.role === "admin" ? "revoke-admin" : "grant-admin"}
        className="btn-secondary min-h-9 px-3"
        disabled={busy}
      >
        {account.role === "admin" ? "Revoke admin" : "Make admin"}
      </button>
      <button
        type="submit"
        name="intent"
        value={account.banned ? "unban" : "ban"}
        className="btn-secondary min-h-9 px-3"
        disabled={busy}
      >
        {account.banned ? "Unban" : "Ban"}
      </button>
    </Form>
  );
}
