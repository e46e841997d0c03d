import { Link } from "react-router";

/**
 * Previous/next links under a back-office list, with where the owner is: "Page 3 of 12", or
 * "Page 3" when the total is not counted. A link is shown only where there is a page to go to.
 */
export function Pager({
  page,
  pages,
  previous,
  next,
  labels = ["Previous", "Next"],
}: {
  page: number;
  /** The number of pages, or null when the list does not count them. */
  pages: number | null;
  previous: string | null;
  next: string | null;
  labels?: [previous: string, next: string];
}) {
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-3 text-sm">
      {previous ? (
        <Link to={previous} className="btn-secondary min-h-9">
          {labels[0]}
        </Link>
      ) : null}
      <span>
        Page {page}
        {pages === null ? "" : ` of ${pages}`}
      </span>
      {next ? (
        <Link to={next} className="btn-secondary min-h-9">
          {labels[1]}
        </Link>
      ) : null}
    </nav>
  );
}
