/**
 * What the benchmark loads, and with which request headers. Pages are fetched as an anonymous
 * visitor's browser would (no cookies, a browser user agent so that isbot() streams the page as
 * for people, navigation headers); API calls as the storefront's own fetches. Every request
 * accepts gzip and Brotli, so the server compresses as it would for real visitors.
 */
import { checkoutBody, quoteBody } from "./bodies";

export const ACCEPT_ENCODING = "gzip, br";
const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

export interface Target {
  name: string;
  method: "GET" | "POST";
  path: string;
  kind: "page" | "api";
  body?: () => unknown;
  /** Checkout: unique Idempotency-Key per request; report 201s per second. */
  checkout?: boolean;
}

export const TARGETS: Target[] = [
  { name: "home", method: "GET", path: "/", kind: "page" },
  { name: "products", method: "GET", path: "/products", kind: "page" },
  { name: "product page", method: "GET", path: "/product/premium-chaeto", kind: "page" },
  { name: "guide", method: "GET", path: "/reef-wisdom/lazy-reefer-guide/tank-setup-fundamentals", kind: "page" },
  { name: "api products", method: "GET", path: "/api/products", kind: "api" },
  { name: "cart quote", method: "POST", path: "/api/cart/quote", kind: "api", body: quoteBody },
  { name: "checkout", method: "POST", path: "/api/checkout", kind: "api", body: checkoutBody, checkout: true },
];

export function requestHeaders(target: Target, origin: string): Record<string, string> {
  if (target.kind === "page") {
    return {
      "User-Agent": USER_AGENT,
      Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
      "Accept-Language": "en-US,en;q=0.9",
      "Accept-Encoding": ACCEPT_ENCODING,
      "Sec-Fetch-Dest": "document",
      "Sec-Fetch-Mode": "navigate",
      "Sec-Fetch-Site": "none",
    };
  }
  const headers: Record<string, string> = {
    "User-Agent": USER_AGENT,
    Accept: "application/json",
    "Accept-Encoding": ACCEPT_ENCODING,
    "Sec-Fetch-Dest": "empty",
    "Sec-Fetch-Mode": "cors",
    "Sec-Fetch-Site": "same-origin",
  };
  // A browser's fetch from our pages sends Origin on POST; the same-origin guard accepts ours.
  if (target.method === "POST") Object.assign(headers, { "Content-Type": "application/json", Origin: origin });
  return headers;
}
