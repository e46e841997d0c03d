import { Form, Link, useNavigation } from "react-router";
import { TextAreaField } from "#app/components/ui/field";
import { formatDateTime } from "#app/domain/dates";
import { messageIntent, REPLY_LIMITS } from "#app/forms/admin-messages";
import { ActionResult } from "./admin-page";
import { customerHref } from "./customer-actions";
import type { FormResult } from "#app/domain/forms";
import type { MessageThread } from "#app/models/back-office/messages.server";

/**
 * A customer's message with the shop's replies under it and a reply box. Its forms post to the page
 * showing it (the messages screen or a customer's page, both answer with `answerMessageForm` in routes/edge), and
 * the answer shows on the card it names (`result`). Plain forms, not fetchers: a fetcher would put
 * React Router's fetcher code into the chunk every storefront page loads.
 */
export function MessageThreadCard({
  thread,
  result,
  headingLevel = 2,
  mailSent = true,
}: {
  thread: MessageThread;
  /** The page's action answer when it concerns this message. */
  result?: FormResult | null;
  headingLevel?: 2 | 3;
  /** Whether the shop sends mail: without a mail server a reply is only stored, and says so. */
  mailSent?: boolean;
}) {
  const navigation = useNavigation();
  const posting = (action: "reply" | "handled") =>
    navigation.state !== "idle" && navigation.formData?.get("intent") === messageIntent(action, thread.id);
  const replyError = result?.fieldErrors?.reply;
  const nextSeq = thread.replies.length + 1;
  const sending = posting("reply");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <li className="card p-5" data-testid="message-thread">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading className="text-lg font-semibold">{thread.subject}</Heading>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${thread.status === "handled" ? "bg-chaeto-light text-chaeto" : "bg-gold-light text-[#7a5300]"}`}
        >
          {thread.status === "handled" ? "Handled" : "New"}
        </span>
      </div>
      <p className="text-sm text-ink-soft">
        <Link to={customerHref(thread.email)} className="font-semibold text-reef-dark underline">
          {thread.name}
        </Link>{" "}
        &lt;{thread.email}&gt; · {formatDateTime(thread.createdAt)} UTC
      </p>
      <p className="mt-3 whitespace-pre-wrap">{thread.message}</p>
      {thread.replies.length > 0 ? (
        <ol className="mt-4 space-y-3 border-l-2 border-reef/40 pl-4" aria-label="Replies">
          {thread.replies.map((r) => (
            <li key={r.seq} data-testid="message-reply">
              <p className="text-xs font-semibold text-ink-soft">
                Reply from {r.senderName} · {formatDateTime(r.createdAt)} UTC
              </p>
              <p className="mt-1 whitespace-pre-wrap">{r.body}</p>
            </li>
          ))}
        </ol>
      ) : null}
      {result ? <ActionResult result={result} className="mt-3" /> : null}
      <details className="mt-3" open={replyError ? true : undefined}>
        <summary className="cursor-pointer text-sm font-semibold text-reef-dark">
          {thread.replies.length > 0 ? "Reply again" : "Reply"}
          {mailSent ? " by email" : " (not emailed: this shop has no mail server set up)"}
        </summary>
        {/* Keyed by the reply number: once a reply is recorded the box starts empty for the next. */}
        <Form key={nextSeq} method="post" preventScrollReset className="mt-2 space-y-2">
          <input type="hidden" name="seq" value={nextSeq} />
          <TextAreaField
            id={`reply-${thread.id}`}
            label="Your reply"
            name="reply"
            rows={4}
            required
            minLength={REPLY_LIMITS.min}
            maxLength={REPLY_LIMITS.max}
            error={replyError}
          />
          <button
            type="submit"
            name="intent"
            value={messageIntent("reply", thread.id)}
            className="btn-primary"
            disabled={sending}
          >
            {sending ? (mailSent ? "Sending…" : "Saving…") : mailSent ? "Send reply" : "Save reply"}
          </button>
        </Form>
      </details>
      {thread.status !== "handled" ? (
        <Form method="post" preventScrollReset className="mt-2">
          <button
            type="submit"
            name="intent"
            value={messageIntent("handled", thread.id)}
            className="btn-secondary min-h-9"
            disabled={posting("handled")}
          >
            Mark handled
          </button>
        </Form>
      ) : null}
    </li>
  );
}
