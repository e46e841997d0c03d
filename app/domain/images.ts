/** Catalogue artwork is square; sharp renders each key at these widths in AVIF and WebP. */
export const IMAGE_WIDTHS = [240, 480, 800] as const;
export const IMAGE_FORMATS = ["avif", "webp"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** The home page hero (16:9 artwork), rendered at these widths in the same formats. */
export const HERO_WIDTHS = [800, 1600] as const;

export function catalogImageUrl(key: string, width: number, format: ImageFormat): string {
  return `/images/catalog/${key}-${width}.${format}`;
}

export function catalogSrcSet(key: string, format: ImageFormat): string {
  return IMAGE_WIDTHS.map((w) => `${catalogImageUrl(key, w, format)} ${w}w`).join(", ");
}

export function heroImageUrl(width: number, format: ImageFormat): string {
  return `/images/hero-${width}.${format}`;
}

export function heroSrcSet(format: ImageFormat): string {
  return HERO_WIDTHS.map((w) => `${heroImageUrl(w, format)} ${w}w`).join(", ");
}

/** The largest WebP variant: what the JSON API and OpenGraph tags point at. */
export function catalogImageDefault(key: string): string {
  return catalogImageUrl(key, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!, "webp");
}

/**
 * `<link rel="preload">` attributes for a page's largest (LCP) image, so the browser fetches it
 * from the head instead of discovering it deep in the body after a dozen script preloads.
 * Only the AVIF srcset is preloaded: `type` makes a browser without AVIF skip the hint (and
 * fetch the WebP from <picture> as before) rather than download an image it cannot use.
 * `imageSizes` must equal the `sizes` of the <img>, or the browser may pick another width.
 * `href` is required even with a srcset: React hoists a <link> into the head's early
 * resource block only when it has one (without it the preload lands after the stylesheet).
 */
export function imagePreload(href: string, imageSrcSet: string, imageSizes: string) {
  return {
    rel: "preload",
    as: "image",
    type: "image/avif",
    href,
    imageSrcSet,
    imageSizes,
    fetchPriority: "high",
  } as const;
}

export function catalogImagePreload(key: string, sizes: string) {
  return imagePreload(catalogImageUrl(key, IMAGE_WIDTHS[1], "avif"), catalogSrcSet(key, "avif"), sizes);
}

export function heroImagePreload(sizes: string) {
  return imagePreload(heroImageUrl(HERO_WIDTHS[0], "avif"), heroSrcSet("avif"), sizes);
}
