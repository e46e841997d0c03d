import type { AppServices } from "#app/services/container";

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    /** Per-response CSP nonce for inline and streamed scripts. */
    nonce: string;
    /** The client's address as Express resolved it (socket or trusted proxy). */
    clientIp: string;
    /**
     * Document requests only (not `.data` ones): HTML a loader passes to the render without
     * repeating it in the hydration data (app/utils/island-html.server.tsx).
     */
    documentHtml?: Map<string, string>;
  }
}

export {};
