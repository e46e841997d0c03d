import { Search } from "lucide";
import { lazy, Suspense, useState } from "react";
import { Form } from "react-router";
import { Icon } from "#app/components/ui/icon";

// Loaded on the box's first focus or keystroke, never with the page (decision 019).
const Suggestions = lazy(() => import("./search-suggestions"));

/**
 * The shop's search box: a plain GET form to /search, so it works before and without JavaScript.
 * Once the shopper focuses it (or types, when the focus came before the page was ready), instant
 * suggestions load and attach to the input as a combobox. Kept small: it is on every page.
 */
export function SearchBox({
  inputId: id,
  defaultValue,
  className = "",
  focus,
}: {
  inputId: string;
  defaultValue?: string;
  className?: string;
  /** Focus on arrival (the search page opened from the header's button). */
  focus?: boolean;
}) {
  const [awake, setAwake] = useState(false);
  const wake = () => setAwake(true);
  return (
    <Form method="get" action="/search" role="search" className={`relative flex ${className}`}>
      <input
        id={id}
        name="q"
        type="search"
        aria-label="Search products and guides"
        defaultValue={defaultValue}
        placeholder="Search the shop"
        autoComplete="off"
        maxLength={100}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the shopper asked for the box
        autoFocus={focus}
        onFocus={wake}
        onInput={wake}
        className="field-input min-h-10 rounded-full pr-10 text-sm"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute inset-y-0 right-0 w-10 text-ink-soft hover:text-ink"
      >
        <Icon icon={Search} className="m-auto h-4 w-4" />
      </button>
      {awake ? (
        <Suspense>
          <Suggestions inputId={id} />
        </Suspense>
      ) : null}
    </Form>
  );
}
