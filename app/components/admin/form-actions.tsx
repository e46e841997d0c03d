import type { ReactNode } from "react";

/**
 * A form's buttons, placed after its last field: an owner who edits a field at the bottom finds
 * Save there, not above it. On a form taller than the screen the bar stays at the bottom of the
 * screen while the form runs below it, so Save is in view wherever one edits. It must be a child
 * of the form itself (a block, not a grid cell): sticky keeps it inside its form, so it rests in
 * place once the form's end is on screen and never covers the next form.
 */
export function FormActions({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={`sticky bottom-0 z-10 flex flex-wrap items-center justify-end gap-3 border-t border-line bg-paper/95 py-3 backdrop-blur supports-[backdrop-filter]:bg-paper/85 form-actions ${className}`}
      data-testid="form-actions"
    >
      {children}
    </div>
  );
}
