import { Search } from "lucide";
import { lazy, Suspense, useState, type FormEvent } from "react";
import { Icon } from "#app/components/ui/icon";

// Loaded on the box's first focus or keystroke, never with the page (decision 019).
const Suggestions = lazy(() => import("./search-suggestions"));

/** How the box moves to another page: the router's `navigate`, handed in (it is an island in the header). */
export type Navigate = (to: string) => unknown;

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
  navigate,
}: {
  inputId: string;
  navigate: Navigate;
  defaultValue?: string;
  className?: string;
  /** Focus on arrival (the search page opened from the header's button). */
  focus?: boolean;
}) {
  const [awake, setAwake] = useState(false);
  const wake = () => setAwake(true);
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>);
    void navigate(`/search?${query.toString()}`);
  };
  return (
    <form method="get" action="/search" role="search" onSubmit={search} className={`relative flex ${className}`}>
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
          <Suggestions inputId={id} navigate={navigate} />
        </Suspense>
      ) : null}
    </form>
  );
}
