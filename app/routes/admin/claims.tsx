import { Link } from "react-router";
import { ActionResult, AdminPage } from "#app/components/admin/admin-page";
import { CLAIM_REMEDIES, ClaimDecisionSchema, REMEDY_LABELS } from "#app/domain/claims";
import { formatDate } from "#app/domain/dates";
import { formatCents } from "#app/domain/money";
import { requireAdmin } from "#app/models/back-office/access.server";
import { decideClaim, listClaims } from "#app/models/orders/claims.server";
import { formError, formSuccess } from "#app/utils/form-response";
import type { Route } from "./+types/claims";

export const meta: Route.MetaFunction = () => [{ title: "Claims | Back office" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  return { claims: await listClaims(context.services.database.db) };
}

/** Approve with a remedy, or decline with a reason: each once, whatever the clicks (decision 034). */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context.services, request);
  const form = await request.formData();
  const field = form.get("claimId");
  const claimId = typeof field === "string" ? field : "";
  const decision = ClaimDecisionSchema.safeParse({
    action: form.get("intent"),
    ...(form.get("intent") === "approve" ? { remedy: form.get("remedy") } : { reason: form.get("reason") ?? "" }),
  });
  if (!decision.success)
    return formError(decision.error.issues[0]?.message ?? "Choose a remedy, or say why the claim is declined.", {
      intent: claimId,
    });
  const outcome = await decideClaim(context.services, claimId, decision.data, admin.email);
  if (outcome.kind === "not-found") return formError("No such claim.", { status: 404, intent: claimId });
  if (outcome.kind === "refused")
    return formError(outcome.message, { status: outcome.refusal === "invalid" ? 400 : 409, intent: claimId });
  const { claim } = outcome;
  return formSuccess(
    claim.status === "declined"
      ? `Claim on order ${claim.orderNumber} declined; the buyer is told why.`
      : `Claim on order ${claim.orderNumber} approved: ${REMEDY_LABELS[claim.remedy!].toLowerCase()}.`,
    { intent: claimId },
  );
}

const STATUS_STYLE = {
  open: "bg-gold-light",
  approved: "bg-chaeto-light",
  declined: "bg-sand-deep",
} as const;

export default function AdminClaims({ loaderData, actionData }: Route.ComponentProps) {
  const { claims } = loaderData;
  const open = claims.filter((c) => c.status === "open").length;
  return (
    <AdminPage
      headingId="claims-heading"
      title="Claims"
      intro={claims.length > 0 ? `${open === 0 ? "No" : open} open · ${claims.length} in all` : undefined}
    >
      <ActionResult result={actionData} />
      {claims.length === 0 ? (
        <p className="card mt-4 p-8 text-center text-ink-soft">No arrive-alive claims yet.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {claims.map((claim) => (
            <li key={claim.id} id={`claim-${claim.id}`} className="card p-5" data-testid="claim">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-semibold">
                  <Link to={`/admin/orders/${claim.orderId}`} className="underline">
                    Order {claim.orderNumber}
                  </Link>{" "}
                  · {claim.email}
                </h2>
                <span className={`rounded px-2 py-0.5 text-sm font-semibold ${STATUS_STYLE[claim.status]}`}>
                  {claim.status}
                </span>
              </div>
              <ul className="mt-2">
                {claim.lines.map((l) => (
                  <li key={l.position}>
                    {l.quantity} × {l.title}
                  </li>
                ))}
              </ul>
              <p className="mt-1 text-sm text-ink-soft">
                Worth {formatCents(claim.amountCents)} · asks for {REMEDY_LABELS[claim.remedyWanted].toLowerCase()}
              </p>
              {claim.note ? <p className="mt-2 italic">“{claim.note}”</p> : null}
              <div className="mt-3 flex flex-wrap gap-2">
                {claim.photos.map((p) => (
                  <a key={p.position} href={p.url} target="_blank" rel="noreferrer">
                    <img
                      src={p.url}
                      alt={`What arrived, ${p.position + 1} of ${claim.photos.length}, order ${claim.orderNumber}`}
                      className="h-28 w-28 rounded object-cover"
                      loading="lazy"
                    />
                  </a>
                ))}
              </div>
              <ol className="mt-3 text-sm text-ink-soft" aria-label="History">
                <li>Filed {formatDate(claim.createdAt)}</li>
                {claim.decidedAt ? (
                  <li>
                    {claim.status === "approved" ? "Approved" : "Declined"} {formatDate(claim.decidedAt)} by{" "}
                    {claim.decidedBy}
                    {claim.remedy ? `: ${REMEDY_LABELS[claim.remedy].toLowerCase()}` : ""}
                    {claim.declineReason ? `: ${claim.declineReason}` : ""}
                    {claim.replacementOrderId ? (
                      <>
                        {" "}
                        (
                        <Link to={`/admin/orders/${claim.replacementOrderId}`} className="underline">
                          replacement order
                        </Link>
                        )
                      </>
                    ) : null}
                    {claim.creditCents ? ` (${formatCents(claim.creditCents)} credit)` : ""}
                  </li>
                ) : null}
              </ol>
              {actionData?.intent === claim.id ? <ActionResult result={actionData} /> : null}
              {claim.status === "open" ? (
                <div className="mt-4 grid gap-4 md:grid-cols-2">
                  <form method="post" className="space-y-2">
                    <input type="hidden" name="claimId" value={claim.id} />
                    <input type="hidden" name="intent" value="approve" />
                    <label className="field-label" htmlFor={`remedy-${claim.id}`}>
                      Remedy
                    </label>
                    <select
                      id={`remedy-${claim.id}`}
                      name="remedy"
                      defaultValue={claim.remedyWanted}
                      className="field-input"
                    >
                      {CLAIM_REMEDIES.map((r) => (
                        <option key={r} value={r}>
                          {REMEDY_LABELS[r]}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className="btn-primary">
                      Approve
                    </button>
                  </form>
                  <form method="post" className="space-y-2">
                    <input type="hidden" name="claimId" value={claim.id} />
                    <input type="hidden" name="intent" value="decline" />
                    <label className="field-label" htmlFor={`reason-${claim.id}`}>
                      Reason to decline
                    </label>
                    <input id={`reason-${claim.id}`} name="reason" required maxLength={1000} className="field-input" />
                    <button type="submit" className="btn-secondary">
                      Decline
                    </button>
                  </form>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
