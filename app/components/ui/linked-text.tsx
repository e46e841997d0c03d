import type { ReactNode } from "react";

// Loose on purpose: it only decides what becomes a link in the shop's own messages.
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;

/**
 * A message from the server with every email address in it as a `mailto:` link: "write to
 * hello@…" is one tap on a phone instead of a copy and paste.
 */
export function LinkedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(EMAIL)) {
    // A sentence's full stop is not part of the address.
    const address = match[0].replace(/\.+$/, "");
    parts.push(text.slice(last, match.index));
    parts.push(
      <a key={match.index} href={`mailto:${address}`} className="underline">
        {address}
      </a>,
    );
    last = match.index + address.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
