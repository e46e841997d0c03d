import { useEffect, type RefObject } from "react";

/**
 * After an answer with errors, takes the shopper to the first field marked invalid (else to the
 * form's alert): the Send button is often far below them on a phone. Focusing scrolls the field
 * into view below the sticky header (`scroll-padding-top` in app.css).
 */
export function useFocusFirstError(form: RefObject<HTMLElement | null>, answer: unknown) {
  useEffect(() => {
    if (!answer || typeof answer !== "object" || (answer as { status?: string }).status !== "error") return;
    const root = form.current;
    const target =
      root?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? root?.querySelector<HTMLElement>('[role="alert"]');
    if (!target) return;
    if (!target.matches("input, textarea, select, button")) target.tabIndex = -1;
    target.focus();
  }, [form, answer]);
}
