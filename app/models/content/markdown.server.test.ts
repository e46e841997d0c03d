import { describe, expect, it } from "vitest";
import { readingMinutes, renderMarkdown, slugify } from "./markdown.server";

describe("markdown rendering", () => {
  it("gives headings unique anchors and a table of contents", () => {
    const out = renderMarkdown(
      "Intro\n\n## Light & flow\n\ntext one\n\n### Photoperiod\n\nmore\n\n## Light & flow\n\nagain",
    );
    expect(out.toc).toEqual([
      { id: "light-and-flow", title: "Light & flow", level: 2 },
      { id: "photoperiod", title: "Photoperiod", level: 3 },
      { id: "light-and-flow-2", title: "Light & flow", level: 2 },
    ]);
    expect(out.html).toContain('<h2 id="light-and-flow">');
    expect(out.sections[0]).toMatchObject({ id: "light-and-flow", text: "text one" });
  });

  it("never lets raw HTML or script URLs through", () => {
    const out = renderMarkdown("<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>");
    expect(out.html).not.toContain("<script");
    expect(out.html).not.toContain("<img");
    expect(out.html).not.toMatch(/href="javascript:/);
  });

  it("slugifies and estimates reading time", () => {
    expect(slugify("Chaeto turning white?")).toBe("chaeto-turning-white");
    expect(readingMinutes("word ".repeat(1100))).toBe(5);
  });
});
