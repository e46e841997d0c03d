/**
 * Flags for Debian's Chromium on this kind of machine (browser tests and Lighthouse): no sandbox
 * as root, no GPU, and no background connections — the network is closed, and Chromium's
 * attempts to reach Google's services fail loudly and slowly.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
