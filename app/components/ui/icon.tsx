import { createElement, type SVGProps } from "react";
import type { IconNode } from "lucide";

/**
 * A Lucide icon drawn from its path data (the `lucide` package exports each icon as plain data).
 * Rendering the data ourselves costs a few hundred bytes, where lucide-react's per-icon
 * components and their factory cost ~2 KB gzip on every storefront page
 * (docs/decisions/008-storefront-javascript-budget.md). Decorative by default: pass a `title`
 * only when the icon carries meaning that no visible text gives.
 */
export function Icon({
  icon,
  title,
  strokeWidth = 2,
  ...props
}: { icon: IconNode; title?: string } & Omit<SVGProps<SVGSVGElement>, "children">) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={24}
      height={24}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={title ? undefined : true}
      role={title ? "img" : undefined}
      {...props}
    >
      {title ? <title>{title}</title> : null}
      {icon.map(([tag, attrs], index) => createElement(tag, { key: index, ...attrs }))}
    </svg>
  );
}
