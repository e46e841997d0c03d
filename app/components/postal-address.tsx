import type { ShippingAddress } from "#app/domain/order-types";

/** A shipping address as it is written on a parcel, one line per part. */
export function PostalAddress({
  address,
  fallbackName,
  className = "",
}: {
  address: ShippingAddress;
  fallbackName: string;
  className?: string;
}) {
  const lines = [
    address.name ?? fallbackName,
    address.line1,
    address.line2,
    `${address.city}, ${address.state} ${address.postalCode}`,
    address.country,
  ].filter(Boolean);
  return (
    <address className={`not-italic ${className}`}>
      {lines.map((line, i) => (
        <span key={i} className="block">
          {i === 0 ? <strong className="font-semibold">{line}</strong> : line}
        </span>
      ))}
    </address>
  );
}
