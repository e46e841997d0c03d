import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { getGuide, getPage, listGuides } from "./content.server";

const slugs = (dir: string) =>
  fs
    .readdirSync(new URL(`../../content/${dir}`, import.meta.url))
    .filter((f) => f.endsWith(".md"))
    .map((f) => f.replace(/\.md$/, ""));

describe("the guides and pages bundled into the server", () => {
  it("are every Markdown file under app/content, each found by its slug", () => {
    const guides = slugs("guides");
    expect(guides.length).toBeGreaterThan(0);
    expect(
      listGuides()
        .map((g) => g.slug)
        .sort(),
    ).toEqual([...guides].sort());
    for (const slug of slugs("pages")) expect(getPage(slug)?.slug, slug).toBe(slug);
    expect(getGuide(guides[0]!)?.title).toBeTruthy();
  });
});
