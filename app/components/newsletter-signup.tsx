import { useId, useState, type FormEvent } from "react";
import { isFailure, postJson } from "#app/components/checkout/checkout-client";

/** Newsletter signup (double opt-in). The answer never says whether an address was known. */
export function NewsletterSignup({
  source,
  tone = "dark",
}: {
  source: "footer" | "coming-soon";
  tone?: "dark" | "light";
}) {
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: string | null }>({
    busy: false,
    message: null,
    error: null,
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setState({ busy: true, message: null, error: null });
    try {
      const { data } = await postJson<{ message: string }>("/api/newsletter", {
        email: form.get("email") ?? "",
        website: form.get("website") ?? "",
        source,
      });
      if (isFailure(data)) setState({ busy: false, message: null, error: data.error.message });
      else setState({ busy: false, message: data.message, error: null });
    } catch {
      setState({ busy: false, message: null, error: "We couldn't reach the shop. Try again." });
    }
  }

  const dark = tone === "dark";
  if (state.message) {
    return (
      <p
        role="status"
        className={`rounded-xl p-3 text-sm font-medium ${dark ? "bg-white/10 text-white" : "bg-chaeto-light text-chaeto"}`}
        data-testid="newsletter-done"
      >
        {state.message}
      </p>
    );
  }
  return (
    // A real form: before the page's JavaScript runs (or without it) it posts to /newsletter, which
    // answers with a page; once the page is ready it is sent from here (decision 018).
    <form method="post" action="/newsletter" onSubmit={onSubmit} className="space-y-2">
      <input type="hidden" name="source" value={source} />
      <label htmlFor={`${id}-email`} className={`block text-sm font-semibold ${dark ? "text-white" : "text-ink"}`}>
        Email address
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          className="field-input min-w-0 flex-1"
        />
        <button
          type="submit"
          className={dark ? "btn shrink-0 bg-white text-ink hover:bg-sand" : "btn-primary shrink-0"}
          disabled={state.busy}
        >
          {state.busy ? "Sending…" : source === "coming-soon" ? "Notify me" : "Subscribe"}
        </button>
      </div>
      {/* Honeypot: hidden from people and from assistive technology. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {state.error ? (
        <p role="alert" className={`text-sm font-medium ${dark ? "text-[#ffb59c]" : "text-coral-text"}`}>
          {state.error}
        </p>
      ) : null}
    </form>
  );
}
