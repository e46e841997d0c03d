/** Catalogue artwork is square; sharp renders each key at these widths in AVIF and WebP. */
export const IMAGE_WIDTHS = [240, 480, 800] as const;
export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export function catalogImageUrl(key: string, width: number, format: ImageFormat): string {
  return `/images/catalog/${key}-${width}.${format}`;
}

export function catalogSrcSet(key: string, format: ImageFormat): string {
  return IMAGE_WIDTHS.map((w) => `${catalogImageUrl(key, w, format)} ${w}w`).join(", ");
}

/** The largest WebP variant: what the JSON API and OpenGraph tags point at. */
export function catalogImageDefault(key: string): string {
  return catalogImageUrl(key, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!, "webp");
}
