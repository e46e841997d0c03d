import type { AppServices } from "../server/services";

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    /** Per-response CSP nonce for inline and streamed scripts. */
    nonce: string;
  }
}

export {};
