import { useEffect, useRef, useState } from "react";
import { whenIdle } from "#app/components/ui/idle";
import { useHtmlOnce } from "./html-once";

/** The props an island renders with, shared between the page's React root and the island's own. */
export interface IslandStore<P> {
  get: () => P;
  /** What the server rendered the island's HTML with: its hydration must see the same. */
  server: () => P;
  subscribe: (listener: () => void) => () => void;
}

/** Hydrates `element` with the island's component, reading its props from `store`; returns an unmount. */
export type IslandMount<P> = (element: HTMLElement, store: IslandStore<P>) => () => void;

function createStore<P extends object>(current: P, server: P) {
  const listeners = new Set<() => void>();
  let props = current;
  return {
    get: () => props,
    server: () => server,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next: P) {
      const changed = (Object.keys(next) as (keyof P)[]).some((key) => !Object.is(next[key], props[key]));
      if (!changed) return;
      props = next;
      listeners.forEach((listener) => listener());
    },
  };
}

/**
 * A part of the page the server renders in full and the browser hydrates in place, with its own
 * React root, once the shopper comes near it or the browser is idle (docs/decisions/024-…): its
 * code is not among what the page loads before the first tap, yet the DOM the shopper typed into
 * is the DOM that becomes interactive, so focus, the on-screen keyboard and what was typed stay.
 *
 * It is a root of its own because a Suspense boundary that is still dehydrated is thrown away and
 * rendered afresh when any context above it changes (the cart loading does), which would lose
 * the typing. Props reach it through a store instead; `server` is what the HTML was rendered with
 * (`islandHtml`), and the island renders with it first, then with the current props.
 *
 * A submit before the code is there is held and sent again once hydrated (`__lrSubmit`, the same
 * flag the early-tap script sets before the page itself is ready; decision 018).
 */
export function Island<P extends object>({
  id,
  html,
  props,
  server,
  load,
  className,
}: {
  id: string;
  /** The server's HTML for the island (`htmlOnce`): undefined on a document request. */
  html: string | undefined;
  props: P;
  /** Where the server's HTML differs from `props`: what it was rendered with instead. */
  server: Partial<P>;
  load: () => Promise<IslandMount<P>>;
  className?: string;
}) {
  // Fixed at the first render: a revalidation (a sign-up in the footer, say) brings the HTML again,
  // and setting it would pull the DOM out from under the island's root and what was typed.
  const [markup] = useState(useHtmlOnce(id, html));
  const box = useRef<HTMLDivElement>(null);
  const [store] = useState(() => createStore(props, { ...props, ...server }));
  useEffect(() => store.set(props));

  useEffect(() => {
    const found = box.current;
    if (!found) return;
    const element: HTMLElement = found;
    let unmount: (() => void) | null = null;
    let gone = false;
    let started = false;
    const holdSubmit = (event: Event) => {
      event.preventDefault();
      window.__lrSubmit = true;
      start();
    };
    const events = ["focusin", "pointerenter", "touchstart"] as const;
    const release = () => {
      events.forEach((type) => element.removeEventListener(type, start));
      element.removeEventListener("submit", holdSubmit, true);
    };
    function start() {
      if (started) return;
      started = true;
      load().then(
        (mount) => {
          // Before React listens on the element: from now on a submit is the form's own.
          release();
          if (!gone) unmount = mount(element, store);
        },
        // Offline or a failed deploy: the form posts as plain HTML, and the page says why it can't.
        release,
      );
    }
    events.forEach((type) => element.addEventListener(type, start, { passive: true }));
    element.addEventListener("submit", holdSubmit, true);
    const cancelIdle = whenIdle(start);
    return () => {
      gone = true;
      cancelIdle();
      release();
      // Not while the page's own root is rendering (React warns about a synchronous unmount).
      if (unmount) setTimeout(unmount, 0);
    };
  }, [load, store]);

  return (
    <div
      id={id}
      ref={box}
      className={className}
      // Owned by the island's root once hydrated: the page's root never touches what is inside.
      dangerouslySetInnerHTML={{ __html: markup }}
      suppressHydrationWarning
    />
  );
}
