import { Clock, Truck } from "lucide";
import { Link } from "react-router";
import { Icon } from "#app/components/ui/icon";
import { formatDate } from "#app/domain/dates";
import { Price } from "./price";
import { ProductImage } from "./product-image";
import type { ProductView } from "#app/models/catalogue/catalogue-view";

/** The October special on the home page; once `validUntil` has passed it says so and sells nothing. */
export function SpecialOffer({ product }: { product: ProductView }) {
  const ended = product.stock.kind === "offer-ended";
  const validUntil = product.metadata.validUntil;
  return (
    <section aria-labelledby="special-heading" className="container-page mt-16" data-testid="special-offer">
      <div className={`card grid overflow-hidden md:grid-cols-2 ${ended ? "" : "ring-2 ring-gold"}`}>
        <div className="relative bg-gold-light">
          <ProductImage
            imageKey={product.imageKeys[0] ?? product.id}
            alt=""
            sizes="(min-width: 768px) 36rem, 92vw"
            className={ended ? "opacity-70 grayscale-[40%]" : ""}
          />
          <span
            className={`absolute top-4 left-4 rounded-full px-3 py-1 text-xs font-bold uppercase ${ended ? "bg-ink text-white" : "bg-coral-text text-white"}`}
          >
            {ended ? "Offer ended" : "Limited time"}
          </span>
        </div>
        <div className="flex flex-col justify-center p-6 sm:p-10">
          <p className="eyebrow">October special</p>
          <h2 id="special-heading" className="mt-2 text-3xl font-semibold sm:text-4xl">
            {product.title}
          </h2>
          <div className="mt-4">
            <Price priceCents={product.priceCents} originalPriceCents={product.originalPriceCents} size="lg" />
          </div>
          <ul className="mt-4 space-y-2 text-ink-soft">
            {product.metadata.shippingMethod ? (
              <li className="flex items-center gap-2">
                <Icon icon={Truck} aria-hidden="true" className="h-5 w-5 text-reef" /> Free{" "}
                {product.metadata.shippingMethod} shipping
              </li>
            ) : null}
            {validUntil ? (
              <li className="flex items-center gap-2">
                <Icon icon={Clock} aria-hidden="true" className="h-5 w-5 text-reef" />
                {ended
                  ? `Offer ended on ${formatDate(validUntil, "long")}`
                  : `Valid until ${formatDate(validUntil, "long")}`}
              </li>
            ) : null}
          </ul>
          {ended ? (
            <p className="mt-6 rounded-xl bg-sand p-4 text-sm" role="note">
              <strong>This offer has ended.</strong> The same chaeto is in the shop every day, and the October special
              returns each autumn.{" "}
              <Link to="/product/premium-chaeto" className="font-semibold text-reef-dark underline">
                Get premium chaeto
              </Link>
            </p>
          ) : (
            <Link to={`/product/${product.id}`} className="btn-primary mt-6 self-start text-base">
              Get the special
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
