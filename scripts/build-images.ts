/**
 * Renders the hand-drawn SVG artwork in art/ into the responsive raster variants the pages use:
 * catalogue images in AVIF and WebP at each width, the hero, icons and the OpenGraph card.
 * Outputs are skipped when newer than their source, so repeated builds cost nothing.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { HERO_WIDTHS, IMAGE_FORMATS, IMAGE_WIDTHS } from "#app/domain/images";
import { SEED_BUNDLES, SEED_PRODUCTS } from "#database/seed/catalogue-data";

const root = path.resolve(import.meta.dirname, "..");
const art = path.join(root, "art");
const publicDir = path.join(root, "public");

function fresh(output: string, source: string): boolean {
  return fs.existsSync(output) && fs.statSync(output).mtimeMs >= fs.statSync(source).mtimeMs;
}

async function render(source: string, output: string, width: number, format: "avif" | "webp" | "png", height?: number) {
  if (fresh(output, source)) return false;
  fs.mkdirSync(path.dirname(output), { recursive: true });
  // Rasterise at the target size (density scales the SVG) rather than scaling a bitmap.
  const meta = await sharp(source).metadata();
  const density = Math.min(600, Math.max(72, Math.ceil((72 * width) / (meta.width ?? width))));
  let image = sharp(source, { density }).resize(width, height ?? null, { fit: "cover" });
  if (format === "avif") image = image.avif({ quality: 55, effort: 4 });
  else if (format === "webp") image = image.webp({ quality: 80 });
  else image = image.png({ compressionLevel: 9 });
  await image.toFile(output);
  return true;
}

async function main() {
  const keys = [...SEED_PRODUCTS.flatMap((p) => p.imageKeys), ...SEED_BUNDLES.map((b) => b.imageKey)];
  const missing = keys.filter((key) => !fs.existsSync(path.join(art, `${key}.svg`)));
  if (missing.length > 0) throw new Error(`Missing artwork in art/: ${missing.join(", ")}`);

  const jobs: Array<Promise<boolean>> = [];
  for (const key of keys) {
    const source = path.join(art, `${key}.svg`);
    for (const width of IMAGE_WIDTHS) {
      for (const format of IMAGE_FORMATS) {
        jobs.push(render(source, path.join(publicDir, "images/catalog", `${key}-${width}.${format}`), width, format));
      }
    }
  }
  const hero = path.join(art, "hero.svg");
  for (const width of HERO_WIDTHS) {
    for (const format of IMAGE_FORMATS)
      jobs.push(render(hero, path.join(publicDir, "images", `hero-${width}.${format}`), width, format));
  }
  jobs.push(render(hero, path.join(publicDir, "images", "og-default.png"), 1200, "png", 630));

  const favicon = path.join(art, "favicon.svg");
  jobs.push(render(favicon, path.join(publicDir, "favicon-32.png"), 32, "png"));
  jobs.push(render(favicon, path.join(publicDir, "favicon.ico"), 48, "png"));
  jobs.push(render(path.join(art, "logo-mark.svg"), path.join(publicDir, "apple-touch-icon.png"), 180, "png"));
  jobs.push(render(path.join(art, "logo-mark.svg"), path.join(publicDir, "icon-512.png"), 512, "png"));
  fs.copyFileSync(favicon, path.join(publicDir, "favicon.svg"));

  const written = (await Promise.all(jobs)).filter(Boolean).length;
  console.log(`images: ${written} written, ${jobs.length - written} up to date`);
}

await main();
