import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { ActionResult, AdminPage, AdminRouteError } from "#app/components/admin/admin-page";
import { MailStatusBadge } from "#app/components/admin/status-badge";
import { formatDateTime } from "#app/domain/dates";
import { kindLabel } from "#app/domain/outbox";
import { requireAdmin } from "#app/models/back-office/access.server";
import { outboxMessage } from "#app/models/back-office/outbox.server";
import { retryMailAction } from "#app/routes/edge/retry-mail.server";
import type { Route } from "./+types/outbox-mail";

export const meta: Route.MetaFunction = ({ data: d }) => [{ title: `${d?.mail.subject ?? "Mail"} | Outbox` }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(context.services, request);
  const id = /^\d{1,15}$/.test(params.mailId) ? Number(params.mailId) : 0;
  const mail = id > 0 ? await outboxMessage(context.services, id) : null;
  if (!mail) throw data("No such mail in the outbox.", { status: 404 });
  const url = new URL(request.url);
  const back = new URLSearchParams(url.searchParams);
  back.delete("view");
  return { mail, view: url.searchParams.get("view") === "text" ? "text" : "html", back: back.toString() };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(context.services, request);
  return retryMailAction(context.services, request);
}

export default function OutboxMail({ loaderData, actionData }: Route.ComponentProps) {
  const { mail, view, back } = loaderData;
  const busy = useNavigation().state === "submitting";
  const tab = (v: "html" | "text") =>
    `?${new URLSearchParams([...new URLSearchParams(back), ...(v === "text" ? [["view", "text"]] : [])]).toString()}`;
  return (
    <AdminPage
      headingId="mail-heading"
      title={mail.subject}
      intro={
        <Link to={`/admin/outbox${back ? `?${back}` : ""}`} className="text-reef-dark underline">
          Back to the outbox
        </Link>
      }
    >
      <dl
        className="card mt-4 grid gap-x-6 gap-y-2 p-5 text-sm sm:grid-cols-[max-content_1fr]"
        data-testid="mail-headers"
      >
        <dt className="font-semibold">To</dt>
        <dd className="break-all">{mail.to}</dd>
        <dt className="font-semibold">Subject</dt>
        <dd>{mail.subject}</dd>
        <dt className="font-semibold">Kind</dt>
        <dd>{kindLabel(mail.kind)}</dd>
        <dt className="font-semibold">Status</dt>
        <dd>
          <MailStatusBadge status={mail.status} />
        </dd>
        <dt className="font-semibold">Attempts</dt>
        <dd>{mail.attempts}</dd>
        <dt className="font-semibold">Queued</dt>
        <dd>{formatDateTime(mail.createdAt)}</dd>
        {mail.sentAt ? (
          <>
            <dt className="font-semibold">Sent</dt>
            <dd>{formatDateTime(mail.sentAt)}</dd>
          </>
        ) : mail.status === "pending" && mail.nextAttemptAt ? (
          <>
            <dt className="font-semibold">Next attempt</dt>
            <dd>{formatDateTime(mail.nextAttemptAt)}</dd>
          </>
        ) : null}
        <dt className="font-semibold">Last error</dt>
        <dd className={mail.lastError ? "break-words text-coral-text" : "text-ink-soft"}>{mail.lastError ?? "None"}</dd>
        {mail.order ? (
          <>
            <dt className="font-semibold">Order</dt>
            <dd>
              <Link to={`/admin/orders/${mail.order.id}`} className="text-reef-dark underline">
                {mail.order.number}
              </Link>
            </dd>
          </>
        ) : null}
      </dl>
      {mail.status === "failed" || actionData ? (
        <div className="mt-4">
          {mail.status === "failed" ? (
            <Form method="post">
              <input type="hidden" name="id" value={mail.id} />
              <button type="submit" className="btn-primary" disabled={busy}>
                {busy ? "Queueing…" : "Retry"}
              </button>
            </Form>
          ) : null}
          <ActionResult result={actionData} className="mt-3" />
        </div>
      ) : null}
      {mail.source === "preview" ? (
        <p className="mt-4 rounded-xl bg-gold-light p-3 text-sm">
          Not sent yet: this is the email as the worker will render and send it.
        </p>
      ) : null}
      <nav aria-label="Email views" className="mt-4 flex gap-2 text-sm">
        {(
          [
            ["html", "Email"],
            ["text", "Text"],
          ] as const
        ).map(([v, label]) => (
          <Link
            key={v}
            to={tab(v)}
            replace
            preventScrollReset
            aria-current={view === v ? "page" : undefined}
            className={`rounded-full px-4 py-2 font-semibold ${view === v ? "bg-ink text-white" : "bg-paper hover:bg-sand-deep"}`}
          >
            {label}
          </Link>
        ))}
      </nav>
      {view === "text" ? (
        <pre className="card mt-3 p-4 text-sm break-words whitespace-pre-wrap" data-testid="mail-text">
          {mail.text || "(This mail has no plain-text part.)"}
        </pre>
      ) : mail.html ? (
        <MailFrame title={`Email: ${mail.subject}`} html={mail.html} />
      ) : (
        <p className="card mt-3 p-6 text-ink-soft">This mail has no HTML part and could not be rendered.</p>
      )}
    </AdminPage>
  );
}

/**
 * The mail as its reader sees it, as tall as its content so the footer is never cut off.
 * sandbox="allow-same-origin" without "allow-scripts": the mail's own code never runs (nor its
 * forms), and the page may read the rendered document's height to size the frame. Until then
 * (and without JavaScript) the frame is three quarters of the screen and scrolls.
 */
function MailFrame({ title, html }: { title: string; html: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const iframe = frame.current;
    if (!iframe) return;
    let observer: ResizeObserver | undefined;
    const fit = () => {
      const doc = iframe.contentDocument;
      if (!doc?.documentElement) return;
      iframe.style.height = `${doc.documentElement.scrollHeight + 2}px`;
      if (!observer && doc.body) {
        observer = new ResizeObserver(() => {
          iframe.style.height = `${doc.documentElement.scrollHeight + 2}px`;
        });
        observer.observe(doc.body);
      }
    };
    iframe.addEventListener("load", fit);
    // The frame may have loaded before this page's code ran.
    if (iframe.contentDocument?.readyState === "complete") fit();
    return () => {
      iframe.removeEventListener("load", fit);
      observer?.disconnect();
    };
  }, [html]);
  return (
    <iframe
      ref={frame}
      title={title}
      sandbox="allow-same-origin"
      srcDoc={html}
      className="mt-3 h-[75vh] w-full rounded-xl border border-line bg-white"
      data-testid="mail-frame"
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} list={{ to: "/admin/outbox", label: "The outbox" }} />;
}
