import { useSyncExternalStore, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import type { IslandMount, IslandStore } from "./island";

/** How an island's code hydrates the server's HTML: in place, with the props the store holds. */
export function islandRoot<P extends object>(Component: ComponentType<P>): IslandMount<P> {
  function Bound({ store }: { store: IslandStore<P> }) {
    // Hydration reads `server`, which matches the HTML; the current props render right after.
    const props = useSyncExternalStore(store.subscribe, store.get, store.server);
    return <Component {...props} />;
  }
  return (element, store) => {
    const root = hydrateRoot(element, <Bound store={store} />, { identifierPrefix: `${element.id}-` });
    return () => root.unmount();
  };
}
