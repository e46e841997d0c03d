import { describe, expect, it } from "vitest";
import { action as productAction, loader as productLoader } from "#app/routes/product";
import { authClient } from "../helpers/auth-client";
import { setProductRow } from "../helpers/catalogue-rows";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";

/**
 * The product page's "Email me when it's back" (decision 042), through the route's real loader
 * and action: shown on a sold-out item only, one button for a signed-in customer, the error next
 * to the field, the same answer as the API.
 */
describe(`the waitlist form on the product page, ${testDatabaseKind()}`, () => {
  const t = useTestServer({ clock: () => new Date("2026-12-01T15:00:00Z") });
  const context = () => ({ services: t.services, clientIp: "198.51.100.77" });
  const page = (id: string, cookie?: string) =>
    productLoader({
      request: new Request(`http://shop.test/product/${id}`, cookie ? { headers: { cookie } } : {}),
      params: { productId: id },
      context: context(),
    } as never);
  const post = async (id: string, fields: Record<string, string>) => {
    const result = (await productAction({
      request: new Request(`http://shop.test/product/${id}`, { method: "POST", body: new URLSearchParams(fields) }),
      params: { productId: id },
      context: context(),
    } as never)) as unknown as { data: { waitlist: string }; init: { status?: number } | null };
    return { html: result.data.waitlist, status: result.init?.status ?? 200 };
  };

  it("is on a sold-out product, with the next ship day, and not on one in stock", async () => {
    expect((await page("premium-chaeto")).waitlist).toBeUndefined();
    await setProductRow(t.services.database.db, "premium-chaeto", { quantity: 0 });
    const html = (await page("premium-chaeto")).waitlist!;
    expect(html).toContain("Email me when it&#x27;s back");
    expect(html).toMatch(/<form (?=[^>]*method="post")(?=[^>]*action="\/product\/premium-chaeto")/);
    expect(html).toMatch(/<label for="waitlist-email"[^>]*>Your email<\/label>/);
    expect(html).toContain('name="productId" value="premium-chaeto"');
    // Tuesday 1 Dec 2026, 10:00 in New York, before the cut-off: today is a live ship day.
    expect(html).toMatch(/the next is \w{3}, Dec \d+\./);
    // A kit of it is sold out too, and names itself as a kit.
    expect((await page("lazy-clean-up-crew")).waitlist).toContain('name="bundleId" value="lazy-clean-up-crew"');
  });

  it("posts without JavaScript: an error next to the field with what was typed, then the API's answer", async () => {
    const bad = await post("premium-chaeto", { email: "not-an-address", productId: "premium-chaeto" });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('aria-invalid="true"');
    expect(bad.html).toMatch(/id="waitlist-email-error"[^>]*>Enter a valid email address/);
    expect(bad.html).toContain('value="not-an-address"');

    const ok = await post("premium-chaeto", { email: "form@example.com", productId: "premium-chaeto" });
    expect(ok.status).toBe(200);
    const api = await fetch(`${t.url}/api/waitlist`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "form@example.com", productId: "premium-chaeto" }),
    });
    const { message } = (await api.json()) as { message: string };
    expect(ok.html).toContain(message.replace(/'/g, "&#x27;"));
    const rows = await t.services.database.db
      .selectFrom("waitlist_entries")
      .select(["email", "item_kind", "status"])
      .where("item_id", "=", "premium-chaeto")
      .execute();
    expect(rows).toEqual([{ email: "form@example.com", item_kind: "product", status: "waiting" }]);
  });

  it("a signed-in customer joins in one tap: their address is in the form, the button names it", async () => {
    const client = authClient(t.url, "198.51.100.78");
    await client.signUp({ email: "member@example.com", password: "member12345", name: "Member" });
    const cookie = [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const html = (await page("premium-chaeto", cookie)).waitlist!;
    expect(html).toContain('type="hidden" name="email" value="member@example.com"');
    expect(html).toContain("Email member@example.com when it&#x27;s back");
    expect(html).not.toContain('id="waitlist-email"');
  });
});
