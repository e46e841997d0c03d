import { Loader2, MessageCircle, Send, Trash2 } from "lucide";
import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { Link } from "react-router";
import { takeEarly, useAdoptEarlyInput } from "#app/components/cart/early-taps";
import { isFailure, postJson } from "#app/components/checkout/checkout-client";
import { Icon } from "#app/components/ui/icon";

interface WisdomLink {
  title: string;
  url: string;
}

interface Message {
  role: "you" | "reef-wisdom";
  text: string;
  sources?: WisdomLink[];
  grounded?: boolean;
  /** The quoted passages, each under its heading with a link to the section. */
  quotes?: Array<{ heading: string; text: string; url: string }>;
  /** Refusals: the guide closest to the question, when there is one. */
  suggestion?: WisdomLink;
  /** "Do you sell …": what a search of the shop found (names and links; prices stay on the pages). */
  shop?: { query: string; items: WisdomLink[]; searchUrl: string };
  /** "model": `text` is a language model's wording of the quotes, checked by the server against them. */
  phrasedBy?: "model";
  /** The reefer's own numbers beside the guides' targets. */
  yours?: string;
}

type AskResponse = Pick<Message, "sources" | "grounded" | "quotes" | "suggestion" | "shop" | "phrasedBy" | "yours"> & {
  answer: string;
};

const STORAGE_KEY = "lazyReefer.wisdomChat";
const STARTERS = [
  "How do I keep my alk stable?",
  "My chaeto is turning white, what do I do?",
  "How many snails should I get for a 40 gallon?",
  "Is it cyano or dinos on my sand?",
];

const readStoredHistory = () => window.localStorage.getItem(STORAGE_KEY);
const noSubscription = () => () => {};

function parseHistory(stored: string | null): Message[] {
  try {
    const parsed: unknown = JSON.parse(stored ?? "[]");
    return Array.isArray(parsed) ? (parsed.slice(-40) as Message[]) : [];
  } catch {
    // A corrupt history is simply dropped.
    return [];
  }
}

/** A chat over the guides: the conversation stays in this browser; every answer links its sources. */
export function ReefWisdomChat() {
  // The stored conversation is read after hydration (the server has none), and replaced by the
  // edited one as soon as this visit changes it.
  const storedHistory = useSyncExternalStore(noSubscription, readStoredHistory, () => null);
  const restored = useMemo(() => parseHistory(storedHistory), [storedHistory]);
  const [edited, setEdited] = useState<Message[] | null>(null);
  const messages = edited ?? restored;
  const setMessages = (update: Message[] | ((current: Message[]) => Message[])) =>
    setEdited((current) => (typeof update === "function" ? update(current ?? restored) : update));
  const [question, setQuestion] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Until hydration the Ask button stays enabled: Enter or a tap on a slow phone is held by the
  // early-tap script (`data-early-submit`) and the question asked once the page is ready.
  const [hydrated, setHydrated] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const logRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (edited === null) return;
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(edited.slice(-40)));
    logRef.current?.lastElementChild?.scrollIntoView({ block: "nearest" });
  }, [edited]);

  async function ask(text: string) {
    const q = text.trim();
    if (!q || busy) return;
    setBusy(true);
    setError(null);
    setMessages((m) => [...m, { role: "you", text: q }]);
    setQuestion("");
    try {
      const { data } = await postJson<AskResponse>("/api/wisdom/ask", { question: q });
      if (isFailure(data)) setError(data.error.message);
      else {
        // The answer's fields as the API gives them: a field it leaves out stays out.
        const { answer, ...rest } = data;
        setMessages((m) => [...m, { role: "reef-wisdom", text: answer, ...rest }]);
      }
    } catch {
      setError("We couldn't reach the shop. Check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }

  // A question left without its answer (the page was reloaded or left while it was asked, or the
  // shop was out of reach) is offered again rather than left hanging.
  const last = messages.at(-1);
  const unanswered = !busy && last?.role === "you" ? last.text : null;

  // A question typed before the page was ready is in the input, not in the state: take it over
  // (or the first render would empty the box), and ask it if it was already sent (decision 018).
  useAdoptEarlyInput(() => {
    const typed = input.current?.value ?? "";
    setHydrated(true);
    if (typed) setQuestion(typed);
    if (takeEarly("__lrSubmit") && typed.trim().length >= 3) void ask(typed);
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void ask(question);
  }

  return (
    <section aria-labelledby="chat-heading" className="card flex flex-col p-5 sm:p-6" data-testid="wisdom-chat">
      <div className="flex items-center justify-between gap-3">
        <h2 id="chat-heading" className="flex items-center gap-2 text-2xl font-semibold">
          <Icon icon={MessageCircle} aria-hidden="true" className="h-6 w-6 text-reef" /> Ask Reef Wisdom
        </h2>
        {messages.length > 0 ? (
          <button
            type="button"
            onClick={() => setMessages([])}
            className="inline-flex min-h-10 items-center gap-1 rounded-full px-3 text-sm text-ink-soft hover:bg-sand"
          >
            <Icon icon={Trash2} aria-hidden="true" className="h-4 w-4" /> Clear
          </button>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-ink-soft">
        Answers come straight from our guides, with links to the exact section. If the guides don&apos;t cover it, it
        says so.
      </p>

      <ol
        ref={logRef}
        aria-live="polite"
        aria-label="Conversation"
        className="mt-4 max-h-[28rem] min-h-24 space-y-3 overflow-y-auto"
      >
        {messages.length === 0 ? (
          <li className="text-sm text-ink-soft">
            Try one of these:
            <ul className="mt-2 flex flex-wrap gap-2">
              {STARTERS.map((s) => (
                <li key={s}>
                  <button
                    type="button"
                    onClick={() => ask(s)}
                    className="rounded-full border border-line bg-white px-3 py-1.5 text-left text-sm text-ink hover:border-reef"
                  >
                    {s}
                  </button>
                </li>
              ))}
            </ul>
          </li>
        ) : null}
        {messages.map((m, i) => (
          <li
            key={i}
            className={
              m.role === "you"
                ? "ml-8 rounded-2xl rounded-br-sm bg-reef px-4 py-2.5 text-white"
                : "mr-4 rounded-2xl rounded-bl-sm bg-sand px-4 py-3"
            }
            data-role={m.role}
          >
            <span className="sr-only">{m.role === "you" ? "You asked: " : "Reef Wisdom: "}</span>
            {m.shop && m.shop.items.length > 0 ? (
              <div className="text-[0.95rem] leading-relaxed">
                <p>Searching the shop for “{m.shop.query}” finds:</p>
                <ul className="mt-1 list-disc space-y-1 pl-5" aria-label="In the shop">
                  {m.shop.items.map((item) => (
                    <li key={item.url}>
                      <Link to={item.url} className="font-semibold text-reef-dark underline">
                        {item.title}
                      </Link>
                    </li>
                  ))}
                </ul>
                <p className="mt-1 text-sm text-ink-soft">Each page has today&apos;s price and stock.</p>
              </div>
            ) : m.quotes && m.quotes.length > 0 ? (
              <>
                {m.yours ? <p className="mb-2 font-semibold">{m.yours}</p> : null}
                {/* A model's wording cites the quotes below by their number. */}
                {m.phrasedBy ? <p className="mb-2 whitespace-pre-line">{m.text}</p> : null}
                {m.quotes.map((quote, i) => (
                  <figure key={quote.url + quote.text} className="text-[0.95rem] leading-relaxed not-first:mt-3">
                    <figcaption className="text-sm font-semibold text-ink-soft">
                      {m.phrasedBy ? `[${i + 1}] ` : ""}From{" "}
                      <Link to={quote.url} className="text-reef-dark underline">
                        {quote.heading}
                      </Link>
                    </figcaption>
                    <blockquote className="mt-1 border-l-2 border-reef pl-3">{quote.text}</blockquote>
                  </figure>
                ))}
              </>
            ) : (
              <p className="text-[0.95rem] leading-relaxed whitespace-pre-line">{m.text}</p>
            )}
            {m.sources && m.sources.length > 0 ? (
              <ul className="mt-2 space-y-1 border-t border-line pt-2 text-sm" aria-label="Sources">
                {m.sources.map((s) => (
                  <li key={s.url}>
                    <Link to={s.url} className="font-semibold text-reef-dark underline">
                      {s.title}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
            {m.role === "reef-wisdom" && m.grounded === false ? (
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
                <Link to="/contact" className="text-reef-dark underline">
                  Ask a reefer on the contact page
                </Link>
                {m.shop ? (
                  <Link to={m.shop.searchUrl} className="text-reef-dark underline">
                    Search the shop for “{m.shop.query}”
                  </Link>
                ) : null}
                {m.suggestion ? (
                  <Link to={m.suggestion.url} className="text-reef-dark underline">
                    Closest guide: {m.suggestion.title}
                  </Link>
                ) : null}
              </p>
            ) : null}
          </li>
        ))}
        {busy ? (
          <li className="mr-4 inline-flex items-center gap-2 rounded-2xl bg-sand px-4 py-2.5 text-sm text-ink-soft">
            <Icon icon={Loader2} aria-hidden="true" className="h-4 w-4 animate-spin" /> Looking through the guides…
          </li>
        ) : null}
      </ol>
      {error ? (
        <p role="alert" className="mt-3 text-sm font-medium text-coral-text">
          {error}
        </p>
      ) : null}
      {unanswered ? (
        <p className="mt-3 text-sm">
          No answer came.{" "}
          <button
            type="button"
            className="underline"
            onClick={() => {
              setMessages((m) => m.slice(0, -1));
              void ask(unanswered);
            }}
          >
            Ask again
          </button>
        </p>
      ) : null}
      <form onSubmit={onSubmit} className="mt-4 flex gap-2" data-early-submit>
        <label htmlFor="wisdom-question" className="sr-only">
          Your question
        </label>
        <input
          id="wisdom-question"
          ref={input}
          value={question}
          onChange={(e) => setQuestion(e.target.value)}
          maxLength={500}
          placeholder="e.g. how often should I test nitrate?"
          className="field-input"
          autoComplete="off"
        />
        <button
          type="submit"
          className="btn-primary shrink-0"
          disabled={hydrated && (busy || question.trim().length < 3)}
          aria-label="Ask"
        >
          <Icon icon={Send} aria-hidden="true" className="h-4 w-4" />
          <span className="hidden sm:inline">Ask</span>
        </button>
      </form>
    </section>
  );
}
