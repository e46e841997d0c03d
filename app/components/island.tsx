import {
  createContext,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type MouseEvent,
  type SyntheticEvent,
} from "react";
import { PrefetchPageLinks, useNavigate } from "react-router";
import { whenIdle } from "#app/components/ui/idle";
import type { IslandStore } from "./island-root";

/*
 * The storefront's one way to defer JavaScript (docs/decisions/032-islands.md).
 *
 * An island is a part of a page whose HTML the loader renders (`islandHtml`,
 * app/utils/island-html.server.tsx) and the page sends once: on a document request the HTML goes
 * to the render through `DocumentHtmlProvider` instead of the loader's data, so the hydration data
 * does not repeat it; the browser takes it from the element the server rendered. The page's own
 * React root never renders what is inside: its code is not among what the page loads.
 *
 * - Without `load` the island is markup only (a product's details, a guide's text, the home page).
 * - With `load` its component hydrates the server's HTML in place, in a React root of its own,
 *   when the shopper reaches for it (pointer, touch, focus) or earlier as `when` says: once the
 *   browser is idle, or once it scrolls into view. Hydrating in place keeps the DOM the shopper
 *   typed into, with its focus and on-screen keyboard. It is a root of its own because a Suspense
 *   boundary still dehydrated is thrown away and rendered afresh when a context above it changes
 *   (the cart loading does). Props reach it through a store; `server` is what its HTML was
 *   rendered with where that differs from `props`, and hydration renders with that first.
 *
 * In every island, a link to another page of the shop is a client navigation, prefetched on
 * intent, as a `<Link prefetch="intent">` would be. What the shopper does before the code is there
 * is kept: a box ticked is handed to the component, a tap on a button is held and replayed on the
 * hydrated one, a submit is held and
 * sent again once hydrated (a form marked `data-early-submit` sends it itself when it is ready,
 * decision 018).
 */

const DocumentHtmlContext = createContext<ReadonlyMap<string, string> | null>(null);
export const DocumentHtmlProvider = DocumentHtmlContext.Provider;

/** When an island's code loads, besides the shopper reaching for it. */
export type IslandWhen = "touch" | "idle" | "visible";

function createStore<P extends object>(current: P, server: P): IslandStore<P> {
  const listeners = new Set<() => void>();
  let props = current;
  return {
    get: () => props,
    server: () => server,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    set(next) {
      const changed = (Object.keys(next) as (keyof P)[]).some((key) => !Object.is(next[key], props[key]));
      if (!changed) return;
      props = next;
      listeners.forEach((listener) => listener());
    },
  };
}

/** The link an event happened on, when it leads to another page of this app. */
function appLink(target: EventTarget | null): HTMLAnchorElement | null {
  const link = target instanceof Element ? target.closest("a") : null;
  if (
    !link ||
    link.target ||
    link.hasAttribute("download") ||
    link.origin !== window.location.origin ||
    link.getAttribute("href")?.startsWith("#")
  ) {
    return null;
  }
  return link;
}

/** The button a tap before hydration was meant for: held, then tapped again on the hydrated island. */
function heldButton(target: EventTarget | null): HTMLButtonElement | null {
  const button = target instanceof Element ? target.closest("button") : null;
  // A submit button's tap is a submit, held as one.
  return button && button.type !== "submit" ? button : null;
}

const REACH = ["focusin", "pointerenter", "touchstart"] as const;

export function Island<P extends object>({
  id,
  html,
  className,
  load,
  props,
  server,
  when = "touch",
}: {
  id: string;
  /** The loader's `islandHtml`: undefined in a document request's data (the HTML carries it). */
  html: string | undefined;
  className?: string;
  /** The island's component; none for markup only. */
  load?: () => Promise<ComponentType<P>>;
  props?: P;
  /** Where the server's HTML differs from `props`: what it was rendered with instead. */
  server?: Partial<P>;
  when?: IslandWhen;
}) {
  const navigate = useNavigate();
  const fromServer = useContext(DocumentHtmlContext);
  // Read while hydrating, before React touches the server's markup.
  const [fromDom] = useState(() =>
    html === undefined && typeof document !== "undefined" ? (document.getElementById(id)?.innerHTML ?? "") : "",
  );
  const current = html ?? fromServer?.get(id) ?? fromDom;
  // A hydrated island keeps its first HTML: a revalidation brings the HTML again, and setting it
  // would pull the DOM out from under the island's root. Markup only follows the page's data.
  const [first] = useState(current);
  const markup = load ? first : current;
  const box = useRef<HTMLDivElement>(null);
  const [store] = useState(() => createStore((props ?? {}) as P, { ...props, ...server } as P));
  const [intent, setIntent] = useState<string | null>(null);
  useEffect(() => {
    if (props) store.set(props);
  });

  useEffect(() => {
    const element = box.current;
    if (!element || !load) return;
    const root: HTMLElement = element;
    let unmount: (() => void) | null = null;
    let gone = false;
    let started = false;
    let tapped: HTMLElement | null = null;
    let submitted: HTMLFormElement | null = null;
    const holdSubmit = (event: Event) => {
      event.preventDefault();
      const form = event.target instanceof HTMLFormElement ? event.target : null;
      if (form?.hasAttribute("data-early-submit")) window.__lrSubmit = true;
      else submitted = form;
      start();
    };
    const holdTap = (event: Event) => {
      const button = heldButton(event.target);
      if (!button) return;
      event.preventDefault();
      tapped = button;
      start();
    };
    const observer =
      when === "visible"
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start())
        : null;
    const release = () => {
      REACH.forEach((type) => root.removeEventListener(type, start));
      root.removeEventListener("submit", holdSubmit, true);
      root.removeEventListener("click", holdTap, true);
      observer?.disconnect();
    };
    const replay = () => {
      const [tap, form] = [tapped, submitted];
      tapped = submitted = null;
      tap?.click();
      form?.requestSubmit();
    };
    function start() {
      if (started) return;
      started = true;
      // The code that hydrates comes with the island's own: no page loads it before it is needed.
      Promise.all([load!(), import("./island-root")]).then(
        ([Component, { hydrateIsland }]) => {
          // Before React listens on the element: from now on a tap or submit is the island's own.
          release();
          if (!gone) unmount = hydrateIsland(root, id, Component, store, replay);
        },
        // Offline or a failed deploy: forms post as plain HTML, links are links.
        release,
      );
    }
    REACH.forEach((type) => root.addEventListener(type, start, { passive: true }));
    root.addEventListener("submit", holdSubmit, true);
    root.addEventListener("click", holdTap, true);
    observer?.observe(root);
    const cancelIdle = when === "idle" ? whenIdle(start) : () => undefined;
    return () => {
      gone = true;
      cancelIdle();
      release();
      // Not while the page's own root is rendering (React warns about a synchronous unmount).
      if (unmount) setTimeout(unmount, 0);
    };
  }, [id, load, store, when]);

  const followLink = (event: MouseEvent<HTMLDivElement>) => {
    const link = appLink(event.target);
    if (!link || event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void navigate(link.pathname + link.search + link.hash);
  };
  const prefetch = (event: SyntheticEvent<HTMLDivElement>) => {
    const link = appLink(event.target);
    if (link) setIntent(link.pathname + link.search);
  };
  return (
    <>
      {/* Clicks and intent are handled for the links inside; the wrapper only delegates them. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div
        id={id}
        ref={box}
        className={className}
        onClick={followLink}
        // A touch starts with pointerover too.
        onPointerOver={prefetch}
        onFocus={prefetch}
        // Owned by the island's root once hydrated: the page's root never touches what is inside.
        dangerouslySetInnerHTML={{ __html: markup }}
        suppressHydrationWarning
      />
      {intent ? <PrefetchPageLinks page={intent} /> : null}
    </>
  );
}
