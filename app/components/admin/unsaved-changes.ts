import { useCallback, useEffect, useRef, useState } from "react";

const QUESTION = "You have changes you haven't saved. Leave this page without saving them?";

/** The link a click is on, when it leads to another page. */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return null;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  return link.pathname === window.location.pathname ? null : link;
}

/**
 * Asks before leaving a page with forms changed and not saved: a link (asked before React Router
 * sees the click) or a reload or closed tab (the browser's own prompt). `changed(key)` on a
 * form's change, `saved(key)` when it is sent. (Not React Router's `useBlocker`: using it puts
 * its code in the framework chunk every storefront page loads, over the 100 KB budget.)
 */
export function useUnsavedChanges() {
  const keys = useRef(new Set<string>());
  const [count, setCount] = useState(0);
  const changed = useCallback((key: string) => {
    if (keys.current.has(key)) return;
    keys.current.add(key);
    setCount(keys.current.size);
  }, []);
  const saved = useCallback((key: string) => {
    if (keys.current.delete(key)) setCount(keys.current.size);
  }, []);
  useEffect(() => {
    if (count === 0) return;
    const onClick = (event: MouseEvent) => {
      if (!leavingLink(event) || window.confirm(QUESTION)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    // On window, capturing: before the router's own handler on the document.
    window.addEventListener("click", onClick, true);
    window.addEventListener("beforeunload", onUnload);
    return () => {
      window.removeEventListener("click", onClick, true);
      window.removeEventListener("beforeunload", onUnload);
    };
  }, [count]);
  return { changed, saved };
}
