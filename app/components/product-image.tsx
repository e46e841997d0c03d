import { catalogImageUrl, catalogSrcSet, IMAGE_WIDTHS } from "#app/domain/images";

interface ProductImageProps {
  imageKey: string;
  alt: string;
  /** `sizes` attribute: how wide the image renders at each breakpoint. */
  sizes: string;
  className?: string;
  /**
   * The page's largest above-the-fold image (its LCP): loads eagerly with high priority. Pair it
   * with a preload of the same srcset and sizes (`catalogImagePreload`) in the route's head.
   */
  priority?: boolean;
}

/** AVIF with a WebP fallback at three widths; fixed square dimensions so nothing shifts. */
export function ProductImage({ imageKey, alt, sizes, className = "", priority = false }: ProductImageProps) {
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  return (
    <picture>
      <source type="image/avif" srcSet={catalogSrcSet(imageKey, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={catalogSrcSet(imageKey, "webp")} sizes={sizes} />
      <img
        src={catalogImageUrl(imageKey, IMAGE_WIDTHS[1], "webp")}
        alt={alt}
        width={largest}
        height={largest}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding={priority ? undefined : "async"}
        className={`aspect-square h-auto w-full object-cover ${className}`}
      />
    </picture>
  );
}
