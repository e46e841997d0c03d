import { useState } from "react";
import { ProductImage } from "./product-image";

/** `sizes` of the main image: routes preload it with exactly these sizes. */
export const GALLERY_SIZES = "(min-width: 1024px) 36rem, 92vw";

/** Main image with thumbnails; thumbnails are buttons so the gallery works by keyboard. */
export function ProductGallery({ imageKeys, title }: { imageKeys: string[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const current = imageKeys[selected] ?? imageKeys[0];
  if (!current) return null;
  return (
    <div>
      <div className="card overflow-hidden">
        <ProductImage
          imageKey={current}
          alt={`${title}, view ${selected + 1} of ${imageKeys.length}`}
          sizes={GALLERY_SIZES}
          priority
        />
      </div>
      {imageKeys.length > 1 ? (
        <ul className="mt-4 flex gap-3" aria-label="Product images">
          {imageKeys.map((key, i) => (
            <li key={key}>
              <button
                type="button"
                onClick={() => setSelected(i)}
                aria-label={`Show image ${i + 1} of ${imageKeys.length}`}
                aria-pressed={i === selected}
                className={`block w-20 overflow-hidden rounded-xl border-2 bg-paper ${i === selected ? "border-reef" : "border-transparent hover:border-line"}`}
              >
                <ProductImage imageKey={key} alt="" sizes="5rem" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
