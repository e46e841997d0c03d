import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import AdminOutbox from "./outbox";

function page() {
  const Stub = createRoutesStub([{ id: "outbox", path: "/admin/outbox", Component: AdminOutbox as never }]);
  return renderToString(
    <Stub
      initialEntries={["/admin/outbox"]}
      hydrationData={{
        loaderData: {
          outbox: {
            filters: { status: "", kind: "" },
            kinds: ["order-confirmation"],
            smtp: true,
            mail: [
              {
                id: 7,
                subject: "Your Lazy Reefer order LR-7KQ2",
                status: "failed",
                kind: "order-confirmation",
                to_address: "a.very.long.address.for.a.reefer@example.com",
                attempts: 3,
                sent_at: null,
                created_at: "2026-11-21T12:00:00.000Z",
              },
            ],
          },
        },
      }}
    />,
  );
}

const cellsOf = (row: string) => [...row.matchAll(/<t([dh])\b([^>]*)>([\s\S]*?)<\/t\1>/g)].map((m) => m[0]);

describe("the outbox list on a phone", () => {
  // React's markers between adjacent texts ("To <!-- -->address") are not in what a person reads.
  const html = page().replaceAll("<!-- -->", "");
  const [head] = html.match(/<thead[\s\S]*?<\/thead>/)!;
  const [row] = html.match(/<tr[^>]*data-testid="outbox-row"[\s\S]*?<\/tr>/)!;

  it("says who each mail went to under its subject, in the column that stays on screen", () => {
    const [first] = cellsOf(row);
    expect(first).toContain("Your Lazy Reefer order LR-7KQ2");
    // The recipient was only in the fourth column, scrolled off a 390 px screen.
    expect(first).toMatch(
      /class="[^"]*\bsm:hidden\b[^"]*"[^>]*>[\s\S]*To a\.very\.long\.address\.for\.a\.reefer@example\.com/,
    );
    expect(first).toContain("Order confirmation");
  });

  it("leaves only the columns a phone can show, headers and cells alike, so each cell keeps its header", () => {
    const hidden = (cell: string) => /class="[^"]*\bmax-sm:hidden\b/.test(cell);
    expect(cellsOf(head).map(hidden)).toEqual([false, false, true, true, true]);
    expect(cellsOf(row).map(hidden)).toEqual([false, false, true, true, true]);
    // From sm up the table has its To column, and the stacked copy is hidden: said once either way.
    expect(cellsOf(row)[3]).toContain("a.very.long.address.for.a.reefer@example.com");
  });
});
