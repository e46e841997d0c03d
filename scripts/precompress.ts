/**
 * Writes .br (Brotli, quality 11) and .gz (Zopfli) beside every compressible file of the client
 * build, once at build time, so the server sends the smallest bytes without compressing on each
 * request. Zopfli writes standard gzip ~3 % smaller than zlib's level 9 — on the storefront's
 * ~120 KB of JavaScript that is the difference between inside and outside the budget
 * (docs/decisions/008-storefront-javascript-budget.md).
 */
import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";

const ROOT = path.resolve(process.argv[2] ?? "build/client");
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
const brotli = promisify(zlib.brotliCompress);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

async function precompress(file: string) {
  const bytes = await fs.readFile(file);
  const [gz, br] = await Promise.all([
    gzipAsync(bytes, { numiterations: 15 }),
    brotli(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  ]);
  // Tiny files can grow when compressed; then the plain file is served.
  if (gz.length >= bytes.length) return { raw: 0, gz: 0, br: 0 };
  await Promise.all([fs.writeFile(`${file}.gz`, gz), br.length < bytes.length ? fs.writeFile(`${file}.br`, br) : null]);
  return { raw: bytes.length, gz: gz.length, br: Math.min(br.length, bytes.length) };
}

const started = Date.now();
const totals = { files: 0, raw: 0, gz: 0, br: 0 };
const queue = [];
for await (const file of files(ROOT)) queue.push(file);
// A few at a time: Zopfli is CPU-bound and this machine may have two cores.
for (let i = 0; i < queue.length; i += 4) {
  for (const result of await Promise.all(queue.slice(i, i + 4).map(precompress))) {
    if (!result.raw) continue;
    totals.files += 1;
    totals.raw += result.raw;
    totals.gz += result.gz;
    totals.br += result.br;
  }
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `precompressed ${totals.files} files in ${Date.now() - started} ms: ${kb(totals.raw)} → gzip ${kb(totals.gz)}, brotli ${kb(totals.br)}`,
);
