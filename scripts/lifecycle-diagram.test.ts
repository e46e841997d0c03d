import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { DIAGRAM_FILE, withDiagram } from "./lifecycle-diagram";

describe("the lifecycle diagram in docs/decisions", () => {
  it("is the one generated from app/domain/order-lifecycle.ts (run npm run docs:lifecycle)", () => {
    const markdown = fs.readFileSync(DIAGRAM_FILE, "utf8");
    expect(markdown).toBe(withDiagram(markdown));
  });
});
