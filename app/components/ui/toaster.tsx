import { useEffect, useState, type ComponentProps } from "react";
import { whenIdle } from "./idle";
import type * as SonnerModule from "sonner";

/*
 * Toasts without putting the toast library on the critical path: sonner is fetched when the
 * browser is idle after hydration (or by the first toast, whichever comes first), and its
 * <Toaster> mounts only then. `notify` waits for that mount, because sonner does not replay
 * toasts published before a Toaster subscribed.
 */
type Sonner = typeof SonnerModule;
type Toast = Sonner["toast"];

let sonner: Promise<Sonner> | null = null;
const loadSonner = () => (sonner ??= import("sonner"));

let markMounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => (markMounted = resolve));
let mountToaster: () => void = () => {};

function show(present: (toast: Toast) => void) {
  mountToaster();
  void Promise.all([loadSonner(), toasterMounted]).then(([module]) => present(module.toast));
}

export const notify = {
  message: (...args: Parameters<Toast>) => show((toast) => toast(...args)),
  success: (...args: Parameters<Toast["success"]>) => show((toast) => toast.success(...args)),
  error: (...args: Parameters<Toast["error"]>) => show((toast) => toast.error(...args)),
  /** Takes every toast away (nothing to do when none was ever shown). */
  dismissAll: () => void sonner?.then((module) => module.toast.dismiss()),
};

export function DeferredToaster(props: ComponentProps<Sonner["Toaster"]>) {
  const [Toaster, setToaster] = useState<Sonner["Toaster"] | null>(null);

  useEffect(() => {
    let active = true;
    const mount = () =>
      void loadSonner().then((module) => {
        if (active) setToaster(() => module.Toaster);
      });
    mountToaster = mount;
    const cancelIdle = whenIdle(mount);
    return () => {
      active = false;
      cancelIdle();
    };
  }, []);

  // Runs after the Toaster's own effects (children first), i.e. once it listens for toasts.
  useEffect(() => {
    if (Toaster) markMounted();
  }, [Toaster]);

  return Toaster ? <Toaster {...props} /> : null;
}
