import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { attachGuestOrders } from "#app/models/accounts/customers.server";
import { listCustomers } from "#app/models/back-office/customers.server";
import { ActionRefused, performOrderAction } from "#app/models/back-office/orders.server";
import { countCustomerTotals, readCustomerCounts, readCustomerTotals } from "#app/models/orders/customer-totals.server";
import { OrderTransitionError } from "#app/models/orders/order-lifecycle.server";
import { ADDRESS, card, checkoutRequest } from "../helpers/checkout-client";
import { testDatabaseKind } from "../helpers/test-database";
import { useTestServer } from "../helpers/test-services";
import type { OrderAction } from "#app/domain/order-actions";

/** A few people per run, so guests, accounts and changes of address meet on the same addresses. */
const PEOPLE = 2;
const ADDRESSES = PEOPLE + 1;

const actionArb = fc.constantFrom<OrderAction>(
  { action: "ship", carrier: "UPS", trackingNumber: "1Z999" },
  { action: "deliver" },
  { action: "cancel" },
  { action: "refund" },
  { action: "partial-refund", amount: 1 },
);
const stepArb = fc.oneof(
  fc.record({
    kind: fc.constant("order" as const),
    address: fc.nat(ADDRESSES - 1),
    shout: fc.boolean(),
    quantity: fc.integer({ min: 1, max: 3 }),
    declined: fc.boolean(),
    actions: fc.array(actionArb, { maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant("sign-up" as const), address: fc.nat(ADDRESSES - 1), verified: fc.boolean() }),
  fc.record({ kind: fc.constant("change-email" as const), person: fc.nat(PEOPLE - 1), to: fc.nat(ADDRESSES - 1) }),
  fc.record({ kind: fc.constant("verify" as const), person: fc.nat(PEOPLE - 1) }),
  fc.record({ kind: fc.constant("delete" as const), person: fc.nat(PEOPLE - 1) }),
);

describe(`customers' totals are running totals equal to a full count, on ${testDatabaseKind()}`, () => {
  const t = useTestServer();
  let run = 0;

  it("after random guests and accounts buying with mixed-case addresses, refunds, cancellations, changes of address and deletions", async () => {
    const { db } = t.services.database;
    const auth = await t.services.auth.$context;
    let sawSpending = false;
    let sawAccount = false;
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 12 }), async (steps) => {
        run++;
        const address = (i: number) => `person${i}.run${run}@example.com`;
        const accounts: Array<string | undefined> = [];
        for (const step of steps) {
          if (step.kind === "order") {
            const email = step.shout ? address(step.address).toUpperCase() : address(step.address);
            const res = await checkoutRequest(t.url, {
              items: [{ kind: "product", id: "premium-chaeto", quantity: step.quantity }],
              customer: { email, name: `Person ${step.address}` },
              shippingAddress: ADDRESS,
              payment: { card: card(step.declined ? "4000000000000002" : undefined) },
            });
            const body = (await res.json()) as { order?: { id: string } };
            if (res.status !== 201 || !body.order) continue;
            for (const action of step.actions) {
              // An action the lifecycle refuses in the order's state changes nothing, as in the back office.
              await performOrderAction(t.services, body.order.id, action, "owner@example.com").catch((err: unknown) => {
                if (!(err instanceof ActionRefused || err instanceof OrderTransitionError)) throw err;
              });
            }
          } else if (step.kind === "sign-up") {
            const taken = await db
              .selectFrom("user")
              .select("id")
              .where("email", "=", address(step.address))
              .executeTakeFirst();
            const free = accounts.findIndex((a) => a === undefined);
            if (taken || (free === -1 && accounts.length >= PEOPLE)) continue;
            // As Better Auth makes it: a trusted provider's account starts verified and takes its address's orders.
            const user = await auth.internalAdapter.createUser(
              { email: address(step.address), name: `Account ${step.address}`, emailVerified: step.verified },
              { method: "admin" },
            );
            accounts[free === -1 ? accounts.length : free] = user.id;
          } else {
            const id = accounts[step.person];
            if (!id) continue;
            if (step.kind === "delete") {
              await auth.internalAdapter.deleteUser(id);
              accounts[step.person] = undefined;
              continue;
            }
            const user = await db.selectFrom("user").select(["email"]).where("id", "=", id).executeTakeFirstOrThrow();
            if (step.kind === "verify") await attachGuestOrders(db, id, user.email);
            else {
              const taken = await db
                .selectFrom("user")
                .select("id")
                .where("email", "=", address(step.to))
                .executeTakeFirst();
              // As the confirmed change of address does it.
              if (!taken) await auth.internalAdapter.updateUser(id, { email: address(step.to) });
            }
          }
        }
        const counted = await countCustomerTotals(db);
        expect(Object.fromEntries(await readCustomerTotals(db))).toEqual(Object.fromEntries(counted));
        // The list's count of customers: kept by the database as rows come, change account and go.
        expect(await readCustomerCounts(db)).toEqual({
          buyers: counted.size,
          linked: [...counted.values()].filter((c) => c.userId !== null).length,
        });
        for (const c of counted.values()) {
          sawSpending ||= c.orders > 0 && c.spentCents > 0;
          sawAccount ||= c.userId !== null;
        }
      }),
      {
        numRuns: 30,
        // Random histories alone seldom leave an account on a buyer's address; one known history always does.
        examples: [
          [
            [
              { kind: "order", address: 0, shout: true, quantity: 2, declined: false, actions: [] },
              { kind: "sign-up", address: 0, verified: true },
              {
                kind: "order",
                address: 0,
                shout: false,
                quantity: 1,
                declined: false,
                actions: [{ action: "refund" }],
              },
            ],
          ],
        ],
      },
    );
    // The property ran over real customers: some bought, some held an account's address.
    expect(sawSpending).toBe(true);
    expect(sawAccount).toBe(true);
  }, 240_000);

  it("the search finds the start of an address or a name, in any case, and nothing in the middle", async () => {
    const { db } = t.services.database;
    const place = (email: string, name: string) =>
      checkoutRequest(t.url, {
        items: [{ kind: "product", id: "premium-chaeto", quantity: 1 }],
        customer: { email, name },
        shippingAddress: ADDRESS,
        payment: { card: card() },
      });
    expect((await place("Zed.Search@Example.com", "Zoë Marlin")).status).toBe(201);
    expect((await place("other.search@example.com", "Quentin Zedd")).status).toBe(201);
    const found = async (q: string) => (await listCustomers(db, { q })).customers.map((c) => c.email);
    expect(await found("ZED.s")).toEqual(["zed.search@example.com"]);
    expect(await found("zoë m")).toEqual(["zed.search@example.com"]);
    expect(await found("quentin")).toEqual(["other.search@example.com"]);
    expect(await found("search@")).toEqual([]);
    const [row] = (await listCustomers(db, { q: "zed.search" })).customers;
    expect(row).toMatchObject({ name: "Zoë Marlin", orders: 1, account: null });
    // The whole list counts every buyer and every account once.
    const accounts = await db.selectFrom("user").select("email").execute();
    const buyers = await countCustomerTotals(db);
    const withoutOrders = accounts.filter((a) => !buyers.has(a.email.toLowerCase())).length;
    expect((await listCustomers(db)).total).toBe(buyers.size + withoutOrders);
  });
});
