import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LinkedText } from "./linked-text";

const html = (text: string) => renderToStaticMarkup(<LinkedText text={text} />);

describe("a message with an email address in it", () => {
  it("makes the address a mailto link and leaves the sentence's full stop outside it", () => {
    expect(html("Write to hello@lazyreefer.example.")).toBe(
      'Write to <a href="mailto:hello@lazyreefer.example" class="underline">hello@lazyreefer.example</a>.',
    );
  });

  it("links every address and escapes the rest as text", () => {
    const out = html("From a@b.co to <c.d+e@f.example> now");
    expect(out.match(/<a /g)).toHaveLength(2);
    expect(out).toContain('href="mailto:c.d+e@f.example"');
    expect(out).toContain("&lt;");
  });

  it("is the text itself when there is no address", () => {
    expect(html("Nothing to link here.")).toBe("Nothing to link here.");
  });
});
