import { useEffect, useRef, useState } from "react";
import type { Suggestion } from "#app/domain/search";

/** Wait this long after the last keystroke before asking: one request per pause, not per letter. */
const DEBOUNCE_MS = 120;

/**
 * Instant suggestions for a search input, as the ARIA combobox pattern (list autocomplete):
 * ↓/↑ move through the list, Enter opens the highlighted one (or searches what was typed),
 * Escape closes the list (and clears the box when it is already closed). Loaded on the box's
 * first use (components/search-box.tsx); it sets the input's ARIA state itself, so the
 * server's markup is a plain search field until then.
 */
export default function SearchSuggestions({
  inputId,
  navigate,
}: {
  inputId: string;
  navigate: (to: string) => unknown;
}) {
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const state = useRef({ items, open, active });
  state.current = { items, open, active };
  const listId = `${inputId}-suggestions`;
  const go = (url: string) => {
    setOpen(false);
    void navigate(url);
  };
  const goRef = useRef(go);
  goRef.current = go;

  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!(input instanceof HTMLInputElement)) return;
    input.setAttribute("role", "combobox");
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-controls", listId);
    input.setAttribute("aria-expanded", "false");
    let timer: ReturnType<typeof setTimeout> | undefined;
    let request: AbortController | undefined;

    const ask = () => {
      clearTimeout(timer);
      request?.abort();
      const q = input.value.trim();
      if (!q) {
        setItems([]);
        setOpen(false);
        return;
      }
      timer = setTimeout(() => {
        const controller = new AbortController();
        request = controller;
        fetch(`/search/suggest?q=${encodeURIComponent(q)}`, { signal: controller.signal })
          .then((res) => (res.ok ? (res.json() as Promise<{ suggestions: Suggestion[] }>) : null))
          .then((body) => {
            if (!body || controller.signal.aborted) return;
            setItems(body.suggestions);
            setActive(-1);
            setOpen(document.activeElement === input);
          })
          // Offline or aborted: the box still searches on Enter.
          .catch(() => undefined);
      }, DEBOUNCE_MS);
    };

    const onKeyDown = (event: KeyboardEvent) => {
      const { items, open, active } = state.current;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (items.length === 0) return;
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(event.key === "ArrowDown" ? 0 : items.length - 1);
          return;
        }
        // From the last one down (or the first one up) back to the text typed, as a list box does.
        const next = active + (event.key === "ArrowDown" ? 1 : -1);
        setActive(next >= items.length ? -1 : next < -1 ? items.length - 1 : next);
      } else if (event.key === "Enter" && open && active >= 0 && items[active]) {
        event.preventDefault();
        goRef.current(items[active].url);
      } else if (event.key === "Escape") {
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (input.value) {
          event.preventDefault();
          input.value = "";
          setItems([]);
        }
      }
    };
    // A click on a suggestion keeps the focus (mousedown is prevented), so a blur is a real leave.
    const onBlur = () => setOpen(false);
    const onFocus = () => state.current.items.length > 0 && input.value.trim() && setOpen(true);

    input.addEventListener("input", ask);
    input.addEventListener("keydown", onKeyDown);
    input.addEventListener("blur", onBlur);
    input.addEventListener("focus", onFocus);
    // What was typed before this code arrived.
    if (input.value.trim()) ask();
    return () => {
      clearTimeout(timer);
      request?.abort();
      input.removeEventListener("input", ask);
      input.removeEventListener("keydown", onKeyDown);
      input.removeEventListener("blur", onBlur);
      input.removeEventListener("focus", onFocus);
    };
  }, [inputId, listId]);

  const shown = open && items.length > 0;
  useEffect(() => {
    const input = document.getElementById(inputId);
    if (!input) return;
    input.setAttribute("aria-expanded", String(shown));
    if (shown && active >= 0) input.setAttribute("aria-activedescendant", `${listId}-${active}`);
    else input.removeAttribute("aria-activedescendant");
  }, [shown, active, inputId, listId]);

  return (
    <>
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!shown}
        className="card absolute top-full right-0 left-0 z-40 mt-2 max-h-[70vh] min-w-72 overflow-y-auto p-1.5"
      >
        {items.map((item, i) => (
          // Keys go to the input (the combobox), which keeps the focus: the options only take clicks.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={item.url}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={`flex cursor-pointer flex-col rounded-lg px-3 py-2 text-left ${i === active ? "bg-sand-deep" : "hover:bg-sand"}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => go(item.url)}
          >
            <span className="text-sm font-semibold text-ink">{item.label}</span>
            <span className="text-xs text-ink-soft">{item.detail}</span>
          </li>
        ))}
      </ul>
      <p className="sr-only" role="status">
        {shown ? `${items.length} ${items.length === 1 ? "suggestion" : "suggestions"}` : ""}
      </p>
    </>
  );
}
