import { Search } from "lucide";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { Icon } from "~/components/ui/icon";

// Loaded on the box's first focus or keystroke, never with the page (decision 019).
const Suggestions = lazy(() => import("./search-suggestions"));

/**
 * The shop's search box: a plain GET form to /search, so it works before and without JavaScript.
 * Once the shopper focuses it, instant suggestions load and attach to the input (a combobox).
 */
export function SearchBox({
  id,
  defaultValue = "",
  className = "",
}: {
  id: string;
  defaultValue?: string;
  className?: string;
}) {
  const [awake, setAwake] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const wake = () => setAwake(true);
  // Focused (or typed into) before the page was ready: the focus event has already passed.
  useEffect(() => {
    if (input.current && document.activeElement === input.current) wake();
  }, []);
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className={`relative flex items-center ${className}`}
      // In the header's pop-over or menu: close it, the results page takes over.
      onSubmit={(event) => event.currentTarget.closest("details")?.removeAttribute("open")}
    >
      <label htmlFor={id} className="sr-only">
        Search products and guides
      </label>
      <input
        ref={input}
        id={id}
        key={defaultValue}
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder="Search chaeto, phosphate…"
        autoComplete="off"
        maxLength={100}
        onFocus={wake}
        onInput={wake}
        className="field-input min-h-10 rounded-full py-1.5 pr-11 pl-4 text-sm"
      />
      <button
        type="submit"
        className="absolute right-1 inline-flex h-8 w-8 items-center justify-center rounded-full text-ink-soft hover:bg-sand-deep hover:text-ink"
      >
        <Icon icon={Search} className="h-4 w-4" />
        <span className="sr-only">Search</span>
      </button>
      {awake ? (
        <Suspense fallback={null}>
          <Suggestions inputId={id} />
        </Suspense>
      ) : null}
    </Form>
  );
}
