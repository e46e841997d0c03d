import { Form } from "react-router";

/**
 * The opt-in for the coral-food reorder reminder (decision 048), off until ticked: a plain POST
 * form that works before JavaScript. The tank page and `/account/reorder-reminders` both show it.
 */
export function ReorderReminderToggle({
  tankId,
  on,
  returnTo = "tank",
  error,
}: {
  tankId: string;
  on: boolean;
  returnTo?: "tank" | "list";
  error?: string;
}) {
  const id = `reorder-remind-${tankId}`;
  return (
    <Form method="post" action="/account/reorder-reminders" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="tankId" value={tankId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <input
        id={id}
        type="checkbox"
        name="remind"
        value="on"
        defaultChecked={on}
        className="h-5 w-5"
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>Mail me a week before my coral food runs out</label>
      <button type="submit" className="btn-secondary min-h-11">
        Save
      </button>
      {error ? (
        <p id={`${id}-error`} className="w-full text-sm text-coral-text">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
