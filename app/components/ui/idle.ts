/**
 * Runs `task` once the browser is idle after hydration (or after `timeout` ms at the latest).
 * Used to fetch code a page may need soon without putting it before interaction.
 */
export function whenIdle(task: () => void, timeout = 3000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, Math.min(timeout, 1500));
  return () => window.clearTimeout(handle);
}
