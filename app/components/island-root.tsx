import { useLayoutEffect, useSyncExternalStore, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";

/*
 * The half of an island (./island.tsx) that hydrates it: loaded with the island's own code, so
 * that no page carries it before an island needs it.
 */

/** The props an island renders with, shared between the page's React root and the island's own. */
export interface IslandStore<P> {
  get: () => P;
  server: () => P;
  subscribe: (listener: () => void) => () => void;
  set: (next: P) => void;
}

function Bound<P extends object>({
  Component,
  store,
  onHydrated,
}: {
  Component: ComponentType<P>;
  store: IslandStore<P>;
  onHydrated: () => void;
}) {
  // Hydration reads `server`, which matches the HTML; the current props render right after.
  const props = useSyncExternalStore(store.subscribe, store.get, store.server);
  // Before any re-render could write the props' state over what the shopper did meanwhile.
  useLayoutEffect(onHydrated, [onHydrated]);
  return <Component {...props} />;
}

/**
 * Boxes ticked or unticked before hydration, handed to the island's own handlers: the DOM shows
 * the shopper's choice but the component's state is still the server's, so each is set back to
 * what the server rendered and tapped again.
 */
function adoptTicks(root: HTMLElement) {
  const changed = [...root.querySelectorAll<HTMLInputElement>("input[type=checkbox],input[type=radio]")].filter(
    (input) => input.checked !== input.defaultChecked,
  );
  changed.forEach((input) => (input.checked = input.defaultChecked));
  changed.filter((input) => input.type === "checkbox" || !input.defaultChecked).forEach((input) => input.click());
}

/** Hydrates the server's HTML in `root` with `Component` in a React root of its own; returns its unmount. */
export function hydrateIsland<P extends object>(
  root: HTMLElement,
  id: string,
  Component: ComponentType<P>,
  store: IslandStore<P>,
  replay: () => void,
): () => void {
  const onHydrated = () => {
    adoptTicks(root);
    replay();
  };
  const island = hydrateRoot(root, <Bound Component={Component} store={store} onHydrated={onHydrated} />, {
    identifierPrefix: `${id}-`,
  });
  return () => island.unmount();
}
