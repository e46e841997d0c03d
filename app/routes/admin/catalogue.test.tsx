import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { splitDetails } from "#app/forms/admin-product-details";
import AdminCatalogue from "./catalogue";

const common = { description: "Fast-growing macroalgae for the refugium.", quantity: 12, active: true, photos: [] };

function page(actionData?: unknown) {
  const Stub = createRoutesStub([{ id: "catalogue", path: "/admin/catalogue", Component: AdminCatalogue as never }]);
  return renderToString(
    <Stub
      initialEntries={["/admin/catalogue"]}
      hydrationData={{
        loaderData: {
          catalogue: {
            undoMinutes: 10,
            movements: [],
            items: [
              {
                ...common,
                kind: "product",
                id: "premium-chaeto",
                title: "Premium Chaeto",
                tags: "chaeto, macroalgae",
                details: splitDetails({ validUntil: "2026-12-31" }),
                priceCents: 2499,
                originalPriceCents: null,
                endedOn: null,
                kit: null,
              },
              {
                ...common,
                kind: "bundle",
                id: "lazy-starter",
                title: "Lazy Starter",
                tags: "",
                details: null,
                priceCents: 5999,
                originalPriceCents: null,
                kit: { contents: "A + B", valueCents: 6500, chargedCents: 5999, savingPercent: 8, limitedBy: "A" },
              },
            ],
          },
        },
        ...(actionData ? { actionData: { catalogue: actionData } } : {}),
      }}
    />,
  );
}

/** Each item's edit form, as rendered. */
const formsOf = (html: string) =>
  [...html.matchAll(/<form\b[^>]*method="post"[^>]*>[\s\S]*?<\/form>/g)].map((m) => m[0]);

/** The form's controls in document order: what a person tabs through (hidden inputs left out). */
const controlsOf = (form: string) =>
  [...form.matchAll(/<(input|select|textarea|button)\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((tag) => !/type="hidden"/.test(tag));

describe("the catalogue editor's form", () => {
  it("puts Save after every field of each item's form, in a bar of its own that stays in view", () => {
    const forms = formsOf(page()).filter((f) => /name="intent" value="(product|bundle):/.test(f));
    expect(forms).toHaveLength(2);
    for (const form of forms) {
      const controls = controlsOf(form);
      // Fields below Save were edited and never saved: nothing may follow it.
      expect(controls.at(-1)).toMatch(/<button type="submit"/);
      expect(controls.filter((c) => c.startsWith("<button") && /type="submit"/.test(c))).toHaveLength(1);
      expect(controls.length).toBeGreaterThan(4);
      // The bar is the form's own last child (not a grid cell), sticky to the screen's bottom.
      expect(form).toMatch(
        /<div class="sticky bottom-0[^"]*"[^>]*>(?:(?!<\/?div)[\s\S])*<button type="submit"[^>]*>Save<\/button><\/div><\/form>$/,
      );
    }
  });

  it("shows the answer to a save beside the Save button of the item saved", () => {
    const forms = formsOf(page({ status: "success", message: "Saved.", intent: "product:premium-chaeto" }));
    const product = forms.find((f) => f.includes('value="product:premium-chaeto"'))!;
    const bundle = forms.find((f) => f.includes('value="bundle:lazy-starter"'))!;
    expect(product).toMatch(/role="status"[^>]*>Saved\.<\/div><\/div><button type="submit"/);
    expect(bundle).not.toContain("Saved.");
  });
});
