import { Loader2, MessageCircle, Send, Trash2 } from "lucide";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Icon } from "~/components/ui/icon";
import { isFailure, postJson } from "./checkout/checkout-client";

interface Message {
  role: "you" | "reef-wisdom";
  text: string;
  sources?: Array<{ title: string; url: string }>;
  grounded?: boolean;
}

const STORAGE_KEY = "lazyReefer.wisdomChat";
const STARTERS = [
  "How do I keep my alk stable?",
  "My chaeto is turning white, what do I do?",
  "How many snails should I get for a 40 gallon?",
  "Is it cyano or dinos on my sand?",
];

/** A chat over the guides: the conversation stays in this browser; every answer links its sources. */
export function ReefWisdomChat() {
  const [messages, setMessages] = useState<Message[]>([]);
  const [question, setQuestion] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const logRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    try {
      const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? "[]");
      if (Array.isArray(stored)) setMessages(stored.slice(-40));
    } catch {
      // A corrupt history is simply dropped.
    }
  }, []);
  useEffect(() => {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(messages.slice(-40)));
    logRef.current?.lastElementChild?.scrollIntoView({ block: "nearest" });
  }, [messages]);

  async function ask(text: string) {
    const q = text.trim();
    if (!q || busy) return;
    setBusy(true);
    setError(null);
    setMessages((m) => [...m, { role: "you", text: q }]);
    setQuestion("");
    try {
      const { data } = await postJson<{ answer: string; sources: Message["sources"]; grounded: boolean }>(
        "/api/wisdom/ask",
        { question: q },
      );
      if (isFailure(data)) setError(data.error.message);
      else
        setMessages((m) => [
          ...m,
          { role: "reef-wisdom", text: data.answer, sources: data.sources, grounded: data.grounded },
        ]);
    } catch {
      setError("We couldn't reach the shop. Check your connection and try again.");
    } finally {
      setBusy(false);
    }
  }

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
        Answers come straight from our guides, with links to the exact section. If the guides don't cover it, it says
        so.
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
            <p className="text-[0.95rem] leading-relaxed whitespace-pre-line">{m.text}</p>
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
              <Link to="/contact" className="mt-2 inline-block text-sm font-semibold text-reef-dark underline">
                Ask a reefer on the contact page
              </Link>
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
      <form onSubmit={onSubmit} className="mt-4 flex gap-2">
        <label htmlFor="wisdom-question" className="sr-only">
          Your question
        </label>
        <input
          id="wisdom-question"
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
          disabled={busy || question.trim().length < 3}
          aria-label="Ask"
        >
          <Icon icon={Send} aria-hidden="true" className="h-4 w-4" />
          <span className="hidden sm:inline">Ask</span>
        </button>
      </form>
    </section>
  );
}
