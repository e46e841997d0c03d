import type { ReactNode } from "react";

/**
 * A named, focusable region around a table that may be wider than the screen: keyboard users can
 * scroll it too, even when it holds no links (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollRegion({
  label,
  className = "",
  testId,
  children,
}: {
  label: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={`overflow-x-auto ${className}`}
      data-testid={testId}
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus
      tabIndex={0}
    >
      {children}
    </div>
  );
}
