import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "#app/domain/clock";
import { CHECK_FIELDS, type FormResult } from "#app/domain/forms";
import { FORM_OUT_OF_DATE } from "#app/forms/hidden-fields";
import { formData } from "#app/forms/test-form";
import { promoteToAdmin } from "#app/models/back-office/users.server";
import * as catalogue from "#app/routes/admin/catalogue";
import * as customers from "#app/routes/admin/customers";
import * as diagnostics from "#app/routes/admin/diagnostics";
import * as images from "#app/routes/admin/images";
import * as messages from "#app/routes/admin/messages";
import * as newOrder from "#app/routes/admin/new-order";
import * as order from "#app/routes/admin/order";
import * as outbox from "#app/routes/admin/outbox";
import { authClient } from "../helpers/auth-client";
import { testDatabaseKind } from "../helpers/test-database";
import { createTestServices, startTestServer } from "../helpers/test-services";
import type { AppServices } from "#server/services";

/** Zod's wording or a field's path before its message: what the old actions let through. */
const JARGON =
  /expected (string|number|object)|too (big|small)|invalid_|\b[a-z]+[A-Z]\w*(\.\w+)*: |\b[a-z]\w*\.\w+: |\([a-z]+[A-Z]\w*\)/;

type Action = (args: never) => Promise<unknown>;

/**
 * The route actions themselves, on real services and a real admin session: a form post in,
 * the FormResult and HTTP status out (React Router's data() keeps the status beside the data).
 */
describe(`back-office form actions on ${testDatabaseKind()}`, () => {
  let services: AppServices;
  let server: { url: string; close(): Promise<void> };
  let cookie = "";
  let adminId = "";
  let customerId = "";

  async function post(action: Action, path: string, fields: Record<string, string | string[]>, params = {}) {
    const request = new Request(`http://localhost:3000${path}`, {
      method: "POST",
      headers: { cookie },
      body: formData(fields),
    });
    const answer = (await action({
      request,
      context: { services, nonce: "", clientIp: "127.0.0.1" },
      params,
    } as never)) as {
      data: FormResult;
      init: { status?: number } | null;
    };
    expect(JSON.stringify(answer.data)).not.toMatch(JARGON);
    return { status: answer.init?.status ?? 200, result: answer.data };
  }

  beforeAll(async () => {
    services = await createTestServices({ clock: fixedClock("2026-11-21T12:00:00Z") });
    server = await startTestServer(services);
    await promoteToAdmin(services, { email: "forms-owner@example.com", password: "owner123" });
    const admin = authClient(server.url, "198.51.100.80");
    adminId = (await admin.call("/sign-in/email", { email: "forms-owner@example.com", password: "owner123" })).json.user
      .id;
    cookie = [...admin.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const customer = authClient(server.url, "198.51.100.81");
    customerId = (await customer.signUp({ email: "forms-cust@example.com", password: "cust1234", name: "Cust" })).json
      .user.id;
  });
  afterAll(async () => {
    await server?.close();
    await services?.database.destroy();
  });

  it("catalogue: saves dollars as cents and a stock change with its reason; refuses bad fields with plain messages", async () => {
    const db = services.database.db;
    const before = await db
      .selectFrom("products")
      .select(["quantity", "title", "description"])
      .where("id", "=", "premium-chaeto")
      .executeTakeFirstOrThrow();
    const form = {
      intent: "product:premium-chaeto",
      id: "premium-chaeto",
      kind: "product",
      currentQuantity: String(before.quantity),
      title: before.title,
      description: before.description,
      price: "22.50",
      quantity: String(before.quantity + 5),
      active: "on",
    };
    const refused = await post(catalogue.action, "/admin/catalogue", { ...form, title: "T".repeat(121) });
    expect(refused).toEqual({
      status: 400,
      result: {
        status: "error",
        intent: "product:premium-chaeto",
        message: CHECK_FIELDS,
        fieldErrors: { title: "Use at most 120 characters.", stockReason: "Say why the stock changes." },
      },
    });

    const saved = await post(catalogue.action, "/admin/catalogue", { ...form, stockReason: "weekly harvest" });
    expect(saved).toEqual({
      status: 200,
      result: { status: "success", intent: "product:premium-chaeto", message: "Saved." },
    });
    const after = await db
      .selectFrom("products")
      .select(["price_cents", "quantity"])
      .where("id", "=", "premium-chaeto")
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ price_cents: 2250, quantity: before.quantity + 5 });
    const move = await db
      .selectFrom("stock_movements")
      .selectAll()
      .where("reason", "=", "admin: weekly harvest")
      .executeTakeFirstOrThrow();
    expect(move).toMatchObject({ item_id: "premium-chaeto", delta: 5, actor: "forms-owner@example.com" });

    const gone = await post(catalogue.action, "/admin/catalogue", { ...form, id: "no-such-thing", quantity: "" });
    expect(gone.status).toBe(404);
    expect(gone.result.message).toBe("This item no longer exists.");
  });

  it("messages: a reply needs words next to the reply box; an unknown message is said at the top", async () => {
    const contact = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.82" },
      body: JSON.stringify({ name: "Ann", email: "ann@example.com", subject: "Light?", message: "How much light?" }),
    });
    expect(contact.status).toBe(201);
    const { id } = await services.database.db
      .selectFrom("contact_messages")
      .select("id")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();

    const empty = await post(messages.action, "/admin/messages", { intent: `reply:${id}`, seq: "1", reply: " " });
    expect(empty).toMatchObject({
      status: 400,
      result: { intent: `reply:${id}`, fieldErrors: { reply: "Write your reply." } },
    });
    const sent = await post(messages.action, "/admin/messages", {
      intent: `reply:${id}`,
      seq: "1",
      reply: "About 12 hours.",
    });
    // These services have no mail server: the reply is saved, and the owner is told it is not sent.
    expect(sent).toMatchObject({
      status: 200,
      result: { status: "success", message: expect.stringMatching(/^Reply saved\. The email waits in the Outbox/) },
    });
    const unknown = await post(messages.action, "/admin/messages", {
      intent: "reply:987654",
      seq: "1",
      reply: "Hello there",
    });
    expect(unknown).toMatchObject({ status: 404, result: { message: "This message no longer exists." } });
    const tampered = await post(messages.action, "/admin/messages", { intent: "delete:1" });
    expect(tampered).toEqual({
      status: 400,
      result: { status: "error", intent: "delete:1", message: FORM_OUT_OF_DATE },
    });
  });

  it("customers: changes another account's role, never the admin's own", async () => {
    const own = await post(customers.action, "/admin/customers", { intent: "revoke-admin", userId: adminId });
    expect(own).toMatchObject({
      status: 400,
      result: { message: "You can't change your own role or ban yourself here." },
    });
    const granted = await post(customers.action, "/admin/customers", { intent: "grant-admin", userId: customerId });
    expect(granted).toEqual({ status: 200, result: { status: "success", intent: "grant-admin", message: "Saved." } });
    const user = await services.database.db
      .selectFrom("user")
      .select("role")
      .where("id", "=", customerId)
      .executeTakeFirstOrThrow();
    expect(user.role).toBe("admin");
    const unknown = await post(customers.action, "/admin/customers", { intent: "delete", userId: customerId });
    expect(unknown).toMatchObject({ status: 400, result: { message: FORM_OUT_OF_DATE } });
  });

  it("order, new order, outbox and diagnostics answer in the same shape", async () => {
    const ship = await post(
      order.action,
      "/admin/orders/x",
      { intent: "ship", carrier: "", trackingNumber: "12" },
      {
        orderId: "00000000-0000-4000-8000-000000000000",
      },
    );
    expect(ship).toMatchObject({
      status: 400,
      result: {
        intent: "ship",
        fieldErrors: { carrier: "Enter the carrier, like USPS.", trackingNumber: "Use at least 4 characters." },
      },
    });

    const record = await post(newOrder.action, "/admin/orders/new", { name: "", email: "nope", source: "phone" });
    expect(record).toEqual({
      status: 400,
      result: {
        status: "error",
        intent: "record",
        message: "Add at least one item.",
        fieldErrors: {
          name: "Enter the customer's name.",
          email: "Enter a valid email address, like name@example.com.",
        },
      },
    });

    const retry = await post(outbox.action, "/admin/outbox", { id: "987654" });
    expect(retry).toEqual({
      status: 404,
      result: { status: "error", intent: "retry", message: "That mail is not in the outbox." },
    });
    expect((await post(outbox.action, "/admin/outbox", { id: "x" })).result.message).toBe(FORM_OUT_OF_DATE);

    // Without IMAGE_API_URL the studio says so instead of calling anyone.
    expect(
      await post(images.action, "/admin/images", { intent: "generate", prompt: "A clownfish", size: "1024x1024" }),
    ).toEqual({
      status: 409,
      result: {
        status: "error",
        intent: "generate",
        message: "The image studio is not configured yet: see the steps on this page.",
      },
    });
    expect(
      (
        await post(images.action, "/admin/images", {
          intent: "attach",
          image: "studio-0000000000000000",
          productId: "premium-chaeto",
        })
      ).status,
    ).toBe(404);

    const check = await post(diagnostics.action, "/admin/diagnostics", { check: "database" });
    expect(check.status).toBe(200);
    expect(check.result).toMatchObject({ status: "success", intent: "check" });
    expect(check.result.message).toMatch(/^Database round trip works: /);
    expect((await post(diagnostics.action, "/admin/diagnostics", { check: "format-disk" })).status).toBe(400);
  });
});
