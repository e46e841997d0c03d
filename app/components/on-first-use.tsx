import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from "react";

const INTERACTIVE = "a[href],button,input,select,textarea";
/** Clicks held back until the real component is there: a link or a button does nothing without it. */
const HELD = "a[href],button";
// useLayoutEffect warns when rendered on the server; nothing runs there anyway.
const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

function Restored({ onMount }: { onMount: () => void }) {
  useIsomorphicLayoutEffect(onMount, [onMount]);
  return null;
}

/**
 * A component whose code the browser loads on first use (docs/decisions/015-…): the server renders
 * it as usual; the browser keeps that markup as it is, without hydrating it, until the shopper
 * comes near it — scrolls it into view (`whenVisible`), points at it or moves focus into it —
 * then loads the code and renders the real component in its place. What the shopper did meanwhile
 * carries over: focus, text typed, boxes ticked, and a tap on a link or button (held back, then
 * replayed on the real one).
 * After a client navigation (no server markup) it loads at once. For pieces below the fold or
 * idle until touched (the combo builder, the footer's newsletter form), not for a page's first tap.
 */
export function onFirstUse<P extends object>(
  load: () => Promise<ComponentType<P>>,
  {
    whenVisible = false,
    className,
  }: {
    whenVisible?: boolean;
    /** For the wrapping element (`contents` keeps it out of a flex or grid layout). */
    className?: string;
  } = {},
) {
  const Real = lazy(() => load().then((component) => ({ default: component })));
  // The server renders it on every page that has it: load it with the route, not at the first render.
  if (typeof document === "undefined") void load();
  return function OnFirstUse({ id, ...props }: P & { id: string }) {
    // On the server and after a client navigation there is no server markup: render the real thing.
    const [serverHtml] = useState(() =>
      typeof document === "undefined" ? null : (document.getElementById(id)?.innerHTML ?? null),
    );
    const [loaded, setLoaded] = useState<{ Component: ComponentType<P> } | null>(null);
    // What happened in the server's markup before the code arrived, replayed on the real component.
    const carried = useRef<{ focus: number; values: string[]; checked: boolean[] } | null>(null);
    const heldClick = useRef(-1);
    const box = useRef<HTMLDivElement>(null);

    useEffect(() => {
      const element = box.current;
      if (loaded || serverHtml === null || !element) return;
      let started = false;
      // Off once the real component is on its way in: the held click is replayed on it from a layout
      // effect, before this effect's cleanup has removed the listener below.
      let holding = true;
      const controls = () => [...element.querySelectorAll<HTMLElement>(INTERACTIVE)];
      const start = () => {
        if (started) return;
        started = true;
        void load().then((Component) => {
          const focused = document.activeElement;
          carried.current = {
            focus: focused instanceof HTMLElement ? controls().indexOf(focused) : -1,
            values: [...element.querySelectorAll("input")].map((input) => input.value),
            checked: [...element.querySelectorAll("input")].map((input) => input.checked),
          };
          holding = false;
          setLoaded({ Component });
        });
      };
      const holdClick = (event: MouseEvent) => {
        if (!holding) return;
        const target = event.target instanceof Element ? event.target.closest<HTMLElement>(HELD) : null;
        if (!target) return;
        event.preventDefault();
        // Read at the swap, however late the click comes before it.
        heldClick.current = controls().indexOf(target);
        start();
      };
      const observer = whenVisible
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start())
        : null;
      observer?.observe(element);
      element.addEventListener("pointerenter", start);
      element.addEventListener("focusin", start);
      element.addEventListener("touchstart", start, { passive: true });
      element.addEventListener("click", holdClick, true);
      return () => {
        element.removeEventListener("click", holdClick, true);
        observer?.disconnect();
        element.removeEventListener("pointerenter", start);
        element.removeEventListener("focusin", start);
        element.removeEventListener("touchstart", start);
      };
    }, [loaded, serverHtml]);

    if (loaded) {
      const restoreFocus = () => {
        const was = carried.current;
        const element = box.current;
        if (!was || !element) return;
        carried.current = null;
        const click = heldClick.current;
        heldClick.current = -1;
        const inputs = element.querySelectorAll("input");
        was.values.forEach((value, i) => {
          const input = inputs[i];
          if (!input) return;
          const toggles = input.type === "checkbox" || input.type === "radio";
          // A box ticked in the server's markup is ticked again through the component's own handler.
          if (toggles && input.checked !== was.checked[i]) input.click();
          else if (!toggles && value) input.value = value;
        });
        const controls = element.querySelectorAll<HTMLElement>(INTERACTIVE);
        if (was.focus >= 0) controls[was.focus]?.focus();
        if (click >= 0) controls[click]?.click();
      };
      return (
        <div id={id} ref={box} className={className}>
          <loaded.Component {...(props as P)} />
          <Restored onMount={restoreFocus} />
        </div>
      );
    }
    if (serverHtml !== null) {
      // The server's markup, untouched: React does not hydrate inside it.
      return (
        <div
          id={id}
          ref={box}
          className={className}
          dangerouslySetInnerHTML={{ __html: serverHtml }}
          suppressHydrationWarning
        />
      );
    }
    return (
      <div id={id} ref={box} className={className}>
        <Suspense fallback={null}>
          <Real {...(props as P)} />
        </Suspense>
      </div>
    );
  };
}
