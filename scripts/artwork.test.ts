import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const art = path.resolve(import.meta.dirname, "../art");

/**
 * Magnifier glyphs in a picture: an unfilled ring with a short straight handle leaving it
 * diagonally. Painted into a product photo it looks like a zoom control that does nothing.
 */
function magnifiers(svg: string): string[] {
  const rings = [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)" fill="none"[^>]*stroke=/g)].map(
    (m) => ({ x: Number(m[1]), y: Number(m[2]), r: Number(m[3]) }),
  );
  const handles = [...svg.matchAll(/<path d="M([\d.]+)[ ,]([\d.]+)l(-?[\d.]+)[ ,](-?[\d.]+)"[^>]*stroke=/g)].map(
    (m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      dx: Number(m[3]),
      dy: Number(m[4]),
    }),
  );
  return rings.flatMap((ring) =>
    handles
      .filter((h) => {
        const from = Math.hypot(h.x - ring.x, h.y - ring.y);
        const diagonal = h.dx !== 0 && Math.abs(Math.abs(h.dx) - Math.abs(h.dy)) <= Math.abs(h.dx) * 0.5;
        return diagonal && from >= ring.r * 0.8 && from <= ring.r * 1.6;
      })
      .map(() => `ring at ${ring.x},${ring.y}`),
  );
}

describe("catalogue artwork", () => {
  it("paints no zoom control into a picture (the gallery has none to match it)", () => {
    const found = fs
      .readdirSync(art)
      .filter((f) => f.endsWith(".svg"))
      .flatMap((f) => magnifiers(fs.readFileSync(path.join(art, f), "utf8")).map((m) => `${f}: ${m}`));
    expect(found).toEqual([]);
  });

  it("recognises a painted magnifier", () => {
    const icon = `<circle cx="684" cy="684" r="22" fill="none" stroke="#0e7c7b" stroke-width="8"/><path d="M700 700l18 18" stroke="#0e7c7b"/>`;
    expect(magnifiers(icon)).toHaveLength(1);
  });
});
