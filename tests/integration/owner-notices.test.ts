import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "#app/domain/clock";
import { formData } from "#app/forms/test-form";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import * as dashboard from "#app/routes/admin/dashboard";
import * as diagnostics from "#app/routes/admin/diagnostics";
import * as packingSlip from "#app/routes/admin/packing-slip";
import { authClient } from "../helpers/auth-client";
import { buy } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { FormResult } from "#app/domain/forms";
import type { AppServices } from "#server/services";

/**
 * What the owner is told about the shop's own settings, through the back-office routes' loaders
 * and actions on real services: a shop with no mail server (the default) and no SHOP_ADDRESS,
 * and one with both set.
 */
const SETUPS: { setup: string; env: Record<string, string>; mail: boolean; address: boolean }[] = [
  { setup: "default settings", env: {}, mail: false, address: false },
  {
    setup: "a mail server and a return address",
    env: { SMTP_URL: "smtp://127.0.0.1:2599?tls=off", SHOP_ADDRESS: "12 Harbor Rd|Tampa, FL 33602" },
    mail: true,
    address: true,
  },
];

describe.each(SETUPS)(`the owner's notices with $setup, on ${testDatabaseKind()}`, ({ env, mail, address }) => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let cookie = "";

  beforeAll(async () => {
    services = await createTestServices({ clock: fixedClock("2026-11-21T12:00:00Z"), env });
    server = await startTestServer(services);
    await promoteToAdmin(services, { email: "notices-owner@example.com", password: "owner123" });
    const admin = authClient(server.url, "198.51.100.70");
    await admin.call("/sign-in/email", { email: "notices-owner@example.com", password: "owner123" });
    cookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  const args = (path: string, init: RequestInit = {}, params: Record<string, string> = {}) =>
    ({
      request: new Request(`http://localhost:3000${path}`, { ...init, headers: { cookie } }),
      context: { services, nonce: "", clientIp: "127.0.0.1" },
      params,
    }) as never;

  it("the dashboard says plainly whether mail is sent and whether slips have a return address", async () => {
    const { warnings } = await dashboard.loader(args("/admin/dashboard"));
    const ids = warnings.map((w) => w.id);
    expect(ids.includes("no-mail-server")).toBe(!mail);
    expect(ids.includes("return-address")).toBe(!address);
    if (!mail) {
      const warning = warnings.find((w) => w.id === "no-mail-server")!;
      expect(warning.title).toBe("No email is being sent");
      expect(warning.text).toMatch(/SMTP_URL is not set/);
      expect(warning.text).toMatch(/no customer receives them/);
    }
  });

  it("the diagnostics' test email says it was only stored when there is no mail server", async () => {
    const answer = (await diagnostics.action(
      args("/admin/diagnostics", { method: "POST", body: formData({ check: "email" }) }),
    )) as unknown as { data: FormResult };
    if (mail) {
      expect(answer.data.status).toBe("success");
      expect(answer.data.message).toMatch(/^Test email works: queued to /);
    } else {
      expect(answer.data.status).toBe("error");
      expect(answer.data.message).toMatch(/^Test email did not send: stored in the Outbox only, not sent: /);
      expect(answer.data.message).not.toMatch(/works/);
    }
  });

  it("a packing slip gives a digital item no tick box and says when there is no return address", async () => {
    const res = await buy(server.url, [
      { kind: "product", id: "premium-chaeto", quantity: 1 },
      { kind: "product", id: "service-tip", quantity: 1 },
    ]);
    expect(res.status).toBe(201);
    const { order } = (await res.json()) as { order: { id: string; status: string } };
    const slip = await packingSlip.loader(args(`/admin/orders/${order.id}/packing-slip`, {}, { orderId: order.id }));
    const items = slip.picks.flatMap((g) => g.items);
    expect(items.map((i) => [i.productId, i.ships])).toEqual([
      ["premium-chaeto", true],
      ["service-tip", false],
    ]);
    expect(slip.returnAddressMissing?.id === "return-address").toBe(!address);
    if (address) expect(slip.shop.address).toEqual(["12 Harbor Rd", "Tampa, FL 33602"]);
  });

  it("a declined payment's history note is in plain words, not the provider's code", async () => {
    const res = await buy(server.url, [{ kind: "product", id: "premium-chaeto", quantity: 1 }], "4000000000000127");
    expect(res.status).toBe(402);
    const { id: orderId } = await services.database.db
      .selectFrom("orders")
      .select("id")
      .where("payment_failure", "=", "incorrect-cvc")
      .executeTakeFirstOrThrow();
    const events = await services.database.db
      .selectFrom("order_events")
      .select("note")
      .where("order_id", "=", orderId)
      .execute();
    const notes = events.map((e) => e.note ?? "").join(" | ");
    expect(notes).toContain("Payment attempt declined: wrong security code (CVC)");
    expect(notes).not.toContain("incorrect-cvc");
  });
});
